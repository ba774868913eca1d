//! The one place that chooses the XXH3 backend for this CPU, and dispatches to it: AVX-512F,
//! else AVX2, else SSE2, on x86-64; NEON on AArch64; SIMD128 on WebAssembly built with it
//! (`-C target-feature=+simd128`: WebAssembly cannot detect features at run time, and an
//! engine without it refuses such a module); portable code elsewhere.
//!
//! With the `std` feature the choice is made at run time ([`crate::cpu`] asks the CPU once and
//! keeps the answer); without it, where there is no run-time detection, at compile
//! time from the target features the build enables (`-C target-cpu=...`,
//! `-C target-feature=+avx2`): the default x86-64 target then gets SSE2, AArch64 NEON.
//!
//! A backend can be forced, for tests and benches, by building with
//! `IOHASH_FORCE_BACKEND=scalar` (or `sse2`, `avx2`: the fastest this CPU has up to that
//! one), which build.rs makes `--cfg iohash_force_backend`; the hidden `iohash::__xxh3_backends` module runs every backend this
//! CPU has, in one build.

#[cfg(target_arch = "x86_64")]
use super::avx2::Avx2;
#[cfg(target_arch = "x86_64")]
use super::avx512::Avx512;
use super::common::UsualSecret;
use super::long::{consume_stripes_with, finish_stream_with, hash_long_with, Begin, Held};
#[cfg(target_arch = "aarch64")]
use super::neon::Neon;
use super::scalar;
#[cfg(target_arch = "wasm32")]
use super::simd128::Simd128;
#[cfg(target_arch = "x86_64")]
use super::sse2::Sse2;

/// A backend this CPU can run. The SIMD variants hold a proof that the CPU has the feature,
/// which only detection can make, so dispatching to them is always sound.
///
/// Four bytes wide, not one: a hasher passes its backend on by reading a 32-bit word (the
/// compiler widens the load into the padding), and a load wider than the one-byte store that
/// made the hasher waits for that store to reach the cache (benches/results/amd-epyc-zen4-notes.md,
/// "A hasher made, fed once and finished (2026-12-07)").
#[derive(Clone, Copy, Debug)]
#[repr(u32)]
pub(crate) enum Platform {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Sse2(Sse2),
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
    #[cfg(target_arch = "aarch64")]
    Neon(Neon),
    #[cfg(target_arch = "wasm32")]
    Simd128(Simd128),
}

