#!/usr/bin/env bash
# Proof on ARM (docs/operations.md "Proof on ARM"): the scale-sense .deb on arm64 and armhf JVMs,
# run through qemu-user-static on a Debian (bookworm) x86 machine. Not part of verify: it downloads
# the two ARM Java runtimes (about 90 MB of packages).
#   sudo packaging/test-arm.sh [path/to/scale-sense_<v>_all.deb]
# The ARM runtimes are Debian's own openjdk-17-jre-headless:arm64/:armhf with libc6, libgcc-s1,
# libstdc++6 and zlib1g, fetched with apt-get download and unpacked into a sysroot per
# architecture that qemu uses as its library prefix (QEMU_LD_PREFIX). Installing them through
# multiarch instead needs every shared library at the same version on all architectures, which
# forces upgrades of the host's own libraries whenever the ARM candidates are newer.
# The package is architecture all: dpkg installs it once (here, natively) and each architecture's
# JVM runs the same files (/usr/bin/scale-agent with JAVA_HOME set to that JVM). Per architecture:
# the agent in --simulate publishing with Paho (tcp) and with aws_iot (mutual TLS) to a local
# mosquitto, scale-cal status against it, and the native libraries each JVM mapped.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
deb=${1:-$(ls -t "$here"/target/scale-sense_*_all.deb | head -n 1)}
[ "$(id -u)" -eq 0 ] || { echo "test-arm.sh: run as root" >&2; exit 1; }
work=$(mktemp -d /tmp/scale-sense-arm.XXXXXX)
chmod 0755 "$work"  # mosquitto (its own user) reads the certificates here
shm=$(mktemp -d /dev/shm/scale-sense-arm.XXXXXX)  # see run()
echo "package: $(basename "$deb"); work dir $work"

export DEBIAN_FRONTEND=noninteractive
apt-get -qq install -y qemu-user-static binfmt-support mosquitto mosquitto-clients openssl file unzip >/dev/null
[ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
update-binfmts --enable qemu-aarch64 && update-binfmts --enable qemu-arm
added=
for arch in arm64 armhf; do
  dpkg --print-foreign-architectures | grep -qx "$arch" || { dpkg --add-architecture "$arch"; added="$added $arch"; }
done
apt-get -qq update || true  # a mirror mid-sync fails one index; the packages below come from main
for arch in arm64 armhf; do
  mkdir -p "$work/dl-$arch" "$work/root-$arch"
  (cd "$work/dl-$arch" && apt-get download -qq openjdk-17-jre-headless:"$arch" libc6:"$arch" libgcc-s1:"$arch" \
    libstdc++6:"$arch" zlib1g:"$arch" 2>/dev/null)
  for d in "$work/dl-$arch"/*.deb; do dpkg-deb -x "$d" "$work/root-$arch"; done
done
for arch in $added; do dpkg --remove-architecture "$arch"; done
[ -z "$added" ] || apt-get -qq update || true
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
trap 'kill $broker 2>/dev/null || true; rm -rf "$shm"; dpkg -P scale-sense >/dev/null 2>&1 || true' EXIT
sleep 1

# State and java.io.tmpdir on tmpfs: a 32-bit guest (armhf) under qemu-user on a 64-bit host cannot
# list an ext4 directory (getdents: EOVERFLOW, "Value too large for defined data type": 64-bit
# directory offsets); sqlite-jdbc lists java.io.tmpdir and MapDB the state dir. A real Pi is not affected.
run() { # arch, client: the agent under qemu until a batch arrives at the broker, then status and natives
  local arch=$1 client=$2 jvm=$work/root-$1/usr/lib/jvm/java-17-openjdk-$1 dir=$shm/$1-$2
  export QEMU_LD_PREFIX=$work/root-$arch
  mkdir -p "$dir/state" "$dir/tmp"
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
  # systemd's notify socket, played by a datagram receiver: the agent's sd_notify goes through
  # junixsocket's JNI library, so this is what makes that library load
  python3 -c 'import socket,sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(sys.argv[1])
while True: print(s.recv(4096).decode(errors="replace").replace("\n", " "), flush=True)' "$dir/notify.sock" > "$dir/notify.log" 2>&1 &
  local notifier=$!
  NOTIFY_SOCKET=$dir/notify.sock JAVA_HOME=$jvm JAVA_OPTS="-XX:+UseSerialGC -Xmx128m -Djava.io.tmpdir=$dir/tmp" \
    /usr/bin/scale-agent --config "$dir/agent.conf" --simulate --speed 60 > "$dir/agent.log" 2>&1 &
  local agent=$!
  local got=no
  while kill -0 "$sub" 2>/dev/null && kill -0 "$agent" 2>/dev/null; do sleep 1; done
  if kill -0 "$sub" 2>/dev/null; then
    kill "$sub"; wait "$sub" 2>/dev/null || true; got="no, the agent exited"
  elif wait "$sub"; then
    got=yes
  fi
  local status
  status=$(JAVA_HOME=$jvm JAVA_OPTS="-Djava.io.tmpdir=$dir/tmp" /usr/bin/scale-cal --config "$dir/agent.conf" status 2>&1 | sed -n 's/^\(agent\|uplink\|outbox\) */\1: /p' | tr '\n' ';')
  # the JVM is qemu's guest: its mapped files are in the qemu process's maps
  local natives
  natives=$(grep -o '/[^ ]*\.so[^ ]*' "/proc/$agent/maps" 2>/dev/null | grep -v -e "^$work/root-" -e '^/lib' -e '^/usr/lib' \
    | xargs -r -n1 basename | sort -u | tr '\n' ' ')
  local machine
  machine=$(readlink "/proc/$agent/exe" 2>/dev/null || echo "?")
  kill -TERM "$agent"; wait "$agent" || true
  kill "$notifier" 2>/dev/null || true
  local ready=no
  if grep -q 'READY=1' "$dir/notify.log"; then ready=yes; fi
  echo "$arch/$client: jvm $(file -b -L "$jvm/bin/java" | cut -d, -f1-2); run by ${machine}; batch at broker: $got"
  echo "    sd_notify READY=1 received: $ready"
  echo "    scale-cal status: $status"
  echo "    native libraries loaded: ${natives:-none found}"
  grep -i -m3 -e 'error' -e 'exception' "$dir/agent.log" | sed 's/^/    agent log: /' || true
  cp "$dir/agent.log" "$work/$arch-$client.agent.log"
}

