#!/usr/bin/python3
"""Starts Orca as /usr/bin/orca does, without its refusal to run beside
another Orca of the same user (tests run side by side), with its settings
from argv[1] (speech through nullspeechfactory.py into $ORCA_TRANSCRIPT) and
a line-buffered debug log in argv[2], so a test can wait for
"ORCA: Starting registry". Needs an X display (Orca 43 does): DISPLAY."""
import sys

from orca import debug

debug.debugLevel = debug.LEVEL_ALL
debug.eventDebugLevel = debug.LEVEL_OFF
debug.debugFile = open(sys.argv[2], "w", buffering=1)

import gi  # noqa: E402

gi.require_version("Gdk", "3.0")
from gi.repository import Gdk  # noqa: E402

if Gdk.Display.get_default() is None:
    sys.exit("orca-headless: no X display (set DISPLAY)")

from orca import orca  # noqa: E402

settings = orca.getSettingsManager()
settings.activate(sys.argv[1], {})
sys.path.insert(0, settings.getPrefsDir())  # where nullspeechfactory.py is
sys.exit(orca.main())
