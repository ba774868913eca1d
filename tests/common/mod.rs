//! Helpers shared by the integration tests: the crate's own test inputs (`src/testing.rs`: the
//! input stream of the C vectors, a fixed-seed RNG, split points), and hashing in pieces.
#![allow(dead_code)]

#[path = "../../src/testing.rs"]
mod testing;

pub use testing::*;

use iohash::DynHasher;

/// Appends `data` to `hasher` in the pieces the cut points make.
pub fn append_in_pieces<H: DynHasher + ?Sized>(hasher: &mut H, data: &[u8], cuts: &[usize]) {
    for piece in pieces(data, cuts) {
        hasher.append(piece);
    }
}

/// A Python with `modules` (comma-separated, as `import` takes them) for the tests that run
/// other projects' code as oracles: `IOHASH_PYTHON` if set, else `python3`. `None` (after one
/// line on stderr) where it lacks them, unless `IOHASH_REQUIRE_PYTHON_ORACLES=1` (CI sets it):
/// then the test fails.
pub fn oracle_python(modules: &str) -> Option<String> {
    let python = std::env::var("IOHASH_PYTHON").unwrap_or_else(|_| "python3".into());
    let found = std::process::Command::new(&python)
        .args(["-c", &format!("import {modules}")])
        .output()
        .is_ok_and(|out| out.status.success());
    if found {
        return Some(python);
    }
    let required = std::env::var_os("IOHASH_REQUIRE_PYTHON_ORACLES").is_some_and(|v| v == "1");
    assert!(
        !required,
        "IOHASH_REQUIRE_PYTHON_ORACLES=1 but {python} lacks {modules}"
    );
    eprintln!("skipped: {python} lacks {modules} (the committed golden file was checked)");
    None
}

/// Runs `script` (under `tests/data/`) with `python`, writing to a temporary file, and returns
/// what it wrote: a golden file as the oracle makes it today.
pub fn run_oracle(python: &str, script: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("golden.txt");
    let script = format!("{}/tests/data/{script}", env!("CARGO_MANIFEST_DIR"));
    let status = std::process::Command::new(python)
        .arg(&script)
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "{script} failed");
    std::fs::read_to_string(&out).unwrap()
}
