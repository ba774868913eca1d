//! The x86-64 kernels, chosen at run time: AVX-512 (with VNNI, or BW alone) takes 64 bytes a
//! step, AVX2 and SSE2 32. Each step adds the bytes to `a` with `psadbw` and their weighted
//! sum (the first byte counts 64 or 32 times, the last once) to `b` with `vpdpbusd`, or
//! `pmaddubsw` and `pmaddwd`, or (SSE2, which lacks `pmaddubsw`) bytes widened to 16 bits and
//! `pmaddwd`; `b` also gains the step's length times `a` before it, kept as a sum of the `a`s
//! and shifted at the end.
#![allow(unsafe_code)]

use core::arch::x86_64::*;

use super::{portable, BASE, NMAX};
use crate::cpu;

/// The sums after `data` by a vector kernel, or `None` where `--cfg iohash_force_backend`
/// says "scalar" or `data` is shorter than one step. Every x86-64 CPU has SSE2.
#[inline]
pub(super) fn update(a: u32, b: u32, data: &[u8]) -> Option<(u32, u32)> {
    if data.len() < 32 || cfg!(iohash_force_backend = "scalar") {
        return None;
    }
    if cfg!(iohash_force_backend = "sse2") {
        // SAFETY: every x86-64 CPU has SSE2.
        return Some(unsafe { sse2(a, b, data) });
    }
    let features = cpu::features();
    // Below 256 bytes AVX2 measured faster: one AVX-512 step costs its set-up and reductions.
    let wide = !cfg!(iohash_force_backend = "avx2") && data.len() >= 256;
    if wide && features.has(cpu::AVX512F | cpu::AVX512BW | cpu::AVX512VNNI) {
        // SAFETY: the CPU has AVX-512F, AVX-512BW and AVX-512 VNNI.
        return Some(unsafe { avx512_vnni(a, b, data) });
    }
    if wide && features.has(cpu::AVX512F | cpu::AVX512BW) {
        // SAFETY: the CPU has AVX-512F and AVX-512BW.
        return Some(unsafe { avx512(a, b, data) });
    }
    if features.has(cpu::AVX2) {
        // SAFETY: the CPU has AVX2.
        return Some(unsafe { avx2(a, b, data) });
    }
    // SAFETY: every x86-64 CPU has SSE2.
    Some(unsafe { sse2(a, b, data) })
}

/// [`update`] by SSE2, 32 bytes a step, for CPUs without AVX2.
///
/// # Safety
/// The CPU has SSE2 (every x86-64 CPU does).
#[target_feature(enable = "sse2")]
pub(super) unsafe fn sse2(mut a: u32, mut b: u32, mut data: &[u8]) -> (u32, u32) {
    // The weights of a step's four quarters, 32 for its first byte down to 1 for its last.
    let weights = [
        _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25),
        _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17),
        _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9),
        _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1),
    ];
    let zero = _mm_setzero_si128();
    while data.len() >= 32 {
        let (chunk, rest) = data.split_at(data.len().min(NMAX) / 32 * 32);
        let mut sum_a = _mm_cvtsi32_si128(a as i32);
        let mut sum_b = _mm_cvtsi32_si128(b as i32);
        // The `a`s before each step, which `b` gains 32 times each.
        let mut a_before = zero;
        for step in chunk.chunks_exact(32) {
            // SAFETY: `step` holds 32 bytes; the loads need no alignment.
            let (v0, v1) = unsafe {
                (
                    _mm_loadu_si128(step.as_ptr().cast()),
                    _mm_loadu_si128(step.as_ptr().add(16).cast()),
                )
            };
            a_before = _mm_add_epi32(a_before, sum_a);
            let sad = _mm_add_epi32(_mm_sad_epu8(v0, zero), _mm_sad_epu8(v1, zero));
            sum_a = _mm_add_epi32(sum_a, sad);
            let quarters = [
                _mm_unpacklo_epi8(v0, zero),
                _mm_unpackhi_epi8(v0, zero),
                _mm_unpacklo_epi8(v1, zero),
                _mm_unpackhi_epi8(v1, zero),
            ];
            let weighted = _mm_add_epi32(
                _mm_add_epi32(
                    _mm_madd_epi16(quarters[0], weights[0]),
                    _mm_madd_epi16(quarters[1], weights[1]),
                ),
                _mm_add_epi32(
                    _mm_madd_epi16(quarters[2], weights[2]),
                    _mm_madd_epi16(quarters[3], weights[3]),
                ),
            );
            sum_b = _mm_add_epi32(sum_b, weighted);
        }
        sum_b = _mm_add_epi32(sum_b, _mm_slli_epi32::<5>(a_before));
        a = sum128(sum_a) % BASE;
        b = sum128(sum_b) % BASE;
        data = rest;
    }
    portable::update(a, b, data)
}

