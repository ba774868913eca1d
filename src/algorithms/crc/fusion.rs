//! CRC-32C with SSE4.2's `crc32` instruction and the 256-bit carry-less fold at once, for
//! CPUs with VPCLMULQDQ but not AVX-512.
//!
//! The two run on different units (the instruction on the integer side, VPCLMULQDQ on the
//! vector side), so one loop that feeds both takes nearly as long per round as either alone:
//! a block (of 8,704 bytes, or 3,808: see [`Long`]) is cut into four parts, the first folded
//! 128 bytes a round as [`clmul`](super::clmul) does, the other three each run through the
//! instruction eight bytes at a time (three streams, to cover its latency), a round of each
//! in every round of the fold. The four registers, each of its part from zero, are then joined: each moved on by
//! the bytes after its part (a carry-less product by `x^(8n - 33) mod P`, reduced by the
//! instruction itself) and XORed, and the register before the block moved on by a block.
//! Every constant is fixed at compile time, as the block is.
//!
//! [`platform`](super::platform) chooses it for CRC-32C's long inputs where the 256-bit fold
//! is the widest: it is faster than the fold alone there from its first block up
//! (benches/results/amd-epyc-zen3-notes.md, "CRC-32C: the `crc32` instruction and the 256-bit
//! fold at once"). What is left after its blocks goes to that fold.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m256i, _mm256_loadu_si256, _mm_clmulepi64_si128, _mm_crc32_u64, _mm_cvtsi128_si64,
    _mm_cvtsi32_si128,
};

use super::clmul::{collapse_256, fold_256, keys_128_bytes_ahead, reduce32, Clmul};
use super::fold_keys::{x_pow_mod, FoldKeys};
use super::table::Tables;

/// Holding one proves the CPU has AVX2, VPCLMULQDQ, PCLMULQDQ, SSE4.1 and SSE4.2; the fold
/// it holds takes what is left after the blocks.
#[derive(Clone, Copy)]
pub(crate) struct Fusion {
    fold: Clmul,
}

impl Fusion {
    /// The fusion, with the 256-bit `fold` for the rest.
    ///
    /// # Safety
    /// The CPU must have SSE4.2, and `fold` must be of [`Width::Wide`](super::clmul::Width)
    /// (which proves the rest).
    #[inline(always)]
    pub(super) unsafe fn new_unchecked(fold: Clmul) -> Fusion {
        Fusion { fold }
    }

    /// CRC-32C's register after `data` (at least [`MIN_LEN`] bytes) from the register `crc`.
    #[inline]
    pub(crate) fn update(self, crc: u64, data: &[u8], keys: &FoldKeys, tables: &Tables) -> u64 {
        assert!(keys.crc32c && data.len() >= MIN_LEN, "CRC-32C's blocks");
        // SAFETY: holding `self` proves the CPU has what `update_fused` needs.
        unsafe { update_fused(crc, data, keys, tables, self.fold) }
    }
}

/// [`Fusion::update`]: the blocks, then what is left by `fold` (or, under 16 bytes, the
/// tables). A function of its own, out of line, so that the inlined short path keeps none of
/// its registers or stack.
///
/// # Safety
/// The CPU must have PCLMULQDQ, SSE4.1, SSE4.2, AVX2 and VPCLMULQDQ.
#[target_feature(enable = "pclmulqdq,sse4.1,sse4.2,avx2,vpclmulqdq")]
#[inline(never)]
unsafe fn update_fused(
    crc: u64,
    data: &[u8],
    keys: &FoldKeys,
    tables: &Tables,
    fold: Clmul,
) -> u64 {
    // SAFETY: as this function's.
    let (fused, rest) = unsafe { update(crc as u32, data, keys) };
    let crc = u64::from(fused);
    if rest.len() >= 16 {
        fold.update(crc, rest, keys, tables, true)
    } else {
        tables.update(crc, rest)
    }
}

/// CRC-32C's polynomial, in the catalogue's form.
const POLY: u64 = 0x1EDC_6F41;

/// Eight-byte words per stream in a round: six, the fastest of four to eight in the scratch
/// loop.
const WORDS: usize = 6;

/// A block of `ROUNDS` rounds, each of which folds 128 bytes and runs each stream [`WORDS`]
/// words on: its lengths and the constants that join its parts.
struct Block<const ROUNDS: usize>;

impl<const ROUNDS: usize> Block<ROUNDS> {
    /// The bytes each of the three streams takes.
    const STREAM: usize = ROUNDS * WORDS * 8;
    /// The bytes the fold takes.
    const FOLDED: usize = ROUNDS * 128;
    /// The fold's part, then the three streams'.
    const LEN: usize = Self::FOLDED + 3 * Self::STREAM;
    /// `[the fold's part, the first stream's, the second's]` moved on past the streams after
    /// them.
    const PART_KEYS: [u32; 3] = [
        shift_key(3 * Self::STREAM),
        shift_key(2 * Self::STREAM),
        shift_key(Self::STREAM),
    ];
    /// The register before the block moved on past it.
    const KEY: u32 = shift_key(Self::LEN);
}

/// Long inputs go in blocks of 32 rounds (8,704 bytes), what is left in blocks of 14 (3,808):
/// the shorter block's joins cost more per byte, so long inputs lose in them, but it reaches
/// inputs of 4 KiB, which the longer block leaves to the fold (the same section of
/// benches/results/amd-epyc-zen3-notes.md, on block lengths).
type Long = Block<32>;
type Short = Block<14>;

/// The shortest input [`update`] takes a block of.
pub(super) const MIN_LEN: usize = Short::LEN;

/// The constant that moves a register `bytes` on, for [`shift`].
const fn shift_key(bytes: usize) -> u32 {
    (x_pow_mod(8 * bytes as u32 - 33, 32, POLY) as u32).reverse_bits()
}

