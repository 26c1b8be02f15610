#!/usr/bin/env python3
"""A tiny waterfall-engine/1 engine that misbehaves on purpose, for the ExternalEngine tests.

Usage: fake_engine.py MODE [ARG]. Every mode but `nohello` and `badhello` first writes a hello
line. Layout answers come from `layout()`: FIXTURE-FORMAT section 5 for one section of
items given by height (no spans), which is all the hello declares (`"features": []`).

Modes:
  ok          answers every request correctly
  ties        like ok, but a tie goes to the rightmost column (differs from the reference on ties)
  nudge       like ok, but every item is 1e-6 pt low (fails only with a tolerance below that)
  overlap     like ok, but the last item of a section of 2 or more sits on the first one's frame
  crash       on a request: writes "fake: boom" to stderr and exits with status 3
  crash-odd   crashes on odd request ids, answers even ones (tests the restart)
  segv        on a request: kills itself with SIGSEGV
  hang        on a request: never answers
  garbage     answers "this is not json"
  truncated   writes half a reply, no newline, and exits
  wrongid     answers with id + 1
  wrongshape  answers {"id": N, "contentSize": [1]}
  unsupported answers {"id": N, "error": "unsupported"}
  nohello     never writes a hello (waits for input forever)
  badhello    writes a hello of protocol waterfall-engine/0
  grandchild  on a request: starts `sleep 300` holding stdout/stderr, writes its pid to ARG, exits 1
  flood       writes 4 MB to stderr before each answer, then answers correctly
  flood-crash writes 4 MB to stderr ending in "fake: last words", then exits 2
  endless     on a request: writes a reply line that never ends (no newline), until the pipe breaks
"""
import json
import os
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
from fake_layout import layout  # noqa: E402  (the section 5 layout both fakes answer with)

mode = sys.argv[1]
arg = sys.argv[2] if len(sys.argv) > 2 else None


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


if mode == "badhello":
    send({"protocol": "waterfall-engine/0", "engine": "fake", "version": "0", "capabilities": []})
elif mode != "nohello":
    send({"protocol": "waterfall-engine/1", "engine": "fake-" + mode, "version": "1.0",
          "capabilities": [], "features": []})

for line in sys.stdin:
    req = json.loads(line)
    rid = req["id"]
    if mode in ("crash", "crash-odd") and (mode == "crash" or rid % 2 == 1):
        sys.stderr.write("fake: boom\n")
        sys.stderr.flush()
        sys.exit(3)
    if mode == "endless":
        sys.stdout.write('{"id":%d,"pad":"' % rid)
        try:
            while True:
                sys.stdout.write("x" * 65536)
        except BrokenPipeError:
            sys.exit(0)
    if mode == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
    if mode == "hang" or mode == "nohello":
        time.sleep(3600)
    if mode == "garbage":
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
        continue
    if mode == "truncated":
        sys.stdout.write('{"id":%d,"contentSize":[1' % rid)
        sys.stdout.flush()
        sys.exit(0)
    if mode == "wrongid":
        send({"id": rid + 1, "contentSize": [0, 0], "sections": []})
        continue
    if mode == "wrongshape":
        send({"id": rid, "contentSize": [1]})
        continue
    if mode == "unsupported":
        send({"id": rid, "error": "unsupported"})
        continue
    if mode == "grandchild":
        child = subprocess.Popen(["sleep", "300"])
        with open(arg, "w") as f:
            f.write(str(child.pid))
        sys.exit(1)
    if mode in ("flood", "flood-crash"):
        chunk = "x" * 1023 + "\n"
        for _ in range(4096):
            sys.stderr.write(chunk)
        if mode == "flood-crash":
            sys.stderr.write("fake: last words\n")
            sys.stderr.flush()
            sys.exit(2)
        sys.stderr.flush()
    if req["op"] != "layout":
        send({"id": rid, "error": "unsupported"})
        continue
    answer = layout(req["input"], rightmost_ties=(mode == "ties"), nudge=(1e-6 if mode == "nudge" else 0.0))
    if mode == "overlap":
        for section in answer["sections"]:
            if len(section["items"]) > 1:
                section["items"][-1] = list(section["items"][0])
    send(dict(id=rid, **answer))
