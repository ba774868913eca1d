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
use super::long::{
    consume_stripes_with, scramble_key, simd_kernel, stripes_per_block, USUAL_BLOCK_LEN,
    USUAL_BLOCK_STRIPES,
};

/// Proof that the CPU has AVX-512F: the only way to make one is [`Avx512::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Avx512 {
    /// `Some` only if this CPU has AVX-512F.
    #[inline]
    pub(crate) fn detect(cpu: crate::cpu::Features) -> Option<Self> {
        cpu.has(crate::cpu::AVX512F).then_some(Avx512(()))
    }
}

simd_kernel!(
    Avx512,
    "avx512f",
    "an Avx512 exists only if detect found AVX-512F on this CPU",
    consume_stripes
);

/// The block loop's two running sums: the accumulators plus the products, and the sum of the
/// data, which the reference adds to the neighbouring lane stripe by stripe.
///
/// Adding a stripe's data to the swapped lanes is the same as swapping the sum of the data
/// once per block (the adds wrap and the swap is a permutation), so the swap leaves the
/// stripe loop: each stripe costs a load, a XOR, a shift, a multiply and two adds, five
/// operations on the two ports AVX-512 runs on where the swap made six, and no shuffle for
/// port 5. With the keys in registers this is the fastest block loop measured (each CPU's
/// record in benches/results/, `XXH3/oneshot` and the llvm-mca table); for the few stripes of
/// [`accumulate`], the swap in the loop measured faster.
struct Sums {
    acc: __m512i,
    data: __m512i,
}

impl Sums {
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load(acc: &[u64; 8]) -> Sums {
        Sums {
            // SAFETY: `acc` is 64 bytes: an unaligned 64-byte load.
            acc: unsafe { _mm512_loadu_si512(acc.as_ptr().cast()) },
            data: _mm512_setzero_si512(),
        }
    }

    /// Adds a stripe keyed by `key`. The high halves come from a shift (port 0) rather than a
    /// shuffle (port 5).
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn add_stripe(&mut self, stripe: &[u8; STRIPE_LEN], key: __m512i) {
        // SAFETY: `stripe` is 64 bytes: an unaligned 64-byte load.
        let data = unsafe { _mm512_loadu_si512(stripe.as_ptr().cast()) };
        let keyed = _mm512_xor_si512(data, key);
        let product = _mm512_mul_epu32(keyed, _mm512_srli_epi64::<32>(keyed));
        self.acc = _mm512_add_epi64(self.acc, product);
        self.data = _mm512_add_epi64(self.data, data);
    }

    /// The accumulators: the data's sum added, with each lane's pair swapped.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn total(&self) -> __m512i {
        _mm512_add_epi64(self.acc, _mm512_shuffle_epi32::<0b01_00_11_10>(self.data))
    }

    /// Scrambles the total with `key` and starts the next block's sums from it.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn scramble(&mut self, key: __m512i) {
        let acc = self.total();
        let acc = _mm512_xor_si512(acc, _mm512_srli_epi64::<47>(acc));
        let keyed = _mm512_xor_si512(acc, key);
        let keyed_hi = _mm512_shuffle_epi32::<0b11_11_01_01>(keyed);
        let prime = _mm512_set1_epi32(PRIME32_1 as i32);
        let lo = _mm512_mul_epu32(keyed, prime);
        let hi = _mm512_mul_epu32(keyed_hi, prime);
        self.acc = _mm512_add_epi64(lo, _mm512_slli_epi64::<32>(hi));
        self.data = _mm512_setzero_si512();
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store(&self, acc: &mut [u64; 8]) {
        // SAFETY: `acc` is 64 bytes: an unaligned 64-byte store.
        unsafe { _mm512_storeu_si512(acc.as_mut_ptr().cast(), self.total()) };
    }
}

