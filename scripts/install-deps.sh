#!/usr/bin/env bash
# Installs the Debian packages Sweep needs, only those missing.
#   scripts/install-deps.sh build   libraries and headers to build
#   scripts/install-deps.sh test    + librsvg (SVG, loaded at run time), compositors and
#                                   tools the tests drive, what make check-install
#                                   validates with (desktop-file-utils, man),
#                                   a D-Bus session bus for the appearance portal's tests, and the
#                                   accessibility bus with pyatspi for the screen-reader tests,
#                                   KWin (virtual backend) for the Plasma suite, and phoc with
#                                   squeekboard for the on-screen keyboard's, GNOME Shell with
#                                   IBus for input methods under GNOME
#   scripts/install-deps.sh demo    + librsvg, compositors to show the demo without a desktop
#   scripts/install-deps.sh bench   build + what make bench-e2e drives: headless sway, grim,
#                                   GTK 4's headers and a C compiler for the GTK peer
#                                   (Benchmarks/gtk-peer) and wayland-scanner for its
#                                   presentation feedback, foot for a first-frame baseline,
#                                   matplotlib for the latency plot, debootstrap to unpack
#                                   Debian 13's sway for input → presentation
#                                   (scripts/bench-sway-presenting.sh); fzf and fuzzel, the
#                                   peers make bench-pick times sweep-pick against
#   scripts/install-deps.sh real-input   what make test-real-input needs on the host: qemu, and
#                                   debootstrap + e2fsprogs to build the guest image
#   scripts/install-deps.sh soak    build + librsvg and python3, what make soak runs
set -euo pipefail

build=(pkg-config libwayland-dev wayland-protocols libxkbcommon-dev xkb-data libpixman-1-dev
       libfcft-dev libfribidi-dev fonts-dejavu-core fonts-noto-color-emoji libinput-dev zlib1g-dev
       libpng-dev libturbojpeg0-dev libsystemd-dev)
# loaded at run time (dlopen), not linked: librsvg and cairo draw SVG pictures and icons; libx11-data
# holds the locales' Compose tables xkbcommon reads for dead keys and the Compose key
runtime=(librsvg2-2 libx11-data)
compositors=(sway grim weston xvfb xdotool)
# Plasma's KWin (its fake input, its screenshot D-Bus interface, Breeze's title bar) and GNOME's mutter
# (its remote desktop, whose screen-cast streams need PipeWire; screenshots read by gstreamer), driven by sweep-input
desktops=(kwin-wayland kwin-style-breeze mutter pipewire wireplumber gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good)
install_check=(desktop-file-utils man-db groff-base python3)
# a session bus and the test appearance portal (Tests/EndToEndTests/Harness/test-portal.py)
desktop_bus=(dbus-daemon python3-dbus python3-gi)
# the accessibility bus, a screen reader's library (atspi-probe.py) and Orca itself (OrcaReader, on Xvfb)
accessibility=(at-spi2-core python3-pyatspi gir1.2-atspi-2.0 orca)
# make test-repeat LOAD=1: every core kept busy while the suite runs
load=(stress-ng)
# a phone: Phosh's compositor phoc and its on-screen keyboard squeekboard, which reads its
# switch from dconf through gsettings (OnScreenKeyboardPhocTests)
phone=(phoc squeekboard dconf-service dconf-gsettings-backend libglib2.0-bin)
# GNOME Shell (headless) with IBus, which the shell connects to text-input-v3, and IBus's
# introspection data for the tests' own engine (IBusGnomeShellTests)
ibus=(gnome-shell ibus gir1.2-ibus-1.0)
bench=(sway grim libgtk-4-dev libwayland-bin gcc libc6-dev foot python3 python3-matplotlib debootstrap debian-archive-keyring
       fzf fuzzel)
real_input=(qemu-system-x86 debootstrap debian-archive-keyring e2fsprogs python3)

case "${1:-build}" in
  build) wanted=("${build[@]}") ;;
  test) wanted=("${build[@]}" "${runtime[@]}" "${compositors[@]}" "${desktops[@]}" "${install_check[@]}" "${desktop_bus[@]}" "${accessibility[@]}" "${load[@]}" "${phone[@]}" "${ibus[@]}") ;;
  demo) wanted=("${build[@]}" "${runtime[@]}" "${compositors[@]}") ;;
  bench) wanted=("${build[@]}" "${bench[@]}") ;;
  real-input) wanted=("${real_input[@]}") ;;
  soak) wanted=("${build[@]}" "${runtime[@]}" python3) ;;
  *) echo "usage: $0 build|test|demo|bench|real-input|soak" >&2; exit 64 ;;
esac

missing=()
for package in "${wanted[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
  [ "$status" = installed ] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo)
elif command -v sudo >/dev/null && [ -t 0 ]; then
  echo "Sweep needs these Debian packages; sudo will ask for your password: ${missing[*]}"
  as_root=(sudo)
else
  echo "Sweep needs these Debian packages, and installing them needs root (or sudo):" >&2
  echo "  apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "Installing: ${missing[*]}"
# Another process may hold the apt lock (unattended upgrades, a parallel job): wait for it.
"${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
  --no-install-recommends "${missing[@]}" >/dev/null
