#!/usr/bin/env bash
# Cycles per 64-byte stripe of each XXH3 loop in this folder, per llvm-mca's model of each CPU.
# Needs llvm-mca (Debian: apt-get install -y llvm).
set -euo pipefail
cd "$(dirname "$0")"
printf '| loop | stripes per iteration |'
cpus=(skylake-avx512 icelake-server sapphirerapids)
for cpu in "${cpus[@]}"; do printf ' %s |' "$cpu"; done
printf '\n|---|---|'
for _ in "${cpus[@]}"; do printf -- '---|'; done
printf '\n'
for loop in iohash-avx512-before iohash-avx512-pairs iohash-avx512 xxhash-rust-native-avx512; do
  stripes=$(grep -c vpmuludq "$loop.s")
  # The whole-block loops end with the scramble (two multiplies more).
  case $loop in iohash-avx512 | xxhash-rust-native-avx512) stripes=16 ;; esac
  printf '| %s | %s |' "$loop" "$stripes"
  for cpu in "${cpus[@]}"; do
    cycles=$(llvm-mca -mtriple=x86_64 -mcpu="$cpu" -iterations=1000 "$loop.s" 2>/dev/null |
      awk '/Total Cycles/ {print $3}')
    printf ' %.2f |' "$(echo "$cycles / 1000 / $stripes" | bc -l)"
  done
  printf '\n'
done
echo
echo "($(llvm-mca --version | grep -o 'LLVM version [0-9.]*'))"
