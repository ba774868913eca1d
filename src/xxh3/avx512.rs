//! The AVX-512 backend: all eight 64-bit lanes in one register, chosen at run time when the
//! CPU has AVX-512F.
//!
//! Only AVX-512F intrinsics that the standard library writes as portable SIMD operations are
//! used (no `vpternlog`), so Miri can run this backend on any x86-64 machine:
//! `.ci/miri` checks it against the C reference vectors that way, for CPUs without
//! AVX-512 (such as the one CI runs on).
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::common::{PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::simd_kernel;

/// Proof that the CPU has AVX-512F: the only way to make one is [`Avx512::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Avx512 {
    /// `Some` only if this CPU has AVX-512F.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        super::platform::x86_has!("avx512f").then_some(Avx512(()))
    }
}

simd_kernel!(
    Avx512,
    "avx512f",
    "an Avx512 exists only if detect found AVX-512F on this CPU"
);

/// Slicing bounds every access: each stripe and its key are 64-byte slices.
///
/// # Safety
/// The CPU has AVX-512F.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    let acc_ptr = acc.as_mut_ptr().cast::<__m512i>();
    // SAFETY: `acc` is 64 bytes: one unaligned 64-byte load.
    let mut lanes = unsafe { _mm512_loadu_si512(acc_ptr) };
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        let key = &secret[n * SECRET_CONSUME_RATE..n * SECRET_CONSUME_RATE + STRIPE_LEN];
        // SAFETY: `stripe` and `key` are 64 bytes: unaligned 64-byte loads.
        let (data, keyv) = unsafe {
            (
                _mm512_loadu_si512(stripe.as_ptr().cast()),
                _mm512_loadu_si512(key.as_ptr().cast()),
            )
        };
        let keyed = _mm512_xor_si512(data, keyv);
        let keyed_hi = _mm512_shuffle_epi32::<0b11_11_01_01>(keyed);
        let product = _mm512_mul_epu32(keyed, keyed_hi);
        let swapped = _mm512_shuffle_epi32::<0b01_00_11_10>(data);
        lanes = _mm512_add_epi64(_mm512_add_epi64(lanes, swapped), product);
    }
    // SAFETY: as the load above.
    unsafe { _mm512_storeu_si512(acc_ptr, lanes) };
}

/// # Safety
/// The CPU has AVX-512F.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn scramble(acc: &mut [u64; 8], key: &[u8]) {
    let key = &key[..STRIPE_LEN];
    let prime = _mm512_set1_epi32(PRIME32_1 as i32);
    let acc_ptr = acc.as_mut_ptr().cast::<__m512i>();
    // SAFETY: `acc` and `key` are 64 bytes: unaligned 64-byte accesses.
    unsafe {
        let a = _mm512_loadu_si512(acc_ptr);
        let a = _mm512_xor_si512(a, _mm512_srli_epi64::<47>(a));
        let keyed = _mm512_xor_si512(a, _mm512_loadu_si512(key.as_ptr().cast()));
        let keyed_hi = _mm512_shuffle_epi32::<0b11_11_01_01>(keyed);
        let lo = _mm512_mul_epu32(keyed, prime);
        let hi = _mm512_mul_epu32(keyed_hi, prime);
        _mm512_storeu_si512(acc_ptr, _mm512_add_epi64(lo, _mm512_slli_epi64::<32>(hi)));
    }
}
