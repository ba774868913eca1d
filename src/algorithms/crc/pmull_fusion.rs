//! CRC-32 and CRC-32C on AArch64 with the CRC extension's `crc32x`/`crc32cx` and the PMULL
//! fold at once, for long inputs (the design of Corsix's `fast-crc32`, which `crc-fast` uses,
//! with blocks of a fixed length).
//!
//! The instructions and PMULL run on different units, so one loop that feeds both moves more
//! bytes a cycle than either alone. A block (of 7,744 bytes, or about 2 KiB: see
//! [`LONG_EOR3`]) is cut into five parts: the first folded in four 16-byte lanes as
//! [`pmull`](super::pmull) does, 256 bytes an iteration; each of the other four run through
//! the instruction, 32 bytes an iteration ([`WORDS_EOR3`]), or 64 without SHA3's three-way
//! XOR ([`WORDS_PLAIN`]). The parts' registers, each from zero, are joined as x86-64's CRC-32C
//! fusion joins its: each moved on by the bytes after its part (a carry-less product by
//! `x^(8n - 33) mod P`, reduced by the instruction itself) and XORed, and the register before
//! the block moved on by a block. Every constant is fixed at compile time, as the block is.
//!
//! [`platform`](super::platform) chooses it for CRC-32's and CRC-32C's inputs of a short block
//! and more on CPUs with PMULL (and the CRC extension, which they all have). What is left
//! after its blocks goes to the fold, or under 128 bytes to the instruction alone.
#![allow(unsafe_code)]

use core::arch::aarch64::{
    __crc32cd, __crc32d, uint8x16_t, veor3q_u8, veorq_u8, vgetq_lane_u64, vld1q_u8, vmull_p64,
    vreinterpretq_u64_u8,
};

use super::fold_keys::{x_pow_mod, FoldKeys};
use super::instruction::{Instruction, Polynomial, INSTRUCTION_MAX};
use super::pmull::{fold_blocks, fold_by, products, Pmull};
use super::table::Tables;

/// Holding one proves the CPU has the CRC extension, NEON and PMULL (and SHA3 if its fold
/// has it); the fold takes what is left after the blocks.
#[derive(Clone, Copy)]
pub(crate) struct PmullFusion {
    polynomial: Polynomial,
    fold: Pmull,
}

impl PmullFusion {
    /// The fusion for `polynomial`, with `fold` (whose three-way XOR, if it has it, the
    /// fusion's own fold takes too) for the rest.
    ///
    /// # Safety
    /// The CPU must have the CRC extension.
    #[inline(always)]
    pub(super) unsafe fn new_unchecked(polynomial: Polynomial, fold: Pmull) -> PmullFusion {
        PmullFusion { polynomial, fold }
    }

    /// The register after `data` (at least [`min_len`] bytes) from the register `crc`. Out
    /// of line, so that the inlined short path keeps none of its registers or stack.
    #[inline(never)]
    pub(crate) fn update(self, crc: u64, data: &[u8], keys: &FoldKeys, tables: &Tables) -> u64 {
        let eor3 = self.fold.eor3();
        assert!(
            data.len() >= min_len(eor3),
            "the fusion takes a block or more"
        );
        let crc = crc as u32;
        // SAFETY: holding `self` proves the CPU has the CRC extension, NEON and PMULL, and
        // SHA3 if the fold has it.
        let (crc, rest) = unsafe {
            match (self.polynomial, eor3) {
                (Polynomial::IsoHdlc, false) => update::<false>(crc, data, keys),
                (Polynomial::Castagnoli, false) => update::<true>(crc, data, keys),
                (Polynomial::IsoHdlc, true) => update_eor3::<false>(crc, data, keys),
                (Polynomial::Castagnoli, true) => update_eor3::<true>(crc, data, keys),
            }
        };
        let crc = u64::from(crc);
        if rest.len() >= INSTRUCTION_MAX {
            self.fold.update(crc, rest, keys, tables, true)
        } else {
            // SAFETY: as above: the CPU has the CRC extension.
            unsafe { Instruction::new_unchecked(self.polynomial) }.update(crc, rest)
        }
    }
}

