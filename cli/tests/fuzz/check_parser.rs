//! The body of the fuzz target `check_parser`: the command's checksum-line parser
//! (`cli/src/sumfile.rs`) never panics, and reads back every line its formatter writes.
//!
//! Shared by the cargo-fuzz target (`fuzz/fuzz_targets/check_parser.rs`) and the stable replay
//! (`cli/tests/fuzz_replay.rs`); each includes `sumfile.rs` as the module `sumfile` at its
//! root.

use arbitrary::{Arbitrary, Unstructured};
use iohash::{Algorithm, Crc32Variant, HashValue};

use crate::sumfile::{format_line, parse_line, LineStyle, ParseOptions};

/// A checksum line that the formatter can write: any algorithm, hash and non-empty name.
#[derive(Arbitrary, Debug)]
struct LineSpec {
    algorithm: u8,
    /// The hash's bytes; an algorithm takes as many as it has.
    hash: [u8; iohash::MAX_HASH_LEN],
    name: Vec<u8>,
    bsd: bool,
    little_endian: bool,
}

pub fn check_parser(input: &[u8]) {
    // Any bytes as a checksum file: every line parses or is refused, never a panic.
    for line in input.split(|&b| b == b'\n') {
        for options in [
            ParseOptions::default(),
            ParseOptions {
                little_endian: true,
                only: Some(Algorithm::Xxh64),
                untagged: None,
            },
            ParseOptions {
                little_endian: false,
                only: None,
                untagged: Some(Algorithm::Crc32(Crc32Variant::IsoHdlc)),
            },
        ] {
            if let Ok(parsed) = parse_line(line, &options) {
                assert!(!parsed.file_name.is_empty() && !parsed.file_name.contains(&0));
            }
        }
    }
    // A line the formatter wrote parses back to the same algorithm, hash and name.
    let Ok(spec) = LineSpec::arbitrary(&mut Unstructured::new(input)) else {
        return;
    };
    let algorithm = Algorithm::ALL[usize::from(spec.algorithm) % Algorithm::ALL.len()];
    let Some(hash) = HashValue::from_be_bytes(&spec.hash[..algorithm.hash_len()]) else {
        return;
    };
    let name: Vec<u8> = spec.name.into_iter().filter(|&b| b != 0).collect();
    if name.is_empty() {
        return;
    }
    let style = if spec.bsd {
        LineStyle::Bsd
    } else {
        LineStyle::Gnu
    };
    let line = format_line(algorithm, hash, &name, style, spec.little_endian);
    assert_eq!(line.last(), Some(&b'\n'));
    assert_eq!(
        line.iter().filter(|&&b| b == b'\n').count(),
        1,
        "an unescaped newline: {line:?}"
    );
    let options = ParseOptions {
        little_endian: spec.little_endian,
        only: None,
        untagged: Some(algorithm),
    };
    let parsed =
        parse_line(&line[..line.len() - 1], &options).unwrap_or_else(|e| panic!("{e}: {line:?}"));
    assert_eq!(
        (parsed.algorithm, parsed.hash, parsed.file_name),
        (algorithm, hash, name),
        "{line:?}"
    );
}
