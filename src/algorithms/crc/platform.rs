//! The one place that chooses how a CRC runs: by the input's length, then by what this CPU
//! has, chosen once and kept. On x86-64 the carry-less folds ([`clmul`](super::clmul):
//! 128, 256 or 512 bits; CRC-32C's [`fusion`](super::fusion) of the 256-bit fold with SSE4.2's
//! `crc32` instruction, and that [`instruction`](super::instruction) alone for its short
//! inputs); on AArch64 the PMULL fold ([`pmull`](super::pmull), with or without SHA3's
//! three-way XOR), the CRC extension's instructions for CRC-32's and CRC-32C's short inputs,
//! and for their long ones those instructions and the fold at once
//! ([`pmull_fusion`](super::pmull_fusion)); the slice-by-8 [tables](super::table) for short
//! inputs and on every other CPU.
//!
//! A backend can be forced, for tests and benches, as XXH3's is: building with
//! `IOHASH_FORCE_BACKEND=clmul128` caps the choice at that backend (the fastest this CPU has
//! up to it). The values, slowest first: `"tables"` (or `"scalar"`, which
//! forces XXH3's portable backend too), then `"crc32"` (the sets the CPU's instruction computes
//! by it at every length, the tables for the rest), and `"clmul128"`, `"clmul256"`,
//! `"fusion"`, `"clmul512"` on x86-64, `"pmull"`, `"pmull-crc32"` (the fold and the fusion,
//! without SHA3), `"pmull-eor3"` on AArch64.
#![cfg_attr(
    any(target_arch = "x86_64", target_arch = "aarch64"),
    allow(unsafe_code)
)]

#[cfg(target_arch = "x86_64")]
use super::clmul::{Clmul, Width, WIDEST_MIN, WIDE_MIN};
#[cfg(target_arch = "x86_64")]
use super::fusion::{self, Fusion};
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) use super::instruction::Polynomial;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
use super::instruction::{Instruction, INSTRUCTION_MAX};
#[cfg(target_arch = "aarch64")]
use super::pmull::Pmull;
#[cfg(target_arch = "aarch64")]
use super::pmull_fusion::{self, PmullFusion};

/// No CPU instruction computes a CRC on other architectures.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
#[derive(Clone, Copy)]
pub(crate) enum Polynomial {}
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
use crate::cpu;

/// Inputs shorter than this go through the tables on every CPU: the fold takes 16 bytes at
/// least.
const FOLD_MIN: usize = 16;

/// Every way a CRC can run, slowest first. Each needs the CPU features of the one before it
/// and more ([`needs`]), so what a CPU has is a prefix of the list, and forcing one caps the
/// choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(crate) enum Backend {
    /// Slice-by-8 tables ([`table`](super::table)).
    Tables = 1,
    /// The CPU's CRC-32 instruction ([`instruction`](super::instruction)) for the sets it
    /// computes (SSE4.2's for CRC-32C; AArch64's for CRC-32 and CRC-32C), the tables for the
    /// other sets.
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    Crc32 = 2,
    /// 128-bit PCLMULQDQ folds (and the `crc32` instruction for CRC-32C's inputs under
    /// [`INSTRUCTION_MAX`] bytes).
    #[cfg(target_arch = "x86_64")]
    Clmul128 = 3,
    /// 256-bit VPCLMULQDQ folds from [`WIDE_MIN`] bytes.
    #[cfg(target_arch = "x86_64")]
    Clmul256 = 4,
    /// The 256-bit folds, and CRC-32C's long inputs through the fold and SSE4.2's `crc32`
    /// instruction at once: faster than the fold alone on CPUs whose widest fold is 256 bits
    /// (benches/results/amd-epyc-zen3-notes.md, "CRC-32C: the `crc32` instruction and the 256-bit
    /// fold at once").
    #[cfg(target_arch = "x86_64")]
    Fusion = 5,
    /// 512-bit VPCLMULQDQ folds from [`WIDEST_MIN`] bytes (and no fusion: it was slower beside this
    /// fold, benches/results/intel-xeon-notes.md, "CRC-32C on the Intel machine: the 512-bit fold,
    /// not `crc-fast`, above 8 KiB").
    #[cfg(target_arch = "x86_64")]
    Clmul512 = 6,
    /// NEON's PMULL folds.
    #[cfg(target_arch = "aarch64")]
    Pmull = 3,
    /// The PMULL folds, and CRC-32's and CRC-32C's long inputs through the fold and the CRC
    /// extension's instructions at once ([`pmull_fusion`]): the two sides' units share the
    /// work (benches/results/amd-epyc-zen3-notes.md, "CRCs on AArch64: the loops in `llvm-mca`").
    #[cfg(target_arch = "aarch64")]
    PmullCrc32 = 4,
    /// Both with SHA3's three-way XOR.
    #[cfg(target_arch = "aarch64")]
    PmullEor3 = 5,
}

