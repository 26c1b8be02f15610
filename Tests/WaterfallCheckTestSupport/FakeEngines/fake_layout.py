"""The layout function of the fake engines (fake_engine.py, pipeline_engine.py): FIXTURE-FORMAT
section 5 for one or more sections of items given by height (no spans, no headers or footers),
shortestFirst with tie tolerance 0.

  rightmost_ties  send a tie to the rightmost column instead of the leftmost (a planted bug)
  nudge           put every item this many pt low (a planted drift)
  floor_widths    floor the column width to whole points (a real convention: sgr-ksmt, Blueprints)
"""
import math


def layout(inp, rightmost_ties=False, nudge=0.0, floor_widths=False):
    s = inp["layout"]
    width = s["containerWidth"]
    n = s["columnCount"]
    spacing = s.get("columnSpacing", 0)
    row = s.get("rowSpacing", 0)
    ins = s.get("sectionInset", {})
    left, right = ins.get("left", 0), ins.get("right", 0)
    top_inset, bottom = ins.get("top", 0), ins.get("bottom", 0)
    top = 0.0
    sections = []
    for section in inp["sections"]:
        w = (width - left - right - (n - 1) * spacing) / n
        if floor_widths:
            w = math.floor(w)
        heights = [top + top_inset] * n
        frames = []
        for item in section["items"]:
            h = item["height"]
            low = min(heights)
            tied = [c for c in range(n) if heights[c] - low <= 0]
            c = tied[-1] if rightmost_ties else tied[0]
            frames.append([left + c * (w + spacing), heights[c] + nudge, w, h])
            heights[c] = heights[c] + h + row
        bottom_y = max([f[1] + f[3] for f in frames], default=top + top_inset)
        top = bottom_y + bottom
        sections.append({"items": frames})
    return {"contentSize": [width, max(top, s.get("minimumContentHeight", 0))], "sections": sections}
