"""Canonical fixture writer (FIXTURE-FORMAT section 8), for the corpus scripts.

Writes a fixture dict byte for byte as `waterfall-check format` does: two-space indentation,
keys in the order of the format's tables, `layout` in full with every default filled in,
insets/items/header/footer inputs, frames, `contentSize` and `size` on one line, numbers as
Swift's Double.description prints them (integral values below 1e15 as integers).
This module only formats; it computes no layout.
"""

import json
import math

FORMAT = "waterfall-fixture/1"

LAYOUT_DEFAULTS = [
    ("containerWidth", None),
    ("columnCount", None),
    ("columnSpacing", 0),
    ("rowSpacing", 0),
    ("sectionInset", {"top": 0, "left": 0, "bottom": 0, "right": 0}),
    ("placement", "shortestFirst"),
    ("tieTolerance", 0),
    ("tieBreak", "leftmost"),
    ("pixelScale", None),
    ("minimumContentHeight", 0),
]
TOP_KEYS = ["format", "name", "description", "source", "tolerance", "layout", "sections", "expected", "extensions"]
SECTION_KEYS = ["columnCount", "sectionInset", "header", "items", "footer"]
INSET_KEYS = ["top", "left", "bottom", "right"]


def number(v):
    """A JSON number as Swift's Double.description prints it; integral values < 1e15 as integers."""
    if isinstance(v, bool):
        raise TypeError("bool is not a number")
    if isinstance(v, int):
        if abs(v) >= 10**15:
            return number(float(v))
        return str(v)
    if not math.isfinite(v):
        raise ValueError(f"{v} cannot be written in JSON")
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    # Python's repr and Swift's Double.description agree on the shortest round-trip digits and
    # on where exponents start (1e+16, 1e-05); both print 1e15..1e16 integral values as "1000000000000000.0".
    return repr(float(v))


def string(s):
    return json.dumps(s, ensure_ascii=False)


def inline(v):
    """One-line form: `{ "k": v, ... }`, `[a, b]`."""
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{string(k)}: {inline(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(inline(x) for x in v) + "]"
    if isinstance(v, str):
        return string(v)
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    return number(v)


def insets(i):
    return {k: i.get(k, 0) for k in INSET_KEYS}


def supplementary(s):
    out = {"height": s["height"]}
    if "inset" in s:
        out["inset"] = insets(s["inset"])
    return out


def item(it):
    if ("height" in it) == ("size" in it):
        raise ValueError(f"item needs exactly one of height/size: {it}")
    out = {"height": it["height"]} if "height" in it else {"size": list(it["size"])}
    if it.get("span", 1) != 1:
        out["span"] = it["span"]
    return out


def _block(pairs, indent):
    """A multi-line object from (key, already-rendered value) pairs."""
    pad = " " * (indent + 2)
    body = ",\n".join(f"{pad}{string(k)}: {v}" for k, v in pairs)
    return "{\n" + body + "\n" + " " * indent + "}"


def _list(rendered, indent):
    if not rendered:
        return "[]"
    pad = " " * (indent + 2)
    return "[\n" + ",\n".join(pad + r for r in rendered) + "\n" + " " * indent + "]"


def _generic(v, indent):
    """Any other JSON value (extensions): objects multi-line, arrays of numbers on one line."""
    if isinstance(v, dict):
        if not v:
            return "{}"
        return _block([(k, _generic(x, indent + 2)) for k, x in v.items()], indent)
    if isinstance(v, list):
        if all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v):
            return inline(v)
        return _list([_generic(x, indent + 2) for x in v], indent)
    return inline(v)


def render(fx):
    """The canonical text of fixture dict `fx` (keys: name, description, source, tolerance,
    layout, sections, expected, extensions)."""
    unknown = set(fx) - set(TOP_KEYS)
    if unknown:
        raise ValueError(f"unknown top-level keys {unknown}")
    pairs = [("format", string(FORMAT)), ("name", string(fx["name"]))]
    for k in ("description", "source"):
        if k in fx:
            pairs.append((k, string(fx[k])))
    if "tolerance" in fx:
        pairs.append(("tolerance", number(fx["tolerance"])))
    lay = fx["layout"]
    unknown = set(lay) - {k for k, _ in LAYOUT_DEFAULTS}
    if unknown:
        raise ValueError(f"unknown layout keys {unknown}")
    lpairs = []
    for k, d in LAYOUT_DEFAULTS:
        if d is None and k != "pixelScale" and k not in lay:
            raise ValueError(f"layout.{k} is required")
        v = lay.get(k, d)
        lpairs.append((k, inline(insets(v)) if k == "sectionInset" else inline(v)))
    pairs.append(("layout", _block(lpairs, 2)))
    secs = []
    for s in fx["sections"]:
        unknown = set(s) - set(SECTION_KEYS)
        if unknown:
            raise ValueError(f"unknown section keys {unknown}")
        sp = []
        if "columnCount" in s:
            sp.append(("columnCount", inline(s["columnCount"])))
        if "sectionInset" in s:
            sp.append(("sectionInset", inline(insets(s["sectionInset"]))))
        if "header" in s:
            sp.append(("header", inline(supplementary(s["header"]))))
        sp.append(("items", _list([inline(item(i)) for i in s["items"]], 6)))
        if "footer" in s:
            sp.append(("footer", inline(supplementary(s["footer"]))))
        secs.append(_block(sp, 4))
    pairs.append(("sections", _list(secs, 2)))
    if "expected" in fx:
        e = fx["expected"]
        if "error" in e:
            pairs.append(("expected", _block([("error", string(e["error"]))], 2)))
        else:
            esecs = []
            for s in e["sections"]:
                sp = []
                if "header" in s:
                    sp.append(("header", inline(s["header"])))
                sp.append(("items", _list([inline(f) for f in s["items"]], 8)))
                if "footer" in s:
                    sp.append(("footer", inline(s["footer"])))
                esecs.append(_block(sp, 6))
            pairs.append(("expected", _block([("contentSize", inline(e["contentSize"])),
                                              ("sections", _list(esecs, 4))], 2)))
    if "extensions" in fx:
        pairs.append(("extensions", _generic(fx["extensions"], 2)))
    return _block(pairs, 0) + "\n"


def write(path, fx):
    """Writes `fx` canonically to `path` atomically (temp file + rename)."""
    import os
    import tempfile
    text = render(fx)
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
