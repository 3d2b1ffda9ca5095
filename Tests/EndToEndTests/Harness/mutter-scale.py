#!/usr/bin/python3
"""Sets the scale of mutter's (only) monitor to argv[1] through its
org.gnome.Mutter.DisplayConfig D-Bus interface, as GNOME Settings does."""
import sys

import dbus

config = dbus.Interface(dbus.SessionBus().get_object("org.gnome.Mutter.DisplayConfig", "/org/gnome/Mutter/DisplayConfig"),
                        "org.gnome.Mutter.DisplayConfig")
serial, monitors, _, _ = config.GetCurrentState()
(connector, _, _, _), modes, _ = monitors[0]
mode = [m for m in modes if m[6].get("is-current")][0]
scale = float(sys.argv[1])
if scale not in [float(s) for s in mode[5]]:
    sys.exit("mutter offers no scale %s for %s (only %s)" % (scale, mode[0], list(map(float, mode[5]))))
temporary = dbus.UInt32(1)
config.ApplyMonitorsConfig(serial, temporary, [(0, 0, dbus.Double(scale), dbus.UInt32(0), True, [(connector, mode[0], {})])], {})
