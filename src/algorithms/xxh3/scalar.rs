//! The portable backend: plain `u64` arithmetic, for any CPU and for Miri.

use super::common::{read_u64, PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::Kernel;

/// The portable kernels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scalar;

impl Kernel for Scalar {
    #[inline(always)]
    fn accumulate(self, acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
        accumulate(acc, input, secret);
    }

    #[inline(always)]
    fn scramble(self, acc: &mut [u64; 8], key: &[u8]) {
        scramble(acc, key);
    }
}

/// Accumulates each 64-byte stripe of `input`, stripe `n` keyed by `secret[8n..8n + 64]`.
#[inline(always)]
pub(crate) fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        let words = core::array::from_fn(|i| read_u64(stripe, 8 * i));
        accumulate_lanes(acc, &words, &secret[n * SECRET_CONSUME_RATE..]);
    }
}

/// Accumulates one stripe given as its eight little-endian words, keyed by `key[..64]`.
#[inline(always)]
pub(crate) fn accumulate_lanes(acc: &mut [u64; 8], words: &[u64; 8], key: &[u8]) {
    for (i, &data) in words.iter().enumerate() {
        let keyed = data ^ read_u64(key, 8 * i);
        acc[i ^ 1] = acc[i ^ 1].wrapping_add(data);
        acc[i] = acc[i].wrapping_add((keyed & 0xFFFF_FFFF).wrapping_mul(keyed >> 32));
    }
}

/// Scrambles the accumulators at a block's end with the secret's last 64 bytes.
#[inline(always)]
pub(crate) fn scramble(acc: &mut [u64; 8], key: &[u8]) {
    for (i, lane) in acc.iter_mut().enumerate() {
        let mut a = *lane;
        a ^= a >> 47;
        a ^= read_u64(key, 8 * i);
        *lane = a.wrapping_mul(PRIME32_1);
    }
}
