#!/usr/bin/env bash
# Proof on ARM (docs/operations.md "Proof on ARM"): the scale-sense .deb on arm64 and armhf JVMs,
# run through qemu-user-static on a Debian (bookworm) x86 machine. Not part of verify: it downloads
# the two ARM Java runtimes through multiarch (a few hundred MB).
#   sudo packaging/test-arm.sh [path/to/scale-sense_<v>_all.deb]
# The package is architecture all: dpkg installs it once (here, natively) and each architecture's
# JVM runs the same files (/usr/bin/scale-agent with JAVA_HOME set to that JVM). Per architecture:
# the agent in --simulate publishing with Paho (tcp) and with aws_iot (mutual TLS) to a local
# mosquitto, scale-cal status against it, and the native libraries each JVM mapped.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
deb=${1:-$(ls -t "$here"/target/scale-sense_*_all.deb | head -n 1)}
[ "$(id -u)" -eq 0 ] || { echo "test-arm.sh: run as root" >&2; exit 1; }
work=$(mktemp -d /tmp/scale-sense-arm.XXXXXX)
echo "package: $(basename "$deb"); work dir $work"

export DEBIAN_FRONTEND=noninteractive
apt-get -qq install -y qemu-user-static binfmt-support mosquitto mosquitto-clients openssl >/dev/null
for arch in arm64 armhf; do dpkg --add-architecture "$arch"; done
apt-get -qq update
apt-get -qq install -y openjdk-17-jre-headless:arm64 openjdk-17-jre-headless:armhf >/dev/null
update-binfmts --enable >/dev/null 2>&1 || true
dpkg -i "$deb" >/dev/null

# --- a broker with a plain listener (Paho, and our subscriber) and a mutual-TLS one (aws_iot) ---
cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=test-ca -keyout ca.key -out ca.pem 2>/dev/null
mkcert() { # name, CN, extension
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$2" -keyout "$1.key" -out "$1.csr" 2>/dev/null
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile <(printf '%s' "$3") -out "$1.pem" 2>/dev/null
}
mkcert server localhost "subjectAltName=DNS:localhost,IP:127.0.0.1"
mkcert device SCALE-0042 "extendedKeyUsage=clientAuth"
chmod 0644 ./*.key
cat > mosquitto.conf <<CONF
per_listener_settings true
listener 18830 127.0.0.1
allow_anonymous true
listener 18831 127.0.0.1
allow_anonymous true
cafile $work/ca.pem
certfile $work/server.pem
keyfile $work/server.key
require_certificate true
CONF
mosquitto -c mosquitto.conf > mosquitto.log 2>&1 &
broker=$!
trap 'kill $broker 2>/dev/null || true' EXIT
sleep 1

run() { # arch, client: the agent under qemu until a batch arrives at the broker, then status and natives
  local arch=$1 client=$2 jvm=/usr/lib/jvm/java-17-openjdk-$1 dir=$work/$1-$2
  mkdir -p "$dir/state"
  {
    echo "state.dir = $dir/state"
    echo "batch.max_delay = 1s"
    echo "mqtt.client = $client"
    if [ "$client" = paho ]; then
      echo "mqtt.broker_uri = tcp://127.0.0.1:18830"
    else
      echo "mqtt.broker_uri = ssl://localhost:18831"
      echo "mqtt.tls.ca_file = $work/ca.pem"
      echo "mqtt.tls.cert_file = $work/device.pem"
      echo "mqtt.tls.key_file = $work/device.key"
    fi
  } > "$dir/agent.conf"
  mosquitto_sub -h 127.0.0.1 -p 18830 -t '#' -C 1 -W 900 > "$dir/first-message" 2>&1 &
  local sub=$!
  JAVA_HOME=$jvm JAVA_OPTS="-XX:+UseSerialGC -Xmx128m" /usr/bin/scale-agent --config "$dir/agent.conf" --simulate --speed 60 \
    > "$dir/agent.log" 2>&1 &
  local agent=$!
  local got=no
  if wait "$sub"; then got=yes; fi
  local status
  status=$(JAVA_HOME=$jvm /usr/bin/scale-cal --config "$dir/agent.conf" status 2>&1 | sed -n 's/^\(connectivity\|outbox\|device\) */\1: /p' | tr '\n' ';')
  # the JVM is qemu's guest: its mapped files are in the qemu process's maps
  local natives
  natives=$(grep -o '/[^ ]*\.so[^ ]*' /proc/$agent/maps 2>/dev/null | grep -v -e "^$jvm" -e '^/lib' -e '^/usr/lib' | xargs -r -n1 basename | sort -u | tr '\n' ' ')
  local machine
  machine=$(readlink "/proc/$agent/exe" 2>/dev/null || echo "?")
  kill -TERM "$agent"; wait "$agent" || true
  echo "$arch/$client: jvm $(file -b "$jvm/bin/java" | cut -d, -f1-2); run by ${machine}; batch at broker: $got"
  echo "    scale-cal status: $status"
  echo "    native libraries loaded: ${natives:-none found}"
  grep -i -m3 -e 'error' -e 'exception' "$dir/agent.log" | sed 's/^/    agent log: /' || true
}

for arch in arm64 armhf; do
  for client in paho aws_iot; do
    run "$arch" "$client"
  done
done