impl Platform {
    /// The fastest backend this CPU has (or the forced one). Cheap: the CPU's features are
    /// asked once and kept ([`crate::cpu`]).
    #[inline]
    pub(crate) fn detect() -> Platform {
        if cfg!(iohash_force_backend = "scalar") {
            return Platform::Scalar;
        }
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        let cpu = crate::cpu::features();
        #[cfg(target_arch = "x86_64")]
        {
            let up_to_sse2 = cfg!(iohash_force_backend = "sse2");
            let up_to_avx2 = up_to_sse2 || cfg!(iohash_force_backend = "avx2");
            if !up_to_avx2 {
                if let Some(avx512) = Avx512::detect(cpu) {
                    return Platform::Avx512(avx512);
                }
            }
            if !up_to_sse2 {
                if let Some(avx2) = Avx2::detect(cpu) {
                    return Platform::Avx2(avx2);
                }
            }
            Platform::Sse2(Sse2::new())
        }
        #[cfg(target_arch = "aarch64")]
        {
            Neon::detect(cpu).map_or(Platform::Scalar, Platform::Neon)
        }
        #[cfg(target_arch = "wasm32")]
        {
            Simd128::detect().map_or(Platform::Scalar, Platform::Simd128)
        }
        #[cfg(not(any(
            target_arch = "x86_64",
            target_arch = "aarch64",
            target_arch = "wasm32"
        )))]
        Platform::Scalar
    }

    /// Every backend this CPU can run, portable first.
    #[cfg(any(feature = "alloc", test))]
    pub(crate) fn available() -> alloc::vec::Vec<Platform> {
        #[allow(unused_mut)]
        let mut all = alloc::vec![Platform::Scalar];
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        let cpu = crate::cpu::features();
        #[cfg(target_arch = "x86_64")]
        {
            all.push(Platform::Sse2(Sse2::new()));
            all.extend(Avx2::detect(cpu).map(Platform::Avx2));
            all.extend(Avx512::detect(cpu).map(Platform::Avx512));
        }
        #[cfg(target_arch = "aarch64")]
        all.extend(Neon::detect(cpu).map(Platform::Neon));
        #[cfg(target_arch = "wasm32")]
        all.extend(Simd128::detect().map(Platform::Simd128));
        all
    }

    #[cfg(any(feature = "alloc", test))]
    pub(crate) fn name(self) -> &'static str {
        match self {
            Platform::Scalar => "scalar",
            #[cfg(target_arch = "x86_64")]
            Platform::Sse2(_) => "sse2",
            #[cfg(target_arch = "x86_64")]
            Platform::Avx2(_) => "avx2",
            #[cfg(target_arch = "x86_64")]
            Platform::Avx512(_) => "avx512",
            #[cfg(target_arch = "aarch64")]
            Platform::Neon(_) => "neon",
            #[cfg(target_arch = "wasm32")]
            Platform::Simd128(_) => "simd128",
        }
    }

    /// Runs the block loop ([`consume_stripes_with`]) compiled for this backend, begun as
    /// `begin` says.
    #[inline]
    pub(crate) fn consume_stripes(
        self,
        begin: Begin,
        acc: &mut [u64; 8],
        stripes_so_far: &mut usize,
        input: &[u8],
        secret: &[u8],
    ) {
        match self {
            Platform::Scalar => {
                if let Begin::Fresh = begin {
                    (*acc, *stripes_so_far) = (super::common::INIT_ACC, 0);
                }
                consume_stripes_with(scalar::Scalar, acc, stripes_so_far, input, secret)
            }
            #[cfg(target_arch = "x86_64")]
            Platform::Sse2(sse2) => sse2.consume_stripes(begin, acc, stripes_so_far, input, secret),
            #[cfg(target_arch = "x86_64")]
            Platform::Avx2(avx2) => avx2.consume_stripes(begin, acc, stripes_so_far, input, secret),
            #[cfg(target_arch = "x86_64")]
            Platform::Avx512(avx512) => {
                avx512.consume_stripes(begin, acc, stripes_so_far, input, secret)
            }
            #[cfg(target_arch = "aarch64")]
            Platform::Neon(neon) => neon.consume_stripes(begin, acc, stripes_so_far, input, secret),
            #[cfg(target_arch = "wasm32")]
            Platform::Simd128(simd128) => {
                simd128.consume_stripes(begin, acc, stripes_so_far, input, secret)
            }
        }
    }

    /// `finish` of a stream's accumulators after what it holds ([`finish_stream_with`]), in
    /// one call compiled for this backend.
    #[inline(always)]
    pub(crate) fn finish_stream<T>(self, held: Held<'_>, finish: impl FnOnce(&[u64; 8]) -> T) -> T {
        match self {
            Platform::Scalar => finish_stream_with(scalar::Scalar, held, finish),
            #[cfg(target_arch = "x86_64")]
            Platform::Sse2(sse2) => sse2.finish_stream(held, finish),
            #[cfg(target_arch = "x86_64")]
            Platform::Avx2(avx2) => avx2.finish_stream(held, finish),
            #[cfg(target_arch = "x86_64")]
            Platform::Avx512(avx512) => avx512.finish_stream(held, finish),
            #[cfg(target_arch = "aarch64")]
            Platform::Neon(neon) => neon.finish_stream(held, finish),
            #[cfg(target_arch = "wasm32")]
            Platform::Simd128(simd128) => simd128.finish_stream(held, finish),
        }
    }

    /// `finish` of the accumulators after all of `input` (over 240 bytes): the whole
    /// one-shot long path, [`hash_long_with`] and `finish`, in one call compiled for this
    /// backend. Always inlined, so the one-shot's dispatch ends in a jump into the backend
    /// rather than a call of a function that dispatches again.
    #[inline(always)]
    pub(crate) fn hash_long<T>(
        self,
        input: &[u8],
        secret: &UsualSecret,
        finish: impl FnOnce(&[u64; 8]) -> T,
    ) -> T {
        match self {
            Platform::Scalar => hash_long_with(scalar::Scalar, input, secret, finish),
            #[cfg(target_arch = "x86_64")]
            Platform::Sse2(sse2) => sse2.hash_long(input, secret, finish),
            #[cfg(target_arch = "x86_64")]
            Platform::Avx2(avx2) => avx2.hash_long(input, secret, finish),
            #[cfg(target_arch = "x86_64")]
            Platform::Avx512(avx512) => avx512.hash_long(input, secret, finish),
            #[cfg(target_arch = "aarch64")]
            Platform::Neon(neon) => neon.hash_long(input, secret, finish),
            #[cfg(target_arch = "wasm32")]
            Platform::Simd128(simd128) => simd128.hash_long(input, secret, finish),
        }
    }
}
