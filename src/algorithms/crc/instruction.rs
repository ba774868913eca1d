//! CRC-32C by SSE4.2's `crc32` instruction, eight bytes at a time: for CRC-32C's short inputs,
//! where one chain of the instruction (three cycles a word) ends before the carry-less fold's
//! products and reduction do, and on a CPU with SSE4.2 but no PCLMULQDQ.
//!
//! The instruction keeps the register as the engine does for a reflected CRC-32 (its low 32
//! bits, no final XOR), so it takes and gives the engine's register unchanged.
#![allow(unsafe_code)]

use core::arch::x86_64::{_mm_crc32_u64, _mm_crc32_u8};

/// Holding one proves the CPU has SSE4.2.
#[derive(Clone, Copy)]
pub(crate) struct Instruction(());

impl Instruction {
    /// The instruction's proof token.
    ///
    /// # Safety
    /// The CPU must have SSE4.2.
    #[inline(always)]
    pub(super) unsafe fn new_unchecked() -> Instruction {
        Instruction(())
    }

    /// CRC-32C's register after `data`, from the register `crc`.
    #[inline]
    pub(crate) fn update(self, crc: u64, data: &[u8]) -> u64 {
        // SAFETY: holding `self` proves the CPU has SSE4.2.
        u64::from(unsafe { update(crc as u32, data) })
    }
}

/// [`Instruction::update`].
///
/// # Safety
/// The CPU must have SSE4.2.
#[target_feature(enable = "sse4.2")]
#[inline]
unsafe fn update(crc: u32, data: &[u8]) -> u32 {
    let mut crc = u64::from(crc);
    let mut words = data.chunks_exact(8);
    for word in &mut words {
        crc = _mm_crc32_u64(
            crc,
            u64::from_le_bytes(word.try_into().expect("eight bytes")),
        );
    }
    let mut crc = crc as u32;
    for &byte in words.remainder() {
        crc = _mm_crc32_u8(crc, byte);
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::crc::CRC32_ISCSI;

    /// Every length to 600 bytes and some long ones, from two registers, against the tables
    /// (which `tests/crc.rs` checks against a bitwise model).
    #[test]
    fn the_instruction_agrees_with_the_tables() {
        if !std::is_x86_feature_detected!("sse4.2") {
            eprintln!("skipped: no SSE4.2");
            return;
        }
        // SAFETY: the CPU has SSE4.2 (asked above).
        let instruction = unsafe { Instruction::new_unchecked() };
        let engine = &CRC32_ISCSI;
        let data = crate::testing::Rng(9).bytes(20_000);
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
                        "length {len}"
                    );
                }
            }
        }
    }
}
