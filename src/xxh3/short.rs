//! XXH3 for inputs of 0 to 240 bytes: no loop over stripes, only a few multiplies.
//!
//! `secret` is at least 136 bytes; `seed` is added to it on the fly, as in the C reference.

use super::common::*;

/// XXH3-64 of `input` (at most 240 bytes).
#[inline]
pub(crate) fn hash64(input: &[u8], secret: &[u8], seed: u64) -> u64 {
    let len = input.len();
    debug_assert!(len <= MIDSIZE_MAX);
    match len {
        0 => xxh64_avalanche(seed ^ read_u64(secret, 56) ^ read_u64(secret, 64)),
        1..=3 => {
            let keyed = u64::from(combined_1to3(input))
                ^ u64::from(read_u32(secret, 0) ^ read_u32(secret, 4)).wrapping_add(seed);
            xxh64_avalanche(keyed)
        }
        4..=8 => {
            let seed = seed ^ (u64::from((seed as u32).swap_bytes()) << 32);
            let input1 = u64::from(read_u32(input, 0));
            let input2 = u64::from(read_u32(input, len - 4));
            let bitflip = (read_u64(secret, 8) ^ read_u64(secret, 16)).wrapping_sub(seed);
            let keyed = input2.wrapping_add(input1 << 32) ^ bitflip;
            rrmxmx(keyed, len as u64)
        }
        9..=16 => {
            let bitflip1 = (read_u64(secret, 24) ^ read_u64(secret, 32)).wrapping_add(seed);
            let bitflip2 = (read_u64(secret, 40) ^ read_u64(secret, 48)).wrapping_sub(seed);
            let lo = read_u64(input, 0) ^ bitflip1;
            let hi = read_u64(input, len - 8) ^ bitflip2;
            let acc = (len as u64)
                .wrapping_add(lo.swap_bytes())
                .wrapping_add(hi)
                .wrapping_add(mul128_fold64(lo, hi));
            avalanche(acc)
        }
        17..=128 => {
            let mut acc = (len as u64).wrapping_mul(PRIME64_1);
            let rounds = (len - 1) / 32;
            for i in (0..=rounds).rev() {
                acc = acc.wrapping_add(mix16(&input[16 * i..], &secret[32 * i..], seed));
                acc = acc.wrapping_add(mix16(
                    &input[len - 16 * (i + 1)..],
                    &secret[32 * i + 16..],
                    seed,
                ));
            }
            avalanche(acc)
        }
        _ => {
            let mut acc = (len as u64).wrapping_mul(PRIME64_1);
            for i in 0..8 {
                acc = acc.wrapping_add(mix16(&input[16 * i..], &secret[16 * i..], seed));
            }
            acc = avalanche(acc);
            for i in 8..len / 16 {
                acc = acc.wrapping_add(mix16(&input[16 * i..], &secret[16 * (i - 8) + 3..], seed));
            }
            acc = acc.wrapping_add(mix16(
                &input[len - 16..],
                &secret[SECRET_SIZE_MIN - 17..],
                seed,
            ));
            avalanche(acc)
        }
    }
}

