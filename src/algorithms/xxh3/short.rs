//! XXH3 for inputs of 0 to 240 bytes: no loop over stripes, only a few multiplies.
//!
//! Only the secret's first 136 bytes are used, and the type says so, so every read of it at a
//! constant offset needs no bounds check; `seed` is added to it on the fly, as in the C
//! reference. Lengths are tested in the reference's order, 0-16 first, so the commonest short
//! keys take the fewest branches.

use super::common::*;

/// The part of a secret the short paths read.
pub(crate) type ShortSecret = [u8; SECRET_SIZE_MIN];

/// The default secret's first 136 bytes.
#[inline(always)]
pub(crate) fn default_secret() -> &'static ShortSecret {
    const { DEFAULT_SECRET.first_chunk().unwrap() }
}

/// The first 136 bytes of a secret checked to be at least that long.
#[inline]
pub(crate) fn secret(secret: &[u8]) -> &ShortSecret {
    secret
        .first_chunk()
        .expect("secrets are checked to be at least 136 bytes")
}

/// XXH3-64 of `input` (at most 240 bytes).
#[inline(always)]
pub(crate) fn hash64(input: &[u8], secret: &ShortSecret, seed: u64) -> u64 {
    let len = input.len();
    debug_assert!(len <= MIDSIZE_MAX);
    if len <= 16 {
        hash64_0to16(input, secret, seed)
    } else if len <= 128 {
        hash64_17to128(input, secret, seed)
    } else {
        hash64_129to240(input, secret, seed)
    }
}

/// XXH3-128 of `input` (at most 240 bytes).
#[inline(always)]
pub(crate) fn hash128(input: &[u8], secret: &ShortSecret, seed: u64) -> u128 {
    let len = input.len();
    debug_assert!(len <= MIDSIZE_MAX);
    let (low, high) = if len <= 16 {
        hash128_0to16(input, secret, seed)
    } else if len <= 128 {
        hash128_17to128(input, secret, seed)
    } else {
        hash128_129to240(input, secret, seed)
    };
    (u128::from(high) << 64) | u128::from(low)
}

#[inline(always)]
fn hash64_0to16(input: &[u8], secret: &ShortSecret, seed: u64) -> u64 {
    let len = input.len();
    if len > 8 {
        let bitflip1 = (read_u64(secret, 24) ^ read_u64(secret, 32)).wrapping_add(seed);
        let bitflip2 = (read_u64(secret, 40) ^ read_u64(secret, 48)).wrapping_sub(seed);
        let lo = read_u64(input, 0) ^ bitflip1;
        let hi = read_u64(input, len - 8) ^ bitflip2;
        let acc = (len as u64)
            .wrapping_add(lo.swap_bytes())
            .wrapping_add(hi)
            .wrapping_add(mul128_fold64(lo, hi));
        avalanche(acc)
    } else if len >= 4 {
        let seed = seed ^ (u64::from((seed as u32).swap_bytes()) << 32);
        let input1 = u64::from(read_u32(input, 0));
        let input2 = u64::from(read_u32(input, len - 4));
        let bitflip = (read_u64(secret, 8) ^ read_u64(secret, 16)).wrapping_sub(seed);
        let keyed = input2.wrapping_add(input1 << 32) ^ bitflip;
        rrmxmx(keyed, len as u64)
    } else if len > 0 {
        let keyed = u64::from(combined_1to3(input))
            ^ u64::from(read_u32(secret, 0) ^ read_u32(secret, 4)).wrapping_add(seed);
        xxh64_avalanche(keyed)
    } else {
        xxh64_avalanche(seed ^ read_u64(secret, 56) ^ read_u64(secret, 64))
    }
}

/// Pairs of 16-byte lanes from both ends, working inwards; nested as in the C reference so
/// each round's offsets are constants.
#[inline(always)]
fn hash64_17to128(input: &[u8], secret: &ShortSecret, seed: u64) -> u64 {
    /// Round `i`: the `i`th 16 bytes from the front and from the back.
    #[inline(always)]
    fn round(input: &[u8], secret: &ShortSecret, seed: u64, i: usize) -> u64 {
        let back = input.len() - 16 * (i + 1);
        mix16(&input[16 * i..], &secret[32 * i..], seed).wrapping_add(mix16(
            &input[back..],
            &secret[32 * i + 16..],
            seed,
        ))
    }
    let len = input.len();
    let mut acc = (len as u64).wrapping_mul(PRIME64_1);
    if len > 32 {
        if len > 64 {
            if len > 96 {
                acc = acc.wrapping_add(round(input, secret, seed, 3));
            }
            acc = acc.wrapping_add(round(input, secret, seed, 2));
        }
        acc = acc.wrapping_add(round(input, secret, seed, 1));
    }
    avalanche(acc.wrapping_add(round(input, secret, seed, 0)))
}

