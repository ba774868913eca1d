#!/usr/bin/env bash
# The command against xxhsum (0.8.3 where .ci/xxhsum-0.8.3 put it, else the system's), with
# hyperfine, on files made here in a scratch folder; prints Markdown for this CPU's record
# (benches/report.sh). Needs a release build (target/release/iohash), xxhsum, hyperfine and GNU
# time (apt-get install -y xxhash hyperfine time); says so and stops without.
# IOHASH_BENCH_COLD=1 adds a cold 4 GiB file.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
iohash=$repo/target/release/iohash
# The same command linked statically (no dynamic loader at start-up), as README.md builds it.
RUSTFLAGS="-C target-feature=+crt-static" cargo build --release --quiet \
  --target x86_64-unknown-linux-gnu --target-dir target/static
static=$PWD/target/static/x86_64-unknown-linux-gnu/release/iohash
# xxhsum 0.8.3 where .ci/xxhsum-0.8.3 installed it, else the system's.
xxhsum=$PWD/target/xxhsum-0.8.3/usr/bin/xxhsum
[ -x "$xxhsum" ] || xxhsum=$(command -v xxhsum || echo xxhsum)
for tool in "$xxhsum" hyperfine /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "(not measured: $tool is not installed)"; exit 0; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"

# Median and standard deviation of each command, in ms, from hyperfine's JSON; the ratio is of
# medians, to the last command of the case.
run() {
  local label=$1; shift
  hyperfine -N --style none --export-json "$scratch/h.json" "$@" >/dev/null 2>&1
  python3 - "$label" "$scratch/h.json" "$iohash" "$static" "$xxhsum" "$scratch/" <<'PY'
import json, sys
label, path, iohash, static, xxhsum, scratch = sys.argv[1:7]
results = json.load(open(path))["results"]
# n significant digits, never in exponent form (benches/summary.py reads these cells).
digits = lambda x, n: f"{float(f'{x:.{n}g}'):g}"
base = results[-1]["median"]
for r in results:
    command = (r["command"].replace(iohash, "iohash").replace(static, "iohash-static")
               .replace(xxhsum, "xxhsum").replace(scratch + "floor/target/release/", "")
               .replace(scratch, ""))
    if " many/" in command:
        command = command.split(" many/")[0] + " many/*"
    print(f"| {label} | `{command}` | {digits(r['median'] * 1e3, 3)} ± {digits(r['stddev'] * 1e3, 2)} ms | {r['median'] / base:.2f} |")
PY
}

