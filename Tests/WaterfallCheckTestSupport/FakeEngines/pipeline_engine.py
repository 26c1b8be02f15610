#!/usr/bin/env python3
"""A waterfall-engine/1 engine declaring a pipeline window, for the pipelining tests.

Usage: pipeline_engine.py MODE. The hello declares "pipeline": 8, no capability, no feature
(one section of items given by height). Requests are read in order and answered in order,
correctly (FIXTURE-FORMAT section 5), except a layout whose first item is 666 pt tall:

  crash     exits with status 3 (after answering everything before it)
  hang      never answers it (nor anything after it)
  garbage   answers "this is not json", then goes on answering correctly
  ok        answers it correctly too
"""
import json
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
from fake_layout import layout  # noqa: E402  (the section 5 layout both fakes answer with)

mode = sys.argv[1]


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


# A Python engine declares its window in the hello; nothing else changes: it reads one request
# line at a time and answers each in turn, in order.
send({"protocol": "waterfall-engine/1", "engine": "fake-pipeline", "version": "1.0",
      "capabilities": [], "features": [], "pipeline": 8})

for line in sys.stdin:
    req = json.loads(line)
    rid = req["id"]
    items = req["input"]["sections"][0]["items"] if req["input"]["sections"] else []
    if items and items[0]["height"] == 666 and mode != "ok":
        if mode == "crash":
            sys.stderr.write("fake: boom\n")
            sys.exit(3)
        if mode == "hang":
            sys.stdin.read()
            sys.exit(0)
        if mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
    send(dict({"id": rid}, **layout(req["input"])))
