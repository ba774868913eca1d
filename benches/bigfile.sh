#!/usr/bin/env bash
# One large file in the page cache, every way of reading it side by side: whether the command's
# design for one big file still holds on this CPU. Prints Markdown for this CPU's record
# (benches/report.sh).
#
#   benches/bigfile.sh [MiB]      # default 1024
#
# First the kernel's copy alone, into a buffer at several distances past a page boundary (the
# library's read buffers sit at 256: src/io/os.rs); then, in one hyperfine run, the
# command as it reads one big file (the read-ahead ring), the same on one thread
# (`-j1`, the floor it must never go above), xxhsum, two `dd` reading a half each (the copy on
# two cores) and `cat` (the copy on one). Needs cc, hyperfine and xxhsum
# (apt-get install -y gcc hyperfine xxhash).
set -euo pipefail
cd "$(dirname "$0")/.."
mib=${1:-1024}
for tool in cc hyperfine xxhsum; do
  command -v "$tool" >/dev/null || { echo "(not measured: $tool is not installed)"; exit 0; }
done
cargo build --release --quiet -p iohash-cli
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cc -O2 -o "$scratch/page-offset" benches/bigfile/page-offset.c
big=$scratch/big
head -c "$((mib << 20))" /dev/urandom > "$big"
cat "$big" > /dev/null
iohash=$PWD/target/release/iohash
half=$((mib / 2))

echo "## One big file: the copy and the ways to read it"
echo
echo "\`benches/bigfile.sh\` on $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "(family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | xargs),"
echo "model $(grep -m1 '^model\s' /proc/cpuinfo | cut -d: -f2 | xargs)), $(nproc) CPUs, a $mib MiB file in the page cache."
echo
echo "The kernel's copy alone: \`pread\` of the whole file into one buffer that starts so many"
echo "bytes past a page boundary (best of 3):"
echo
echo '```'
"$scratch/page-offset" "$big" 1048576 0 16 64 256 0 16 64 256
"$scratch/page-offset" "$big" 65536 0 16 256
echo '```'
echo
echo "The command and the copy, \`hyperfine -N\`, one run (mean ± σ; *ratio* over \`xxhsum -H3\`):"
echo
hyperfine -N --style none --warmup 3 --runs 15 --export-json "$scratch/h.json" \
  "$iohash -H3 $big" "$iohash -H3 -j1 $big" \
  "$iohash -H crc32c $big" "$iohash -H crc32c -j1 $big" \
  "$iohash -H1 $big" "$iohash -H1 -j1 $big" "xxhsum -H1 $big" \
  "bash -c 'dd if=$big of=/dev/null bs=1M count=$half status=none & dd if=$big of=/dev/null bs=1M skip=$half status=none; wait'" \
  "cat $big" "xxhsum -H3 $big" >/dev/null 2>&1
python3 - "$scratch/h.json" "$iohash" "$big" <<'PY'
import json, sys
path, iohash, big = sys.argv[1:4]
results = json.load(open(path))["results"]
base = next(r["mean"] for r in results if r["command"].startswith("xxhsum -H3"))
print("| command | time | user | system | ratio |")
print("|---|---|---|---|---|")
for r in results:
    command = r["command"].replace(iohash, "iohash").replace(big, "big")
    if command.startswith("bash -c"):
        command = "two dd, a half each"
    print(f"| `{command}` | {r['mean'] * 1e3:.1f} ± {r['stddev'] * 1e3:.1f} ms "
          f"| {r['user'] * 1e3:.0f} ms | {r['system'] * 1e3:.0f} ms | {r['mean'] / base:.2f} |")
PY
