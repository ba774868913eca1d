//! The AArch64 kernel: 32 bytes a step in two NEON registers. Pairwise adds take the bytes
//! into `a`; widening multiplies by the weights (32 for a step's first byte down to 1) and a
//! pairwise add take them into `b`, which also gains 32 times the `a` before each step.
//! `.ci/test-aarch64` tests it on x86-64 machines, under `qemu-aarch64`.
#![allow(unsafe_code)]

use core::arch::aarch64::*;

use super::{portable, BASE, NMAX};
use crate::cpu;

/// The sums after `data` by NEON, or `None` where the CPU lacks it (or
/// `--cfg iohash_force_backend = "scalar"` says so) or `data` is shorter than one step.
#[inline]
pub(super) fn update(a: u32, b: u32, data: &[u8]) -> Option<(u32, u32)> {
    if data.len() < 32 || cfg!(iohash_force_backend = "scalar") || !cpu::features().has(cpu::NEON) {
        return None;
    }
    // SAFETY: the CPU has NEON.
    Some(unsafe { neon(a, b, data) })
}

/// [`update`] by NEON.
///
/// # Safety
/// The CPU has NEON.
#[target_feature(enable = "neon")]
pub(super) unsafe fn neon(mut a: u32, mut b: u32, mut data: &[u8]) -> (u32, u32) {
    const WEIGHTS: [u8; 32] = {
        let mut w = [0; 32];
        let mut i = 0;
        while i < 32 {
            w[i] = 32 - i as u8;
            i += 1;
        }
        w
    };
    // SAFETY: `WEIGHTS` holds 32 bytes; the loads need no alignment.
    let (w0, w1) = unsafe {
        (
            vld1q_u8(WEIGHTS.as_ptr()),
            vld1q_u8(WEIGHTS.as_ptr().add(16)),
        )
    };
    while data.len() >= 32 {
        let (chunk, rest) = data.split_at(data.len().min(NMAX) / 32 * 32);
        let mut sum_a = vsetq_lane_u32::<0>(a, vdupq_n_u32(0));
        let mut sum_b = vsetq_lane_u32::<0>(b, vdupq_n_u32(0));
        // The `a`s before each step, which `b` gains 32 times each.
        let mut a_before = vdupq_n_u32(0);
        for step in chunk.chunks_exact(32) {
            // SAFETY: `step` holds 32 bytes; the loads need no alignment.
            let (v0, v1) = unsafe { (vld1q_u8(step.as_ptr()), vld1q_u8(step.as_ptr().add(16))) };
            a_before = vaddq_u32(a_before, sum_a);
            sum_a = vpadalq_u16(sum_a, vpadalq_u8(vpaddlq_u8(v0), v1));
            // Four products a lane, at most 255 (32 + 24 + 16 + 8): they fit 16 bits.
            let mut weighted = vmull_u8(vget_low_u8(v0), vget_low_u8(w0));
            weighted = vmlal_high_u8(weighted, v0, w0);
            weighted = vmlal_u8(weighted, vget_low_u8(v1), vget_low_u8(w1));
            weighted = vmlal_high_u8(weighted, v1, w1);
            sum_b = vpadalq_u16(sum_b, weighted);
        }
        sum_b = vaddq_u32(sum_b, vshlq_n_u32::<5>(a_before));
        a = vaddvq_u32(sum_a) % BASE;
        b = vaddvq_u32(sum_b) % BASE;
        data = rest;
    }
    portable::update(a, b, data)
}