/// Lanes the fold keeps: four, 64 bytes a round.
const LANES: usize = 4;
/// Rounds of the fold in an iteration of the loop: four, 256 bytes.
const ROUNDS: usize = 4;
/// Words each of the four streams takes in an iteration of the fold with SHA3's three-way
/// XOR: four, 128 bytes in all. Two bytes folded for one through the instruction: the split
/// that the models of CPUs whose PMULL issues twice as often as the instruction (Neoverse V1)
/// and of those where both issue once a cycle (Apple M1) both put ahead of `crc-fast`'s loop
/// (docs/perf-notes.md, "The AArch64 CRC-32/32C fusion: its shape, chosen in `llvm-mca`").
const WORDS_EOR3: usize = 4;
/// Words each stream takes in an iteration of the fold without it: eight, 256 bytes in all,
/// as many as are folded. The CPUs without SHA3 (Neoverse N1, Cortex-A72 and A76) issue
/// PMULL and the instruction once a cycle each, and the fold's two EORs a lane take vector
/// slots that the three-way XOR leaves free.
const WORDS_PLAIN: usize = 8;

/// A block of `ITERATIONS` iterations of the loop, `WORDS` words a stream each, of the
/// polynomial (CRC-32C's if `CASTAGNOLI`): its lengths and the constants that join its parts.
struct Block<const ITERATIONS: usize, const WORDS: usize, const CASTAGNOLI: bool>;

impl<const ITERATIONS: usize, const WORDS: usize, const CASTAGNOLI: bool>
    Block<ITERATIONS, WORDS, CASTAGNOLI>
{
    /// The bytes each of the four streams takes.
    const STREAM: usize = ITERATIONS * WORDS * 8;
    /// The bytes the fold takes: the round its lanes start from, then the loop's.
    const FOLDED: usize = (ITERATIONS * ROUNDS + 1) * LANES * 16;
    /// The fold's part, then the four streams'.
    const LEN: usize = Self::FOLDED + 4 * Self::STREAM;
    /// `[the fold's part, the first stream's, the second's, the third's]` moved on past the
    /// streams after them.
    const PART_KEYS: [u32; 4] = [
        shift_key(4 * Self::STREAM, CASTAGNOLI),
        shift_key(3 * Self::STREAM, CASTAGNOLI),
        shift_key(2 * Self::STREAM, CASTAGNOLI),
        shift_key(Self::STREAM, CASTAGNOLI),
    ];
    /// The register before the block moved on past it.
    const KEY: u32 = shift_key(Self::LEN, CASTAGNOLI);
}

/// Long inputs go in blocks of 7,744 bytes (20 iterations with the three-way XOR, 15
/// without), what is left in blocks of 1,984 (5) or 2,112 (4): a block's joins (eleven
/// products, seven instructions) cost a shorter block more per byte, but the shorter reaches
/// inputs of about 2 KiB.
const LONG_EOR3: usize = 20;
const SHORT_EOR3: usize = 5;
const LONG_PLAIN: usize = 15;
const SHORT_PLAIN: usize = 4;

/// The shortest input the fusion takes (a short block), with SHA3's three-way XOR or not.
pub(super) const fn min_len(eor3: bool) -> usize {
    if eor3 {
        Block::<SHORT_EOR3, WORDS_EOR3, true>::LEN
    } else {
        Block::<SHORT_PLAIN, WORDS_PLAIN, true>::LEN
    }
}

/// The constant that moves a register `bytes` on, for [`shift`].
const fn shift_key(bytes: usize, castagnoli: bool) -> u32 {
    let poly = if castagnoli { 0x1EDC_6F41 } else { 0x04C1_1DB7 };
    (x_pow_mod(8 * bytes as u32 - 33, 32, poly) as u32).reverse_bits()
}

