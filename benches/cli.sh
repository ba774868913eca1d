#!/usr/bin/env bash
# The command against xxhsum (Debian's), with hyperfine, on files made here in a scratch folder;
# prints Markdown for BENCHMARKS.md. Needs a release build (target/release/iohash), xxhsum,
# hyperfine and GNU time (apt-get install -y xxhash hyperfine time); says so and stops without.
set -euo pipefail
cd "$(dirname "$0")/.."
iohash=$PWD/target/release/iohash
# The same command linked statically (no dynamic loader at start-up), as README.md builds it.
RUSTFLAGS="-C target-feature=+crt-static" cargo build --release --quiet \
  --target x86_64-unknown-linux-gnu --target-dir target/static
static=$PWD/target/static/x86_64-unknown-linux-gnu/release/iohash
for tool in xxhsum hyperfine /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "(not measured: $tool is not installed)"; exit 0; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"

# Mean and standard deviation of each command, in ms, from hyperfine's JSON.
run() {
  local label=$1; shift
  hyperfine -N --style none --export-json "$scratch/h.json" "$@" >/dev/null 2>&1
  python3 - "$label" "$scratch/h.json" "$iohash" "$static" <<'PY'
import json, sys
label, path, iohash, static = sys.argv[1:5]
results = json.load(open(path))["results"]
base = results[-1]["mean"]
for r in results:
    command = r["command"].replace(iohash, "iohash").replace(static, "iohash-static")
    if " many/" in command:
        command = command.split(" many/")[0] + " many/*"
    print(f"| {label} | `{command}` | {r['mean'] * 1e3:.2f} ± {r['stddev'] * 1e3:.2f} ms | {r['mean'] / base:.2f} |")
PY
}

echo "## The command against xxhsum"
echo
echo "\`benches/cli.sh\`: \`hyperfine -N\` (mean ± σ; *vs xxhsum* is the time over xxhsum's, the last"
echo "row of each case), release build (\`iohash-static\`: the same, linked statically), files in"
echo "the page cache. $(xxhsum -V 2>&1 | head -1)."
echo
echo "| case | command | time | vs xxhsum |"
echo "|---|---|---|---|"
echo tiny > tiny
run "one tiny file (start-up)" --warmup 50 --runs 500 \
  "$iohash -H3 tiny" "$static -H3 tiny" "xxhsum -H3 tiny"
loop() { printf 'for i in $(seq 1000); do %s -H3 tiny >/dev/null; done' "$1"; }
hyperfine --style none --export-json "$scratch/h.json" --warmup 1 --runs 5 \
  "$(loop "$iohash")" "$(loop "$static")" "$(loop xxhsum)" >/dev/null 2>&1
python3 - "$scratch/h.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[-1]["mean"]
for r, name in zip(results, ["iohash", "iohash-static", "xxhsum"]):
    print(f"| 1,000 invocations, shell loop | `{name} -H3 tiny` x 1000 | {r['mean'] * 1e3:.0f} ± {r['stddev'] * 1e3:.0f} ms | {r['mean'] / base:.2f} |")
PY
mkdir many
for i in $(seq 1000); do head -c 1048576 /dev/urandom > "many/$i"; done
run "1,000 files of 1 MiB" --warmup 2 --runs 10 "$iohash -H3 $(echo many/*)" "xxhsum -H3 $(echo many/*)"
head -c 1073741824 /dev/urandom > big
cat big > /dev/null
run "one 1 GiB file" --warmup 3 --runs 20 "$iohash -H3 big" "xxhsum -H3 big"
# xxhsum has no CRC: a CRC-64 of one large file in ranges on every CPU, against one thread.
run "one 1 GiB file, CRC-64 (vs \`-j1\`)" --warmup 3 --runs 20 "$iohash -H crc64 big" "$iohash -H crc64 -j1 big"
echo
echo "How a single large file is hashed, and what else was tried (hyperfine, 1 GiB file in the"
echo "page cache, the same day as this table): 64 KiB reads, as before, spend most of their time"
echo "copying out of the page cache (system time about 160 ms, the time of \`cat\`), as xxhsum does."
echo "A memory map removes the copy but the hash then reads the file from memory on one core: on"
echo "par with xxhsum with \`MAP_POPULATE\` and without it, 0.84x with 1 MiB appends. A second"
echo "thread that touches each 1 MiB chunk up to 8 MiB ahead of the hash, so that two cores pull"
echo "the file from memory, is the row above; asking the kernel to populate each chunk ahead"
echo "(\`MADV_POPULATE_READ\`) on top of that was slower. The map is used for a file hashed alone;"
echo "a truncation under it is reported by the \`SIGBUS\` handler (\`cli/src/mapped.rs\`)."
echo
echo "## Checking a long list"
echo
python3 -c "
import sys
line = b'$(xxhsum -H1 tiny | cut -d' ' -f1)  tiny\n'
open('list', 'wb').write(line * 10_000_000)"
for program in "$iohash" xxhsum; do
  /usr/bin/time -f "%M %e" -o "$scratch/t" "$program" -c -q list >/dev/null 2>&1 || true
  read -r kib secs < "$scratch/t"
  echo "- \`$(basename "$program") -c -q\` on a 10,000,000-line list (one tiny file named on each line): peak RSS $((kib / 1024)) MiB, ${secs} s."
done
echo
