#!/usr/bin/env bash
# Writes this CPU's record, benches/results/NAME.md (`# On LABEL`, the CPU's file name and label
# from benches/cpus.py, and the commit measured), in place of the one an earlier run wrote:
# runs every criterion bench with short measurement times, writes one table per group with
# benches/report.py, then appends XXH3 beside xxhash-rust built for the CPU, short inputs and
# CRCs timed in turns (benches/native.sh), the command against xxhsum (benches/cli.sh), one big
# file read every way (benches/bigfile.sh) and the llvm-mca table of the XXH3 loop
# (benches/mca/run.sh); then benches/summary.py remakes the summaries in BENCHMARKS.md and
# README.md and the pictures from the new tables. About 30 minutes on a 2-core machine.
#
#   benches/report.sh            # all groups
#   benches/report.sh --quick    # shorter still, for a smoke test of the report itself
set -euo pipefail
cd "$(dirname "$0")/.."
warm=0.3 measure=0.8
if [ "${1:-}" = "--quick" ]; then warm=0.05 measure=0.1; fi
log=target/bench-report
rm -rf target/criterion "$log"
mkdir -p "$log"
for bench in read_size reader_paths throughput async_file parallel_crc; do
  cargo bench -p iohash-benches --bench "$bench" -- --warm-up-time "$warm" --measurement-time "$measure" \
    > "$log/$bench.log" 2> "$log/$bench.err"
done
part="$log/part.md"
python3 benches/report.py target/criterion "$log" > "$part"
if [ "${1:-}" != "--quick" ]; then
  cargo build --release --quiet
  {
    echo "## XXH3 beside xxhash-rust built for the CPU, and the AVX2 backend beside twox-hash"
    echo
    echo "By \`benches/native.sh\` (one build cannot hold both sides: xxhash-rust picks its SIMD"
    echo "path at compile time). iohash is its default build; the AVX2 rows force its AVX2 backend"
    echo "on this CPU, beside twox-hash, whose fastest path is AVX2. Then short inputs and the"
    echo "CRCs again, every side in one process taking turns round by round: steadier than the"
    echo "criterion tables above, where each side runs alone for its second."
    echo
    benches/native.sh
    echo
  } >> "$part"
  benches/cli.sh >> "$part"
  benches/bigfile.sh >> "$part"
  if command -v llvm-mca >/dev/null; then
    {
      echo "## The XXH3 stripe loop on AVX-512 CPUs (llvm-mca)"
      echo
      echo "Cycles per 64-byte stripe, by \`benches/mca/run.sh\` on the loops in \`benches/mca/\`"
      echo "(see its README): iohash's default build as its AVX-512F backend compiles it, its three"
      echo "loops so far, beside xxhash-rust built with \`-C target-cpu=native\` on an AVX-512"
      echo "machine. The whole-block loops include their scramble, once per 16 stripes. The model"
      echo "leaves out what made the newest loop fastest when measured (the section on xxhash-rust"
      echo "built for the CPU): the keys' loads, most of them across two cache lines, which the"
      echo "older loops made every stripe."
      echo
      benches/mca/run.sh
      echo
    } >> "$part"
  fi
fi
record="benches/results/$(python3 benches/cpus.py).md"
cp "$part" "$record"
echo "wrote $record"
# The summaries in BENCHMARKS.md and README.md, and the pictures, from this run
# (a --quick run has no tables timed in turns to take them from).
if [ "${1:-}" != "--quick" ]; then
  python3 benches/summary.py extract
  python3 benches/summary.py write
fi