/// The whole blocks at the start of `data` from the register `crc`, each block's register by
/// `$block_register` (of blocks of `$long` or `$short` iterations, `$words` words a stream),
/// and the rest of `data` (shorter than a short block).
macro_rules! blocks {
    ($crc:expr, $data:expr, $keys:expr, $castagnoli:ident, $block_register:ident,
     $words:ident, $long:ident, $short:ident) => {{
        let (mut crc, data, keys): (u32, &[u8], &FoldKeys) = ($crc, $data, $keys);
        let mut long = data.chunks_exact(Block::<$long, $words, $castagnoli>::LEN);
        for block in &mut long {
            // Each block from a zero register, so that it need not wait for the one before.
            crc = shift::<$castagnoli>(crc, Block::<$long, $words, $castagnoli>::KEY)
                ^ $block_register::<$long, $castagnoli>(block, keys);
        }
        let mut short = long
            .remainder()
            .chunks_exact(Block::<$short, $words, $castagnoli>::LEN);
        for block in &mut short {
            crc = shift::<$castagnoli>(crc, Block::<$short, $words, $castagnoli>::KEY)
                ^ $block_register::<$short, $castagnoli>(block, keys);
        }
        (crc, short.remainder())
    }};
}

/// The register of one block of `$iterations` iterations from zero, each round's lane moved
/// on by `key` and XORed with the next `block` by `$step`. A macro, so that each function that
/// uses it compiles it with its own target features (the three-way XOR needs SHA3).
macro_rules! block_register {
    ($block:expr, $keys:expr, $iterations:ident, $words:ident, $castagnoli:ident,
     |$lane:ident, $key:ident, $next:ident| $step:expr) => {{
        let (block, keys): (&[u8], &FoldKeys) = ($block, $keys);
        let step = |$lane: uint8x16_t, $key: [u64; 2], $next: uint8x16_t| $step;
        let key = keys.blocks_ahead[LANES - 1];
        let stream = Block::<$iterations, $words, $castagnoli>::STREAM;
        let (folded, streams) = block.split_at(Block::<$iterations, $words, $castagnoli>::FOLDED);
        let (first, folded) = folded.split_at(LANES * 16);
        let mut lanes: [uint8x16_t; LANES] = core::array::from_fn(|i| load(first, 16 * i));
        let mut registers = [0u32; 4];
        // Each of the five parts by its own iterator, so that the loop steps its addresses by
        // constants: an add or compare of two registers takes an integer unit the instruction
        // wants (in M1's model), and four rounds an iteration spread the one that is left.
        let (folded, _) = folded.as_chunks::<{ ROUNDS * LANES * 16 }>();
        let words = |i: usize| {
            streams[i * stream..][..stream]
                .as_chunks::<{ $words * 8 }>()
                .0
        };
        let rounds = folded
            .iter()
            .zip(words(0))
            .zip(words(1))
            .zip(words(2))
            .zip(words(3));
        for ((((blocks, a), b), c), d) in rounds {
            for round in 0..ROUNDS {
                for (i, lane) in lanes.iter_mut().enumerate() {
                    *lane = step(*lane, key, load(blocks, 16 * (LANES * round + i)));
                }
            }
            for at in (0..$words).map(|word| 8 * word) {
                for (register, words) in registers.iter_mut().zip([a, b, c, d]) {
                    *register = crc32::<$castagnoli>(*register, word_at(words, at));
                }
            }
        }
        let [first, rest @ ..] = lanes;
        let folded = vreinterpretq_u64_u8(fold_blocks(first, rest, keys));
        // The 16 bytes the fold left have the register of its part: the instruction takes
        // them from zero.
        let low = crc32::<$castagnoli>(0, vgetq_lane_u64::<0>(folded));
        let folded = crc32::<$castagnoli>(low, vgetq_lane_u64::<1>(folded));
        let [to_end_0, to_end_1, to_end_2, to_end_3] =
            Block::<$iterations, $words, $castagnoli>::PART_KEYS;
        let [a, b, c, d] = registers;
        (shift::<$castagnoli>(folded, to_end_0) ^ shift::<$castagnoli>(a, to_end_1))
            ^ (shift::<$castagnoli>(b, to_end_2) ^ shift::<$castagnoli>(c, to_end_3))
            ^ d
    }};
}

