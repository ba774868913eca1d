#!/usr/bin/env bash
# Builds the wheels PyPI takes, and the sdist, into target/wheels: manylinux2014 and
# musllinux_1_2 wheels for x86-64 and AArch64, one per CPython version from 3.10 to 3.13 on
# the full API, one abi3 wheel for 3.14 and later, and one for free-threaded 3.14 (3.14t).
# maturin's --compatibility check refuses a wheel that needs newer glibc symbols than its tag allows; zig (PyPI's ziglang)
# links against that old glibc and cross-compiles, and maturin's own sysconfig data stands in
# for interpreters this machine does not have.
#
#   python/wheels.sh        every wheel and the sdist
#   python/wheels.sh ci     those CI tests, the abi3 wheel on each platform, and the sdist
#   python/wheels.sh tools  only the venv of maturin and zig (CI makes it ahead: .ci/jobs venvs)
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/wheels
venv=target/wheel-venv
[ -x "$venv/bin/maturin" ] && "$venv/bin/python" -m ziglang version >/dev/null 2>&1 || {
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q maturin ziglang
}
[ "${1:-}" = tools ] && exit 0
export PATH="$PWD/$venv/bin:$PATH"
rustup target add aarch64-unknown-linux-gnu x86_64-unknown-linux-musl aarch64-unknown-linux-musl >/dev/null

case "${1:-all}" in
  ci) ci=1 ;;
  all) ci= ;;
  *) echo "usage: $0 [ci]" >&2; exit 2 ;;
esac
rm -rf "$out"
# In CI the profile without LTO (the workspace's Cargo.toml says why); released wheels keep
# pyproject.toml's.
profile=()
[ -n "$ci" ] && profile=(--profile python-ci)
build() { maturin build -m python/Cargo.toml --zig --out "$out" "${profile[@]}" "$@" 2>&1 | grep -E '📦 Built|error|💥' ; }
for target in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
  case "$target" in *-gnu) tag=manylinux2014 ;; *) tag=musllinux_1_2 ;; esac
  versions=(3.10 3.11 3.12 3.13 3.14t)
  # In CI: the wheels the tests install (this machine's 3.11; 3.10, 3.12, 3.13 and 3.14 in
  # .ci/python-versions; 3.14t in .ci/python-free-threaded), and the abi3 wheel on every
  # platform for its compliance check.
  [ -n "$ci" ] && [ "$target" != x86_64-unknown-linux-gnu ] && versions=()
  for version in "${versions[@]}"; do
    build --target "$target" --compatibility "$tag" -i "python$version"
  done
  build --target "$target" --compatibility "$tag" --features abi3
done
maturin sdist -m python/Cargo.toml --out "$out" 2>&1 | grep -E '📦|error|💥'
ls "$out"