#[inline(always)]
fn hash64_129to240(input: &[u8], secret: &ShortSecret, seed: u64) -> u64 {
    let len = input.len();
    let (head, tail) = input.split_at(128);
    let mut acc = (len as u64).wrapping_mul(PRIME64_1);
    for (lane, key) in head.chunks_exact(16).zip(secret.chunks_exact(16)) {
        acc = acc.wrapping_add(mix16(lane, key, seed));
    }
    acc = avalanche(acc);
    // At most 112 bytes follow the first 128, so at most 7 rounds: the bound lets the compiler
    // unroll the loop (the 160-240 byte rows of the short-input table timed in turns).
    for (lane, key) in tail
        .chunks_exact(16)
        .zip(secret[3..].chunks_exact(16))
        .take(7)
    {
        acc = acc.wrapping_add(mix16(lane, key, seed));
    }
    acc = acc.wrapping_add(mix16(
        &input[len - 16..],
        &secret[SECRET_SIZE_MIN - 17..],
        seed,
    ));
    avalanche(acc)
}

#[inline(always)]
fn hash128_0to16(input: &[u8], secret: &ShortSecret, seed: u64) -> (u64, u64) {
    let len = input.len();
    if len > 8 {
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
    } else if len >= 4 {
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
    } else if len > 0 {
        let combined_lo = combined_1to3(input);
        let combined_hi = combined_lo.swap_bytes().rotate_left(13);
        let bitflip_lo = u64::from(read_u32(secret, 0) ^ read_u32(secret, 4)).wrapping_add(seed);
        let bitflip_hi = u64::from(read_u32(secret, 8) ^ read_u32(secret, 12)).wrapping_sub(seed);
        (
            xxh64_avalanche(u64::from(combined_lo) ^ bitflip_lo),
            xxh64_avalanche(u64::from(combined_hi) ^ bitflip_hi),
        )
    } else {
        (
            xxh64_avalanche(seed ^ read_u64(secret, 64) ^ read_u64(secret, 72)),
            xxh64_avalanche(seed ^ read_u64(secret, 80) ^ read_u64(secret, 88)),
        )
    }
}

/// As [`hash64_17to128`]; here the order of the rounds matters, and is the reference's.
#[inline(always)]
fn hash128_17to128(input: &[u8], secret: &ShortSecret, seed: u64) -> (u64, u64) {
    /// Round `i`: the `i`th 16 bytes from the front and from the back.
    #[inline(always)]
    fn round(
        acc: (u64, u64),
        input: &[u8],
        secret: &ShortSecret,
        seed: u64,
        i: usize,
    ) -> (u64, u64) {
        let back = input.len() - 16 * (i + 1);
        mix32(
            acc,
            &input[16 * i..],
            &input[back..],
            &secret[32 * i..],
            seed,
        )
    }
    let len = input.len();
    let mut acc = ((len as u64).wrapping_mul(PRIME64_1), 0u64);
    if len > 32 {
        if len > 64 {
            if len > 96 {
                acc = round(acc, input, secret, seed, 3);
            }
            acc = round(acc, input, secret, seed, 2);
        }
        acc = round(acc, input, secret, seed, 1);
    }
    finish128(round(acc, input, secret, seed, 0), len, seed)
}

#[inline(always)]
fn hash128_129to240(input: &[u8], secret: &ShortSecret, seed: u64) -> (u64, u64) {
    let len = input.len();
    let (head, tail) = input.split_at(128);
    let mut acc = ((len as u64).wrapping_mul(PRIME64_1), 0u64);
    for (lanes, key) in head.chunks_exact(32).zip(secret.chunks_exact(32)) {
        acc = mix32(acc, lanes, &lanes[16..], key, seed);
    }
    acc = (avalanche(acc.0), avalanche(acc.1));
    // At most 3 rounds after the first 128 bytes, as in `hash64_129to240` (the same rows).
    for (lanes, key) in tail
        .chunks_exact(32)
        .zip(secret[3..].chunks_exact(32))
        .take(3)
    {
        acc = mix32(acc, lanes, &lanes[16..], key, seed);
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
