#!/usr/bin/env python3
"""Writes the reference ascmhl's (the `ascmhl` package, 1.2, from PyPI) history and outcomes
that cli/tests/ascmhl.rs holds iohash's `ascmhl` link to:

- OUT/history/: the `ascmhl` folder the reference leaves on the tree of cli/tests/data/mhl_tree.txt
  after `create -h xxh128` and then `create -h xxh64` (two generations, the second adding
  xxh64 hashes beside the verified xxh128 ones);
- OUT/outcomes.txt: what the reference prints, and its exit code, for `diff -v`, `create -v`
  and `info` once a file is changed, one deleted and one added (the tree's path written as
  {ROOT}, a manifest's date as {DATE}).

    python3 -m venv .venv && .venv/bin/pip install ascmhl==1.2
    .venv/bin/python cli/tests/data/gen_ascmhl_golden.py OUT

Run without OUT it rewrites cli/tests/data/ascmhl/outcomes.txt and cli/tests/data/ascmhl/history
(the history's dates and host name change each time; CI runs it into a temporary folder and the
test compares iohash with that, live, and diffs outcomes.txt).
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from mhl_tree import build_mhl_tree
from splitmix import splitmix_bytes  # mhl_tree put tests/data on the path

here = pathlib.Path(__file__).parent


def change(root):
    """The changes the outcomes are of (cli/tests/ascmhl.rs makes the same)."""
    (root / "A001" / "clip 1.mov").write_bytes(splitmix_bytes(100, 1000))
    (root / "top level.txt").unlink()
    (root / "B002" / "new.bin").write_bytes(splitmix_bytes(101, 300))


ascmhl = pathlib.Path(sys.executable).parent / "ascmhl"
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else here / "ascmhl"
with tempfile.TemporaryDirectory() as tmp:
    root = pathlib.Path(tmp) / "tree"
    build_mhl_tree(root)
    for fmt in ["xxh128", "xxh64"]:
        subprocess.run([str(ascmhl), "create", "-h", fmt, str(root)], check=True, capture_output=True)
    history = out / "history"
    if history.exists():
        shutil.rmtree(history)
    shutil.copytree(root / "ascmhl", history)
    change(root)
    lines = [
        "# Written by cli/tests/data/gen_ascmhl_golden.py with the reference ascmhl; do not edit.",
        "# '== ARGS' then 'exit CODE', then 'out LINE' (stdout) and 'err LINE' (stderr) lines.",
    ]
    for args in [["diff", "-v"], ["create", "-v"], ["info"]]:
        run = subprocess.run([str(ascmhl), *args, str(root)], capture_output=True, text=True)
        lines.append("== " + " ".join(args))
        lines.append(f"exit {run.returncode}")
        for stream, text in [("out", run.stdout), ("err", run.stderr)]:
            for line in text.splitlines():
                line = line.replace(str(root), "{ROOT}")
                line = re.sub(r"_\d{4}-\d\d-\d\d_\d{6}Z\.mhl", "_{DATE}.mhl", line)
                line = re.sub(r"\(\d{4}-\d\d-\d\dT[0-9:+]+\)", "({DATE})", line)
                lines.append(f"{stream} {line}")
    (out / "outcomes.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
