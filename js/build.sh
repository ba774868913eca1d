#!/usr/bin/env bash
# Builds the package's native addon for this machine (js/iohash.<platform>.node, which node.js
# loads first; IOHASH_NO_ADDON=1 skips it) and its WebAssembly module into js/pkg: the crate for wasm32-unknown-unknown with
# SIMD128 (every browser and Node since 2021 runs it; WebAssembly cannot choose at run time),
# then wasm-bindgen's JavaScript glue for ES modules, with hashers freed when collected
# (--weak-refs). LLVM's SLP vectorizer is off: it packs XXH32's four lanes into one i32x4, whose
# multiply V8 runs slower than four scalar ones, and nothing else here gains from it.
# wasm-bindgen's command comes from crates.io, at the version the lock file pins for the crate,
# as the two must match. Its own dependencies resolve afresh (no --locked): its
# lock file can pin a version that a registry mirror does not carry yet, and CI failed on that.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "build.sh: $*" >&2; }
for tool in cargo python3; do
  command -v "$tool" >/dev/null || { say "$tool is needed and not on PATH (Rust: https://rustup.rs)"; exit 1; }
done
version=$(cargo metadata --format-version 1 --locked | python3 -c '
import json, sys
print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "wasm-bindgen"))')
bindgen=target/wasm-bindgen-$version/bin/wasm-bindgen
if [ ! -x "$bindgen" ]; then
  say "installing wasm-bindgen-cli $version into target/ (once; a few minutes)"
  cargo install -q wasm-bindgen-cli --version "$version" --root "target/wasm-bindgen-$version"
fi
# `js/build.sh tools`: only that command (CI builds it ahead, in the background: .ci/jobs bindgen).
[ "${1:-}" = tools ] && exit 0
if command -v rustup >/dev/null; then
  rustup target add wasm32-unknown-unknown >/dev/null 2>&1
elif ! rustc --print sysroot | xargs -I{} test -d {}/lib/rustlib/wasm32-unknown-unknown; then
  say "Rust's wasm32-unknown-unknown target is missing, and rustup is not on PATH to add it"
  exit 1
fi
say "building the WebAssembly module (js/pkg)"
RUSTFLAGS="-C target-feature=+simd128 -C llvm-args=-vectorize-slp=false" CARGO_TARGET_DIR=target/js \
  cargo build -q --locked --release -p iohash-js --target wasm32-unknown-unknown
rm -rf js/pkg
"$bindgen" --target web --weak-refs --out-dir js/pkg target/js/wasm32-unknown-unknown/release/iohash_js.wasm
[ "${IOHASH_NO_ADDON:-}" = 1 ] && exit 0

# The addon, named as napi-rs names a platform (node.js's platformName), for the platforms
# the package has a package for.
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x64 ;;
  Linux-aarch64) platform=linux-arm64 ;;
  Darwin-x86_64) platform=darwin-x64 ;;
  Darwin-arm64) platform=darwin-arm64 ;;
  MINGW*-x86_64 | MSYS*-x86_64 | CYGWIN*-x86_64) platform=win32-x64-msvc ;;
  *) say "no native addon for $(uname -sm); Node will use WebAssembly"; exit 0 ;;
esac
if [ "$(uname -s)" = Linux ]; then
  if ldd --version 2>&1 | grep -qi musl; then platform+=-musl; else platform+=-gnu; fi
fi
say "building the native addon for $platform"
CARGO_TARGET_DIR=target/node cargo build -q --locked --profile node-release -p iohash-node
rm -f js/iohash.*.node
for built in target/node/node-release/{libiohash_node.so,libiohash_node.dylib,iohash_node.dll}; do
  [ -f "$built" ] && cp "$built" "js/iohash.$platform.node"
done
say "done: js/pkg (WebAssembly) and js/iohash.$platform.node (native)"
