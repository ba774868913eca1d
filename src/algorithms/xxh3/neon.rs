//! The NEON backend: two 64-bit lanes per register, on AArch64. `.ci/test-aarch64` tests it
//! on x86-64 machines, under `qemu-aarch64`.
#![allow(unsafe_code)]

use core::arch::aarch64::*;

use super::common::{PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::simd_kernel;

/// Proof that the CPU has NEON: the only way to make one is [`Neon::detect`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Neon(());

impl Neon {
    /// `Some` only if this CPU has NEON (every AArch64 CPU a standard Linux, macOS or Windows
    /// target runs on does; bare-metal soft-float ones may not).
    #[inline]
    pub(crate) fn detect(cpu: crate::cpu::Features) -> Option<Self> {
        cpu.has(crate::cpu::NEON).then_some(Neon(()))
    }
}

simd_kernel!(
    Neon,
    "neon",
    "a Neon exists only if detect found NEON on this CPU"
);

/// Slicing bounds every access: each stripe and its key are 64-byte slices.
///
/// # Safety
/// The CPU has NEON.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    let acc_ptr = acc.as_mut_ptr();
    // SAFETY: `acc` is 64 bytes, four 16-byte loads of aligned `u64` pairs.
    let mut lanes = unsafe {
        [
            vld1q_u64(acc_ptr),
            vld1q_u64(acc_ptr.add(2)),
            vld1q_u64(acc_ptr.add(4)),
            vld1q_u64(acc_ptr.add(6)),
        ]
    };
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        let key = &secret[n * SECRET_CONSUME_RATE..n * SECRET_CONSUME_RATE + STRIPE_LEN];
        for (i, lane) in lanes.iter_mut().enumerate() {
            // SAFETY: `stripe` and `key` are 64 bytes; 16-byte loads at 16i, which `vld1q_u8`
            // may make at any alignment.
            let (data, keyv) = unsafe {
                (
                    vreinterpretq_u64_u8(vld1q_u8(stripe.as_ptr().add(16 * i))),
                    vreinterpretq_u64_u8(vld1q_u8(key.as_ptr().add(16 * i))),
                )
            };
            let keyed = veorq_u64(data, keyv);
            // Each lane's low half times its high half, as 32 x 32 -> 64-bit products.
            let keyed_lo = vmovn_u64(keyed);
            let keyed_hi = vshrn_n_u64::<32>(keyed);
            // The data is added to the neighbouring lane: swap the pair's two words.
            let swapped = vextq_u64::<1>(data, data);
            *lane = vmlal_u32(vaddq_u64(*lane, swapped), keyed_lo, keyed_hi);
        }
    }
    for (i, lane) in lanes.iter().enumerate() {
        // SAFETY: as the loads above.
        unsafe { vst1q_u64(acc_ptr.add(2 * i), *lane) };
    }
}

/// # Safety
/// The CPU has NEON.
#[inline]
#[target_feature(enable = "neon")]
unsafe fn scramble(acc: &mut [u64; 8], key: &[u8]) {
    let key = &key[..STRIPE_LEN];
    let prime = vdup_n_u32(PRIME32_1 as u32);
    let acc_ptr = acc.as_mut_ptr();
    for i in 0..4 {
        // SAFETY: `acc` and `key` are 64 bytes: 16-byte accesses at 16i (`acc` as `u64`
        // pairs, `key` as bytes at any alignment).
        unsafe {
            let a = vld1q_u64(acc_ptr.add(2 * i));
            let a = veorq_u64(a, vshrq_n_u64::<47>(a));
            let keyed = veorq_u64(a, vreinterpretq_u64_u8(vld1q_u8(key.as_ptr().add(16 * i))));
            // keyed * PRIME32_1 mod 2^64 = (hi * p) << 32 + lo * p, in 32-bit halves.
            let high = vshlq_n_u64::<32>(vmull_u32(vshrn_n_u64::<32>(keyed), prime));
            vst1q_u64(acc_ptr.add(2 * i), vmlal_u32(high, vmovn_u64(keyed), prime));
        }
    }
}
