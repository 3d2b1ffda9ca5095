#!/usr/bin/env bash
# make test-real-input: boots the Debian guest once (qemu, KVM or else TCG), plays every
# scenario through uinput devices, libinput and sway, and checks each app's event log.
#   scripts/real-input/run.sh [--update-images] [SCENARIO…]
# SWEEP_REAL_INPUT_BIN: the folder holding sweep-demo, sweep-pick and files (default .build-release/release)
# SWEEP_SWIFT_LIBS: the Swift runtime's shared libraries (default: the toolchain's lib/swift/linux)
# SWEEP_REAL_INPUT_ACCEL: kvm or tcg to force one (default: try KVM, fall back to TCG)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
update_images=0
scenarios=()
for arg in "$@"; do
  case "$arg" in
    --update-images) update_images=1 ;;
    -*) echo "usage: $0 [--update-images] [SCENARIO…]" >&2; exit 64 ;;
    *) scenarios+=("$arg") ;;
  esac
done

fail() { echo "test-real-input: FAIL: $*" >&2; exit 1; }

bin=$(cd "$repo" && cd "${SWEEP_REAL_INPUT_BIN:-.build-release/release}" 2>/dev/null && pwd) ||
  fail "no binary folder ${SWEEP_REAL_INPUT_BIN:-.build-release/release} (make build-release first)"
for b in sweep-demo sweep-pick files; do [ -x "$bin/$b" ] || fail "$bin/$b is missing (make build-release first)"; done
swift_libs=${SWEEP_SWIFT_LIBS:-}
if [ -z "$swift_libs" ] && command -v swift >/dev/null; then
  swift_libs=$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift/linux
fi
[ -f "$swift_libs/libswiftCore.so" ] || fail "no Swift runtime libraries found (set SWEEP_SWIFT_LIBS)"
swift_libs=$(cd "$swift_libs" && pwd)
command -v qemu-system-x86_64 >/dev/null || fail "qemu-system-x86_64 is missing (scripts/install-deps.sh real-input)"

t_image=$(date +%s)
image=$("$here/build-image.sh") || fail "the guest image could not be built (see above)"
t_image=$(( $(date +%s) - t_image ))

cache_root=${SWEEP_REAL_INPUT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sweep-real-input}
out=$cache_root/last-run
rm -rf "$out"
mkdir -p "$out"
# The guest's user writes its logs here through 9p (security_model=none keeps host modes).
chmod 0777 "$out"
python3 "$here/plan.py" "${scenarios[@]}" >"$out/plan.json" || fail "unknown scenario in: ${scenarios[*]}"

boot() {  # boot ACCEL: one run of the guest; qemu's own messages go to qemu.log
  local accel=$1
  if [ "$accel" = kvm ]; then accel_opts=(-accel kvm -cpu host); else accel_opts=(-accel tcg,thread=multi -cpu max); fi
  rm -f "$out/guest.log" "$out/console.log"
  # Emptied here, before qemu starts: the watch below must not read the last boot's errors
  # (a KVM failure's log made the TCG boot after it stop at once).
  : >"$out/qemu.log"
  nice -n 10 qemu-system-x86_64 "${accel_opts[@]}" -smp 2 -m 2G \
    -nodefaults -display none -no-reboot \
    -kernel "$image/vmlinuz" -initrd "$image/initrd.img" \
    -append "root=/dev/vda rw console=ttyS0 init=/sbin/sweep-init quiet loglevel=3 panic=-1" \
    -drive "file=$image/rootfs.img,if=virtio,format=raw,snapshot=on" \
    -virtfs "local,path=$here,mount_tag=scripts,security_model=none,readonly=on" \
    -virtfs "local,path=$bin,mount_tag=bin,security_model=none,readonly=on" \
    -virtfs "local,path=$swift_libs,mount_tag=swift,security_model=none,readonly=on" \
    -virtfs "local,path=$out,mount_tag=out,security_model=none" \
    -serial "file:$out/console.log" >"$out/qemu.log" 2>&1 &
  local qemu=$! waited=0
  # KVM that fails mid-boot ("KVM internal error") pauses the guest instead of exiting: stop
  # it at once rather than after the 15-minute limit, so the run falls back to TCG.
  while kill -0 "$qemu" 2>/dev/null; do
    if grep -q 'KVM internal error\|emulation failure' "$out/qemu.log" 2>/dev/null || [ "$waited" -ge 900 ]; then
      kill "$qemu" 2>/dev/null
      break
    fi
    sleep 1
    waited=$((waited + 1))
  done
  wait "$qemu"
}

t_suite=$(date +%s)
accel=${SWEEP_REAL_INPUT_ACCEL:-}
status=0
if [ -z "$accel" ] || [ "$accel" = kvm ]; then
  if [ -w /dev/kvm ]; then
    boot kvm 2>>"$out/qemu.log" || status=$?
    # KVM here may refuse a stock kernel ("failed to set MSR") before the guest runs anything.
    if [ ! -s "$out/guest.log" ] && [ -z "$accel" ]; then
      echo "test-real-input: KVM did not boot the guest ($(grep -m1 -i 'error\|fail' "$out/qemu.log" || echo "status $status")); using TCG" >&2
      mv "$out/qemu.log" "$out/qemu-kvm.log"
      accel=tcg; status=0; boot tcg || status=$?
    else
      accel=kvm
    fi
  elif [ "$accel" = kvm ]; then
    fail "/dev/kvm is not usable"
  else
    accel=tcg; boot tcg || status=$?
  fi
else
  boot "$accel" || status=$?
fi
# Under multi-threaded TCG the guest kernel can, rarely, oops on its own code patching (an int3
# left behind by text_poke in another vCPU's stale translation) and panic during boot. That is
# the emulator, not the apps: boot again, at most twice more, and say so.
attempt=1
while ! grep -q "scenarios done" "$out/guest.log" 2>/dev/null &&
      grep -q "Kernel panic" "$out/console.log" 2>/dev/null && [ "$attempt" -lt 3 ]; do
  attempt=$((attempt + 1))
  echo "test-real-input: the guest kernel panicked ($(grep -m1 -o 'Oops: [^[]*\|Kernel panic.*' "$out/console.log")); booting again (attempt $attempt of 3)" >&2
  cp "$out/console.log" "$out/console-panic-$((attempt - 1)).log"
  status=0; boot "$accel" || status=$?
done
t_suite=$(( $(date +%s) - t_suite ))

if ! grep -q "scenarios done" "$out/guest.log" 2>/dev/null; then
  echo "test-real-input: FAIL: the VM did not run the scenarios to the end (qemu status $status, accel $accel)" >&2
  for f in qemu.log console.log guest.log; do
    [ -s "$out/$f" ] && { echo "--- $f (last 40 lines)"; tail -n 40 "$out/$f"; }
  done >&2
  exit 1
fi

if [ "$update_images" = 1 ]; then
  for shot in real-input-touch-sweep.png real-input-touchpad-band.png; do
    [ -s "$out/$shot" ] && cp "$out/$shot" "$repo/docs/images/$shot"
  done
fi
echo "guest image: ${t_image} s (cached in $image); VM boot, scenarios and power-off: ${t_suite} s ($accel); logs in $out"
python3 "$here/check.py" "$out"
