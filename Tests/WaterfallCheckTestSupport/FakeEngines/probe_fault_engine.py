#!/usr/bin/env python3
"""A waterfall-engine/1 engine with one real convention and one fault, for `waterfall-check
conventions` (issue 32): fake_layout's section 5 layout of items given by height
(`"features": []`), with column widths floored to whole points (sgr-ksmt, Blueprints).

Usage: probe_fault_engine.py MODE
  crash-empty   with no sections: writes "probe-fault: section -1" to stderr and exits 3, as
                Blueprints asks its delegate for section -1 and traps
  zero-empty    with no sections: answers contentSize [0, 0] (five libraries' convention)
"""
import json
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
from fake_layout import layout  # noqa: E402

mode = sys.argv[1]


def answer(inp):
    if inp["sections"]:
        return layout(inp, floor_widths=True)
    if mode == "crash-empty":
        sys.stderr.write("probe-fault: section -1\n")
        sys.stderr.flush()
        sys.exit(3)
    return {"contentSize": [0, 0], "sections": []}


print(json.dumps({"protocol": "waterfall-engine/1", "engine": "probe-fault-" + mode, "version": "1",
                  "capabilities": [], "features": []}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") != "layout":
        print(json.dumps({"id": req["id"], "error": "unsupported"}), flush=True)
        continue
    print(json.dumps(dict(id=req["id"], **answer(req["input"]))), flush=True)
