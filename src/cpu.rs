//! The one place that asks which instruction sets this CPU has: once, kept in one word for
//! every SIMD path (XXH3's backends and the CRC folds).
//!
//! Each backend turns the answer into a proof token of its own (XXH3's `Avx512`, made only
//! from this answer; the CRCs' `Clmul`, made in `crc/platform.rs` from the backend it chose
//! from this answer), so dispatching to the backend is sound.
//! With `std` the CPU is asked at run time, the first time a backend wants to know, and the
//! answer kept in an atomic; without `std` it is what the build targets, known at compile time
//! (`-C target-cpu=...`).

use core::sync::atomic::{AtomicU32, Ordering};

/// A set of the CPU features iohash's SIMD code uses, a bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Features(u32);

/// Set once the CPU has been asked, so that a CPU with none of the features still reads as
/// asked.
const ASKED: u32 = 1;
#[cfg(target_arch = "x86_64")]
pub(crate) const SSE41: u32 = 1 << 1;
#[cfg(target_arch = "x86_64")]
pub(crate) const PCLMULQDQ: u32 = 1 << 2;
#[cfg(target_arch = "x86_64")]
pub(crate) const AVX2: u32 = 1 << 3;
#[cfg(target_arch = "x86_64")]
pub(crate) const VPCLMULQDQ: u32 = 1 << 4;
#[cfg(target_arch = "x86_64")]
pub(crate) const AVX512F: u32 = 1 << 5;
#[cfg(target_arch = "x86_64")]
pub(crate) const AVX512BW: u32 = 1 << 6;
/// SSE4.2, for its `crc32` instruction (CRC-32C).
#[cfg(target_arch = "x86_64")]
pub(crate) const SSE42: u32 = 1 << 7;
/// GFNI, whose affine transform reverses the bits of every byte (the 512-bit CRC fold's
/// forward CRCs).
#[cfg(target_arch = "x86_64")]
pub(crate) const GFNI: u32 = 1 << 8;
/// AVX-512 VNNI, whose `vpdpbusd` multiplies bytes and sums them in one instruction
/// (Adler-32's weighted sum).
#[cfg(target_arch = "x86_64")]
pub(crate) const AVX512VNNI: u32 = 1 << 9;
#[cfg(target_arch = "aarch64")]
pub(crate) const NEON: u32 = 1 << 1;
/// PMULL, the 64 × 64-bit carry-less multiplication (part of the `aes` feature).
#[cfg(target_arch = "aarch64")]
pub(crate) const PMULL: u32 = 1 << 2;
/// SHA3's three-way XOR (EOR3), which the PMULL fold uses where it is.
#[cfg(target_arch = "aarch64")]
pub(crate) const SHA3: u32 = 1 << 3;
/// The CRC extension's `crc32x` and `crc32cx` (CRC-32 and CRC-32C).
#[cfg(target_arch = "aarch64")]
pub(crate) const CRC: u32 = 1 << 4;

/// What [`ask`] found, or 0 before it has run.
static KNOWN: AtomicU32 = AtomicU32::new(0);

impl Features {
    /// Whether every feature of `wanted` (bits above, OR-ed) is here.
    #[inline]
    pub(crate) fn has(self, wanted: u32) -> bool {
        self.0 & wanted == wanted
    }
}

/// This CPU's features: asked the first time, then read from the kept answer.
#[inline]
pub(crate) fn features() -> Features {
    known().unwrap_or_else(ask)
}

/// This CPU's features if the CPU has been asked already; `None` before. For a caller that
/// wants the asking out of its own body (the CRCs' short path, where the inline call would
/// make every CRC save and restore registers). Without `std`, always the build's.
#[inline]
pub(crate) fn known() -> Option<Features> {
    #[cfg(not(feature = "std"))]
    return Some(Features(detect()));
    #[cfg(feature = "std")]
    match KNOWN.load(Ordering::Relaxed) {
        0 => None,
        bits => Some(Features(bits)),
    }
}

/// Asks the CPU and keeps the answer; any thread that asks before it is kept keeps the same.
#[cold]
#[inline(never)]
pub(crate) fn ask() -> Features {
    let bits = detect();
    KNOWN.store(bits, Ordering::Relaxed);
    Features(bits)
}

/// The features' bits, with [`ASKED`]: from the CPU with `std`, from the build without it
/// (then a constant).
#[inline(always)]
fn detect() -> u32 {
    #[cfg(target_arch = "x86_64")]
    let bits = x86_features();
    #[cfg(target_arch = "aarch64")]
    let has = |yes: bool, bit: u32| if yes { bit } else { 0 };
    #[cfg(target_arch = "aarch64")]
    let bits = has(aarch64_has!("neon"), NEON)
        | has(aarch64_has!("aes"), PMULL)
        | has(aarch64_has!("sha3"), SHA3)
        | has(aarch64_has!("crc"), CRC);
    ASKED | bits
}