/// The register after the whole blocks at the start of `data` from the register `crc`, and
/// the rest of `data` (shorter than a short block).
///
/// # Safety
/// The CPU must have the CRC extension, NEON and PMULL (`aes`).
#[target_feature(enable = "crc,neon,aes")]
pub(super) unsafe fn update<'a, const CASTAGNOLI: bool>(
    crc: u32,
    data: &'a [u8],
    keys: &FoldKeys,
) -> (u32, &'a [u8]) {
    blocks!(
        crc,
        data,
        keys,
        CASTAGNOLI,
        block_register,
        WORDS_PLAIN,
        LONG_PLAIN,
        SHORT_PLAIN
    )
}

/// [`update`] with SHA3's three-way XOR in the fold.
///
/// # Safety
/// The CPU must have the CRC extension, NEON, PMULL (`aes`) and SHA3.
#[target_feature(enable = "crc,neon,aes,sha3")]
pub(super) unsafe fn update_eor3<'a, const CASTAGNOLI: bool>(
    crc: u32,
    data: &'a [u8],
    keys: &FoldKeys,
) -> (u32, &'a [u8]) {
    blocks!(
        crc,
        data,
        keys,
        CASTAGNOLI,
        block_register_eor3,
        WORDS_EOR3,
        LONG_EOR3,
        SHORT_EOR3
    )
}

/// The register of one block of `ITERATIONS` iterations from zero.
#[target_feature(enable = "crc,neon,aes")]
#[inline]
fn block_register<const ITERATIONS: usize, const CASTAGNOLI: bool>(
    block: &[u8],
    keys: &FoldKeys,
) -> u32 {
    block_register!(
        block,
        keys,
        ITERATIONS,
        WORDS_PLAIN,
        CASTAGNOLI,
        |lane, key, next| { veorq_u8(fold_by(lane, key), next) }
    )
}

/// [`block_register()`] with SHA3's three-way XOR: each round's two products and the next
/// block in one instruction.
#[target_feature(enable = "crc,neon,aes,sha3")]
#[inline]
fn block_register_eor3<const ITERATIONS: usize, const CASTAGNOLI: bool>(
    block: &[u8],
    keys: &FoldKeys,
) -> u32 {
    block_register!(
        block,
        keys,
        ITERATIONS,
        WORDS_EOR3,
        CASTAGNOLI,
        |lane, key, next| {
            let (low, high) = products(lane, key);
            veor3q_u8(low, high, next)
        }
    )
}

/// The 16 bytes of `part` from `at` (bounds-checked: the loop's indices are its own).
#[target_feature(enable = "neon")]
#[inline]
fn load(part: &[u8], at: usize) -> uint8x16_t {
    let bytes = &part[at..at + 16];
    // SAFETY: `bytes` is 16 bytes; NEON loads need no alignment.
    unsafe { vld1q_u8(bytes.as_ptr()) }
}

/// The little-endian word of `part` at `at`.
#[inline(always)]
fn word_at(part: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(part[at..at + 8].try_into().expect("eight bytes"))
}

/// The register `crc` after the eight bytes `word`: CRC-32C's instruction if `CASTAGNOLI`,
/// CRC-32's if not.
#[target_feature(enable = "crc")]
#[inline]
fn crc32<const CASTAGNOLI: bool>(crc: u32, word: u64) -> u32 {
    if CASTAGNOLI {
        __crc32cd(crc, word)
    } else {
        __crc32d(crc, word)
    }
}

