#!/usr/bin/env bash
# XXH3-64/128 at 16 KiB, 100 KiB and 1 MiB, as markdown tables: iohash's default build (its
# run-time backend) beside xxhash-rust built with `-C target-cpu=native`, and iohash's AVX2
# backend (forced, on a CPU that has more) beside twox-hash, whose fastest path is AVX2; then
# short XXH3 inputs and every CRC beside their peers, all in one default build. Builds
# benches/native/ four ways and runs the builds in turn, three times; within a run the hashes
# of a size take turns round by round, and each figure is the best of all runs (these
# machines are shared and noisy). About 3 minutes.
set -euo pipefail
cd "$(dirname "$0")/native"
# A user's default release profile, not the workspace's (which has fat LTO for the command).
build() { # target-dir feature [RUSTFLAGS]
  RUSTFLAGS="${3:-}" CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_PANIC=unwind \
    cargo build --quiet --release --target-dir "target/$1" --features "$2"
}
build default iohash
build native xxhash-rust "-C target-cpu=native"
build avx2 iohash '--cfg iohash_force_backend="avx2"'
build peers peers
out=$(mktemp)
for _ in 1 2 3; do
  target/default/release/iohash-native-peer | sed 's/^/default /'
  target/native/release/iohash-native-peer | sed 's/^/native /'
  target/avx2/release/iohash-native-peer | sed 's/^/avx2 /'
  target/peers/release/iohash-native-peer short | sed 's/^/peers /'
  target/peers/release/iohash-native-peer crc | sed 's/^/peers /'
done > "$out"
python3 - "$out" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" <<'PY'
import sys
best = {}
for line in open(sys.argv[1]):
    build, name, size, ns, _ = line.split()
    key = (build, name, int(size))
    best[key] = min(best.get(key, float("inf")), float(ns))
sizes = sorted({k[2] for k in best if k[0] != "peers"})
label = lambda s: f"{s >> 20}MiB" if s >= 1 << 20 else f"{s >> 10}KiB" if s >= 1 << 10 else f"{s}B"
gbs = lambda s, ns: f"{s / ns:.1f} GB/s"
print(f"CPU: {sys.argv[2]}. GB/s (best of 3 runs of 60 rounds); ratio = iohash's throughput / the peer's.\n")
print("| hash | size | iohash (default build) | xxhash-rust (`-C target-cpu=native`) | ratio |")
print("|---|---|---|---|---|")
for h in ["XXH3-64", "XXH3-64-seeded", "XXH3-128", "XXH3-128-seeded"]:
    for s in sizes:
        a, b = best[("default", f"iohash/{h}", s)], best[("native", f"xxhash-rust-native/{h}", s)]
        print(f"| {h} | {label(s)} | {gbs(s, a)} | {gbs(s, b)} | {b / a:.2f} |")
print("\n| size | iohash streaming, 64 KiB appends | iohash one-shot | ratio |")
print("|---|---|---|---|")
for build in ["default", "avx2"]:
    for s in sizes:
        a, b = best[(build, "iohash/XXH3-64-streaming-64KiB", s)], best[(build, "iohash/XXH3-64", s)]
        print(f"| {label(s)} ({'run-time backend' if build == 'default' else 'AVX2 backend'}) | {gbs(s, a)} | {gbs(s, b)} | {b / a:.2f} |")
print("\n| hash | size | iohash, AVX2 backend | twox-hash (AVX2) | ratio |")
print("|---|---|---|---|---|")
for h in ["XXH3-64", "XXH3-64-seeded", "XXH3-128"]:
    for s in sizes:
        a, b = best[("avx2", f"iohash/{h}", s)], best[("avx2", f"twox-hash/{h}", s)]
        print(f"| {h} | {label(s)} | {gbs(s, a)} | {gbs(s, b)} | {b / a:.2f} |")
peers = {(k[1], k[2]): v for k, v in best.items() if k[0] == "peers"}
def versus(names, size):
    """`| ns | ... | ratio |` cells: each name's time, then iohash's over the faster peer's."""
    ns = [peers.get((n, size)) for n in names]
    fastest = min(t for t in ns[1:] if t is not None)
    cells = [f"{t:.2f} ns" if t is not None else "" for t in ns]
    return " | ".join(cells + [f"{ns[0] / fastest:.2f}"])
print("\nShort inputs and CRCs, one default build holding every side, timed in turns (best of 3")
print("runs of 60 rounds); ratio = iohash's time / the faster peer's, below 1 when iohash is faster.\n")
print("| size | XXH3-64: iohash | xxhash-rust | twox-hash | ratio | XXH3-128: iohash | xxhash-rust | twox-hash | ratio |")
print("|---|---|---|---|---|---|---|---|---|")
for s in sorted({k[1] for k in peers if k[0].endswith("/XXH3-64")}):
    row = [versus([f"{p}/XXH3-{w}" for p in ["iohash", "xxhash-rust", "twox-hash"]], s) for w in ["64", "128"]]
    print(f"| {label(s)} | {row[0]} | {row[1]} |")
print("\n| CRC | size | iohash | crc32fast | crc32c | crc-fast | ratio |")
print("|---|---|---|---|---|---|---|")
for c in ["CRC-32", "CRC-32C", "CRC-64-ECMA-182", "CRC-64-NVME", "CRC-64-XZ"]:
    for s in sorted({k[1] for k in peers if k[0] == f"iohash/{c}"}):
        print(f"| {c} | {label(s)} | {versus([f'{p}/{c}' for p in ['iohash', 'crc32fast', 'crc32c', 'crc-fast']], s)} |")
print("\nThe long CRCs again, the input from 0, 1, 16 or 32 bytes past a 64-byte boundary (the")
print("*start*), in turns; ratio = iohash's time / the faster peer's.\n")
print("| CRC | size | start | iohash | crc32fast | crc32c | crc-fast | ratio |")
print("|---|---|---|---|---|---|---|---|")
for c in ["CRC-32", "CRC-32C", "CRC-64-ECMA-182", "CRC-64-NVME", "CRC-64-XZ"]:
    for s in sorted({k[1] for k in peers if k[0] == f"iohash/{c}@0"}):
        for o in [0, 1, 16, 32]:
            print(f"| {c} | {label(s)} | {o} | {versus([f'{p}/{c}@{o}' for p in ['iohash', 'crc32fast', 'crc32c', 'crc-fast']], s)} |")
print("\nCRCs of other catalogue sets on iohash's generic engine (a `static` `CrcEngine`) beside the")
print("`crc` crate's slice-by-16 tables, in turns; ratio = iohash's time / crc's; the last column is")
print("iohash's time over its built-in set of the next width up (CRC-32, CRC-64/NVME) at that size.\n")
print("| CRC | size | iohash | crc | ratio | / built-in |")
print("|---|---|---|---|---|---|")
for c, built_in in [("CRC-16-ARC", "CRC-32"), ("CRC-24-OPENPGP", "CRC-32"), ("CRC-64-GO-ISO", "CRC-64-NVME")]:
    for s in sorted({k[1] for k in peers if k[0] == f"iohash/{c}"}):
        own = peers[(f"iohash/{c}", s)]
        print(f"| {c} | {label(s)} | {versus([f'iohash/{c}', f'crc/{c}'], s)} | {own / peers[(f'iohash/{built_in}', s)]:.2f} |")
PY
rm -f "$out"
