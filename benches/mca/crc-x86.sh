#!/usr/bin/env bash
# Bytes per cycle of each x86-64 CRC loop in this folder (crc-x86-*.s, see README.md), per
# llvm-mca's model of an AMD Zen 3 and an Intel Sapphire Rapids core. Needs llvm-mca (Debian:
# apt-get install -y llvm). With --extract, first takes the loops again from a build of
# benches/native (the `peers` build of benches/native.sh, which holds every side).
set -euo pipefail
cd "$(dirname "$0")"
if [ "${1:-}" = "--extract" ]; then
  (cd ../native && RUSTFLAGS="" CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_PANIC=unwind \
    cargo build --quiet --release --target-dir target/peers --features peers)
  bin=../native/target/peers/release/iohash-native-peer
  extract() { python3 extract-x86.py "$bin" "$2" "$3" ${4:+"$4"} > "crc-x86-$1.s"; }
  extract iohash-fold-512 'clmul::update_widest$' vpclmul gf2p8affine
  extract iohash-fold-512-forward 'clmul::update_widest$' gf2p8affine
  extract iohash-fold-256 'clmul::update_wide$' vpclmul
  extract iohash-fusion 'crc::fusion::update$' crc32
  extract crc32fast-avx512 'crc32fast::specialized::pclmulqdq::calculate_avx512$' vpclmul
  extract crc32fast-avx2 'crc32fast::specialized::pclmulqdq::calculate_avx2$' vpclmul
  extract crc-fast-crc32c-vpclmulqdq 'crc32_iscsi_avx512_vpclmulqdq_v3x2$' vpclmul
  extract crc-fast-crc32c-v4s3x3 'crc32_iscsi_avx512_v4s3x3$' 'crc32|pclmul'
  extract crc32c-3-streams 'crc32c::hw_x86_64::crc_u64_parallel3$' crc32
fi
# Bytes each loop takes per iteration.
declare -A bytes=(
  [iohash-fold-512]=256 [iohash-fold-512-forward]=256 [iohash-fold-256]=128 [iohash-fusion]=272 [crc32fast-avx512]=256
  [crc32fast-avx2]=128 [crc-fast-crc32c-vpclmulqdq]=384 [crc-fast-crc32c-v4s3x3]=136
  [crc32c-3-streams]=24
)
cpus=(znver3 sapphirerapids)
echo "| loop | bytes an iteration | $(printf '%s: cycles, bytes a cycle | ' "${cpus[@]}")"
echo "|---|---|$(printf -- '---|%.0s' "${cpus[@]}")"
for loop in iohash-fold-512 iohash-fold-512-forward crc32fast-avx512 crc-fast-crc32c-vpclmulqdq iohash-fold-256 \
  crc32fast-avx2 iohash-fusion crc-fast-crc32c-v4s3x3 crc32c-3-streams; do
  printf '| %s | %s |' "$loop" "${bytes[$loop]}"
  for cpu in "${cpus[@]}"; do
    cycles=$(llvm-mca -mcpu="$cpu" -iterations=1000 "crc-x86-$loop.s" 2>/dev/null |
      awk '/Total Cycles/ {print $3 / 1000}' || true)
    if [ -z "$cycles" ]; then
      printf ' (no AVX-512) |'
    else
      printf ' %.2f, %.1f |' "$cycles" "$(echo "${bytes[$loop]} / $cycles" | bc -l)"
    fi
  done
  printf '\n'
done
echo
echo "($(llvm-mca --version | grep -o 'LLVM version [0-9.]*'))"
