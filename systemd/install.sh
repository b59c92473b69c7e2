#!/usr/bin/env bash
# Installs the Scale Sense agent on a Raspberry Pi OS / Debian scale from a checkout, in the same
# places as the Debian package (packaging/, the supported way: apt install ./scale-sense_<v>_all.deb).
#   sudo ./install.sh path/to/scale-agent.jar [path/to/scale-cal.jar]
# Needs the checkout's packaging/src/deb next to systemd/ (launchers, identity check).
# Idempotent: running it again upgrades the jars and keeps config and state.
set -euo pipefail

jar=${1:?usage: install.sh scale-agent.jar [scale-cal.jar]}
cal_jar=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
prefix=/usr/share/scale-sense
deb_src="$here/../packaging/src/deb"

if [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run as root (sudo)" >&2
  exit 1
fi
[ -d "$deb_src" ] || { echo "install.sh: needs $deb_src (the checkout's packaging/)" >&2; exit 1; }
command -v java >/dev/null || { echo "install.sh: needs Java 17+ (apt-get install openjdk-17-jre-headless)" >&2; exit 1; }

# A dedicated system user with no login; the technician joins its group to use scale-cal.
getent passwd scale-sense >/dev/null || \
  useradd --system --home-dir /var/lib/scale-sense --no-create-home --shell /usr/sbin/nologin \
          --user-group scale-sense
# The HX711's pins (/dev/gpiochip*) and the fuel gauge (/dev/i2c-1) belong to the groups gpio and
# i2c on Raspberry Pi OS: the agent's user joins them. The unit names them in SupplementaryGroups,
# which fails to start if a group is missing, so a system without one (not a Pi) gets an empty one.
for group in gpio i2c; do
  if ! getent group "$group" >/dev/null; then
    groupadd --system "$group"
    echo "install.sh: created the empty group $group (no such group here: not a Raspberry Pi OS image?)"
  fi
  usermod -aG "$group" scale-sense
done

install -d -m 0755 "$prefix" /usr/share/doc/scale-sense/docs /usr/libexec/scale-sense
install -m 0644 "$jar" "$prefix/scale-agent.jar"
install -m 0755 "$deb_src/bin/scale-agent" /usr/bin/scale-agent
install -m 0755 "$deb_src/libexec/has-identity" /usr/libexec/scale-sense/has-identity
if [ -n "$cal_jar" ]; then
  install -m 0644 "$cal_jar" "$prefix/scale-cal.jar"
  install -m 0755 "$deb_src/bin/scale-cal" /usr/bin/scale-cal
fi
if [ -d "$here/../docs" ]; then
  cp -r "$here/../docs/." /usr/share/doc/scale-sense/docs/
fi

install -d -m 0750 -o root -g scale-sense /etc/scale-sense
if [ ! -f /etc/scale-sense/agent.conf ] && [ -f "$here/agent.conf.example" ]; then
  install -m 0640 -o root -g scale-sense "$here/agent.conf.example" /etc/scale-sense/agent.conf
  echo "install.sh: wrote /etc/scale-sense/agent.conf from the example; run  sudo scale-cal setup"
fi

/usr/bin/scale-agent --dump-cds || echo "install.sh: no class-data archive; the agent starts without one"

install -m 0644 "$here/scale-agent.service" /etc/systemd/system/scale-agent.service
systemctl daemon-reload
systemctl enable scale-agent.service
systemctl restart scale-agent.service
systemctl --no-pager status scale-agent.service || true