/// Every backend of this architecture, slowest first, each with whether the build caps the
/// choice there (`--cfg iohash_force_backend`; `"scalar"` caps XXH3's and the CRCs' alike):
/// the one list [`best_for`] walks and the tests run.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const LADDER: &[(Backend, bool)] = &[
    (
        Backend::Tables,
        cfg!(any(
            iohash_force_backend = "tables",
            iohash_force_backend = "scalar"
        )),
    ),
    (Backend::Crc32, cfg!(iohash_force_backend = "crc32")),
    #[cfg(target_arch = "x86_64")]
    (Backend::Clmul128, cfg!(iohash_force_backend = "clmul128")),
    #[cfg(target_arch = "x86_64")]
    (Backend::Clmul256, cfg!(iohash_force_backend = "clmul256")),
    #[cfg(target_arch = "x86_64")]
    (Backend::Fusion, cfg!(iohash_force_backend = "fusion")),
    #[cfg(target_arch = "x86_64")]
    (Backend::Clmul512, cfg!(iohash_force_backend = "clmul512")),
    #[cfg(target_arch = "aarch64")]
    (Backend::Pmull, cfg!(iohash_force_backend = "pmull")),
    #[cfg(target_arch = "aarch64")]
    (
        Backend::PmullCrc32,
        cfg!(iohash_force_backend = "pmull-crc32"),
    ),
    #[cfg(target_arch = "aarch64")]
    (
        Backend::PmullEor3,
        cfg!(iohash_force_backend = "pmull-eor3"),
    ),
];

/// Every backend of this architecture but the tables, slowest first.
#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
fn faster_than_tables() -> impl Iterator<Item = Backend> {
    LADDER.iter().map(|&(backend, _)| backend).skip(1)
}

/// How to run one input: the tables, or a fold whose value proves the CPU has it.
#[derive(Clone, Copy)]
pub(crate) enum Path {
    Tables,
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    Instruction(Instruction),
    #[cfg(target_arch = "x86_64")]
    Clmul(Clmul),
    #[cfg(target_arch = "x86_64")]
    Fusion(Fusion),
    #[cfg(target_arch = "aarch64")]
    Pmull(Pmull),
    #[cfg(target_arch = "aarch64")]
    PmullFusion(PmullFusion),
}

/// [`choose`] before the CPU was asked: call [`ask`], then choose again.
pub(crate) struct NotAsked;

/// How to run an input of `len` bytes, for a register of 64 bits if `wide_register`, of a set
/// the CPU's instruction computes if `instruction`. Cheap: the tables for short inputs without
/// a look at the CPU, else one load of the kept choice.
#[inline(always)]
pub(crate) fn choose(
    len: usize,
    wide_register: bool,
    instruction: Option<Polynomial>,
) -> Result<Path, NotAsked> {
    // The tables under 16 bytes; at 16 and 24 too, which they take in whole steps of 8, for a set
    // in a 64-bit register, whose fold ends in two such steps anyway. A reflected CRC-32's fold
    // ends in Barrett's reduction instead, which beats the tables there
    // (benches/results/amd-epyc-zen3-notes.md, "CRCs of 16 and 24 bytes: the tables against the
    // fold").
    if len < FOLD_MIN || (len < 32 && len.is_multiple_of(8) && wide_register) {
        return Ok(Path::Tables);
    }
    #[cfg(target_arch = "x86_64")]
    {
        // The length first, so that an input under `WIDEST_MIN` bytes tests one thing: whether
        // the CPU has the fold its length wants (each path a constant, which its call is
        // compiled for). The kept choice is compared as its byte: a `match` on it made LLVM
        // build a jump table.
        let kept = kept()?;
        if let Some(path) = instruction_path(kept, len, instruction) {
            return Ok(path);
        }
        if len < WIDE_MIN {
            return Ok(fold_up_to(kept, Backend::Clmul128));
        }
        if len < WIDEST_MIN {
            return Ok(fold_up_to(kept, Backend::Clmul256));
        }
        if kept == Backend::Fusion as u8
            && instruction == Some(Polynomial::Castagnoli)
            && len >= fusion::MIN_LEN
        {
            // SAFETY: `ask` found this CPU to have what the fusion needs.
            return Ok(Path::Fusion(unsafe { new_fusion() }));
        }
        Ok(fold_up_to(kept, Backend::Clmul512))
    }
    #[cfg(target_arch = "aarch64")]
    {
        let kept = kept()?;
        if let Some(path) = instruction_path(kept, len, instruction) {
            return Ok(path);
        }
        if let Some(polynomial) = instruction {
            let eor3 = kept >= Backend::PmullEor3 as u8;
            if kept >= Backend::PmullCrc32 as u8 && len >= pmull_fusion::min_len(eor3) {
                // SAFETY: `ask` found this CPU to have what the fusion needs, and SHA3 too
                // where the backend kept has it.
                return Ok(Path::PmullFusion(unsafe {
                    new_pmull_fusion(polynomial, eor3)
                }));
            }
        }
        Ok(fold_up_to(kept, Backend::PmullEor3))
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        let _ = instruction;
        Ok(Path::Tables)
    }
}