# Pi4J's gpiod provider, the HX711's path on a Pi, cannot start here: there is no /dev/gpiochip* and
# no /proc/device-tree/model (Pi4J will not even load its JNI library for a board it does not know).
# So: its JNI libraries for the architecture, linked by that architecture's own dynamic loader from
# the sysroot (what System.load would do), and the agent started without --simulate, to see what a
# technician reads when the GPIO chip is missing.
gpio() { # arch
  local arch=$1 jvm=$work/root-$1/usr/lib/jvm/java-17-openjdk-$1 dir=$shm/$1-gpio lib ld so out code
  case $arch in
    arm64) lib=aarch64; ld=$work/root-arm64/lib/ld-linux-aarch64.so.1 ;;
    armhf) lib=armhf; ld=$work/root-armhf/lib/ld-linux-armhf.so.3 ;;
  esac
  mkdir -p "$dir/state" "$dir/tmp" "$dir/so"
  (cd "$dir/so" && unzip -qo /usr/share/scale-sense/scale-agent.jar "lib/$lib/pi4j-gpiod/*")
  # Pi4J loads libgpiod.so first and then libpi4j-gpiod.so, whose need for libgpiod.so.2 the loaded
  # library's SONAME satisfies; listed on its own, that name has to exist on disk
  ln -sf libgpiod.so "$dir/so/lib/$lib/pi4j-gpiod/libgpiod.so.2"
  echo "$arch/pi4j-gpiod:"
  for so in "$dir/so/lib/$lib/pi4j-gpiod/libgpiod.so" "$dir/so/lib/$lib/pi4j-gpiod/libpi4j-gpiod.so"; do
    out=$(QEMU_LD_PREFIX=$work/root-$arch "$ld" --library-path "$(dirname "$so")" --list "$so" 2>&1) && code=0 || code=$?
    echo "    $(basename "$so") linked by ${arch}'s ld.so (exit $code): $(echo "$out" | sed -n 's/^[[:space:]]*\([^ ]*\) => \([^ ]*\).*/\1 => \2/p' \
      | sed "s|$dir/so/||; s|$work/root-$arch||" | tr '\n' ';')$(echo "$out" | grep -m1 'error' || true)"
  done
  printf '%s\n' "device.hardware_id = AA:BB:CC:DD:EE:42" "device.device_id = SCALE-0042" "device.loc_id = loc-001" \
    "device.tap_id = loc-001#TAP#07" "state.dir = $dir/state" "mqtt.broker_uri = tcp://127.0.0.1:18830" > "$dir/agent.conf"
  local code=0
  QEMU_LD_PREFIX=$work/root-$arch JAVA_HOME=$jvm JAVA_OPTS="-XX:+UseSerialGC -Xmx128m -Djava.io.tmpdir=$dir/tmp" \
    timeout 300 /usr/bin/scale-agent --config "$dir/agent.conf" > "$dir/agent.log" 2>&1 || code=$?
  echo "    scale-agent without --simulate: exit $code; $(grep -m1 -o 'AgentException: .*' "$dir/agent.log" || grep -m1 -i 'error' "$dir/agent.log" || echo 'no error line')"
}

for arch in arm64 armhf; do
  for client in paho aws_iot; do
    run "$arch" "$client"
  done
  gpio "$arch"
done
