#!/usr/bin/env python3
"""A waterfall-engine/1 engine with the `lifecycle` capability (FIXTURE-FORMAT section 9): layout
objects kept by session id, driven by steps. Heights only, one section. argv[1] plants a bug:
  ok        none
  stale     prepare() keeps its cache once filled (`guard cache.isEmpty`): new data never shows
  lookup    the item lookup answers 1 pt lower than the element list (lookup-consistency)
  reprepare prepare() appends a second copy, and shouldInvalidate is false for a new width
"""
import json
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"


def layout(inp):
    s = inp["layout"]
    width, n = s["containerWidth"], s["columnCount"]
    spacing, row = s.get("columnSpacing", 0), s.get("rowSpacing", 0)
    ins = s.get("sectionInset", {})
    left, right, top_inset, bottom = ins.get("left", 0), ins.get("right", 0), ins.get("top", 0), ins.get("bottom", 0)
    top, elements = 0.0, []
    for si, section in enumerate(inp["sections"]):
        w = (width - left - right - (n - 1) * spacing) / n
        heights, frames = [top + top_inset] * n, []
        for ii, item in enumerate(section["items"]):
            low = min(heights)
            c = [k for k in range(n) if heights[k] == low][0]
            f = [left + c * (w + spacing), heights[c], w, item["height"]]
            frames.append(f)
            elements.append([["item", si, ii], f])
            heights[c] += item["height"] + row
        top = max([f[1] + f[3] for f in frames], default=top + top_inset) + bottom
    return [width, top], elements


class Session:
    def __init__(self, inp, bounds):
        self.input = inp
        self.bounds = bounds or [0, 0, inp["layout"]["containerWidth"], 812]
        self.cache = None
        self.size = [0, 0]
        self.prepare()

    def prepare(self):
        if MODE == "stale" and self.cache is not None:
            return
        size, elements = layout(self.input)
        if MODE == "reprepare" and self.cache is not None:
            self.cache = self.cache + elements
        else:
            self.cache = elements
        self.size = size

    def should_invalidate(self, b):
        return MODE != "reprepare" and b[2] != self.bounds[2]

    def step(self, step, inp):
        self.input = inp
        if step["action"] == "setBounds":
            b = step["bounds"]
            invalidated = self.should_invalidate(b)
            self.bounds = b
            if invalidated:
                self.prepare()
            return invalidated and b[2] == self.bounds[2]
        self.prepare()
        return False

    def lookup(self, element):
        for e, f in self.cache:
            if e == element:
                return [f[0], f[1] + 1, f[2], f[3]] if MODE == "lookup" else f
        return None

    def elements_in(self, r):
        return [e for e, f in self.cache
                if f[0] < r[0] + r[2] and r[0] < f[0] + f[2] and f[1] < r[1] + r[3] and r[1] < f[1] + f[3]]


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


send({"protocol": "waterfall-engine/1", "engine": "lifecycle-" + MODE, "version": "1",
      "capabilities": ["lifecycle"], "features": []})
sessions = {}
for line in sys.stdin:
    req = json.loads(line)
    op, rid = req.get("op"), req["id"]
    if op == "layout":
        size, elements = layout(req["input"])
        send({"id": rid, "contentSize": size, "sections": [{"items": [f for _, f in elements]}] if elements or req["input"]["sections"] else []})
    elif op == "open":
        sessions[req["session"]] = Session(req["input"], req.get("bounds"))
        send({"id": rid, "ok": True})
    elif op == "step":
        s = sessions[req["session"]]
        send({"id": rid, "invalidated": s.step(req["step"], req["input"])})
    elif op == "state":
        s = sessions[req["session"]]
        send({"id": rid, "contentSize": s.size, "elements": s.cache})
    elif op == "lookup":
        send({"id": rid, "frame": sessions[req["session"]].lookup(req["element"])})
    elif op == "elementsIn":
        send({"id": rid, "elements": sessions[req["session"]].elements_in(req["rect"])})
    elif op == "shouldInvalidate":
        send({"id": rid, "answer": sessions[req["session"]].should_invalidate(req["bounds"])})
    elif op == "close":
        sessions.pop(req["session"], None)
        send({"id": rid, "ok": True})
    else:
        send({"id": rid, "error": "badRequest", "message": "unknown op"})
