//! cargo-fuzz target; the body is in `fuzz/bodies.rs`, shared with the stable replay in
//! `tests/fuzz_replay.rs`.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::resume(data));
