//! The stable replay of the fuzz target `check_parser`: its body (`tests/fuzz/check_parser.rs`)
//! over its committed corpus (`fuzz/corpus/check_parser/` at the repository's top) and a few
//! thousand inputs from a fixed-seed generator, so a regression of the checksum-line parser
//! shows up in `cargo test` without nightly. The parser (`src/sumfile.rs`) is compiled in here
//! as the fuzz target compiles it.

#[path = "fuzz/check_parser.rs"]
mod check_parser;
#[path = "../../fuzz/replay.rs"]
mod replay;
#[path = "../src/sumfile.rs"]
#[allow(dead_code)]
mod sumfile;

/// The committed corpora, one folder per target.
const CORPORA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../fuzz/corpus");

#[test]
fn check_parser_replays() {
    replay::replay("check_parser", check_parser::check_parser, 3, 5000, 400);
}
