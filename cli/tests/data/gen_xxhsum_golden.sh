#!/usr/bin/env bash
# Regenerates cli/tests/data/xxhsum/: what the real xxhsum prints (stdout, exit code) for each case
# of cli/tests/cli.rs that compares with it. The cases and their input files live in the tests; this
# runs them with IOHASH_REGENERATE_GOLDEN=1, which writes xxhsum's live output to the files.
# Needs xxhsum 0.8.3 first on PATH: .ci/xxhsum-0.8.3 installs it under target/xxhsum-0.8.3/usr/bin
# (Debian bookworm's own package is 0.8.1, whose -H3 lines differ).
set -euo pipefail
cd "$(dirname "$0")/../.."
xxhsum -V 2>&1 | grep -q '^xxhsum 0\.8\.3 ' || {
  echo "xxhsum 0.8.3 is not first on PATH (.ci/xxhsum-0.8.3 installs it)" >&2
  exit 1
}
rm -rf tests/data/xxhsum
IOHASH_REGENERATE_GOLDEN=1 IOHASH_REQUIRE_XXHSUM=1 cargo test --quiet --all-features --test cli -- --test-threads=1 >/dev/null
echo "wrote tests/data/xxhsum/ ($(ls tests/data/xxhsum | wc -l) files) with $(xxhsum -V 2>&1 | head -1)"
