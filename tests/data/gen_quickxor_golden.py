#!/usr/bin/env python3
"""Writes tests/data/quickxor_golden.txt: rclone's QuickXorHash (`rclone hashsum quickxor`, the
Go code rclone checks OneDrive with) of test files, which tests/quickxor.rs compares iohash's
with.

Each line is `seed len hash` for a file of `len` bytes of splitmix64 words from `seed`
(`Rng::bytes` in src/testing.rs), the hash in rclone's lowercase hexadecimal. The lengths sit
around the 160-byte period and the 20-byte circle, up to 3 MiB.

    python3 tests/data/gen_quickxor_golden.py [PATH]    # needs rclone (Debian: apt install rclone)
"""
import pathlib
import subprocess
import sys
import tempfile

from splitmix import splitmix_bytes

LENGTHS = [0, 1, 2, 8, 11, 19, 20, 21, 159, 160, 161, 319, 320, 321, 1000, 4096, 65536,
           65537, 1 << 20, (3 << 20) + 7]

rows = []
with tempfile.TemporaryDirectory() as tmp:
    for i, length in enumerate(LENGTHS):
        path = pathlib.Path(tmp, f"{i + 1}-{length}")
        path.write_bytes(splitmix_bytes(i + 1, length))
    out = subprocess.run(["rclone", "hashsum", "quickxor", tmp], capture_output=True, text=True,
                         check=True).stdout
    hashes = {name: digest for digest, name in (line.split("  ", 1) for line in out.splitlines())}
for i, length in enumerate(LENGTHS):
    rows.append(f"{i + 1} {length} {hashes[f'{i + 1}-{length}']}")

lines = ["# seed len quickxorhash (rclone hashsum quickxor): gen_quickxor_golden.py", *rows]
out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else \
    pathlib.Path(__file__).with_name("quickxor_golden.txt")
out.write_text("\n".join(lines) + "\n")