/// The CRC-32C register after the whole blocks at the start of `data`, from the register
/// `crc`, and the rest of `data` (under [`MIN_LEN`] bytes).
///
/// # Safety
/// The CPU must have AVX2, VPCLMULQDQ, PCLMULQDQ, SSE4.1 and SSE4.2; `keys` must be
/// CRC-32C's.
#[target_feature(enable = "avx2,vpclmulqdq,pclmulqdq,sse4.1,sse4.2")]
pub(super) unsafe fn update<'a>(mut crc: u32, data: &'a [u8], keys: &FoldKeys) -> (u32, &'a [u8]) {
    let mut long = data.chunks_exact(Long::LEN);
    for block in &mut long {
        // Each block from a zero register, so that it need not wait for the one before.
        crc = shift(crc, Long::KEY) ^ block_register::<32>(block, keys);
    }
    let mut short = long.remainder().chunks_exact(Short::LEN);
    for block in &mut short {
        crc = shift(crc, Short::KEY) ^ block_register::<14>(block, keys);
    }
    (crc, short.remainder())
}

/// The register of one block of `ROUNDS` rounds from zero.
#[target_feature(enable = "avx2,vpclmulqdq,pclmulqdq,sse4.1,sse4.2")]
fn block_register<const ROUNDS: usize>(block: &[u8], keys: &FoldKeys) -> u32 {
    let (folded, streams) = block.split_at(Block::<ROUNDS>::FOLDED);
    let (first, rest) = streams.split_at(Block::<ROUNDS>::STREAM);
    let (second, third) = rest.split_at(Block::<ROUNDS>::STREAM);
    let k = keys_128_bytes_ahead(keys);
    let mut lanes: [__m256i; 4] = core::array::from_fn(|i| load(folded, 32 * i));
    let (mut a, mut b, mut c) = (0u64, 0u64, 0u64);
    for round in 0..ROUNDS {
        if round > 0 {
            for (i, lane) in lanes.iter_mut().enumerate() {
                *lane = fold_256(*lane, k, load(folded, 128 * round + 32 * i));
            }
        }
        let at = round * WORDS * 8;
        for word in 0..WORDS {
            let at = at + 8 * word;
            a = _mm_crc32_u64(a, word_at(first, at));
            b = _mm_crc32_u64(b, word_at(second, at));
            c = _mm_crc32_u64(c, word_at(third, at));
        }
    }
    let barrett = keys
        .barrett
        .as_ref()
        .expect("CRC-32C is a reflected CRC-32");
    let folded = reduce32(collapse_256(lanes, keys), barrett);
    let [to_end_0, to_end_1, to_end_2] = Block::<ROUNDS>::PART_KEYS;
    (shift(folded, to_end_0) ^ shift(a as u32, to_end_1)) ^ (shift(b as u32, to_end_2) ^ c as u32)
}

/// The 32 bytes of `part` from `at` (bounds-checked: the loop's indices are its own).
#[target_feature(enable = "avx2")]
#[inline]
fn load(part: &[u8], at: usize) -> __m256i {
    let bytes = &part[at..at + 32];
    // SAFETY: `bytes` is 32 bytes; unaligned loads are allowed.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// The little-endian word of `part` at `at`.
#[inline(always)]
fn word_at(part: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(part[at..at + 8].try_into().expect("eight bytes"))
}

/// The register `register` moved on by the bytes `key` stands for ([`shift_key`]): their
/// carry-less product is the register times `x^(8n - 33)`, one bit short of 64 bits, and the
/// `crc32` instruction on it from zero multiplies by `x^32` more and reduces modulo `P`.
#[target_feature(enable = "pclmulqdq,sse4.2")]
#[inline]
fn shift(register: u32, key: u32) -> u32 {
    let product = _mm_clmulepi64_si128::<0x00>(
        _mm_cvtsi32_si128(register as i32),
        _mm_cvtsi32_si128(key as i32),
    );
    _mm_crc32_u64(0, _mm_cvtsi128_si64(product) as u64) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::crc::CRC32_ISCSI;
    use crate::cpu;

    /// Whole blocks from a register, at three alignments, against the tables (which
    /// `tests/crc.rs` checks against a bitwise model); on any CPU that can run it, whether or
    /// not the engine picks it there.
    #[test]
    fn the_fusion_agrees_with_the_tables() {
        let needs = cpu::AVX2 | cpu::VPCLMULQDQ | cpu::PCLMULQDQ | cpu::SSE41 | cpu::SSE42;
        if !cpu::ask().has(needs) {
            eprintln!("skipped: no AVX2, VPCLMULQDQ and SSE4.2");
            return;
        }
        let engine = &CRC32_ISCSI;
        let (long, short) = (Long::LEN, Short::LEN);
        let data = crate::testing::Rng(5).bytes(3 * long + 8);
        // No block, a short one, a long one, long and short ones, each with a rest or not.
        let lengths = [
            short - 1,
            short,
            short + 5,
            long,
            long + short,
            2 * long + short + 7,
        ];
        for len in lengths.into_iter().chain([3 * long]) {
            for start in [0, 1, 7] {
                let data = &data[start..start + len];
                for crc in [0, engine.tables.update(engine.init, b"a register")] {
                    // SAFETY: the CPU has what `update` needs (asked above); the keys are
                    // CRC-32C's.
                    let (fused, rest) = unsafe { update(crc as u32, data, &engine.keys) };
                    assert!(rest.len() < short && data.ends_with(rest), "length {len}");
                    assert_eq!(
                        engine.tables.update(u64::from(fused), rest),
                        engine.tables.update(crc, data),
                        "length {len}"
                    );
                }
            }
        }
    }
}
