#!/usr/bin/env bash
# Runs sweep-demo where a person can see it:
#  - in the Wayland session, when there is one;
#  - in a weston window nested in the X11 session, when there is only X11;
#  - otherwise in a headless sway, playing --tour and saving a screenshot of
#    each step (grim) to a folder it names.
set -euo pipefail
demo=${1:?usage: run-demo.sh PATH-TO-sweep-demo [ARGS…]}
shift
root=$(cd "$(dirname "$0")/.." && pwd)

runtime_dir() {
  if [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -d "$XDG_RUNTIME_DIR" ]; then
    echo "$XDG_RUNTIME_DIR"
  else
    local dir; dir=$(mktemp -d /tmp/sweep-runtime.XXXXXX); chmod 700 "$dir"; echo "$dir"
  fi
}

socket_exists() {
  local name=$1
  case "$name" in /*) [ -S "$name" ] ;; *) [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -S "$XDG_RUNTIME_DIR/$name" ] ;; esac
}

# 1. A Wayland session.
if [ -n "${WAYLAND_DISPLAY:-}" ] && socket_exists "$WAYLAND_DISPLAY"; then
  exec "$demo" "$@"
fi

# 2. An X11 session: weston nested in it.
if [ -n "${DISPLAY:-}" ] && command -v weston >/dev/null; then
  created_runtime=""
  if [ -z "${XDG_RUNTIME_DIR:-}" ] || [ ! -d "$XDG_RUNTIME_DIR" ]; then created_runtime=yes; fi
  export XDG_RUNTIME_DIR; XDG_RUNTIME_DIR=$(runtime_dir)
  socket="sweep-demo-$$"
  weston --backend=x11-backend.so --socket="$socket" --width=1024 --height=768 --idle-time=0 \
    >"$XDG_RUNTIME_DIR/$socket.log" 2>&1 &
  weston_pid=$!
  # weston's log goes with it (it is only shown when weston fails to start).
  trap 'kill $weston_pid 2>/dev/null || true; rm -f "$XDG_RUNTIME_DIR/$socket.log"; [ -n "$created_runtime" ] && rm -rf "$XDG_RUNTIME_DIR"' EXIT
  for _ in $(seq 100); do [ -S "$XDG_RUNTIME_DIR/$socket" ] && break; sleep 0.1; done
  if [ ! -S "$XDG_RUNTIME_DIR/$socket" ]; then
    echo "run-demo: weston did not start in the X11 session; its log:" >&2
    cat "$XDG_RUNTIME_DIR/$socket.log" >&2
    exit 1
  fi
  echo "run-demo: no Wayland session, so sweep-demo runs in a weston window on X11 display $DISPLAY"
  status=0
  WAYLAND_DISPLAY=$socket "$demo" "$@" || status=$?
  exit $status
fi

# 3. Neither: a headless sway, the tour, and screenshots.
# SWEEP_SHOTS and SWEEP_OUTPUT (WIDTHxHEIGHT) choose where the screenshots go and the output's size.
shots="${SWEEP_SHOTS:-$root/screenshots}"
mkdir -p "$shots"
work=$(mktemp -d /tmp/sweep-demo.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/run" "$work/home"
chmod 700 "$work/run"
cat >"$work/sway.conf" <<CONF
output HEADLESS-1 resolution ${SWEEP_OUTPUT:-1024x768} position 0 0 bg #202020 solid_color
default_border none
xwayland disable
CONF
chmod 644 "$work/sway.conf"
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  # sway refuses to run as root.
  chown nobody:nogroup "$work/run" "$work/home"
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
"${as_user[@]}" env -i PATH="$PATH" XDG_RUNTIME_DIR="$work/run" HOME="$work/home" \
  WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman \
  sway -c "$work/sway.conf" >"$work/sway.log" 2>&1 &
sway_pid=$!
trap 'kill $sway_pid 2>/dev/null || true; wait $sway_pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -S "$work/run/wayland-1" ] && break; sleep 0.1; done
if [ ! -S "$work/run/wayland-1" ]; then
  echo "run-demo: headless sway did not start; its log:" >&2
  cat "$work/sway.log" >&2
  exit 1
fi
echo "run-demo: no Wayland or X11 session: playing the tour in a headless sway"
export XDG_RUNTIME_DIR="$work/run" WAYLAND_DISPLAY=wayland-1
count=0
while IFS= read -r line; do
  echo "  $line"
  case "$line" in
    "tour: "*)
      step=${line#tour: }
      count=$((count + 1))
      grim "$shots/$(printf '%02d' $count)-$step.png"
      ;;
  esac
done < <("$demo" --tour "$@")
wait $! || { echo "run-demo: sweep-demo failed (status $?); sway's log is in $work/sway.log" >&2; trap - EXIT; exit 1; }
[ $count -gt 0 ] || { echo "run-demo: the tour showed nothing" >&2; exit 1; }
echo "run-demo: $count screenshots of the tour are in $shots/"
