#!/usr/bin/env bash
# Directory trees (benches/results/amd-epyc-zen3-notes.md, "Directory trees: `--tree` beside `-r`,
# and ASC MHL histories beside the reference `ascmhl`"): 1,000 files of 1 MiB in 10 directories and
# 10,000 of 4 KiB in 100, page cache warm, XXH3-128. Times `iohash -r`, `iohash --tree`, a first
# generation by iohash's `ascmhl create -h xxh128` and by the reference's (its `ascmhl` folder
# removed before each run), with `hyperfine -N`.
#
#   python3 -m venv /tmp/venv && /tmp/venv/bin/pip install ascmhl==1.2
#   REFERENCE=/tmp/venv/bin/ascmhl benches/trees.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-10}"
reference="${REFERENCE:-ascmhl}"
cargo build --quiet --release -p iohash-cli
bin="$PWD/target/release/iohash"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ln -s "$bin" "$work/ascmhl"
python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
for name, dirs, files, size in [("large", 10, 100, 1 << 20), ("small", 100, 100, 4096)]:
    for d in range(dirs):
        path = os.path.join(work, name, f"dir{d:03}")
        os.makedirs(path)
        for f in range(files):
            with open(os.path.join(path, f"file{f:04}.bin"), "wb") as out:
                out.write(os.urandom(size))
PY
for tree in large small; do
  t="$work/$tree"
  hyperfine -N -w 3 -r "$rounds" --export-markdown "$work/$tree.md" \
    -n "iohash -r" "$bin -H2 -r $t" \
    -n "iohash --tree" "$bin -H2 --tree $t" \
    --prepare "rm -rf $t/ascmhl" \
    -n "iohash: ascmhl create" "$work/ascmhl create -h xxh128 $t" \
    -n "reference ascmhl create" "$reference create -h xxh128 $t"
  cat "$work/$tree.md"
done