/// The CPU's CRC-32 instruction, for a set it computes: under [`INSTRUCTION_MAX`] bytes, or at
/// every length where it is the fastest backend kept (forced, or no fold).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn instruction_path(kept: u8, len: usize, instruction: Option<Polynomial>) -> Option<Path> {
    let polynomial = instruction?;
    let has = kept >= Backend::Crc32 as u8;
    // SAFETY: `kept` is what `ask` found this CPU to have, and every backend from `Crc32` up
    // needs the instruction (SSE4.2, or AArch64's CRC extension).
    (has && (len < INSTRUCTION_MAX || kept == Backend::Crc32 as u8))
        .then(|| Path::Instruction(unsafe { Instruction::new_unchecked(polynomial) }))
}

/// The fastest fold up to `widest` that the backend kept as `kept` (or a faster one) allows,
/// or the tables.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn fold_up_to(kept: u8, widest: Backend) -> Path {
    let allows = |backend: Backend| widest >= backend && kept >= backend as u8;
    // (Tested one by one, not from an array: LLVM put an array of pairs on the stack.)
    #[cfg(target_arch = "x86_64")]
    let width = if allows(Backend::Clmul512) {
        Some(Width::Widest)
    } else if allows(Backend::Clmul256) {
        Some(Width::Wide)
    } else if allows(Backend::Clmul128) {
        Some(Width::Narrow)
    } else {
        None
    };
    #[cfg(target_arch = "x86_64")]
    if let Some(width) = width {
        // SAFETY: `kept` is what `ask` found this CPU to have (`best_for`), every backend below
        // it needs a subset of its features, and the backend allowed holds what `width` needs.
        return Path::Clmul(unsafe { Clmul::new_unchecked(width) });
    }
    #[cfg(target_arch = "aarch64")]
    for (backend, eor3) in [(Backend::PmullEor3, true), (Backend::Pmull, false)] {
        if allows(backend) {
            // SAFETY: as above.
            return Path::Pmull(unsafe { Pmull::new_unchecked(eor3) });
        }
    }
    Path::Tables
}

/// The fusion, with the 256-bit fold for what its blocks leave.
///
/// # Safety
/// The CPU must have what [`Backend::Fusion`] needs.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn new_fusion() -> Fusion {
    // SAFETY: the CPU has what the fusion needs, and so the 256-bit fold's and SSE4.2.
    unsafe { Fusion::new_unchecked(Clmul::new_unchecked(Width::Wide)) }
}

/// The AArch64 fusion for `polynomial`, with the PMULL fold (with SHA3's three-way XOR if
/// `eor3`) in it and for what its blocks leave.
///
/// # Safety
/// The CPU must have what [`Backend::PmullCrc32`] needs, and SHA3 if `eor3`.
#[cfg(target_arch = "aarch64")]
#[inline(always)]
unsafe fn new_pmull_fusion(polynomial: Polynomial, eor3: bool) -> PmullFusion {
    // SAFETY: the CPU has the CRC extension, NEON and PMULL, and SHA3 if `eor3`.
    unsafe { PmullFusion::new_unchecked(polynomial, Pmull::new_unchecked(eor3)) }
}

