//! How a hash of one width is finished: the one difference between XXH3-64 and XXH3-128, which
//! share everything else (the one-shot engine, the stream, the backends).

use super::{long, short};
use crate::state::Kind;

/// How a hash of one width is finished from the short paths or the accumulators: the one
/// difference between XXH3-64 and XXH3-128, which share everything else.
pub(crate) trait Width {
    /// `u64` or `u128`.
    type Output: Copy;
    /// The hash of 0 to 240 bytes.
    fn short(input: &[u8], secret: &short::ShortSecret, seed: u64) -> Self::Output;
    /// The hash of a longer input from its accumulators.
    fn long(acc: &[u64; 8], secret: &[u8], len: u64) -> Self::Output;
    /// The algorithm of a saved state.
    const STATE_KIND: Kind;
}

/// XXH3-64's finish.
pub(crate) enum Bits64 {}

impl Width for Bits64 {
    type Output = u64;
    const STATE_KIND: Kind = Kind::Xxh3;

    #[inline(always)]
    fn short(input: &[u8], secret: &short::ShortSecret, seed: u64) -> u64 {
        short::hash64(input, secret, seed)
    }

    #[inline(always)]
    fn long(acc: &[u64; 8], secret: &[u8], len: u64) -> u64 {
        long::finish64(acc, secret, len)
    }
}

/// XXH3-128's finish.
pub(crate) enum Bits128 {}

impl Width for Bits128 {
    type Output = u128;
    const STATE_KIND: Kind = Kind::Xxh128;

    #[inline(always)]
    fn short(input: &[u8], secret: &short::ShortSecret, seed: u64) -> u128 {
        short::hash128(input, secret, seed)
    }

    #[inline(always)]
    fn long(acc: &[u64; 8], secret: &[u8], len: u64) -> u128 {
        long::finish128(acc, secret, len)
    }
}