/// A 64-byte window of `bytes` from `at`, in a register.
#[inline]
#[target_feature(enable = "avx512f")]
fn window(bytes: &[u8], at: usize) -> __m512i {
    let window = &bytes[at..at + STRIPE_LEN];
    // SAFETY: `window` is 64 bytes: an unaligned 64-byte load.
    unsafe { _mm512_loadu_si512(window.as_ptr().cast()) }
}

/// A run of stripes without the block loop's registers. Stripes alternate between two
/// accumulators, summed at the end (the adds wrap, so the order does not matter), so each
/// loop-carried chain has one add per two stripes; the high halves come from a shift (port 0)
/// rather than a second shuffle (port 5, which the swap needs). For the few stripes the
/// streaming buffer and the ends of appends bring, this form measured faster than [`Sums`]
/// (the 1,000-byte appends of benches/results/intel-xeon-model-207.md's "Small chunks", and
/// of each AVX-512 CPU's record).
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
    // Whole stripes only, so that what the pairs leave is one stripe or nothing.
    let input = &input[..stripes * STRIPE_LEN];
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
    let mut sums = Sums::load(acc);
    sums.scramble(window(key, 0));
    sums.store(acc);
}

/// The block loop. With a secret of the usual 192 bytes and at least a block of input, the
/// block's sixteen key windows and the scramble's key are loaded into registers once per call
/// (32 registers hold them, the [`Sums`] and the temporaries), so a stripe costs one load, its
/// data's: the keys' own loads, most of them across two cache lines, held the loop of one
/// call per block below the C reference's speed on inputs beyond the L1 cache. Shorter input
/// and other secret lengths take that loop.
///
/// Always inlined, without a feature of its own, into the callers that have it (the backend's block
/// loop and one-shot, both `#[target_feature]` functions of `simd_kernel!`, the only ones that may
/// reach it): a call of its own took the accumulators through the stack
/// (benches/results/amd-epyc-zen5-notes.md, "XXH3 from 256 bytes to 4 KiB: the long path's fixed
/// cost").
///
/// # Safety
/// The CPU has AVX-512F.
#[inline(always)]
unsafe fn consume_stripes(
    kernel: Avx512,
    acc: &mut [u64; 8],
    stripes_so_far: &mut usize,
    input: &[u8],
    secret: &[u8],
) {
    if stripes_per_block(secret) != USUAL_BLOCK_STRIPES || input.len() < USUAL_BLOCK_LEN {
        return consume_stripes_with(kernel, acc, stripes_so_far, input, secret);
    }
    // SAFETY: every call below needs AVX-512F, which the CPU has (this function's contract).
    unsafe {
        let mut keys = [_mm512_setzero_si512(); USUAL_BLOCK_STRIPES];
        for (m, key) in keys.iter_mut().enumerate() {
            *key = window(secret, m * SECRET_CONSUME_RATE);
        }
        let scramble_with = window(scramble_key(secret), 0);
        let mut sums = Sums::load(acc);
        let mut input = input;
        if *stripes_so_far > 0 {
            // The rest of a block begun by earlier input, which this input (a block or more) ends.
            let (head, rest) = input.split_at((USUAL_BLOCK_STRIPES - *stripes_so_far) * STRIPE_LEN);
            for (stripe, key) in head.as_chunks().0.iter().zip(&keys[*stripes_so_far..]) {
                sums.add_stripe(stripe, *key);
            }
            sums.scramble(scramble_with);
            input = rest;
        }
        let (blocks, tail) = input.as_chunks::<USUAL_BLOCK_LEN>();
        for block in blocks {
            for (stripe, key) in block.as_chunks().0.iter().zip(&keys) {
                sums.add_stripe(stripe, *key);
            }
            sums.scramble(scramble_with);
        }
        // The start of a block the next input goes on with.
        for (stripe, key) in tail.as_chunks().0.iter().zip(&keys) {
            sums.add_stripe(stripe, *key);
        }
        *stripes_so_far = tail.len() / STRIPE_LEN;
        sums.store(acc);
    }
}
