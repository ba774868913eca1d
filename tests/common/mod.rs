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
