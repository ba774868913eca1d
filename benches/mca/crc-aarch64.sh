#!/usr/bin/env bash
# Cycles per 128 bytes of each CRC loop on AArch64 in this folder (see README.md), per
# llvm-mca's model of each CPU: the cycles of an iteration over the bytes it takes. Needs
# llvm-mca (Debian: apt-get install -y llvm, or llvm-22 for the LLVM of rustc 1.95);
# LLVM_MCA=/usr/lib/llvm-22/bin/llvm-mca picks one.
set -euo pipefail
cd "$(dirname "$0")"
mca=${LLVM_MCA:-llvm-mca}
cpus=(cortex-a76 neoverse-n1 neoverse-v1 apple-m1)
# Each loop and the bytes an iteration of it takes.
loops=(
  crc-pmull-aarch64:128
  crc-pmull-eor3-aarch64:128
  crc-pmull-fusion-aarch64:512
  crc-pmull-fusion-eor3-aarch64:384
  crc-fast-aarch64:128
  crc-fast-crc32c-v12-aarch64:192
  crc-fast-crc32c-v9s3x2-aarch64:192
)
printf '| loop | bytes an iteration |'
for cpu in "${cpus[@]}"; do printf ' %s |' "$cpu"; done
printf '\n|---|---|'
for _ in "${cpus[@]}"; do printf -- '---|'; done
printf '\n'
for entry in "${loops[@]}"; do
  loop=${entry%:*} bytes=${entry#*:}
  printf '| %s | %s |' "$loop" "$bytes"
  for cpu in "${cpus[@]}"; do
    cycles=$("$mca" -mtriple=aarch64 -mcpu="$cpu" -mattr=+aes,+sha3,+crc -iterations=10000 "$loop.s" 2>/dev/null |
      awk '/Total Cycles/ {print $3}')
    printf ' %.2f |' "$(echo "$cycles / 10000 * 128 / $bytes" | bc -l)"
  done
  printf '\n'
done
echo
echo "($("$mca" --version | grep -o 'LLVM version [0-9.]*'))"
