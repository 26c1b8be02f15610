#!/usr/bin/env python3
"""A waterfall-engine/1 engine that can express only part of its features, as real libraries do:
one spacing for rows and columns, and no section insets (FIXTURE-FORMAT section 5 otherwise,
heights only, shortestFirst, leftmost ties). Every other input is answered "unsupported".

  declare   declare the two constraints in the hello ("constraints", issue 32); without it
            the engine cannot say so, and each refusal is an engine fault
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_layout import layout  # noqa: E402

declare = len(sys.argv) > 1 and sys.argv[1] == "declare"


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def expressible(inp):
    s = inp["layout"]
    if s.get("columnSpacing", 0) != s.get("rowSpacing", 0):
        return "one spacing for rows and columns"
    if any(v != 0 for v in s.get("sectionInset", {}).values()):
        return "no section insets"
    return None


hello = {"protocol": "waterfall-engine/1", "engine": "constrained", "version": "1", "capabilities": [], "features": ["sections"]}
if declare:
    hello["constraints"] = {"oneSpacing": True, "noSectionInsets": True}
send(hello)
for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") != "layout":
        send({"id": req["id"], "error": "unsupported", "message": "no queries"})
        continue
    why = expressible(req["input"])
    if why:
        send({"id": req["id"], "error": "unsupported", "message": why})
        continue
    try:
        send({"id": req["id"], **layout(req["input"])})
    except (ZeroDivisionError, KeyError, TypeError, ValueError) as e:
        send({"id": req["id"], "error": "invalidColumnCount", "message": str(e)})
