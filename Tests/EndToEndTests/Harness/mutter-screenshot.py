#!/usr/bin/python3
"""Takes one frame of mutter's primary monitor into argv[1] as PNG: a
ScreenCast session on the session bus (org.gnome.Mutter.ScreenCast) names its
PipeWire node, and gst-launch-1.0's pipewiresrc reads one buffer of it
(WirePlumber, running beside PipeWire, links the two)."""
import subprocess
import sys

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
service = "org.gnome.Mutter.ScreenCast"
cast = dbus.Interface(bus.get_object(service, "/org/gnome/Mutter/ScreenCast"), service)
session = dbus.Interface(bus.get_object(service, cast.CreateSession({})), service + ".Session")
stream = bus.get_object(service, session.RecordMonitor("", {"cursor-mode": dbus.UInt32(0)}))
loop = GLib.MainLoop()
node = []
stream.connect_to_signal("PipeWireStreamAdded", lambda added: (node.append(int(added)), loop.quit()),
                         dbus_interface=service + ".Stream")
session.Start()
GLib.timeout_add(10000, loop.quit)
loop.run()
if not node:
    sys.exit("mutter-screenshot: mutter announced no PipeWire stream")
try:
    status = subprocess.run(["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % node[0], "num-buffers=1", "!",
                             "videoconvert", "!", "pngenc", "!", "filesink", "location=" + sys.argv[1]],
                            timeout=20).returncode
finally:
    session.Stop()
sys.exit(status)
