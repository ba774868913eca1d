#!/usr/bin/env python3
"""Writes cli/tests/data/mhl_golden.txt: the ASC MHL directory hashes the reference
implementation (the `ascmhl` package, 1.2, from PyPI) records for the tree of
cli/tests/data/mhl_tree.txt, with xxh64, xxh3 and xxh128, which cli/tests/mhl.rs compares
iohash's with.

For each format it builds the tree in a new temporary directory, runs the reference's
`ascmhl create -h FORMAT` on it, and reads the `.mhl` file it wrote: every `directoryhash`
entry and the `roothash` (as the path `.`), content and structure.

    python3 -m venv .venv && .venv/bin/pip install ascmhl
    .venv/bin/python cli/tests/data/gen_mhl_golden.py       # CI does this and diffs the file

With a path argument it writes there instead (cli/tests/mhl.rs runs it live that way).
"""
import glob
import pathlib
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from mhl_tree import build_mhl_tree

NS = {"m": "urn:ASC:MHL:v2.0"}
here = pathlib.Path(__file__).parent


ascmhl = pathlib.Path(sys.executable).parent / "ascmhl"
lines = [
    "# Written by cli/tests/data/gen_mhl_golden.py with the reference ascmhl; do not edit.",
    "# format<TAB>directory (. is the root)<TAB>content hash<TAB>structure hash",
]
for fmt in ["xxh64", "xxh3", "xxh128"]:
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp) / "tree"
        build_mhl_tree(root)
        subprocess.run([str(ascmhl), "create", "-h", fmt, str(root)], check=True, capture_output=True)
        [mhl] = glob.glob(str(root / "ascmhl" / "*.mhl"))
        doc = ET.parse(mhl).getroot()
        for entry in doc.findall("m:hashes/m:directoryhash", NS):
            path = entry.find("m:path", NS).text
            content = entry.find(f"m:content/m:{fmt}", NS).text
            structure = entry.find(f"m:structure/m:{fmt}", NS).text
            lines.append(f"{fmt}\t{path}\t{content}\t{structure}")
        rootnode = doc.find("m:processinfo/m:roothash", NS)
        content = rootnode.find(f"m:content/m:{fmt}", NS).text
        structure = rootnode.find(f"m:structure/m:{fmt}", NS).text
        lines.append(f"{fmt}\t.\t{content}\t{structure}")
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else here / "mhl_golden.txt"
out.write_text("\n".join(lines) + "\n", encoding="utf-8")
print(f"{len(lines) - 2} directory hashes to {out}")
