#!/bin/sh
# PID 1 of the guest (exec'd by the image's /sbin/sweep-init): brings up just enough of a system
# for libinput and sway (devices, udev, a seat), runs the scenarios, and powers off. No systemd:
# booting it would cost more time than the whole suite.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
opts=trans=virtio,version=9p2000.L,msize=512000
mount -t 9p -o $opts,ro bin /mnt/bin
mount -t 9p -o $opts,ro swift /mnt/swift
mount -t 9p -o $opts out /mnt/out
exec >/mnt/out/guest.log 2>&1
echo "guest: kernel $(uname -r), up $(cut -d' ' -f1 /proc/uptime) s"

# uinput makes the virtual devices; evdev exposes them as /dev/input/event* for libinput.
modprobe uinput
modprobe evdev
# udev tags the devices (ID_INPUT_TOUCHPAD, …) that libinput reads to know what each one is.
/usr/lib/systemd/systemd-udevd --daemon
udevadm trigger --action=add
udevadm settle --timeout=10
# seatd opens the input devices for sway, which refuses to run as root.
seatd -u sweep -l error >/tmp/seatd.log 2>&1 &

python3 /mnt/scripts/guest_play.py
echo "guest: scenarios done with status $?"
cp /tmp/seatd.log /mnt/out/seatd.log 2>/dev/null
exec >/dev/console 2>&1
sync
umount /mnt/out
echo o >/proc/sysrq-trigger
sleep 30
