//! cargo-fuzz target; the body is the command's (`cli/tests/fuzz/check_parser.rs`), shared with
//! the stable replay in `cli/tests/fuzz_replay.rs`, and so is the parser it calls.
#![no_main]

#[path = "../../cli/src/sumfile.rs"]
#[allow(dead_code)]
mod sumfile;

#[path = "../../cli/tests/fuzz/check_parser.rs"]
mod body;

libfuzzer_sys::fuzz_target!(|data: &[u8]| body::check_parser(data));
