//! The AVX2 backend: four 64-bit lanes per register, chosen at run time when the CPU has AVX2.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::common::{PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::simd_kernel;

/// Proof that the CPU has AVX2: the only way to make one is [`Avx2::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// `Some` only if this CPU has AVX2.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        crate::cpu::x86_has!("avx2").then_some(Avx2(()))
    }
}

simd_kernel!(
    Avx2,
    "avx2",
    "an Avx2 exists only if detect found AVX2 on this CPU"
);

/// Slicing bounds every access: each stripe and its key are 64-byte slices.
///
/// # Safety
/// The CPU has AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    let acc_ptr = acc.as_mut_ptr().cast::<__m256i>();
    // SAFETY: `acc` is 64 bytes, two unaligned 32-byte loads.
    let mut lanes = unsafe {
        [
            _mm256_loadu_si256(acc_ptr),
            _mm256_loadu_si256(acc_ptr.add(1)),
        ]
    };
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        let key = &secret[n * SECRET_CONSUME_RATE..n * SECRET_CONSUME_RATE + STRIPE_LEN];
        for (i, lane) in lanes.iter_mut().enumerate() {
            // SAFETY: `stripe` and `key` are 64 bytes; 32-byte unaligned loads at 32i.
            let (data, keyv) = unsafe {
                (
                    _mm256_loadu_si256(stripe.as_ptr().add(32 * i).cast()),
                    _mm256_loadu_si256(key.as_ptr().add(32 * i).cast()),
                )
            };
            let keyed = _mm256_xor_si256(data, keyv);
            // The high halves by a shift, not a second shuffle: shuffles have fewer ports.
            let keyed_hi = _mm256_srli_epi64::<32>(keyed);
            let product = _mm256_mul_epu32(keyed, keyed_hi);
            let swapped = _mm256_shuffle_epi32::<0b01_00_11_10>(data);
            *lane = _mm256_add_epi64(*lane, _mm256_add_epi64(product, swapped));
        }
    }
    for (i, lane) in lanes.iter().enumerate() {
        // SAFETY: as the loads above.
        unsafe { _mm256_storeu_si256(acc_ptr.add(i), *lane) };
    }
}

/// # Safety
/// The CPU has AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn scramble(acc: &mut [u64; 8], key: &[u8]) {
    let key = &key[..STRIPE_LEN];
    let prime = _mm256_set1_epi32(PRIME32_1 as i32);
    let acc_ptr = acc.as_mut_ptr().cast::<__m256i>();
    for i in 0..2 {
        // SAFETY: `acc` and `key` are 64 bytes: 32-byte unaligned accesses at 32i.
        unsafe {
            let a = _mm256_loadu_si256(acc_ptr.add(i));
            let a = _mm256_xor_si256(a, _mm256_srli_epi64::<47>(a));
            let keyed = _mm256_xor_si256(a, _mm256_loadu_si256(key.as_ptr().add(32 * i).cast()));
            let keyed_hi = _mm256_shuffle_epi32::<0b11_11_01_01>(keyed);
            let lo = _mm256_mul_epu32(keyed, prime);
            let hi = _mm256_mul_epu32(keyed_hi, prime);
            _mm256_storeu_si256(
                acc_ptr.add(i),
                _mm256_add_epi64(lo, _mm256_slli_epi64::<32>(hi)),
            );
        }
    }
}