echo "## The command against xxhsum"
echo
echo "\`benches/cli.sh\`: \`hyperfine -N\` (median ± σ; *vs xxhsum* is the median over the last"
echo "row's of each case), release build (\`iohash-static\`: the same, linked statically), files in"
echo "the page cache. $("$xxhsum" -V 2>&1 | head -1)."
echo
echo "| case | command | time | vs xxhsum |"
echo "|---|---|---|---|"
echo tiny > tiny
# The floor for one tiny file: a Rust program built as the command is (release, fat LTO, one
# codegen unit, abort on panic, dynamic) that reads the file and prints a line.
mkdir -p floor/src
cat > floor/Cargo.toml <<'TOML'
[package]
name = "floor"
version = "0.0.0"
edition = "2021"
[profile.release]
lto = "fat"
codegen-units = 1
panic = "abort"
TOML
cat > floor/src/main.rs <<'RUST'
use std::io::Write;
fn main() {
    let path = std::env::args_os().nth(1).expect("a file");
    let bytes = std::fs::read(&path).expect("readable");
    let mut sum = bytes.iter().fold(0u64, |a, &b| a.wrapping_mul(31).wrapping_add(u64::from(b)));
    // With FLOOR_LIBM set at build time, one `powf`, which links libm as indicatif's does.
    if option_env!("FLOOR_LIBM").is_some() {
        sum ^= 0.1_f64.powf(bytes.len() as f64 / 15.0).to_bits();
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{sum:016x}  {}", std::path::Path::new(&path).display()).expect("written");
}
RUST
cargo build --release --quiet --offline --manifest-path floor/Cargo.toml --target-dir floor/target
FLOOR_LIBM=1 cargo build --release --quiet --offline --manifest-path floor/Cargo.toml \
  --target-dir floor/target-libm
# Each program copied, as `cargo install` puts it: a file just written by the linker started
# up to 8% slower than a copy of it, the command more than the floor
# (benches/results/amd-epyc-zen4-notes.md, "One tiny file").
mkdir bin
cp "$iohash" bin/iohash
cp "$static" bin/iohash-static
cp floor/target/release/floor bin/floor
cp floor/target-libm/release/floor bin/floor-libm
# Taken in turns (benches/turns.py): run one after the other, two builds of the same code
# differed by 15% here.
python3 "$repo/benches/turns.py" "one tiny file (start-up, in turns)" 300 \
  "$scratch/bin/floor tiny" "$scratch/bin/floor-libm tiny" "$scratch/bin/iohash -H3 tiny" \
  "$scratch/bin/iohash-static -H3 tiny" "$xxhsum -H3 tiny" |
  sed -e "s|$scratch/bin/||" -e "s|$xxhsum|xxhsum|"
loop() { printf 'for i in $(seq 1000); do %s -H3 tiny >/dev/null; done' "$1"; }
hyperfine --style none --export-json "$scratch/h.json" --warmup 1 --runs 5 \
  "$(loop "$scratch/bin/iohash")" "$(loop "$scratch/bin/iohash-static")" "$(loop "$xxhsum")" \
  >/dev/null 2>&1
python3 - "$scratch/h.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[-1]["median"]
for r, name in zip(results, ["iohash", "iohash-static", "xxhsum"]):
    print(f"| 1,000 invocations, shell loop | `{name} -H3 tiny` x 1000 | {r['median'] * 1e3:.0f} ± {r['stddev'] * 1e3:.0f} ms | {r['median'] / base:.2f} |")
PY
mkdir many
for i in $(seq 1000); do head -c 1048576 /dev/urandom > "many/$i"; done
run "1,000 files of 1 MiB" --warmup 2 --runs 10 "$iohash -H3 $(echo many/*)" "$xxhsum -H3 $(echo many/*)"
head -c 1073741824 /dev/urandom > big
cat big > /dev/null
run "one 1 GiB file" --warmup 3 --runs 15 "$iohash -H3 big" "$xxhsum -H3 big"
run "one 1 GiB file, XXH64" --warmup 3 --runs 15 "$iohash -H1 big" "$xxhsum -H1 big"
# xxhsum has no CRC-32C: beside its fastest, XXH3.
run "one 1 GiB file, CRC-32C (vs xxhsum's XXH3)" --warmup 3 --runs 15 "$iohash -H crc32c big" "$xxhsum -H3 big"
# xxhsum has no CRC: a CRC-64 of one large file read ahead on every CPU, against one thread.
run "one 1 GiB file, CRC-64 (vs \`-j1\`)" --warmup 3 --runs 15 "$iohash -H crc64 big" "$iohash -H crc64 -j1 big"
# OneDrive's QuickXorHash, beside rclone's (apt-get install -y rclone), where it is installed.
if command -v rclone >/dev/null; then
  run "one 1 GiB file, QuickXorHash (vs rclone)" --warmup 1 --runs 5 "$iohash -H quickxor big" \
    "$(command -v rclone) hashsum quickxor big"
else
  echo "| one 1 GiB file, QuickXorHash | (not measured: rclone is not installed) | | |"
fi
echo
echo "A single large file is read ahead by position on \`-j\` threads (one per CPU) into a ring of"
echo "256 KiB buffers, placed in their pages where the kernel copies fast, while one thread hashes"
echo "them in order, for every algorithm: the copy out of the page cache, which bounds xxhsum, is"
echo "spread over the cores."

# Read cold: only where the page cache can be dropped (root on Linux), and with IOHASH_BENCH_COLD=1,
# as it writes a 4 GiB file. Each run starts from an empty cache.
if [ "${IOHASH_BENCH_COLD:-}" = 1 ] && [ -w /proc/sys/vm/drop_caches ]; then
  rm -rf many
  head -c 4294967296 /dev/urandom > big4
  cold() { sync; echo 3 > /proc/sys/vm/drop_caches; }
  run "one 4 GiB file read cold" --prepare "sh -c 'sync; echo 3 > /proc/sys/vm/drop_caches'" --runs 7 \
    "$iohash -H3 --drop-cache big4" "$iohash -H3 big4" "$xxhsum -H3 big4"
  if command -v fincore >/dev/null; then
    cold; "$iohash" -H3 big4 >/dev/null
    without=$(fincore -nb -o RES big4)
    cold; "$iohash" -H3 --drop-cache big4 >/dev/null
    with=$(fincore -nb -o RES big4)
    echo
    echo "Bytes of the 4 GiB file left in the page cache after hashing it cold (\`fincore\`):"
    echo "$without without \`--drop-cache\`, $with with it."
  fi
fi
echo

echo "## Checking a long list"
echo
python3 -c "
import sys
line = b'$("$xxhsum" -H1 tiny | cut -d' ' -f1)  tiny\n'
open('list', 'wb').write(line * 10_000_000)"
for program in "$iohash" "$xxhsum"; do
  /usr/bin/time -f "%M %e" -o "$scratch/t" "$program" -c -q list >/dev/null 2>&1 || true
  read -r kib secs < "$scratch/t"
  echo "- \`$(basename "$program") -c -q\` on a 10,000,000-line list (one tiny file named on each line): peak RSS $((kib / 1024)) MiB, ${secs} s."
done
echo
