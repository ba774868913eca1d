//! The CPU's own CRC-32 instructions, eight bytes at a time: SSE4.2's `crc32` (CRC-32C) on
//! x86-64, and the `crc32x` and `crc32cx` of AArch64's CRC extension (CRC-32 and CRC-32C). One
//! chain of the instruction ends before the carry-less fold's products and reduction do on
//! short inputs; forced, or on a CPU with the instruction but no fold, it takes every length.
//!
//! The instructions keep the register as the engine does for a reflected CRC-32 (its low 32
//! bits, no final XOR), so they take and give the engine's register unchanged.
#![allow(unsafe_code)]

#[cfg(target_arch = "aarch64")]
use core::arch::aarch64::{__crc32b, __crc32cb, __crc32cd, __crc32d};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{_mm_crc32_u64, _mm_crc32_u8};

/// The inputs from 16 bytes to shorter than this of a set the CPU has an instruction for
/// (CRC-32C on x86-64; CRC-32 and CRC-32C on AArch64) go through that instruction (shorter ones
/// take the tables as every set's do): one chain of it ends before the fold's products and
/// reduction do (benches/results/amd-epyc-zen5-notes.md, "CRC-32C: the `crc32` instruction
/// for short inputs").
/// [`platform`](super::platform) chooses by it, and [`pmull_fusion`](super::pmull_fusion) for
/// what its blocks leave.
pub(super) const INSTRUCTION_MAX: usize = 128;

/// The CRC-32 polynomials a CPU instruction computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Polynomial {
    /// CRC-32/ISO-HDLC's, `0x04C11DB7` (AArch64 only).
    #[cfg(target_arch = "aarch64")]
    IsoHdlc,
    /// CRC-32C's (Castagnoli), `0x1EDC6F41`.
    Castagnoli,
}

impl Polynomial {
    /// The polynomial of a CRC of `width` bits with `poly`, if it is reflected and one that this
    /// architecture has an instruction for.
    pub(super) const fn of(width: u32, poly: u64, reflected: bool) -> Option<Polynomial> {
        match (width, poly, reflected) {
            (32, 0x1EDC_6F41, true) => Some(Polynomial::Castagnoli),
            #[cfg(target_arch = "aarch64")]
            (32, 0x04C1_1DB7, true) => Some(Polynomial::IsoHdlc),
            _ => None,
        }
    }
}

/// Holding one proves the CPU has the instruction for its polynomial: SSE4.2 on x86-64, the
/// CRC extension on AArch64.
#[derive(Clone, Copy)]
pub(crate) struct Instruction {
    polynomial: Polynomial,
}

impl Instruction {
    /// The instruction for `polynomial` (one that [`Polynomial::of`] gives).
    ///
    /// # Safety
    /// The CPU must have SSE4.2 (x86-64) or the CRC extension (AArch64).
    #[inline(always)]
    pub(super) unsafe fn new_unchecked(polynomial: Polynomial) -> Instruction {
        Instruction { polynomial }
    }

    /// The register after `data`, from the register `crc`.
    #[inline]
    pub(crate) fn update(self, crc: u64, data: &[u8]) -> u64 {
        let crc = crc as u32;
        // SAFETY: holding `self` proves the CPU has the instruction of its polynomial.
        u64::from(unsafe {
            match self.polynomial {
                #[cfg(target_arch = "aarch64")]
                Polynomial::IsoHdlc => update::<false>(crc, data),
                Polynomial::Castagnoli => update::<true>(crc, data),
            }
        })
    }
}

/// [`Instruction::update`], for CRC-32C if `CASTAGNOLI` (the only one on x86-64).
///
/// # Safety
/// The CPU must have SSE4.2 (x86-64) or the CRC extension (AArch64).
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "sse4.2"))]
#[cfg_attr(target_arch = "aarch64", target_feature(enable = "crc"))]
#[inline]
unsafe fn update<const CASTAGNOLI: bool>(crc: u32, data: &[u8]) -> u32 {
    let mut words = data.chunks_exact(8);
    let mut crc = crc;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        #[cfg(target_arch = "x86_64")]
        {
            crc = _mm_crc32_u64(u64::from(crc), word) as u32;
        }
        #[cfg(target_arch = "aarch64")]
        {
            crc = if CASTAGNOLI {
                __crc32cd(crc, word)
            } else {
                __crc32d(crc, word)
            };
        }
    }
    for &byte in words.remainder() {
        #[cfg(target_arch = "x86_64")]
        {
            crc = _mm_crc32_u8(crc, byte);
        }
        #[cfg(target_arch = "aarch64")]
        {
            crc = if CASTAGNOLI {
                __crc32cb(crc, byte)
            } else {
                __crc32b(crc, byte)
            };
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use crate::algorithms::crc::platform::{self, Path};
    use crate::algorithms::crc::CRC32_ISCSI;
    #[cfg(target_arch = "aarch64")]
    use crate::algorithms::crc::CRC32_ISO_HDLC;

    /// Every length to 600 bytes and some long ones, from two registers, against the tables
    /// (which `tests/crc.rs` checks against a bitwise model).
    #[test]
    fn the_instruction_agrees_with_the_tables() {
        let engines = [
            &CRC32_ISCSI,
            #[cfg(target_arch = "aarch64")]
            &CRC32_ISO_HDLC,
        ];
        let data = crate::testing::Rng(9).bytes(20_000);
        let mut tested = 0;
        for path in platform::folds() {
            for engine in engines {
                let (Path::Instruction(_), Some(polynomial)) = (path, engine.instruction) else {
                    continue;
                };
                // SAFETY: `folds` gave the instruction, so the CPU has it.
                let instruction = unsafe { super::Instruction::new_unchecked(polynomial) };
                for len in (0..=600).chain([4095, 4096, 19_990]) {
                    for start in [0, 3] {
                        let data = &data[start..start + len];
                        for crc in [
                            engine.init,
                            engine.tables.update(engine.init, b"a register"),
                        ] {
                            assert_eq!(
                                instruction.update(crc, data),
                                engine.tables.update(crc, data),
                                "{polynomial:?} length {len}"
                            );
                        }
                    }
                }
                tested += 1;
            }
        }
        let line = std::format!("CRC instructions tested: {tested}");
        std::eprintln!("{line}");
    }
}
