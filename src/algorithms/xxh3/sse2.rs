//! The SSE2 backend: two 64-bit lanes per register. SSE2 is part of x86-64 itself.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::common::{PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::simd_kernel;

/// Proof that SSE2 is available: on x86-64 it always is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2(());

impl Sse2 {
    pub(crate) fn new() -> Self {
        Sse2(())
    }
}

simd_kernel!(Sse2, "sse2", "SSE2 is in every x86-64 CPU");

/// Slicing bounds every access: each stripe and its key are 64-byte slices.
///
/// # Safety
/// The CPU has SSE2.
#[inline]
#[target_feature(enable = "sse2")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    let acc_ptr = acc.as_mut_ptr().cast::<__m128i>();
    // SAFETY: `acc` is 64 bytes, four unaligned 16-byte loads.
    let mut lanes = unsafe {
        [
            _mm_loadu_si128(acc_ptr),
            _mm_loadu_si128(acc_ptr.add(1)),
            _mm_loadu_si128(acc_ptr.add(2)),
            _mm_loadu_si128(acc_ptr.add(3)),
        ]
    };
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        let key = &secret[n * SECRET_CONSUME_RATE..n * SECRET_CONSUME_RATE + STRIPE_LEN];
        for (i, lane) in lanes.iter_mut().enumerate() {
            // SAFETY: `stripe` and `key` are 64 bytes; 16-byte unaligned loads at 16i.
            let (data, keyv) = unsafe {
                (
                    _mm_loadu_si128(stripe.as_ptr().add(16 * i).cast()),
                    _mm_loadu_si128(key.as_ptr().add(16 * i).cast()),
                )
            };
            let keyed = _mm_xor_si128(data, keyv);
            // The high halves by a shift, not a second shuffle: shuffles have fewer ports.
            let keyed_hi = _mm_srli_epi64::<32>(keyed);
            let product = _mm_mul_epu32(keyed, keyed_hi);
            let swapped = _mm_shuffle_epi32::<0b01_00_11_10>(data);
            *lane = _mm_add_epi64(*lane, _mm_add_epi64(product, swapped));
        }
    }
    for (i, lane) in lanes.iter().enumerate() {
        // SAFETY: as the loads above.
        unsafe { _mm_storeu_si128(acc_ptr.add(i), *lane) };
    }
}

/// # Safety
/// The CPU has SSE2.
#[inline]
#[target_feature(enable = "sse2")]
unsafe fn scramble(acc: &mut [u64; 8], key: &[u8]) {
    let key = &key[..STRIPE_LEN];
    let prime = _mm_set1_epi32(PRIME32_1 as i32);
    let acc_ptr = acc.as_mut_ptr().cast::<__m128i>();
    for i in 0..4 {
        // SAFETY: `acc` and `key` are 64 bytes: 16-byte unaligned accesses at 16i.
        unsafe {
            let a = _mm_loadu_si128(acc_ptr.add(i));
            let a = _mm_xor_si128(a, _mm_srli_epi64::<47>(a));
            let keyed = _mm_xor_si128(a, _mm_loadu_si128(key.as_ptr().add(16 * i).cast()));
            let keyed_hi = _mm_shuffle_epi32::<0b11_11_01_01>(keyed);
            let lo = _mm_mul_epu32(keyed, prime);
            let hi = _mm_mul_epu32(keyed_hi, prime);
            _mm_storeu_si128(acc_ptr.add(i), _mm_add_epi64(lo, _mm_slli_epi64::<32>(hi)));
        }
    }
}
