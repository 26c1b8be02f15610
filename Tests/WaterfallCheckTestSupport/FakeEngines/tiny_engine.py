#!/usr/bin/env python3
"""A waterfall-engine/1 engine: one column per item by FIXTURE-FORMAT section 5, heights only."""
import json
import sys

RIGHTMOST_TIES = False


def layout(inp):
    s = inp["layout"]
    width, n = s["containerWidth"], s["columnCount"]
    spacing, row = s.get("columnSpacing", 0), s.get("rowSpacing", 0)
    ins = s.get("sectionInset", {})
    left, right, top_inset, bottom = ins.get("left", 0), ins.get("right", 0), ins.get("top", 0), ins.get("bottom", 0)
    top, sections = 0.0, []
    for section in inp["sections"]:
        w = (width - left - right - (n - 1) * spacing) / n
        heights, frames = [top + top_inset] * n, []
        for item in section["items"]:
            low = min(heights)
            tied = [c for c in range(n) if heights[c] == low]
            c = tied[-1] if RIGHTMOST_TIES else tied[0]
            frames.append([left + c * (w + spacing), heights[c], w, item["height"]])
            heights[c] += item["height"] + row
        top = max([f[1] + f[3] for f in frames], default=top + top_inset) + bottom
        sections.append({"items": frames})
    return {"contentSize": [width, max(top, s.get("minimumContentHeight", 0))], "sections": sections}


def send(obj):
    sys.stdout.write(json.dumps(obj, separators=(",", ":")) + "\n")
    sys.stdout.flush()


send({"protocol": "waterfall-engine/1", "engine": "tiny", "version": "1", "capabilities": [], "features": []})
for line in sys.stdin:
    req = json.loads(line)
    if req.get("op") == "layout":
        send({"id": req["id"], **layout(req["input"])})
    else:
        send({"id": req["id"], "error": "unsupported", "message": "no queries"})
