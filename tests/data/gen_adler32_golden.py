#!/usr/bin/env python3
"""Writes tests/data/adler32_golden.txt: zlib's Adler-32 (Python's `zlib.adler32`, the C
library itself) of test inputs, which tests/adler32.rs compares iohash's with.

Each line is `seed len adler32` for `len` bytes of splitmix64 words from `seed` (`Rng::bytes`
in src/testing.rs), or `ff len adler32` for `len` bytes of 0xff, the input that grows the sums
fastest. The lengths sit around the kernels' steps (32, 64 bytes) and zlib's NMAX (5552
bytes, where the sums must be reduced), up to 3 MiB.

    python3 tests/data/gen_adler32_golden.py [PATH]    # tests/adler32.rs runs it live
"""
import pathlib
import sys
import zlib

from splitmix import splitmix_bytes

LENGTHS = [0, 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 200, 1000, 1024, 4096,
           5551, 5552, 5553, 5568, 11104, 11105, 65536, 65537, 1 << 20, (3 << 20) + 5]

lines = ["# seed len adler32 (zlib.adler32; 'ff' rows are bytes of 0xff): gen_adler32_golden.py"]
for i, length in enumerate(LENGTHS):
    data = splitmix_bytes(i + 1, length)
    lines.append(f"{i + 1} {length} {zlib.adler32(data):08x}")
for length in [64, 5552, 5553, 65536, 1 << 20]:
    ones = bytes([0xFF]) * length
    lines.append(f"ff {length} {zlib.adler32(ones):08x}")

out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else \
    pathlib.Path(__file__).with_name("adler32_golden.txt")
out.write_text("\n".join(lines) + "\n")
