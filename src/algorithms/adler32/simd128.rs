//! The WebAssembly kernel, in builds with SIMD128 (WebAssembly cannot choose at run time):
//! 32 bytes a step in two vectors. Pairwise adds take the bytes into `a`; widening multiplies
//! by the weights (32 for a step's first byte down to 1) and a pairwise add take them into
//! `b`, which also gains 32 times the `a` before each step.
#![allow(unsafe_code)]

use core::arch::wasm32::*;

use super::{portable, BASE, NMAX};

/// The sum of the four 32-bit lanes of `v`.
#[inline]
fn sum(v: v128) -> u32 {
    u32x4_extract_lane::<0>(v)
        .wrapping_add(u32x4_extract_lane::<1>(v))
        .wrapping_add(u32x4_extract_lane::<2>(v))
        .wrapping_add(u32x4_extract_lane::<3>(v))
}

/// The sums after `data`, from `a` and `b` (each below [`BASE`]).
#[inline]
pub(super) fn update(mut a: u32, mut b: u32, mut data: &[u8]) -> (u32, u32) {
    let w0 = u8x16(
        32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    );
    let w1 = u8x16(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    while data.len() >= 32 {
        let (chunk, rest) = data.split_at(data.len().min(NMAX) / 32 * 32);
        let mut sum_a = u32x4(a, 0, 0, 0);
        let mut sum_b = u32x4(b, 0, 0, 0);
        // The `a`s before each step, which `b` gains 32 times each.
        let mut a_before = u32x4_splat(0);
        for step in chunk.chunks_exact(32) {
            // SAFETY: `step` holds 32 bytes; `v128_load` needs no alignment.
            let (v0, v1) = unsafe {
                (
                    v128_load(step.as_ptr().cast()),
                    v128_load(step.as_ptr().add(16).cast()),
                )
            };
            a_before = u32x4_add(a_before, sum_a);
            let pairs = u16x8_add(
                u16x8_extadd_pairwise_u8x16(v0),
                u16x8_extadd_pairwise_u8x16(v1),
            );
            sum_a = u32x4_add(sum_a, u32x4_extadd_pairwise_u16x8(pairs));
            // Four products a lane, at most 255 (32 + 24 + 16 + 8): they fit 16 bits.
            let weighted = u16x8_add(
                u16x8_add(
                    u16x8_extmul_low_u8x16(v0, w0),
                    u16x8_extmul_high_u8x16(v0, w0),
                ),
                u16x8_add(
                    u16x8_extmul_low_u8x16(v1, w1),
                    u16x8_extmul_high_u8x16(v1, w1),
                ),
            );
            sum_b = u32x4_add(sum_b, u32x4_extadd_pairwise_u16x8(weighted));
        }
        sum_b = u32x4_add(sum_b, u32x4_shl(a_before, 5));
        a = sum(sum_a) % BASE;
        b = sum(sum_b) % BASE;
        data = rest;
    }
    portable::update(a, b, data)
}
