#!/usr/bin/env bash
# Install -> record -> upgrade -> remove -> purge of the scale-sense .deb on this Debian machine
# (docs/operations.md "Upgrade and purge test"). Not part of verify: it installs a system package.
#   sudo packaging/test-upgrade.sh                 # builds N (revision 1) and N+1 (revision 2) first
#   sudo packaging/test-upgrade.sh N.deb N+1.deb   # or takes two built packages
# Where systemd is not PID 1 (a container, CI) the maintainer scripts must still succeed; the agent
# is then run by hand as systemd would run it (user scale-sense, the unit's ExecCondition first),
# in --simulate, and the script says so. Exit 0 only if every check passed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "test-upgrade.sh: run as root" >&2; exit 1; }

if [ $# -eq 2 ]; then
  deb_n=$1 deb_n1=$2
else
  (cd "$repo" && ./mvnw -o -B -q -pl packaging -am package -DskipTests -Ddeb.revision=1)
  (cd "$repo" && ./mvnw -o -B -q -pl packaging -am package -DskipTests -Ddeb.revision=2)
  deb_n=$(ls "$repo"/packaging/target/scale-sense_*-1_all.deb)
  deb_n1=$(ls "$repo"/packaging/target/scale-sense_*-2_all.deb)
fi

failures=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
systemd_up() { [ -d /run/systemd/system ]; }

agent_pid=
start_agent() {
  if systemd_up; then
    systemctl restart scale-agent.service
  else
    # What systemd would do: the ExecCondition, then the agent as scale-sense with the unit's JAVA_OPTS.
    /usr/libexec/scale-sense/has-identity /etc/scale-sense/agent.conf
    runuser -u scale-sense -- env JAVA_OPTS="-XX:+UseSerialGC -Xmx96m" SCALE_SENSE_STATE_DIR=/var/lib/scale-sense \
      /usr/bin/scale-agent --config /etc/scale-sense/agent.conf --simulate --speed 60 >> /tmp/test-upgrade-agent.log 2>&1 &
    agent_pid=$!
  fi
}
stop_agent() {
  if systemd_up; then
    systemctl stop scale-agent.service
  elif [ -n "$agent_pid" ]; then
    kill -TERM "$agent_pid"; wait "$agent_pid" || true; agent_pid=
  fi
}
# "outbox  3 pending, 2 sealed batches, 0 dropped, ..." (from the agent, or its stores when stopped)
outbox() { runuser -u scale-sense -- scale-cal status 2>/dev/null | sed -n 's/^outbox *//p'; }
pending() { outbox | sed -n 's/^\([0-9]*\) pending.*/\1/p'; }
sealed() { outbox | sed -n 's/.* \([0-9]*\) sealed batches.*/\1/p'; }
# "calibration  verified, 4 point(s), ..., 10s old (2026-...Z), ..." and "nvs store  OK" from the stopped
# scale's NVS store (its snapshot); the calibration without its age, which moves, but with its time
stored() { runuser -u scale-sense -- scale-cal status 2>/dev/null | sed -n "s/^$1  *//p" | sed 's/, [^,(]* old (/, (/'; }
wait_for_pending() { # until the outbox holds more than $1 readings (hang guard: 10 minutes)
  for _ in $(seq 600); do
    [ "$(pending 2>/dev/null || echo 0)" -gt "$1" ] 2>/dev/null && return 0
    sleep 1
  done
  return 1
}

systemd_up || echo "NOTE systemd is not PID 1 here: the service is enabled by the maintainer scripts but not started by them;" \
  "this script runs the agent by hand as the unit would (skipped: systemctl start/restart/stop by the scripts)"
dpkg -P scale-sense >/dev/null 2>&1 || true
# What existed before: the package must create what is missing and purge only what it created.
had_user=no; getent passwd scale-sense >/dev/null && had_user=yes
had_groups=$(for g in scale-sense gpio i2c; do if getent group "$g" >/dev/null; then echo "$g"; fi; done | tr '\n' ' ')
echo "before: user scale-sense existed: $had_user; groups that existed: ${had_groups:-none}"

echo "== install N: $(basename "$deb_n")"
dpkg -i "$deb_n"
if [ "$had_user" = no ]; then
  check "system user scale-sense created, home /var/lib/scale-sense, no login" \
    test "$(getent passwd scale-sense | cut -d: -f6,7)" = "/var/lib/scale-sense:/usr/sbin/nologin"
else
  check "the existing user scale-sense is used" getent passwd scale-sense
fi
check "scale-sense is in gpio and i2c" bash -c 'id -nG scale-sense | grep -qw gpio && id -nG scale-sense | grep -qw i2c'
check "state dir is scale-sense:scale-sense 0750" test "$(stat -c '%U:%G %a' /var/lib/scale-sense)" = "scale-sense:scale-sense 750"
check "agent.conf is root:scale-sense 0640" test "$(stat -c '%U:%G %a' /etc/scale-sense/agent.conf)" = "root:scale-sense 640"
check "service enabled (deb-systemd-helper's link)" test -L /etc/systemd/system/multi-user.target.wants/scale-agent.service
check "a fresh install waits for its identity (ExecCondition exits 1)" \
  bash -c '! /usr/libexec/scale-sense/has-identity /etc/scale-sense/agent.conf'

echo "== the installed unit"
systemd-analyze verify /lib/systemd/system/scale-agent.service && pass "systemd-analyze verify: no complaints" || fail "systemd-analyze verify"
systemd-analyze security --offline=yes --no-pager /lib/systemd/system/scale-agent.service | tail -n 1
echo "== scale-cal setup (no broker reachable from here: --no-connection-test)"
scale-cal setup --hardware-id 02:00:00:00:00:42 --device-id SCALE-0042 --loc-id loc-001 --tap 7 --no-connection-test
check "identity written" grep -q '^device.tap_id = loc-001#TAP#07$' /etc/scale-sense/agent.conf
echo "# technician's note: kept across upgrades" >> /etc/scale-sense/agent.conf
conf_sum=$(sha256sum /etc/scale-sense/agent.conf | cut -d' ' -f1)

echo "== record readings with version N"
start_agent
check "readings recorded in the outbox" wait_for_pending 2
stop_agent
before=$(outbox)
sealed_before=$(sealed)
nvs_sum=$(sha256sum /var/lib/scale-sense/nvs.db | cut -d' ' -f1)
calibration_before=$(stored calibration)
echo "outbox before upgrade: $before"
echo "calibration before upgrade: $calibration_before"
check "the stop sealed the readings into batches (offline: nothing sent)" test "${sealed_before:-0}" -gt 0

# N before the outbox journal (issue 18) kept its outbox in SQLite's outbox.db; N+1 migrates it.
had_sqlite_outbox=no; [ -f /var/lib/scale-sense/outbox.db ] && had_sqlite_outbox=yes
echo "== upgrade to N+1: $(basename "$deb_n1")"
dpkg -i "$deb_n1"
check "version is N+1" test "$(dpkg-query -W -f='${Version}' scale-sense)" = "$(dpkg-deb -f "$deb_n1" Version)"
check "agent.conf (a modified conffile) kept byte for byte" test "$(sha256sum /etc/scale-sense/agent.conf | cut -d' ' -f1)" = "$conf_sum"
check "nvs.db (calibration, tare, keg, boot counter) unchanged" test "$(sha256sum /var/lib/scale-sense/nvs.db | cut -d' ' -f1)" = "$nvs_sum"
check "outbox kept: $before" test "$(outbox)" = "$before"
start_agent
check "agent runs again after the upgrade and records readings" wait_for_pending 0
stop_agent
echo "outbox after N+1 ran: $(outbox)"
check "more sealed batches than before the upgrade" test "$(sealed)" -gt "$sealed_before"
# N+1 may store NVS values in another format (issue 18: MapDB 3 -> 1.0, taken over from the snapshot).
echo "calibration after N+1 ran: $(stored calibration)"
check "calibration carried over" test "$(stored calibration)" = "$calibration_before"
check "nvs store OK after N+1 ran" test "$(stored 'nvs store')" = OK
ls /var/lib/scale-sense/nvs.db.mapdb3-* >/dev/null 2>&1 && echo "the MapDB 3 store of N was kept as $(ls -d /var/lib/scale-sense/nvs.db.mapdb3-*)"
if [ "$had_sqlite_outbox" = yes ]; then
  check "N's SQLite outbox.db migrated into outbox.journal and kept as outbox.db.migrated-*" \
    bash -c 'test -f /var/lib/scale-sense/outbox.journal && test ! -e /var/lib/scale-sense/outbox.db && ls /var/lib/scale-sense/outbox.db.migrated-* >/dev/null'
fi

echo "== remove: config and state stay"
dpkg -r scale-sense
check "agent.conf kept on remove" test -f /etc/scale-sense/agent.conf
check "outbox kept on remove" test -f /var/lib/scale-sense/outbox.journal
check "program gone on remove" test ! -e /usr/bin/scale-agent

echo "== purge: nothing left"
dpkg -P scale-sense
for path in /etc/scale-sense /var/lib/scale-sense /usr/share/scale-sense /usr/share/doc/scale-sense /usr/libexec/scale-sense \
            /usr/bin/scale-agent /usr/bin/scale-cal /lib/systemd/system/scale-agent.service \
            /etc/systemd/system/multi-user.target.wants/scale-agent.service \
            /var/lib/systemd/deb-systemd-helper-enabled/scale-agent.service.dsh-also \
            /var/lib/systemd/deb-systemd-helper-masked/scale-agent.service; do
  check "purged: $path" test ! -e "$path"
done
if [ "$had_user" = no ]; then
  check "purged: user scale-sense (the package made it)" bash -c '! getent passwd scale-sense >/dev/null'
else
  check "kept: user scale-sense (it existed before the install)" getent passwd scale-sense
fi
for g in scale-sense gpio i2c; do
  if echo " $had_groups " | grep -q " $g "; then
    check "kept: group $g (it existed before the install)" getent group "$g"
  else
    check "purged: group $g (the package made it)" bash -c "! getent group $g >/dev/null"
  fi
done
check "dpkg forgot the package" bash -c '! dpkg-query -W scale-sense >/dev/null 2>&1'

echo "== $failures failed"
[ "$failures" -eq 0 ]