/// XXH3-128 of `input` (at most 240 bytes).
#[inline]
pub(crate) fn hash128(input: &[u8], secret: &[u8], seed: u64) -> u128 {
    let len = input.len();
    debug_assert!(len <= MIDSIZE_MAX);
    let (low, high) = match len {
        0 => (
            xxh64_avalanche(seed ^ read_u64(secret, 64) ^ read_u64(secret, 72)),
            xxh64_avalanche(seed ^ read_u64(secret, 80) ^ read_u64(secret, 88)),
        ),
        1..=3 => {
            let combined_lo = combined_1to3(input);
            let combined_hi = combined_lo.swap_bytes().rotate_left(13);
            let bitflip_lo =
                u64::from(read_u32(secret, 0) ^ read_u32(secret, 4)).wrapping_add(seed);
            let bitflip_hi =
                u64::from(read_u32(secret, 8) ^ read_u32(secret, 12)).wrapping_sub(seed);
            (
                xxh64_avalanche(u64::from(combined_lo) ^ bitflip_lo),
                xxh64_avalanche(u64::from(combined_hi) ^ bitflip_hi),
            )
        }
        4..=8 => {
            let seed = seed ^ (u64::from((seed as u32).swap_bytes()) << 32);
            let input_lo = u64::from(read_u32(input, 0));
            let input_hi = u64::from(read_u32(input, len - 4));
            let bitflip = (read_u64(secret, 16) ^ read_u64(secret, 24)).wrapping_add(seed);
            let keyed = input_lo.wrapping_add(input_hi << 32) ^ bitflip;
            let (mut low, mut high) = mul128(keyed, PRIME64_1.wrapping_add((len as u64) << 2));
            high = high.wrapping_add(low << 1);
            low ^= high >> 3;
            low = xorshift64(low, 35).wrapping_mul(PRIME_MX2);
            low = xorshift64(low, 28);
            (low, avalanche(high))
        }
        9..=16 => {
            let bitflip_lo = (read_u64(secret, 32) ^ read_u64(secret, 40)).wrapping_sub(seed);
            let bitflip_hi = (read_u64(secret, 48) ^ read_u64(secret, 56)).wrapping_add(seed);
            let input_lo = read_u64(input, 0);
            let input_hi = read_u64(input, len - 8);
            let (mut m_low, mut m_high) = mul128(input_lo ^ input_hi ^ bitflip_lo, PRIME64_1);
            m_low = m_low.wrapping_add(((len - 1) as u64) << 54);
            let input_hi = input_hi ^ bitflip_hi;
            m_high = m_high
                .wrapping_add(input_hi)
                .wrapping_add(u64::from(input_hi as u32).wrapping_mul(PRIME32_2 - 1));
            m_low ^= m_high.swap_bytes();
            let (h_low, h_high) = mul128(m_low, PRIME64_2);
            let h_high = h_high.wrapping_add(m_high.wrapping_mul(PRIME64_2));
            (avalanche(h_low), avalanche(h_high))
        }
        17..=128 => {
            let mut acc = ((len as u64).wrapping_mul(PRIME64_1), 0u64);
            let rounds = (len - 1) / 32;
            for i in (0..=rounds).rev() {
                acc = mix32(
                    acc,
                    &input[16 * i..],
                    &input[len - 16 * (i + 1)..],
                    &secret[32 * i..],
                    seed,
                );
            }
            finish128(acc, len, seed)
        }
        _ => {
            let mut acc = ((len as u64).wrapping_mul(PRIME64_1), 0u64);
            for i in 0..4 {
                acc = mix32(
                    acc,
                    &input[32 * i..],
                    &input[32 * i + 16..],
                    &secret[32 * i..],
                    seed,
                );
            }
            acc = (avalanche(acc.0), avalanche(acc.1));
            for i in 4..len / 32 {
                let key = &secret[3 + 32 * (i - 4)..];
                acc = mix32(acc, &input[32 * i..], &input[32 * i + 16..], key, seed);
            }
            let key = &secret[SECRET_SIZE_MIN - 17 - 16..];
            acc = mix32(
                acc,
                &input[len - 16..],
                &input[len - 32..],
                key,
                0u64.wrapping_sub(seed),
            );
            finish128(acc, len, seed)
        }
    };
    (u128::from(high) << 64) | u128::from(low)
}

/// The first, middle and last bytes and the length of a 1-3 byte input, in one word.
#[inline(always)]
fn combined_1to3(input: &[u8]) -> u32 {
    let len = input.len();
    (u32::from(input[0]) << 16)
        | (u32::from(input[len >> 1]) << 24)
        | u32::from(input[len - 1])
        | ((len as u32) << 8)
}

#[inline(always)]
fn rrmxmx(mut h: u64, len: u64) -> u64 {
    h ^= h.rotate_left(49) ^ h.rotate_left(24);
    h = h.wrapping_mul(PRIME_MX2);
    h ^= (h >> 35).wrapping_add(len);
    h = h.wrapping_mul(PRIME_MX2);
    xorshift64(h, 28)
}

#[inline(always)]
fn mix32(acc: (u64, u64), input1: &[u8], input2: &[u8], secret: &[u8], seed: u64) -> (u64, u64) {
    let mut low = acc.0.wrapping_add(mix16(input1, secret, seed));
    low ^= read_u64(input2, 0).wrapping_add(read_u64(input2, 8));
    let mut high = acc.1.wrapping_add(mix16(input2, &secret[16..], seed));
    high ^= read_u64(input1, 0).wrapping_add(read_u64(input1, 8));
    (low, high)
}

#[inline(always)]
fn finish128(acc: (u64, u64), len: usize, seed: u64) -> (u64, u64) {
    let low = acc.0.wrapping_add(acc.1);
    let high = acc
        .0
        .wrapping_mul(PRIME64_1)
        .wrapping_add(acc.1.wrapping_mul(PRIME64_4))
        .wrapping_add((len as u64).wrapping_sub(seed).wrapping_mul(PRIME64_2));
    (avalanche(low), 0u64.wrapping_sub(avalanche(high)))
}
