#!/usr/bin/python3
"""Captures KWin's whole workspace through its org.kde.KWin.ScreenShot2 D-Bus
interface (KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 lets any caller) and writes
the raw pixels to argv[1]; prints the reply (width, height, stride, format) as JSON."""
import json
import os
import sys

import dbus

screenshots = dbus.Interface(dbus.SessionBus().get_object("org.kde.KWin", "/org/kde/KWin/ScreenShot2"),
                             "org.kde.KWin.ScreenShot2")
read_end, write_end = os.pipe()
reply = screenshots.CaptureWorkspace({"native-resolution": True}, dbus.types.UnixFd(write_end))
os.close(write_end)
with open(sys.argv[1], "wb") as out:
    while True:
        chunk = os.read(read_end, 1 << 20)
        if not chunk:
            break
        out.write(chunk)
print(json.dumps({str(key): str(value) for key, value in reply.items()}))
