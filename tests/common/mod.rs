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

/// Reads of this many bytes or more are read ahead on threads ([`iohash::FileRead`]): a test
/// of the threads needs a file at least this long.
#[cfg(feature = "std")]
pub const THREADED_READ_LEN: usize = 64 << 20;

/// The file at `path` hashed as `parts` ranges of about equal length, each into its own hasher
/// from `new`, on its own thread, and the hashers combined in order: the hash of the whole
/// file, if ranges hash apart and join as they should.
#[cfg(feature = "std")]
pub fn hash_ranges_on_threads<H, F>(
    path: &std::path::Path,
    parts: u64,
    new: F,
) -> std::io::Result<H>
where
    H: iohash::SplittableHasher + Send,
    F: Fn() -> H + Sync,
{
    let len = std::fs::metadata(path)?.len();
    let parts = parts.max(1);
    let ranges: Vec<(u64, u64)> = (0..parts)
        .map(|i| (len * i / parts, len * (i + 1) / parts - len * i / parts))
        .collect();
    let hashers = std::thread::scope(|scope| {
        let threads: Vec<_> = ranges
            .iter()
            .map(|&(offset, len)| {
                let new = &new;
                scope.spawn(move || {
                    let mut hasher = new();
                    let read = iohash::FileRead::path(path)
                        .range(offset, Some(len))
                        .threads(1)
                        .append_to(&mut hasher)?;
                    assert_eq!(read, len, "the range at {offset}");
                    Ok(hasher)
                })
            })
            .collect();
        threads
            .into_iter()
            .map(|thread| thread.join().unwrap())
            .collect::<std::io::Result<Vec<H>>>()
    })?;
    let mut hashers = hashers.into_iter();
    let mut whole = hashers.next().expect("at least one range");
    for next in hashers {
        whole.combine(&next);
    }
    Ok(whole)
}

/// An observer that hands each `progress` to its function (and never stops the read).
#[cfg(feature = "std")]
pub struct OnProgress<F: FnMut(u64)>(pub F);

#[cfg(feature = "std")]
impl<F: FnMut(u64)> iohash::ReadObserver for OnProgress<F> {
    fn progress(&mut self, bytes: u64) {
        (self.0)(bytes);
    }
}
