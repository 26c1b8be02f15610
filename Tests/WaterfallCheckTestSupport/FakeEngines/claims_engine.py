#!/usr/bin/env python3
"""The third adversarial review's fake engines (shared/reviews/adversary.md, appendix) in one
proxy: `waterfall-engine reference` behind a waterfall-engine/1 proxy that lies on purpose.

Usage: claims_engine.py ENGINE [KEY=VALUE ...], ENGINE the path of the waterfall-engine executable.
  q=JSON        puts JSON into the hello as lengthQuantum (A1)
  maxlen=JSON   puts JSON into the hello as maxLength (A1)
  shift=PT      adds PT to every item's y and to the content height (A1)
  per=PT        adds PT*k more to the k-th item (A1)
  mode=extrasection  appends {"items": []} to every reply's sections (A10)
  mode=querycrash    exits 139 on any query, after "segfault in query" on stderr (A11)
  mode=crashesc      on a request writes control characters to stderr and exits 7 (A12)
  mode=garbesc       answers a line of control characters (A12)
"""
import json
import os
import subprocess
import sys

opts = dict(a.split("=", 1) for a in sys.argv[2:])
p = subprocess.Popen([sys.argv[1], "reference"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
h = json.loads(p.stdout.readline())
h["engine"] = "q"
h["version"] = "1"
if "q" in opts:
    h["lengthQuantum"] = json.loads(opts["q"])
if "maxlen" in opts:
    h["maxLength"] = json.loads(opts["maxlen"])
h.pop("pipeline", None)
shift = float(opts.get("shift", "0"))
per = float(opts.get("per", "0"))
mode = opts.get("mode", "")
sys.stdout.write(json.dumps(h) + "\n")
sys.stdout.flush()
for line in sys.stdin:
    if mode == "crashesc":
        sys.stderr.write("boom\x1b]0;TITLE\x07\x1b[2J\rFAKE: all 15 fixtures passed\x08\x08\n")
        sys.stderr.flush()
        sys.exit(7)
    if mode == "garbesc":
        sys.stdout.write("garbage\x1b[2J\x1b]0;PWN\x07\rFAKE OK\n")
        sys.stdout.flush()
        continue
    if mode == "querycrash" and '"op":"query"' in line:
        sys.stderr.write("segfault in query\n")
        sys.stderr.flush()
        os._exit(139)
    p.stdin.write(line.encode())
    p.stdin.flush()
    r = json.loads(p.stdout.readline())
    if "sections" in r:
        k = 0
        for s in r["sections"]:
            for f in s["items"]:
                k += 1
                f[1] += shift + per * k
        r["contentSize"][1] += shift + per * k
        if mode == "extrasection":
            r["sections"].append({"items": []})
    sys.stdout.write(json.dumps(r) + "\n")
    sys.stdout.flush()