/// The backend kept for this CPU, as its byte; [`NotAsked`] before [`ask`] has run. Without
/// `std`, what the build targets, at compile time.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn kept() -> Result<u8, NotAsked> {
    #[cfg(not(feature = "std"))]
    return cpu::known()
        .map(|features| best_for(features) as u8)
        .ok_or(NotAsked);
    #[cfg(feature = "std")]
    match CHOSEN.load(core::sync::atomic::Ordering::Relaxed) {
        0 => Err(NotAsked),
        kept => Ok(kept),
    }
}

/// The backend [`ask`] chose, kept as its `u8`; 0 before.
#[cfg(all(feature = "std", any(target_arch = "x86_64", target_arch = "aarch64")))]
static CHOSEN: core::sync::atomic::AtomicU8 = core::sync::atomic::AtomicU8::new(0);

/// Asks the CPU (once for every SIMD path, `cpu`) and keeps the backend chosen for it.
#[cold]
#[inline(never)]
pub(crate) fn ask() -> Backend {
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    return Backend::Tables;
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    let best = best_for(cpu::features());
    #[cfg(all(feature = "std", any(target_arch = "x86_64", target_arch = "aarch64")))]
    CHOSEN.store(best as u8, core::sync::atomic::Ordering::Relaxed);
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    best
}

/// The fastest backend a CPU with `features` has, capped by `iohash_force_backend`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline(always)]
fn best_for(features: cpu::Features) -> Backend {
    let mut best = Backend::Tables;
    for &(backend, caps) in LADDER {
        if features.has(needs(backend)) {
            best = backend;
        }
        if caps {
            break;
        }
    }
    best
}

/// The CPU features a backend needs ([`cpu`]'s bits).
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(super) const fn needs(backend: Backend) -> u32 {
    // (SSE4.2 for every fold too, which every CPU with PCLMULQDQ has: so each backend needs
    // what the one before it does, and one slower than the CPU's fastest is one it has.)
    #[cfg(target_arch = "x86_64")]
    const NARROW: u32 = cpu::SSE42 | cpu::PCLMULQDQ | cpu::SSE41;
    #[cfg(target_arch = "x86_64")]
    const WIDE: u32 = NARROW | cpu::AVX2 | cpu::VPCLMULQDQ;
    match backend {
        Backend::Tables => 0,
        #[cfg(target_arch = "x86_64")]
        Backend::Crc32 => cpu::SSE42,
        #[cfg(target_arch = "aarch64")]
        Backend::Crc32 => cpu::CRC,
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul128 => NARROW,
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul256 => WIDE,
        #[cfg(target_arch = "x86_64")]
        Backend::Fusion => WIDE,
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul512 => WIDE | cpu::AVX512F | cpu::AVX512BW | cpu::GFNI,
        // (The CRC extension for the folds too, which the CPUs with PMULL that Linux runs on
        // have: so each backend needs what the one before it does.)
        #[cfg(target_arch = "aarch64")]
        Backend::Pmull => cpu::CRC | cpu::NEON | cpu::PMULL,
        #[cfg(target_arch = "aarch64")]
        Backend::PmullCrc32 => cpu::CRC | cpu::NEON | cpu::PMULL,
        #[cfg(target_arch = "aarch64")]
        Backend::PmullEor3 => cpu::CRC | cpu::NEON | cpu::PMULL | cpu::SHA3,
    }
}

/// Every fold this CPU has (a fusion as its own, which takes only CRC-32C's long inputs),
/// whatever the forcing cfg says, for tests that run each against the tables.
#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
pub(crate) fn folds() -> alloc::vec::Vec<Path> {
    let features = cpu::ask();
    faster_than_tables()
        .filter(|&backend| features.has(needs(backend)))
        .map(|backend| match backend {
            Backend::Crc32 => {
                // SAFETY: the CPU has the instruction (filtered above).
                Path::Instruction(unsafe { Instruction::new_unchecked(Polynomial::Castagnoli) })
            }
            // SAFETY: the CPU has what the fusion needs (filtered above).
            #[cfg(target_arch = "x86_64")]
            Backend::Fusion => Path::Fusion(unsafe { new_fusion() }),
            #[cfg(target_arch = "aarch64")]
            Backend::PmullCrc32 => {
                // SAFETY: the CPU has what the fusion needs (filtered above).
                Path::PmullFusion(unsafe { new_pmull_fusion(Polynomial::Castagnoli, false) })
            }
            // The CPU has what `backend` needs: as `ask` would have kept it.
            _ => fold_up_to(backend as u8, backend),
        })
        .collect()
}

