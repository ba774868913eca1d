#!/usr/bin/env bash
# Regenerates tests/data/xxhash_vectors.txt from the C reference.
# Needs a C compiler and xxhash.h (Debian: apt-get install -y gcc libxxhash-dev).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/gen_vectors" "$here/gen_vectors.c"
"$tmp/gen_vectors" > "$here/xxhash_vectors.txt"
echo "wrote $here/xxhash_vectors.txt ($(wc -l < "$here/xxhash_vectors.txt") lines)"
