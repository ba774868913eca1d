//! Replaying a fuzz target on stable: its body over its committed corpus
//! (`fuzz/corpus/<target>/`) and inputs from a fixed-seed generator. Included by the library's
//! `tests/fuzz_replay.rs` and the command's `cli/tests/fuzz_replay.rs`, each of which says
//! where `fuzz/corpus/` is from its package (`CORPORA` at its root).

use std::path::Path;

use super::CORPORA;

/// Every file of the target's corpus; fails if there is none, so a lost corpus is noticed.
fn corpus(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(CORPORA).join(target);
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let inputs: Vec<Vec<u8>> = entries
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect();
    assert!(!inputs.is_empty(), "empty corpus in {}", dir.display());
    inputs
}

/// `count` inputs of lengths 0..max_len: random bytes, and text-like bytes for the parser.
fn generated(seed: u64, count: usize, max_len: usize) -> impl Iterator<Item = Vec<u8>> {
    let mut state = seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count).map(move |i| {
        let len = (next() % max_len as u64) as usize;
        let alphabet: &[u8] = b"0123456789abcdefXH_LE ()=\\nr\r\n#CRC";
        (0..len)
            .map(|_| {
                let r = next();
                if i % 2 == 0 {
                    r as u8
                } else {
                    alphabet[(r % alphabet.len() as u64) as usize]
                }
            })
            .collect()
    })
}

pub fn replay(target: &str, body: fn(&[u8]), seed: u64, count: usize, max_len: usize) {
    for input in corpus(target)
        .into_iter()
        .chain(generated(seed, count, max_len))
    {
        body(&input);
    }
}
