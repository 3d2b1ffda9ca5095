"""Writes plan.json, the scenarios the guest plays: all of scenarios.ALL, or those named.
(Reads the names from scenarios.py's text: evdev, which it imports, exists only in the guest.)"""
import json
import os
import re
import sys

source = open(os.path.join(os.path.dirname(__file__), "scenarios.py")).read()
block = source[source.index("ALL = ["):]
every = re.findall(r"\w+", block[block.index("[") + 1:block.index("]")])
wanted = sys.argv[1:] or every
unknown = [n for n in wanted if n not in every]
if unknown:
    sys.exit(f"unknown scenarios: {' '.join(unknown)} (known: {' '.join(every)})")
print(json.dumps({"scenarios": wanted}))
