#!/usr/bin/env python3
"""A settings portal for the theme tests: org.freedesktop.portal.Desktop on
the session bus given by DBUS_SESSION_BUS_ADDRESS, with the Settings
interface's org.freedesktop.appearance color-scheme.

  test-portal.py SCHEME [--version 1|2] [--accent R,G,B] [--switch-to SCHEME]
                 [--switch-accent R,G,B] [--when-file PATH] [--nonsense] [--start-delay MS] [--mute]
                 [--enable-animations true|false] [--kde-animation-factor X] [--kde-factor-as-text]

SCHEME is the portal's number (0 no preference, 1 dark, 2 light). Version 2
answers ReadOne and Read; version 1 only Read (ReadOne is then an unknown
method, as with portals before 1.17). With --switch-to, once PATH exists
(say the scripted compositor's first screenshot) the setting changes and
SettingChanged is emitted. --accent gives accent-color (three numbers 0-1;
without it the setting is unknown, as before GNOME 47); --switch-accent
changes it once PATH exists. --enable-animations answers GNOME's
org.gnome.desktop.interface enable-animations (a boolean) and
--kde-animation-factor KDE's org.kde.kdeglobals.KDE AnimationDurationFactor
(a double, or with --kde-factor-as-text the text kdeglobals holds); without
them those settings are not found, as on other desktops. --nonsense answers a string where the number
belongs, as a broken portal might. --start-delay waits before taking the
name, as a real portal started by the bus (D-Bus activation) takes a while;
--mute never answers Read or ReadOne, as a hung portal. Prints "ready" on
stdout once the name is owned.
A test double for xdg-desktop-portal, which needs a desktop backend.
"""
import argparse
import os
import signal
import sys
import time

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
SETTINGS = "org.freedesktop.portal.Settings"
APPEARANCE = "org.freedesktop.appearance"


class Settings(dbus.service.Object):
    def __init__(self, bus, scheme, nonsense=False, mute=False, accent=None, animations=None, kde_factor=None,
                 kde_text=False):
        super().__init__(bus, PATH)
        self.scheme = scheme
        self.accent = accent
        self.nonsense = nonsense
        self.mute = mute
        self.animations = animations
        self.kde_factor = kde_factor
        self.kde_text = kde_text

    def value(self, namespace, key, variants):
        if namespace == APPEARANCE and key == "color-scheme":
            if self.nonsense:
                return dbus.String("dark", variant_level=variants)
            return dbus.UInt32(self.scheme, variant_level=variants)
        if namespace == APPEARANCE and key == "accent-color" and self.accent is not None:
            return accent_value(self.accent, variants)
        if namespace == "org.gnome.desktop.interface" and key == "enable-animations" and self.animations is not None:
            return dbus.Boolean(self.animations, variant_level=variants)
        if namespace == "org.kde.kdeglobals.KDE" and key == "AnimationDurationFactor" and self.kde_factor is not None:
            if self.kde_text:
                return dbus.String(str(self.kde_factor), variant_level=variants)
            return dbus.Double(self.kde_factor, variant_level=variants)
        raise dbus.exceptions.DBusException("no such setting", name="org.freedesktop.portal.Error.NotFound")

    @dbus.service.method(SETTINGS, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def Read(self, namespace, key, reply, error):
        # Read wraps the value in one more variant than ReadOne (a portal quirk clients must undo).
        self.answer(lambda: self.value(namespace, key, 2), reply, error)

    def answer(self, value, reply, error):
        if self.mute:
            return  # never replies: the caller waits for its timeout
        try:
            reply(value())
        except dbus.exceptions.DBusException as failure:
            error(failure)

    @dbus.service.signal(SETTINGS, signature="ssv")
    def SettingChanged(self, namespace, key, value):
        pass


def accent_value(accent, variants):
    return dbus.Struct([dbus.Double(c) for c in accent], signature="ddd", variant_level=variants)


def numbers(text):
    return [float(part) for part in text.split(",")]


class SettingsV2(Settings):
    @dbus.service.method(SETTINGS, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def ReadOne(self, namespace, key, reply, error):
        self.answer(lambda: self.value(namespace, key, 1), reply, error)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("scheme", type=int)
    parser.add_argument("--version", type=int, default=2, choices=[1, 2])
    parser.add_argument("--switch-to", type=int)
    parser.add_argument("--accent", type=numbers)
    parser.add_argument("--switch-accent", type=numbers)
    parser.add_argument("--when-file")
    parser.add_argument("--nonsense", action="store_true")
    parser.add_argument("--start-delay", type=int, default=0)
    parser.add_argument("--mute", action="store_true")
    parser.add_argument("--enable-animations", choices=["true", "false"])
    parser.add_argument("--kde-animation-factor", type=float)
    parser.add_argument("--kde-factor-as-text", action="store_true")
    args = parser.parse_args()
    # The test runner may leave SIGTERM ignored or blocked, and both are inherited: end on it.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])

    DBusGMainLoop(set_as_default=True)
    if args.start_delay:
        time.sleep(args.start_delay / 1000)
    # Started by the bus (activation), the address is in DBUS_STARTER_ADDRESS.
    address = os.environ.get("DBUS_STARTER_ADDRESS")
    bus = dbus.bus.BusConnection(address) if address else dbus.SessionBus()
    bus.set_exit_on_disconnect(True)  # the test's bus going away ends the portal it started
    animations = None if args.enable_animations is None else args.enable_animations == "true"
    settings = (SettingsV2 if args.version == 2 else Settings)(bus, args.scheme, args.nonsense, args.mute, args.accent,
                                                               animations, args.kde_animation_factor, args.kde_factor_as_text)
    _name = dbus.service.BusName(NAME, bus)
    print("ready", flush=True)

    loop = GLib.MainLoop()
    if (args.switch_to is not None or args.switch_accent is not None) and args.when_file:
        def check():
            if not os.path.exists(args.when_file):
                return True
            if args.switch_to is not None:
                settings.scheme = args.switch_to
                settings.SettingChanged(APPEARANCE, "color-scheme", dbus.UInt32(args.switch_to, variant_level=1))
            if args.switch_accent is not None:
                settings.accent = args.switch_accent
                settings.SettingChanged(APPEARANCE, "accent-color", accent_value(args.switch_accent, 1))
            print("switched", flush=True)
            return False
        GLib.timeout_add(20, check)
    loop.run()


if __name__ == "__main__":
    sys.exit(main())
