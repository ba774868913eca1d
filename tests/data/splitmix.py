"""splitmix64 bytes, as `Rng::bytes` in src/testing.rs makes them: the test files the golden
scripts and the Rust tests build alike (cli/tests/data/mhl_tree.py builds the ASC MHL test tree
of them)."""
import struct

MASK = (1 << 64) - 1


def splitmix_bytes(seed, length):
    """`length` bytes of splitmix64 words from `seed`, little-endian."""
    out = bytearray()
    state = seed
    while len(out) < length:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out += struct.pack("<Q", z ^ (z >> 31))
    return bytes(out[:length])