/// The sum of the four 32-bit lanes of `v`.
#[inline]
#[target_feature(enable = "sse2")]
fn sum128(v: __m128i) -> u32 {
    let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b01_00_11_10>(v));
    let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b10_11_00_01>(v));
    _mm_cvtsi128_si32(v) as u32
}

/// The sum of the eight 32-bit lanes of `v`.
#[inline]
#[target_feature(enable = "avx2")]
fn sum256(v: __m256i) -> u32 {
    sum128(_mm_add_epi32(
        _mm256_castsi256_si128(v),
        _mm256_extracti128_si256::<1>(v),
    ))
}

/// [`update`] by AVX2, 32 bytes a step.
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn avx2(mut a: u32, mut b: u32, mut data: &[u8]) -> (u32, u32) {
    let weights = _mm256_setr_epi8(
        32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10,
        9, 8, 7, 6, 5, 4, 3, 2, 1,
    );
    let ones = _mm256_set1_epi16(1);
    let zero = _mm256_setzero_si256();
    while data.len() >= 32 {
        let (chunk, rest) = data.split_at(data.len().min(NMAX) / 32 * 32);
        let mut sum_a = _mm256_setr_epi32(a as i32, 0, 0, 0, 0, 0, 0, 0);
        let mut sum_b = _mm256_setr_epi32(b as i32, 0, 0, 0, 0, 0, 0, 0);
        // The `a`s before each step, which `b` gains 32 times each.
        let mut a_before = zero;
        for step in chunk.chunks_exact(32) {
            // SAFETY: `step` holds 32 bytes; the load needs no alignment.
            let v = unsafe { _mm256_loadu_si256(step.as_ptr().cast()) };
            a_before = _mm256_add_epi32(a_before, sum_a);
            sum_a = _mm256_add_epi32(sum_a, _mm256_sad_epu8(v, zero));
            let weighted = _mm256_madd_epi16(_mm256_maddubs_epi16(v, weights), ones);
            sum_b = _mm256_add_epi32(sum_b, weighted);
        }
        sum_b = _mm256_add_epi32(sum_b, _mm256_slli_epi32::<5>(a_before));
        a = sum256(sum_a) % BASE;
        b = sum256(sum_b) % BASE;
        data = rest;
    }
    portable::update(a, b, data)
}

/// The weights of a 64-byte step: 64 for its first byte down to 1 for its last.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn weights64() -> __m512i {
    _mm512_set_epi8(
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
        26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
        49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64,
    )
}

/// `value` in the first 32-bit lane of a vector whose other lanes are zero.
#[inline]
#[target_feature(enable = "avx512f")]
fn first_lane(value: u32) -> __m512i {
    _mm512_maskz_mov_epi32(1, _mm512_castsi128_si512(_mm_cvtsi32_si128(value as i32)))
}

