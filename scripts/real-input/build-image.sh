#!/usr/bin/env bash
# Builds (once) the Debian 13 guest for make test-real-input and prints the folder that holds
# vmlinuz, initrd.img and rootfs.img. The image lives outside the repository, cached under a hash
# of the package list and of this script, so a change to either builds a new one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
suite=trixie
cache_root=${SWEEP_REAL_INPUT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/sweep-real-input}
key=$(cat "$here/packages.txt" "$here/build-image.sh" | sha256sum | cut -c1-16)
out=$cache_root/$key
if [ -s "$out/rootfs.img" ] && [ -s "$out/vmlinuz" ] && [ -s "$out/initrd.img" ]; then
  echo "$out"; exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "building the guest image needs root (debootstrap, chroot); run as root or with sudo" >&2
  exit 1
fi
mirror=$("$here/mirror.sh")
packages=$(grep -v '^#' "$here/packages.txt" | tr -s ' \n' ',' | sed 's/^,//; s/,$//')
mkdir -p "$cache_root"
work=$(mktemp -d "$cache_root/build.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
started=$(date +%s)
echo "building the $suite guest image from $mirror (once; cached in $out)" >&2
# minbase and no recommends: the image stays small, so mkfs and boot stay quick.
if ! debootstrap --variant=minbase --components=main --include="$packages" \
    "$suite" "$root" "$mirror" >"$work/debootstrap.log" 2>&1; then
  tail -n 30 "$work/debootstrap.log" >&2
  [ -f "$root/debootstrap/debootstrap.log" ] && tail -n 30 "$root/debootstrap/debootstrap.log" >&2
  echo "debootstrap failed" >&2
  exit 1
fi

# The user sway and the apps run as (sway refuses root); seatd hands it the input devices.
chroot "$root" useradd --create-home --uid 1000 --user-group --groups input,video sweep >&2
echo sweep-guest >"$root/etc/hostname"
mkdir -p "$root/mnt/scripts" "$root/mnt/bin" "$root/mnt/swift" "$root/mnt/out"

# PID 1 in the guest: mount the basics and the share that holds the test's own scripts, then hand
# over to them. The scripts stay on the host, so changing a scenario needs no new image.
cat >"$root/sbin/sweep-init" <<'INIT'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000,ro scripts /mnt/scripts
if [ -x /mnt/scripts/guest-init.sh ]; then exec /mnt/scripts/guest-init.sh; fi
echo "sweep-init: no /mnt/scripts/guest-init.sh in the scripts share" >/dev/console
echo o >/proc/sysrq-trigger
INIT
chmod 755 "$root/sbin/sweep-init"

cp -L "$root/vmlinuz" "$work/vmlinuz" 2>/dev/null || cp "$(ls "$root"/boot/vmlinuz-* | tail -n1)" "$work/vmlinuz"
cp -L "$root/initrd.img" "$work/initrd.img" 2>/dev/null || cp "$(ls "$root"/boot/initrd.img-* | tail -n1)" "$work/initrd.img"
# What the guest never reads: downloaded packages, docs, other languages.
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc \
  "$root"/usr/share/man "$root"/usr/share/locale "$root"/boot/initrd.img-*

size_mb=$(( $(du -sm "$root" | cut -f1) + 400 ))
# mkfs says "Creating regular file" on stdout even with -q: only the path may go there.
mkfs.ext4 -q -F -L sweep-root -d "$root" "$work/rootfs.img" "${size_mb}M" >&2
mkdir -p "$out"
mv "$work/vmlinuz" "$work/initrd.img" "$work/rootfs.img" "$out/"
echo "guest image built in $(( $(date +%s) - started )) s" >&2
echo "$out"
