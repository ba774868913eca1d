//! The AVX2 backend: four 64-bit lanes per register, chosen at run time when the CPU has AVX2.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::common::{PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::{
    consume_stripes_with, scramble_key, simd_kernel, stripes_per_block, USUAL_BLOCK_LEN,
    USUAL_BLOCK_STRIPES,
};

/// Proof that the CPU has AVX2: the only way to make one is [`Avx2::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// `Some` only if this CPU has AVX2.
    #[inline]
    pub(crate) fn detect(cpu: crate::cpu::Features) -> Option<Self> {
        cpu.has(crate::cpu::AVX2).then_some(Avx2(()))
    }
}

simd_kernel!(
    Avx2,
    "avx2",
    "an Avx2 exists only if detect found AVX2 on this CPU",
    consume_stripes
);

/// The reference adds each stripe's data to the neighbouring lane; adding the data's sum,
/// swapped once at the end, is the same (the adds wrap and the swap is a permutation), so the
/// stripe loop has no shuffle: a XOR, a shift, a multiply and two adds per 32 bytes, on three
/// ports, where the swap made six operations.
///
/// # Safety
/// The CPU has AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    // SAFETY: the caller's promise.
    unsafe { accumulate_keyed::<SECRET_CONSUME_RATE>(acc, input, secret) }
}

/// [`accumulate`] with stripe `n`'s key at `keys[KEY_STEP * n..]`: the secret itself, or
/// its windows copied apart.
///
/// # Safety
/// The CPU has AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn accumulate_keyed<const KEY_STEP: usize>(acc: &mut [u64; 8], input: &[u8], keys: &[u8]) {
    let stripes = input.len() / STRIPE_LEN;
    if stripes == 0 {
        return;
    }
    // Every key window read below, checked once rather than per stripe.
    let keys = &keys[..(stripes - 1) * KEY_STEP + STRIPE_LEN];
    let acc_ptr = acc.as_mut_ptr().cast::<__m256i>();
    // SAFETY: `acc` is 64 bytes, two unaligned 32-byte loads.
    let mut lanes = unsafe {
        [
            _mm256_loadu_si256(acc_ptr),
            _mm256_loadu_si256(acc_ptr.add(1)),
        ]
    };
    let mut data_sums = [_mm256_setzero_si256(); 2];
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        for (i, (lane, data_sum)) in lanes.iter_mut().zip(&mut data_sums).enumerate() {
            // SAFETY: `stripe` is 64 bytes and `keys` holds the 64 bytes from `KEY_STEP * n` for every
            // stripe `n` of the input (checked above): 32-byte unaligned loads at 32i.
            let (data, key) = unsafe {
                (
                    _mm256_loadu_si256(stripe.as_ptr().add(32 * i).cast()),
                    _mm256_loadu_si256(keys.as_ptr().add(n * KEY_STEP + 32 * i).cast()),
                )
            };
            let keyed = _mm256_xor_si256(data, key);
            let keyed_hi = _mm256_srli_epi64::<32>(keyed);
            *lane = _mm256_add_epi64(*lane, _mm256_mul_epu32(keyed, keyed_hi));
            *data_sum = _mm256_add_epi64(*data_sum, data);
        }
    }
    for (i, (lane, data_sum)) in lanes.iter().zip(&data_sums).enumerate() {
        let swapped = _mm256_shuffle_epi32::<0b01_00_11_10>(*data_sum);
        // SAFETY: as the loads above.
        unsafe { _mm256_storeu_si256(acc_ptr.add(i), _mm256_add_epi64(*lane, swapped)) };
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

/// A block's key windows, copied where every 32-byte load of them is aligned.
#[repr(C, align(64))]
struct AlignedKeys([[u8; STRIPE_LEN]; USUAL_BLOCK_STRIPES]);

/// The block loop. With a secret of the usual 192 bytes, the block's sixteen key windows are
/// copied once per call to the stack, 64-byte aligned, so no key load crosses a cache line
/// (sixteen registers cannot hold them, as AVX-512's thirty-two do).
///
/// Always inlined, as AVX-512's is, into the backend's `#[target_feature]` block loop and
/// one-shot, where a call of its own measured slower (benches/results/amd-epyc-zen5-notes.md,
/// "XXH3 from 256 bytes to 4 KiB: the long path's fixed cost").
///
/// # Safety
/// The CPU has AVX2.
#[inline(always)]
unsafe fn consume_stripes(
    kernel: Avx2,
    acc: &mut [u64; 8],
    stripes_so_far: &mut usize,
    input: &[u8],
    secret: &[u8],
) {
    if stripes_per_block(secret) != USUAL_BLOCK_STRIPES {
        return consume_stripes_with(kernel, acc, stripes_so_far, input, secret);
    }
    // The stripes that end a block begun by earlier input, if any.
    let head = input
        .len()
        .min(((USUAL_BLOCK_STRIPES - *stripes_so_far) % USUAL_BLOCK_STRIPES) * STRIPE_LEN);
    if input.len() - head < USUAL_BLOCK_LEN {
        return consume_stripes_with(kernel, acc, stripes_so_far, input, secret);
    }
    let (head, input) = input.split_at(head);
    consume_stripes_with(kernel, acc, stripes_so_far, head, secret);
    let mut keys = AlignedKeys([[0; STRIPE_LEN]; USUAL_BLOCK_STRIPES]);
    for (m, key) in keys.0.iter_mut().enumerate() {
        key.copy_from_slice(&secret[m * SECRET_CONSUME_RATE..][..STRIPE_LEN]);
    }
    let keys = keys.0.as_flattened();
    let mut blocks = input.chunks_exact(USUAL_BLOCK_LEN);
    for block in &mut blocks {
        // SAFETY: the CPU has AVX2, the caller's promise.
        unsafe { accumulate_keyed::<STRIPE_LEN>(acc, block, keys) };
        // SAFETY: as above.
        unsafe { scramble(acc, scramble_key(secret)) };
    }
    consume_stripes_with(kernel, acc, stripes_so_far, blocks.remainder(), secret);
}
