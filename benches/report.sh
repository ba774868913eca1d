#!/usr/bin/env bash
# Regenerates BENCHMARKS.md: runs every criterion bench with short measurement times (about
# 8 minutes on a 2-core machine), then writes one table per group with benches/report.py.
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
for bench in read_size reader_paths throughput async_file; do
  cargo bench --all-features --bench "$bench" -- --warm-up-time "$warm" --measurement-time "$measure" \
    > "$log/$bench.log" 2> "$log/$bench.err"
done
python3 benches/report.py target/criterion "$log" > BENCHMARKS.md
echo "wrote BENCHMARKS.md"
