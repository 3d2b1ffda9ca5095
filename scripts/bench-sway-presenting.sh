#!/usr/bin/env bash
# Prepares (once) a sway whose headless output reports presentation, for the
# input → presentation pass of make bench-e2e, and prints the folder of its
# root file system.
#
# Debian 12's sway 1.7 (wlroots 0.15) answers wp_presentation feedback from a
# headless output with no frame presented; wlroots 0.17 and later present each
# output commit. Debian 13's sway 1.10 (wlroots 0.18) does, so it is unpacked
# (debootstrap, minbase, sway and what it links) into a cache outside the
# repository, keyed by a hash of this script, and run from there on this
# machine's kernel through its own dynamic loader (bench-sway.sh,
# use_presenting_sway): no chroot, no mounts, no change to the system's
# packages.
set -euo pipefail
# sway runs as another user (nobody, when this runs as root): what is unpacked must be readable.
umask 022
here=$(cd "$(dirname "$0")" && pwd)
suite=trixie
# As root, sway runs as nobody (bench-sway.sh), who cannot enter root's home: the cache goes
# where nobody may read it.
default_cache=${XDG_CACHE_HOME:-$HOME/.cache}/sweep-bench-sway
[ "$(id -u)" -ne 0 ] || default_cache=/var/cache/sweep-bench-sway
cache_root=${SWEEP_BENCH_SWAY_CACHE:-$default_cache}
key=$(sha256sum < "$here/bench-sway-presenting.sh" | cut -c1-16)
out=$cache_root/$key
# One unpacked as root serves everyone.
for found in "$out" "/var/cache/sweep-bench-sway/$key"; do
    if [ -x "$found/root/usr/bin/sway" ] && [ -e "$found/root/lib64/ld-linux-x86-64.so.2" ]; then
        echo "$found/root"; exit 0
    fi
done
command -v debootstrap >/dev/null ||
    { echo "debootstrap is missing (Debian package debootstrap; make bench-e2e installs it)" >&2; exit 1; }
if [ "$(id -u)" -ne 0 ]; then
    echo "unpacking Debian 13's sway needs root (debootstrap); run as root, or BENCH_E2E_PRESENTATION=0" >&2
    exit 1
fi
mirror=$("$here/real-input/mirror.sh")
mkdir -p "$cache_root"
work=$(mktemp -d "$cache_root/build.XXXXXX")
chmod 755 "$work"
trap 'rm -rf --one-file-system "$work"' EXIT
echo "unpacking sway from Debian 13 ($suite, $mirror) for the presentation pass (once; cached in $out)" >&2
if ! debootstrap --variant=minbase --components=main --include=sway "$suite" "$work/root" "$mirror" \
        > "$work/debootstrap.log" 2>&1; then
    tail -n 30 "$work/debootstrap.log" >&2
    echo "debootstrap failed" >&2
    exit 1
fi
rm -rf "$work"/root/var/cache/apt/archives/*.deb "$work"/root/usr/share/doc "$work"/root/usr/share/man
rm -rf "$out"
mv "$work" "$out"
trap - EXIT
echo "$out/root"