/// [`update`] by AVX-512 VNNI, 64 bytes a step: `vpdpbusd` makes the weighted sum in one
/// instruction where AVX-512BW takes two.
///
/// # Safety
/// The CPU has AVX-512F, AVX-512BW and AVX-512 VNNI.
#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
pub(super) unsafe fn avx512_vnni(mut a: u32, mut b: u32, mut data: &[u8]) -> (u32, u32) {
    let weights = weights64();
    let zero = _mm512_setzero_si512();
    while data.len() >= 64 {
        let (chunk, rest) = data.split_at(data.len().min(NMAX) / 64 * 64);
        let (mut sum_a, mut a_before) = (first_lane(a), zero);
        // Four sums of `b`, one a step of four: each `vpdpbusd` adds into its own, so their
        // latency overlaps.
        let mut sums_b = [first_lane(b), zero, zero, zero];
        let (fours, ones) = chunk.as_chunks::<256>();
        for four in fours {
            for (i, sum_b) in sums_b.iter_mut().enumerate() {
                // SAFETY: 64 bytes at 64 i of 256; the load needs no alignment.
                let v = unsafe { _mm512_loadu_si512(four.as_ptr().add(64 * i).cast()) };
                a_before = _mm512_add_epi32(a_before, sum_a);
                sum_a = _mm512_add_epi32(sum_a, _mm512_sad_epu8(v, zero));
                *sum_b = _mm512_dpbusd_epi32(*sum_b, v, weights);
            }
        }
        for step in ones.chunks_exact(64) {
            // SAFETY: `step` holds 64 bytes; the load needs no alignment.
            let v = unsafe { _mm512_loadu_si512(step.as_ptr().cast()) };
            a_before = _mm512_add_epi32(a_before, sum_a);
            sum_a = _mm512_add_epi32(sum_a, _mm512_sad_epu8(v, zero));
            sums_b[0] = _mm512_dpbusd_epi32(sums_b[0], v, weights);
        }
        let sum_b = _mm512_add_epi32(
            _mm512_add_epi32(sums_b[0], sums_b[1]),
            _mm512_add_epi32(sums_b[2], sums_b[3]),
        );
        let sum_b = _mm512_add_epi32(sum_b, _mm512_slli_epi32::<6>(a_before));
        a = _mm512_reduce_add_epi32(sum_a) as u32 % BASE;
        b = _mm512_reduce_add_epi32(sum_b) as u32 % BASE;
        data = rest;
    }
    // SAFETY: the CPU has AVX-512F, so it has AVX2.
    unsafe { avx2(a, b, data) }
}

/// [`update`] by AVX-512BW, 64 bytes a step.
///
/// # Safety
/// The CPU has AVX-512F and AVX-512BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn avx512(mut a: u32, mut b: u32, mut data: &[u8]) -> (u32, u32) {
    let weights = weights64();
    let ones = _mm512_set1_epi16(1);
    let zero = _mm512_setzero_si512();
    while data.len() >= 64 {
        let (chunk, rest) = data.split_at(data.len().min(NMAX) / 64 * 64);
        let (mut sum_a, mut sum_b, mut a_before) = (first_lane(a), first_lane(b), zero);
        for step in chunk.chunks_exact(64) {
            // SAFETY: `step` holds 64 bytes; the load needs no alignment.
            let v = unsafe { _mm512_loadu_si512(step.as_ptr().cast()) };
            a_before = _mm512_add_epi32(a_before, sum_a);
            sum_a = _mm512_add_epi32(sum_a, _mm512_sad_epu8(v, zero));
            let weighted = _mm512_madd_epi16(_mm512_maddubs_epi16(v, weights), ones);
            sum_b = _mm512_add_epi32(sum_b, weighted);
        }
        sum_b = _mm512_add_epi32(sum_b, _mm512_slli_epi32::<6>(a_before));
        a = _mm512_reduce_add_epi32(sum_a) as u32 % BASE;
        b = _mm512_reduce_add_epi32(sum_b) as u32 % BASE;
        data = rest;
    }
    // SAFETY: the CPU has AVX-512F, so it has AVX2.
    unsafe { avx2(a, b, data) }
}
