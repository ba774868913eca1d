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
        crate::cpu::x86_has!("avx512f").then_some(Avx512(()))
    }
}

simd_kernel!(
    Avx512,
    "avx512f",
    "an Avx512 exists only if detect found AVX-512F on this CPU"
);

/// Shaped for the ports of AVX-512 cores: the high halves come from a shift (port 0) rather
/// than a second shuffle (port 5, which the swap needs), and stripes alternate between two
/// accumulators, summed at the end (the adds wrap, so the order does not matter), so each
/// loop-carried chain has one add per two stripes. `llvm-mca` figures are in BENCHMARKS.md.
///
/// # Safety
/// The CPU has AVX-512F.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    let stripes = input.len() / STRIPE_LEN;
    if stripes == 0 {
        return;
    }
    // Every key window read below, checked once rather than per stripe.
    let keys = &secret[..(stripes - 1) * SECRET_CONSUME_RATE + STRIPE_LEN];
    /// A stripe's contribution to the accumulators, from pointers to its 64 bytes and its key's.
    macro_rules! stripe_sum {
        ($stripe:expr, $key:expr) => {{
            let data = _mm512_loadu_si512($stripe.cast());
            let keyed = _mm512_xor_si512(data, _mm512_loadu_si512($key.cast()));
            let product = _mm512_mul_epu32(keyed, _mm512_srli_epi64::<32>(keyed));
            _mm512_add_epi64(product, _mm512_shuffle_epi32::<0b01_00_11_10>(data))
        }};
    }
    let acc_ptr = acc.as_mut_ptr().cast::<__m512i>();
    // SAFETY: `acc` is 64 bytes: one unaligned 64-byte load.
    let mut even = unsafe { _mm512_loadu_si512(acc_ptr) };
    let mut odd = _mm512_setzero_si512();
    let pairs = input.chunks_exact(2 * STRIPE_LEN);
    let last = pairs.remainder();
    for (n, pair) in pairs.enumerate() {
        // SAFETY: `pair` is 128 bytes, and `keys` holds the 64 bytes from `8m` for every stripe
        // `m` of the input (checked above): here m = 2n and 2n + 1. Unaligned 64-byte loads.
        unsafe {
            let key = keys.as_ptr().add(2 * n * SECRET_CONSUME_RATE);
            even = _mm512_add_epi64(even, stripe_sum!(pair.as_ptr(), key));
            odd = _mm512_add_epi64(
                odd,
                stripe_sum!(pair.as_ptr().add(STRIPE_LEN), key.add(SECRET_CONSUME_RATE)),
            );
        }
    }
    if !last.is_empty() {
        let key = &keys[(stripes - 1) * SECRET_CONSUME_RATE..];
        // SAFETY: `last` is the one stripe left, 64 bytes, and `key` is its 64-byte window.
        even = _mm512_add_epi64(even, unsafe { stripe_sum!(last.as_ptr(), key.as_ptr()) });
    }
    // SAFETY: as the load above.
    unsafe { _mm512_storeu_si512(acc_ptr, _mm512_add_epi64(even, odd)) };
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
