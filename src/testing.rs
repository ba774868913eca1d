//! Test inputs shared by the crate's own tests and, through `tests/common/mod.rs` (which
//! includes this file), the integration tests: one random generator, the known-answer vectors'
//! input and secret, and random split points.
#![allow(dead_code)]

/// splitmix64, as in `tests/data/gen_vectors.c`.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `len` bytes: splitmix64 words, little-endian, as the C generator writes them.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len + 8);
        while out.len() < len {
            out.extend_from_slice(&self.next_u64().to_le_bytes());
        }
        out.truncate(len);
        out
    }

    /// A seed from {0, 1, u64::MAX, any}, the edges as often as the rest.
    pub fn seed(&mut self) -> u64 {
        match self.below(4) {
            0 => 0,
            1 => 1,
            2 => u64::MAX,
            _ => self.next_u64(),
        }
    }
}

/// The input stream of the known-answer vectors.
pub const INPUT_STREAM_SEED: u64 = 0x0123_4567_89AB_CDEF;
/// The custom secret of the known-answer vectors: 197 bytes from this stream.
pub const SECRET_STREAM_SEED: u64 = 0xFEDC_BA98_7654_3210;
pub const SECRET_LEN: usize = 197;

/// The first `len` bytes of the known-answer vectors' input.
pub fn vector_input(len: usize) -> Vec<u8> {
    Rng(INPUT_STREAM_SEED).bytes(len)
}

/// The known-answer vectors' custom secret.
pub fn vector_secret() -> Vec<u8> {
    Rng(SECRET_STREAM_SEED).bytes(SECRET_LEN)
}

/// Sorted cut points in `0..=len`: some random, some zero-length pieces.
pub fn random_splits(rng: &mut Rng, len: usize) -> Vec<usize> {
    let count = rng.below(8);
    let mut cuts: Vec<usize> = (0..count).map(|_| rng.below(len + 1)).collect();
    cuts.sort_unstable();
    cuts
}

/// The pieces of `data` that the cut points make, in order.
pub fn pieces<'a>(data: &'a [u8], cuts: &'a [usize]) -> impl Iterator<Item = &'a [u8]> + 'a {
    let ends = cuts.iter().copied().chain([data.len()]);
    let starts = [0].into_iter().chain(cuts.iter().copied());
    starts.zip(ends).map(move |(start, end)| &data[start..end])
}
