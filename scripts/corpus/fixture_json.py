"""Writes fixture dicts for the corpus scripts through `waterfall-check format`.

The canonical form (FIXTURE-FORMAT section 8) has one writer, the harness's own: this module
writes plain JSON beside the target, then lets `waterfall-check format` rewrite it canonically
(atomically) and renames it into place. It only fills in the `layout` defaults, so a dict can be
compared with a file already written; it computes no layout.
"""

import json
import os
import shutil
import subprocess
import tempfile

FORMAT = "waterfall-fixture/1"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

LAYOUT_DEFAULTS = {
    "columnSpacing": 0, "rowSpacing": 0, "sectionInset": {"top": 0, "left": 0, "bottom": 0, "right": 0},
    "placement": "shortestFirst", "tieTolerance": 0, "tieBreak": "leftmost", "pixelScale": None,
    "minimumContentHeight": 0,
}


def normalized(fx):
    """`fx` as the fixture reader sees it: `format` set and every `layout` default filled in."""
    out = {"format": FORMAT, **fx}
    out["layout"] = {**LAYOUT_DEFAULTS, **fx["layout"]}
    return out


def executable():
    """`waterfall-check`: $WATERFALL_CHECK, else the package's release or debug build, else PATH."""
    for candidate in (os.environ.get("WATERFALL_CHECK"),
                      os.path.join(ROOT, ".build/release/waterfall-check"),
                      os.path.join(ROOT, ".build/debug/waterfall-check")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("waterfall-check")
    if not found:
        raise SystemExit("fixture_json: waterfall-check not found; run `swift build` first or set WATERFALL_CHECK")
    return found


def write(path, fx):
    """Writes `fx` canonically to `path`: plain JSON to a temporary file in the same directory,
    `waterfall-check format` on it, then a rename over `path` (the target is never half-written)."""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            json.dump(normalized(fx), f, ensure_ascii=False)
        env = {k: v for k, v in os.environ.items() if k != "CI"}  # writing is the point here
        subprocess.run([executable(), "format", tmp], check=True, env=env, stdout=subprocess.DEVNULL)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
