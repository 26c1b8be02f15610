#!/usr/bin/env python3
"""A waterfall-engine/1 engine declaring a pipeline window, for the pipelining tests.

Usage: pipeline_engine.py MODE [WINDOW]. The hello declares "pipeline": WINDOW (default 8), no
capability, no feature (one section of items given by height). Requests are read in order and
answered in order, correctly (FIXTURE-FORMAT section 5), except a layout whose first item is
666 pt tall:

  crash     exits with status 3 (after answering everything before it)
  hang      never answers it (nor anything after it)
  garbage   answers "this is not json", then goes on answering correctly
  ok        answers it correctly too
  strict    answers it correctly too, but waits 20 ms before each answer and exits with status
            4 if more than WINDOW requests are then unanswered (section 9: "never more than N")
  hold      reads what has arrived within 50 ms and answers it as a batch; exits with status 3
            (answering nothing of the batch) if the batch holds the 666 layout
  hold3     as hold, but exits with status 3 on any batch of 3 or more requests (a crash that
            takes several requests at once), whatever they are
"""
import json
import os
import select
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
from fake_layout import layout  # noqa: E402  (the section 5 layout both fakes answer with)

mode = sys.argv[1]
window = int(sys.argv[2]) if len(sys.argv) > 2 else 8


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


# A Python engine declares its window in the hello; nothing else changes: it reads one request
# line at a time and answers each in turn, in order.
send({"protocol": "waterfall-engine/1", "engine": "fake-pipeline", "version": "1.0",
      "capabilities": [], "features": [], "pipeline": window})

# Read from fd 0 directly (not sys.stdin's buffer), so that `strict` can count what has arrived.
pending = b""


def read_more(block):
    """Appends what stdin has to `pending`; False at end of file."""
    global pending
    if not block and not select.select([0], [], [], 0)[0]:
        return True
    chunk = os.read(0, 1 << 16)
    pending += chunk
    return bool(chunk)


while True:
    while b"\n" not in pending:
        if not read_more(True):
            sys.exit(0)
    if mode == "strict":
        time.sleep(0.02)
        while read_more(False) and select.select([0], [], [], 0)[0]:
            pass
        unanswered = pending.count(b"\n")
        if unanswered > window:
            sys.stderr.write("fake: %d requests unanswered, window %d\n" % (unanswered, window))
            sys.exit(4)
    if mode in ("hold", "hold3"):
        time.sleep(0.05)
        while read_more(False) and select.select([0], [], [], 0)[0]:
            pass
        *batch, pending = pending.split(b"\n")
        reqs = [json.loads(b) for b in batch]
        if (mode == "hold3" and len(reqs) >= 3) or (mode == "hold" and any(
                r["input"]["sections"] and r["input"]["sections"][0]["items"]
                and r["input"]["sections"][0]["items"][0]["height"] == 666 for r in reqs)):
            sys.stderr.write("fake: boom in a batch of %d\n" % len(reqs))
            sys.exit(3)
        for r in reqs:
            send(dict({"id": r["id"]}, **layout(r["input"])))
        continue
    line, pending = pending.split(b"\n", 1)
    req = json.loads(line)
    rid = req["id"]
    items = req["input"]["sections"][0]["items"] if req["input"]["sections"] else []
    if items and items[0]["height"] == 666 and mode not in ("ok", "strict"):
        if mode == "crash":
            sys.stderr.write("fake: boom\n")
            sys.exit(3)
        if mode == "hang":
            while read_more(True):
                pass
            sys.exit(0)
        if mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
    send(dict({"id": rid}, **layout(req["input"])))
