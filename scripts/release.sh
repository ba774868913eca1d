#!/usr/bin/env bash
# Builds every artifact of a release from a clean tree into target/release/VERSION/:
#   the crates (iohash, then iohash-cli, as `cargo publish --dry-run` checks them),
#   the Python sdist and this machine's wheel (or the wheels in IOHASH_RELEASE_WHEELS),
#   the npm package (its WebAssembly module through wasm-opt) and this machine's addon package,
#   the command linked statically for x86-64 and AArch64 Linux, stripped, each archive with its
#   completions, its man page, the READMEs and the licences,
#   an SBOM (CycloneDX, by cargo-cyclonedx) of each, and SHA256SUMS of them all.
# Then scripts/check_artifacts.py lists the licence texts inside each one and fails where one
# lacks them. CI runs it (with IOHASH_RELEASE_QUICK=1: no whole-program optimisation) and
# installs each artifact in a fresh place (.ci/release-install).
#
#   scripts/release.sh            from a tree without changes
#   IOHASH_RELEASE_DIRTY=1 ...    from the working tree as it is (to try the script)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "$(git status --porcelain --untracked-files=no)" ] && [ "${IOHASH_RELEASE_DIRTY:-}" != 1 ]; then
  echo "release.sh: the tree has changes; commit them (or IOHASH_RELEASE_DIRTY=1 to try)" >&2
  exit 1
fi
python3 scripts/version.py check
version=$(python3 scripts/version.py)
out=target/release/$version
rm -rf "$out" && mkdir -p "$out"
say() { printf '\n--- release.sh: %s\n' "$*"; }
dirty=()
[ "${IOHASH_RELEASE_DIRTY:-}" = 1 ] && dirty=(--allow-dirty)
if [ "${IOHASH_RELEASE_QUICK:-}" = 1 ]; then
  export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
fi

say "the crates, checked as crates.io will build them (the command against the library's package)"
# As .ci/run's package step: the library's package overlay from an earlier run is stale.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/iohash-[0-9]*
rm -f target/package-build/package/*.crate
CARGO_TARGET_DIR=target/package-build cargo package --locked "${dirty[@]}" -p iohash -p iohash-cli
# What crates.io checks beyond the build, in publishing order (the library first).
CARGO_TARGET_DIR=target/package-build cargo publish --dry-run --no-verify --locked "${dirty[@]}" \
  -p iohash -p iohash-cli
cp target/package-build/package/iohash-"$version".crate target/package-build/package/iohash-cli-"$version".crate "$out/"

say "the Python sdist and wheels"
if [ -n "${IOHASH_RELEASE_WHEELS:-}" ]; then
  # Those python/wheels.sh made (CI's: manylinux and musllinux, x86-64 and AArch64).
  cp "$IOHASH_RELEASE_WHEELS"/iohash-"$version".tar.gz "$IOHASH_RELEASE_WHEELS"/iohash-"$version"-*.whl "$out/"
else
  venv=target/release-venv
  [ -x "$venv/bin/maturin" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q maturin; }
  "$venv/bin/maturin" sdist -m python/Cargo.toml --out "$out"
  "$venv/bin/maturin" build -m python/Cargo.toml --release --out "$out"
fi

say "the npm packages: the main one (wasm-opt'd module) and this machine's addon"
js/build.sh
# wasm-opt from npm's binaryen (a devDependency: npm ci --prefix js), current enough for what
# wasm-bindgen emits; Debian 12's binaryen 108 made a module Node refused (its externref table).
wasm_opt=js/node_modules/.bin/wasm-opt
[ -x "$wasm_opt" ] || npm ci -q --no-audit --no-fund --prefix js
before=$(stat -c %s js/pkg/iohash_js_bg.wasm)
# The features the build uses (SIMD128, and those Rust's wasm32 target enables); -O3 keeps the
# speed that -Oz would trade for size.
"$wasm_opt" -O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
  js/pkg/iohash_js_bg.wasm -o js/pkg/iohash_js_bg.wasm
echo "wasm-opt: $before -> $(stat -c %s js/pkg/iohash_js_bg.wasm) bytes"
(cd js && npm pack -q --pack-destination "../$out" >/dev/null)
for addon in js/iohash.*.node; do
  platform=${addon#js/iohash.}
  platform=${platform%.node}
  cp "$addon" "js/npm/$platform/"
  cp LICENSE-MIT LICENSE-APACHE "js/npm/$platform/"
  (cd "js/npm/$platform" && npm pack -q --pack-destination "../../../$out" >/dev/null)
  rm "js/npm/$platform/$(basename "$addon")" "js/npm/$platform"/LICENSE-*
done

say "the command, static, for x86-64 and AArch64 Linux (musl), with completions and the man page"
rustup target add x86_64-unknown-linux-musl aarch64-unknown-linux-musl >/dev/null 2>&1
for target in x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
  # Rust's own linker for both: the musl targets carry their C runtime, so no cross C
  # toolchain is needed.
  linker=CARGO_TARGET_$(echo "$target" | tr a-z- A-Z_)_LINKER
  env "$linker=rust-lld" RUSTFLAGS="-C target-feature=+crt-static -C strip=symbols" \
    CARGO_TARGET_DIR=target/static cargo build -q --locked --release -p iohash-cli --target "$target"
  name=iohash-$version-${target%%-unknown-linux-musl}-linux
  stage=target/static/$name
  rm -rf "$stage" && mkdir -p "$stage/completions"
  cp "target/static/$target/release/iohash" LICENSE-MIT LICENSE-APACHE "$stage/"
  cp cli/README.md "$stage/README.md"
  # Completions and the man page from the x86-64 build, which runs here; they are text.
  native=target/static/x86_64-unknown-linux-musl/release/iohash
  for shell in bash zsh fish; do "$native" --completions "$shell" > "$stage/completions/iohash.$shell"; done
  "$native" --man > "$stage/iohash.1"
  tar -C target/static -czf "$out/$name.tar.gz" "$name"
done

say "the SBOMs (CycloneDX 1.5, by cargo-cyclonedx) of what ships, then SHA256SUMS"
# (CI installs it ahead: .ci/jobs cyclonedx.)
command -v cargo-cyclonedx >/dev/null || cargo install -q --locked cargo-cyclonedx --version 0.5.9
# It writes one beside each workspace member's manifest; those that ship are kept.
cargo cyclonedx -q -f json --spec-version 1.5 --no-build-deps --override-filename release-sbom
for member in .:iohash cli:iohash-cli python:iohash-python js:iohash-npm-wasm js/native:iohash-npm-addon; do
  mv "${member%%:*}/release-sbom.json" "$out/${member#*:}-$version.cdx.json"
done
find . -name release-sbom.json -not -path "./target/*" -delete
(cd "$out" && sha256sum -- * > SHA256SUMS)

say "the licences inside each artifact"
python3 scripts/check_artifacts.py "$out"
ls -l "$out"
