#!/usr/bin/env bash
# Cycles per 128 bytes of each CRC fold loop on AArch64 in this folder (see README.md), per
# llvm-mca's model of each CPU. Needs llvm-mca (Debian: apt-get install -y llvm).
set -euo pipefail
cd "$(dirname "$0")"
cpus=(cortex-a76 neoverse-n1 neoverse-v1 apple-m1)
printf '| loop |'
for cpu in "${cpus[@]}"; do printf ' %s |' "$cpu"; done
printf '\n|---|'
for _ in "${cpus[@]}"; do printf -- '---|'; done
printf '\n'
for loop in crc-pmull-aarch64 crc-pmull-eor3-aarch64 crc-fast-aarch64; do
  printf '| %s |' "$loop"
  for cpu in "${cpus[@]}"; do
    cycles=$(llvm-mca -mtriple=aarch64 -mcpu="$cpu" -mattr=+aes,+sha3 -iterations=1000 "$loop.s" 2>/dev/null |
      awk '/Total Cycles/ {print $3}')
    printf ' %.2f |' "$(echo "$cycles / 1000" | bc -l)"
  done
  printf '\n'
done
echo
echo "($(llvm-mca --version | grep -o 'LLVM version [0-9.]*'))"