/// The name of the backend CRCs take on this CPU in this build, as the forcing cfg spells it.
#[cfg(test)]
pub(crate) fn name() -> &'static str {
    match ask() {
        Backend::Tables => "tables",
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        Backend::Crc32 => "crc32",
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul128 => "clmul128",
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul256 => "clmul256",
        #[cfg(target_arch = "x86_64")]
        Backend::Fusion => "fusion",
        #[cfg(target_arch = "x86_64")]
        Backend::Clmul512 => "clmul512",
        #[cfg(target_arch = "aarch64")]
        Backend::Pmull => "pmull",
        #[cfg(target_arch = "aarch64")]
        Backend::PmullCrc32 => "pmull-crc32",
        #[cfg(target_arch = "aarch64")]
        Backend::PmullEor3 => "pmull-eor3",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The backend CRCs take here is the fastest the CPU has, capped by the forcing cfg; its
    /// name goes out in one line, which CI looks for in each forced run.
    #[test]
    fn the_backend_is_the_fastest_up_to_the_forced_one() {
        // With its newline, so that it goes out in one write, whole beside other tests' output
        // (`eprintln!` writes the newline on its own).
        let line = std::format!("CRC backend tested: {}\n", name());
        std::eprint!("{line}");
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        {
            let backend = ask();
            let features = cpu::features();
            assert!(features.has(needs(backend)));
            let forced = cfg!(any(
                iohash_force_backend = "tables",
                iohash_force_backend = "scalar",
                iohash_force_backend = "crc32",
                iohash_force_backend = "clmul128",
                iohash_force_backend = "clmul256",
                iohash_force_backend = "fusion",
                iohash_force_backend = "pmull",
                iohash_force_backend = "pmull-crc32",
            ));
            if !forced {
                // Nothing faster that the CPU has was passed over.
                for faster in faster_than_tables().filter(|&b| b > backend) {
                    assert!(!features.has(needs(faster)), "{faster:?} passed over");
                }
            }
            if cfg!(any(
                iohash_force_backend = "tables",
                iohash_force_backend = "scalar"
            )) {
                assert_eq!(backend, Backend::Tables);
            }
        }
    }

    /// Short inputs take the tables without a look at the CPU; CRC-32C's long ones take the
    /// fusion where it was chosen, and only from its first block.
    #[test]
    fn the_length_comes_first() {
        assert!(matches!(choose(15, false, None), Ok(Path::Tables)));
        assert!(matches!(choose(24, true, None), Ok(Path::Tables)));
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        {
            let crc32c = Some(Polynomial::Castagnoli);
            let backend = ask();
            let instructed = |len| matches!(choose(len, false, crc32c), Ok(Path::Instruction(_)));
            assert_eq!(instructed(64), backend >= Backend::Crc32);
            assert_eq!(instructed(1 << 20), backend == Backend::Crc32);
            assert!(!matches!(choose(64, false, None), Ok(Path::Instruction(_))));
        }
        #[cfg(target_arch = "x86_64")]
        {
            let crc32c = Some(Polynomial::Castagnoli);
            let fused = |len, set| matches!(choose(len, false, set), Ok(Path::Fusion(_)));
            let chose_fusion = ask() == Backend::Fusion;
            assert_eq!(fused(1 << 20, crc32c), chose_fusion);
            assert!(!fused(fusion::MIN_LEN - 1, crc32c));
            assert!(!fused(1 << 20, None));
        }
        #[cfg(target_arch = "aarch64")]
        {
            let fused = |len, set| matches!(choose(len, false, set), Ok(Path::PmullFusion(_)));
            let chose_fusion = ask() >= Backend::PmullCrc32;
            let min_len = pmull_fusion::min_len(ask() >= Backend::PmullEor3);
            for set in [Polynomial::Castagnoli, Polynomial::IsoHdlc] {
                assert_eq!(fused(1 << 20, Some(set)), chose_fusion);
                assert_eq!(fused(min_len, Some(set)), chose_fusion);
                assert!(!fused(min_len - 1, Some(set)));
            }
            assert!(!fused(1 << 20, None));
        }
    }
}
