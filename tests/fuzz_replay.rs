//! The stable replay of the library's fuzz targets: every target's body (`fuzz/bodies.rs`) over
//! its committed corpus (`fuzz/corpus/<target>/`) and a few thousand inputs from a fixed-seed
//! generator, so a regression shows up in `cargo test` without nightly. (The command's
//! `check_parser` is replayed by `cli/tests/fuzz_replay.rs`.)
#![cfg(feature = "std")]

#[path = "../fuzz/bodies.rs"]
mod bodies;

#[path = "../fuzz/replay.rs"]
mod replay;

use replay::replay;

/// The committed corpora, one folder per target.
const CORPORA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/corpus");

#[test]
fn split_equivalence_replays() {
    replay(
        "split_equivalence",
        bodies::split_equivalence,
        1,
        1000,
        3000,
    );
}

#[test]
fn reference_replays() {
    replay("reference", bodies::reference, 2, 3000, 3000);
}

#[test]
fn resume_replays() {
    replay("resume", bodies::resume, 4, 3000, 3000);
}
