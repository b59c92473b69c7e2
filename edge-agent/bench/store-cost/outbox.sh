#!/usr/bin/env bash
# Issue 18: what the SQLite outbox (sqlite-jdbc and its native library) costs the agent's JVM.
# One JVM each, the unit's flags, both on the agent's jar so the jar's own cost is in the
# baseline: jdk-only (the NVS workload without MapDB) and the outbox workload (OutboxWorkload.java).
# Prints classes loaded, open time and VmRSS/VmHWM at the end. Run from the repository root after
# ./mvnw -B -q -pl edge-agent -am package -DskipTests: edge-agent/bench/store-cost/outbox.sh [agent.jar]
set -euo pipefail
root=$(pwd)
here=$root/edge-agent/bench/store-cost
jar=${1:-$root/edge-agent/target/scale-agent.jar}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=$(sed -n 's/^Environment="JAVA_OPTS=\(.*\)"$/\1/p' "$root/systemd/scale-agent.service")
javac -nowarn -d "$work/classes" -cp "$jar" "$here/Workload.java" "$here/JdkOnly.java" "$here/OutboxWorkload.java"
echo "flags: $flags"
echo "jar: $jar"
printf '%-14s %-7s %8s %8s %8s %8s\n' workload start classes open_ms rss_kib hwm_kib
for main in JdkOnly OutboxWorkload; do
    mkdir -p "$work/$main"
    for start in fresh restart; do
        # shellcheck disable=SC2086
        # tinylog at warn, as the agent sets it (sqlite-jdbc logs every statement at trace)
        line=$(java $flags -Dtinylog.level=warn -Xlog:class+load=info:file="$work/$main/$start.log" \
            -cp "$work/classes:$jar" "$main" "$work/$main/state.db" | grep 'rss_kib=')
        printf '%-14s %-7s %8s %8s %8s %8s\n' "$main" "$start" "$(grep -c . "$work/$main/$start.log")" \
            "$(sed 's/.*open_ms=\([0-9]*\).*/\1/' <<<"$line")" "$(sed 's/.*rss_kib=\([0-9]*\).*/\1/' <<<"$line")" \
            "$(sed 's/.*hwm_kib=\([0-9]*\).*/\1/' <<<"$line")"
    done
done
