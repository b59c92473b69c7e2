#!/usr/bin/env bash
# Issue 18: what each MapDB line costs the agent's JVM. One JVM per candidate, the unit's flags
# (JAVA_OPTS of systemd/scale-agent.service), the agent's store workload (Workload.java) on a
# fresh file and again on the file it left (a restart). Prints classes loaded (-Xlog:class+load,
# counted per jar), open time and VmRSS/VmHWM at the end, beside jdk-only (no MapDB) as the
# baseline in the same run. Run from the repository root: edge-agent/bench/store-cost/run.sh
set -euo pipefail
root=$(pwd)
here=$root/edge-agent/bench/store-cost
m2=${M2_REPO:-$HOME/.m2/repository}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=$(sed -n 's/^Environment="JAVA_OPTS=\(.*\)"$/\1/p' "$root/systemd/scale-agent.service")

jar() { # group:artifact:version -> path in the local repository, fetched once if missing
    local g=${1%%:*} rest=${1#*:}
    local a=${rest%%:*} v=${rest#*:}
    local p="$m2/${g//.//}/$a/$v/$a-$v.jar"
    [[ -f $p ]] || "$root/mvnw" -B -q dependency:get -Dartifact="$1" -Dtransitive=false >/dev/null
    echo "$p"
}
cp_of() { local out="" c; for c in "$@"; do out+="$(jar "$c"):"; done; echo "${out%:}"; }

# MapDB 3 declares version ranges; these are the agent's pins (root pom) inside them, and for
# 3.0.10 the newest Kotlin of its own range [1.2.41,1.2.90).
three_deps="org.jetbrains:annotations:13.0 org.eclipse.collections:eclipse-collections-api:10.4.0
 org.eclipse.collections:eclipse-collections:10.4.0 org.eclipse.collections:eclipse-collections-forkjoin:10.4.0
 com.google.guava:guava:33.4.8-jre com.google.guava:failureaccess:1.0.3 net.jpountz.lz4:lz4:1.3.0
 org.mapdb:elsa:3.0.0-M5"
declare -A cps=(
  [jdk-only]=""
  [mapdb-1.0.9]=$(cp_of org.mapdb:mapdb:1.0.9)
  [mapdb-2.0-beta13]=$(cp_of org.mapdb:mapdb:2.0-beta13)
  [mapdb-3.0.10]=$(cp_of org.mapdb:mapdb:3.0.10 org.jetbrains.kotlin:kotlin-stdlib:1.2.71 $three_deps)
  [mapdb-3.1.0]=$(cp_of org.mapdb:mapdb:3.1.0 org.jetbrains.kotlin:kotlin-stdlib:1.9.25 $three_deps)
)
declare -A mains=([jdk-only]=JdkOnly [mapdb-1.0.9]=MapDb1 [mapdb-2.0-beta13]=MapDb2 [mapdb-3.0.10]=MapDb3 [mapdb-3.1.0]=MapDb3)

echo "flags: $flags"
printf '%-17s %-7s %8s %8s %8s %8s  %s\n' candidate start classes open_ms rss_kib hwm_kib "classes by source"
for c in jdk-only mapdb-1.0.9 mapdb-2.0-beta13 mapdb-3.0.10 mapdb-3.1.0; do
    out=$work/$c && mkdir -p "$out/classes" "$out/state"
    cp=${cps[$c]}
    javac -nowarn -d "$out/classes" ${cp:+-cp "$cp"} "$here/Workload.java" "$here/${mains[$c]}.java" 2>/dev/null
    for start in fresh restart; do
        # shellcheck disable=SC2086
        line=$(java $flags -Xlog:class+load=info:file="$out/$start.log" -cp "$out/classes${cp:+:$cp}" \
            "${mains[$c]}" "$out/state/nvs.db")
        by_jar=$(sed -n 's/.* source: //p' "$out/$start.log" | awk '
            /^shared objects file|^jrt:/ { n["JDK"]++; next }
            /\.jar$/ { sub(/.*\//, ""); n[$0]++; next }
            { n["other"]++ }
            END { for (k in n) printf "%d %s\n", n[k], k }' | sort -rn | awk '{printf "%s %s, ", $2, $1}')
        printf '%-17s %-7s %8s %8s %8s %8s  %s\n' "$c" "$start" "$(grep -c . "$out/$start.log")" \
            "$(sed 's/.*open_ms=\([0-9]*\).*/\1/' <<<"$line")" "$(sed 's/.*rss_kib=\([0-9]*\).*/\1/' <<<"$line")" \
            "$(sed 's/.*hwm_kib=\([0-9]*\).*/\1/' <<<"$line")" "${by_jar%, }"
    done
done