/// The x86 features the build targets, without `std`, where nothing asks the CPU.
#[cfg(all(target_arch = "x86_64", not(feature = "std")))]
#[inline(always)]
fn x86_features() -> u32 {
    let has = |yes: bool, bit: u32| if yes { bit } else { 0 };
    has(cfg!(target_feature = "sse4.1"), SSE41)
        | has(cfg!(target_feature = "sse4.2"), SSE42)
        | has(cfg!(target_feature = "pclmulqdq"), PCLMULQDQ)
        | has(cfg!(target_feature = "avx2"), AVX2)
        | has(cfg!(target_feature = "vpclmulqdq"), VPCLMULQDQ)
        | has(cfg!(target_feature = "gfni"), GFNI)
        | has(cfg!(target_feature = "avx512f"), AVX512F)
        | has(cfg!(target_feature = "avx512bw"), AVX512BW)
        | has(cfg!(target_feature = "avx512vnni"), AVX512VNNI)
}

/// The x86 features from CPUID, in two leaves where the standard library's detection asks six to
/// ten. In a virtual machine each CPUID can trap to the hypervisor, and one tiny file's start-up
/// paid for all of them (benches/results/intel-xeon-model-167-notes.md, "One tiny file: the CPU
/// asked in two CPUID leaves").
///
/// The rules are the standard library's for these features: AVX2 needs the OS to keep the
/// AVX registers (XCR0), AVX-512 needs its registers kept too and, as Rust's `avx512f`
/// implies them, FMA and F16C. VPCLMULQDQ and GFNI count only with AVX, since every use here
/// is with AVX2 or AVX-512. Leaf 7 exists wherever XSAVE does (leaf 0xD describes XSAVE), so
/// the highest leaf need not be asked first.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[allow(unsafe_code)]
fn x86_features() -> u32 {
    use core::arch::x86_64::{__cpuid_count, _xgetbv};
    let set = |word: u32, at: u32| word >> at & 1 == 1;
    let has = |yes: bool, bit: u32| if yes { bit } else { 0 };
    // SAFETY: every x86-64 CPU has CPUID. (Newer Rust makes the call safe; our MSRV does not.)
    #[allow(unused_unsafe)]
    let leaf1 = unsafe { __cpuid_count(1, 0) }.ecx;
    let sse = has(set(leaf1, 19), SSE41) | has(set(leaf1, 20), SSE42);
    let basic = sse | has(set(leaf1, 1), PCLMULQDQ);
    let (xsave, osxsave, avx) = (set(leaf1, 26), set(leaf1, 27), set(leaf1, 28));
    if !(xsave && osxsave && avx) {
        return basic;
    }
    // SAFETY: the CPU has XSAVE and the OS has turned it on (OSXSAVE), so XGETBV runs.
    let xcr0 = unsafe { _xgetbv(0) };
    if xcr0 & 0b110 != 0b110 {
        return basic;
    }
    let avx512 = xcr0 & 0xe0 == 0xe0 && set(leaf1, 12) && set(leaf1, 29);
    // SAFETY: as for leaf 1; leaf 7 exists where XSAVE does.
    #[allow(unused_unsafe)]
    let leaf7 = unsafe { __cpuid_count(7, 0) };
    basic
        | has(set(leaf7.ebx, 5), AVX2)
        | has(set(leaf7.ecx, 10), VPCLMULQDQ)
        | has(set(leaf7.ecx, 8), GFNI)
        | has(avx512 && set(leaf7.ebx, 16), AVX512F)
        | has(avx512 && set(leaf7.ebx, 30), AVX512BW)
        | has(avx512 && set(leaf7.ecx, 11), AVX512VNNI)
}

/// Whether this CPU has an AArch64 feature: asked at run time with `std`, known at compile
/// time without it.
#[cfg(target_arch = "aarch64")]
macro_rules! aarch64_has {
    ($feature:tt) => {{
        #[cfg(feature = "std")]
        let has = std::arch::is_aarch64_feature_detected!($feature);
        #[cfg(not(feature = "std"))]
        let has = cfg!(target_feature = $feature);
        has
    }};
}
#[cfg(target_arch = "aarch64")]
use aarch64_has;

#[cfg(all(test, feature = "std", target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[test]
    fn the_kept_answer_is_the_cpus() {
        let asked = ask();
        assert_eq!(known(), Some(asked));
        assert_eq!(features(), asked);
        assert!(asked.has(0));
    }

    /// Differential: the two leaves give what the standard library's detection gives.
    #[test]
    fn cpuid_agrees_with_the_standard_library() {
        use std::is_x86_feature_detected as std_has;
        let asked = ask();
        let avx = std_has!("avx");
        let expected = [
            (SSE41, std_has!("sse4.1")),
            (SSE42, std_has!("sse4.2")),
            (PCLMULQDQ, std_has!("pclmulqdq")),
            (AVX2, std_has!("avx2")),
            (VPCLMULQDQ, avx && std_has!("vpclmulqdq")),
            (GFNI, avx && std_has!("gfni")),
            (AVX512F, std_has!("avx512f")),
            (AVX512BW, std_has!("avx512bw")),
            (AVX512VNNI, std_has!("avx512vnni")),
        ];
        for (bit, has) in expected {
            assert_eq!(asked.has(bit), has, "feature bit {bit:#x}");
        }
    }
}