/// The register `register` moved on by the bytes `key` stands for ([`shift_key`]): their
/// carry-less product is the register times `x^(8n - 33)`, one bit short of 64 bits, and the
/// instruction on it from zero multiplies by `x^32` more and reduces modulo `P`.
#[target_feature(enable = "crc,neon,aes")]
#[inline]
fn shift<const CASTAGNOLI: bool>(register: u32, key: u32) -> u32 {
    let product = vmull_p64(u64::from(register), u64::from(key));
    crc32::<CASTAGNOLI>(0, product as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::crc::{CRC32_ISCSI, CRC32_ISO_HDLC};
    use crate::cpu;

    /// CRC-32 and CRC-32C through the fusion, with and without the three-way XOR where the CPU
    /// has it, against the tables (which `tests/crc.rs` checks against a bitwise model): no
    /// block, a short one, long ones, each with a rest that the instruction takes (under 128
    /// bytes), or the fold, or nothing; at three alignments, from two registers; and split in
    /// pieces at every block edge and at random points, as a hasher's appends split it.
    #[test]
    fn the_fusion_agrees_with_the_tables() {
        let features = cpu::ask();
        if !features.has(cpu::CRC | cpu::NEON | cpu::PMULL) {
            eprintln!("skipped: no CRC extension and PMULL");
            return;
        }
        let eor3 = features.has(cpu::SHA3);
        let mut rng = crate::testing::Rng(11);
        let data = rng.bytes(32 << 10);
        let mut tested = 0;
        for (engine, polynomial) in [
            (&CRC32_ISO_HDLC, Polynomial::IsoHdlc),
            (&CRC32_ISCSI, Polynomial::Castagnoli),
        ] {
            for with_eor3 in [false, true].into_iter().filter(|&e| !e || eor3) {
                // SAFETY: the CPU has the CRC extension, NEON and PMULL (asked above), and SHA3
                // if `with_eor3`.
                let fusion = unsafe {
                    PmullFusion::new_unchecked(polynomial, Pmull::new_unchecked(with_eor3))
                };
                let long = if with_eor3 {
                    Block::<LONG_EOR3, WORDS_EOR3, true>::LEN
                } else {
                    Block::<LONG_PLAIN, WORDS_PLAIN, true>::LEN
                };
                let short = min_len(with_eor3);
                let mut lengths = alloc::vec::Vec::new();
                for blocks in [short, 2 * short, long, long + short, 2 * long + 3 * short] {
                    for rest in [0, 1, 8, 15, 16, 127, 128, 129, 255, short - 1] {
                        lengths.push(blocks + rest);
                    }
                }
                lengths.extend([long - 1, 3 * long + 7]);
                for len in lengths {
                    for start in [0, 1, 7] {
                        let data = &data[start..start + len];
                        for crc in [engine.init, engine.tables.update(engine.init, b"register")] {
                            let expected = engine.tables.update(crc, data);
                            let fused = fusion.update(crc, data, &engine.keys, &engine.tables);
                            assert_eq!(fused, expected, "{polynomial:?} length {len}");
                        }
                    }
                }
                // Appends of every piece: through whatever path each piece's length takes.
                let data = &data[..3 * long + 7];
                let edges = [short - 1, short, long - 1, long, long + 1, 2 * long + short];
                let random = (0..4).map(|_| rng.next_u64() as usize % data.len());
                let mut splits: alloc::vec::Vec<usize> = edges.into_iter().chain(random).collect();
                splits.sort_unstable();
                let mut crc = engine.init;
                let mut at = 0;
                for split in splits.into_iter().chain([data.len()]) {
                    crc = engine.update(crc, &data[at..split]);
                    at = split;
                }
                assert_eq!(
                    crc,
                    engine.tables.update(engine.init, data),
                    "{polynomial:?}"
                );
                tested += 1;
            }
        }
        let line = std::format!("PMULL fusion variants tested: {tested}, EOR3 {eor3}");
        eprintln!("{line}");
    }
}
