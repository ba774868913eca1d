//! The bulk of QuickXorHash: the input XORed into the 160-byte fold. On x86-64 whole blocks
//! are XORed into vector registers that span the fold (ten SSE2, five AVX2, or five AVX-512
//! spanning two blocks), chosen at run time; elsewhere, and for the ends of an input, the bytes
//! are XORed into the fold in memory, which the compiler vectorizes along the fold.

use super::BLOCK;

/// XORs `data` into `fold`, its first byte at `fold[at]` (below 160), wrapping at the end.
#[inline]
pub(super) fn fold(fold: &mut [u8; BLOCK], at: usize, mut data: &[u8]) {
    // The rest of the fold from `at`, so whole blocks start at its front.
    if at != 0 {
        let n = (BLOCK - at).min(data.len());
        xor(&mut fold[at..at + n], &data[..n]);
        data = &data[n..];
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if data.len() >= BLOCK {
        data = x86::blocks(fold, data);
    }
    let (blocks, rest) = data.as_chunks::<BLOCK>();
    for block in blocks {
        xor(fold, block);
    }
    xor(&mut fold[..rest.len()], rest);
}

/// `dst[i] ^= src[i]` for each byte both have.
#[inline(always)]
fn xor(dst: &mut [u8], src: &[u8]) {
    for (dst, src) in dst.iter_mut().zip(src) {
        *dst ^= src;
    }
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
mod x86 {
    #![allow(unsafe_code)]

    use core::arch::x86_64::*;

    use super::{xor, BLOCK};
    use crate::cpu;

    /// Folds the whole blocks at the front of `data` (AVX-512: whole pairs of blocks) into
    /// `fold` with the widest vectors this CPU has (capped by `--cfg iohash_force_backend`),
    /// and returns the rest of `data`.
    #[inline]
    pub(super) fn blocks<'a>(fold: &mut [u8; BLOCK], data: &'a [u8]) -> &'a [u8] {
        let features = cpu::features();
        let scalar = cfg!(iohash_force_backend = "scalar");
        let sse2_only = cfg!(iohash_force_backend = "sse2");
        let avx2_only = sse2_only || cfg!(iohash_force_backend = "avx2");
        if scalar {
            return data;
        }
        if !avx2_only && data.len() >= 2 * BLOCK && features.has(cpu::AVX512F) {
            // SAFETY: the CPU has AVX-512F.
            return unsafe { avx512(fold, data) };
        }
        if !sse2_only && features.has(cpu::AVX2) {
            // SAFETY: the CPU has AVX2.
            return unsafe { avx2(fold, data) };
        }
        // SAFETY: every x86-64 CPU has SSE2.
        unsafe { sse2(fold, data) }
    }

    /// The fold XORed with `sums`, the vector registers' sums stored one after another, whose
    /// length is a multiple of the fold's.
    #[inline(always)]
    fn add_sums<const LEN: usize>(fold: &mut [u8; BLOCK], sums: &[u8; LEN]) {
        for block in sums.as_chunks::<BLOCK>().0 {
            xor(fold, block);
        }
    }

    /// # Safety
    /// The CPU has AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn avx512<'a>(fold: &mut [u8; BLOCK], data: &'a [u8]) -> &'a [u8] {
        let (pairs, rest) = data.as_chunks::<{ 2 * BLOCK }>();
        let mut sums = [_mm512_setzero_si512(); 5];
        for pair in pairs {
            for (i, sum) in sums.iter_mut().enumerate() {
                // SAFETY: 64 bytes at 64 i of a 320-byte pair; the load needs no alignment.
                let v = unsafe { _mm512_loadu_si512(pair.as_ptr().add(64 * i).cast()) };
                *sum = _mm512_xor_si512(*sum, v);
            }
        }
        let mut out = [0u8; 2 * BLOCK];
        for (i, sum) in sums.iter().enumerate() {
            // SAFETY: 64 bytes at 64 i of 320; the store needs no alignment.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(64 * i).cast(), *sum) };
        }
        add_sums(fold, &out);
        rest
    }

    /// # Safety
    /// The CPU has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn avx2<'a>(fold: &mut [u8; BLOCK], data: &'a [u8]) -> &'a [u8] {
        let (blocks, rest) = data.as_chunks::<BLOCK>();
        let mut sums = [_mm256_setzero_si256(); 5];
        for block in blocks {
            for (i, sum) in sums.iter_mut().enumerate() {
                // SAFETY: 32 bytes at 32 i of a 160-byte block; the load needs no alignment.
                let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(32 * i).cast()) };
                *sum = _mm256_xor_si256(*sum, v);
            }
        }
        let mut out = [0u8; BLOCK];
        for (i, sum) in sums.iter().enumerate() {
            // SAFETY: 32 bytes at 32 i of 160; the store needs no alignment.
            unsafe { _mm256_storeu_si256(out.as_mut_ptr().add(32 * i).cast(), *sum) };
        }
        add_sums(fold, &out);
        rest
    }

    /// # Safety
    /// None: every x86-64 CPU has SSE2 (the attribute lets the intrinsics be called).
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn sse2<'a>(fold: &mut [u8; BLOCK], data: &'a [u8]) -> &'a [u8] {
        let (blocks, rest) = data.as_chunks::<BLOCK>();
        let mut sums = [_mm_setzero_si128(); 10];
        for block in blocks {
            for (i, sum) in sums.iter_mut().enumerate() {
                // SAFETY: 16 bytes at 16 i of a 160-byte block; the load needs no alignment.
                let v = unsafe { _mm_loadu_si128(block.as_ptr().add(16 * i).cast()) };
                *sum = _mm_xor_si128(*sum, v);
            }
        }
        let mut out = [0u8; BLOCK];
        for (i, sum) in sums.iter().enumerate() {
            // SAFETY: 16 bytes at 16 i of 160; the store needs no alignment.
            unsafe { _mm_storeu_si128(out.as_mut_ptr().add(16 * i).cast(), *sum) };
        }
        add_sums(fold, &out);
        rest
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// Byte `k` of the input into slot `(at + k) % 160`, one at a time.
    fn by_definition(fold: &mut [u8; BLOCK], at: usize, data: &[u8]) {
        for (k, byte) in data.iter().enumerate() {
            fold[(at + k) % BLOCK] ^= byte;
        }
    }

    #[test]
    fn every_way_folds_as_the_definition_does() {
        let mut rng = Rng(160);
        let mut ran: Vec<&str> = Vec::new();
        for len in [0, 1, 159, 160, 161, 319, 320, 321, 480, 1000, 5000, 70_000] {
            for at in [0, 1, 80, 159] {
                let data = rng.bytes(len);
                let start: [u8; BLOCK] = core::array::from_fn(|i| i as u8);
                let mut want = start;
                by_definition(&mut want, at, &data);
                let mut got = start;
                fold(&mut got, at, &data);
                assert_eq!(got, want, "dispatched, {len} bytes at {at}");
                #[cfg(all(target_arch = "x86_64", not(miri)))]
                #[allow(unsafe_code)]
                {
                    let features = crate::cpu::features();
                    // Each kernel from the front of the fold, then the rest by bytes.
                    let check = |name: &str, kernel: &dyn Fn(&mut [u8; BLOCK], &[u8]) -> usize| {
                        let mut got = start;
                        let left = kernel(&mut got, &data);
                        by_definition(&mut got, (len - left) % BLOCK, &data[len - left..]);
                        let mut want = start;
                        by_definition(&mut want, 0, &data);
                        assert_eq!(got, want, "{name}, {len} bytes");
                    };
                    // SAFETY: every x86-64 CPU has SSE2.
                    check("SSE2", &|f, d| unsafe { x86::sse2(f, d) }.len());
                    ran.push("sse2");
                    if features.has(crate::cpu::AVX2) {
                        // SAFETY: the CPU has AVX2.
                        check("AVX2", &|f, d| unsafe { x86::avx2(f, d) }.len());
                        ran.push("avx2");
                    }
                    if features.has(crate::cpu::AVX512F) {
                        // SAFETY: the CPU has AVX-512F.
                        check("AVX-512", &|f, d| unsafe { x86::avx512(f, d) }.len());
                        ran.push("avx512");
                    }
                }
            }
        }
        ran.sort_unstable();
        ran.dedup();
        eprintln!("QuickXorHash fold kernels tested: bytes {}", ran.join(" "));
    }
}
