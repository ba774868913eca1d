//! AArch64's carry-less multiplication (PMULL, part of the `aes` feature) folding: the 128-bit
//! fold of [`clmul`](super::clmul), with the same constants ([`FoldKeys`]) and the same steps,
//! in NEON. Four blocks are folded 64 bytes ahead at a time, then into one, each moved on by
//! its own distance at once; a tail of under 16 bytes is folded in with the input's last 16
//! bytes; the 16 bytes left are reduced by Barrett's method (reflected CRC-32s) or through the
//! [tables](super::table).
//!
//! The register layout is x86's: 16 bytes loaded as they are (lane 0 holds the first eight,
//! little-endian), reversed first for a CRC that is not reflected.
#![allow(unsafe_code)]

use core::arch::aarch64::{
    uint8x16_t, vbslq_u8, vcltzq_s8, vcombine_u64, vcreate_u64, veor3q_u8, veorq_u8, vextq_u8,
    vgetq_lane_u64, vld1q_u8, vmull_p64, vqtbl1q_u8, vreinterpretq_s8_u8, vreinterpretq_u64_u8,
    vreinterpretq_u8_p128, vreinterpretq_u8_u64, vrev64q_u8, vst1q_u8,
};

use super::fold_keys::{Barrett32, FoldKeys};
use super::table::Tables;

/// Holding one proves the CPU has NEON and PMULL, and SHA3's three-way XOR if `eor3`.
#[derive(Clone, Copy)]
pub(crate) struct Pmull {
    eor3: bool,
}

impl Pmull {
    /// The fold, with SHA3's three-way XOR if `eor3`.
    ///
    /// # Safety
    /// The CPU must have NEON and PMULL, and SHA3 if `eor3`.
    #[inline(always)]
    pub(super) unsafe fn new_unchecked(eor3: bool) -> Pmull {
        Pmull { eor3 }
    }

    /// The register after `data` (at least 16 bytes) from the register `crc`.
    #[inline]
    pub(crate) fn update(
        self,
        crc: u64,
        data: &[u8],
        keys: &FoldKeys,
        tables: &Tables,
        reflected: bool,
    ) -> u64 {
        assert!(data.len() >= 16, "the fold takes 16 bytes or more");
        // SAFETY: holding `self` proves the CPU has NEON and PMULL, and SHA3 if `self.eor3`;
        // `data` has 16 bytes or more, as both functions need.
        unsafe {
            match (self.eor3, reflected) {
                (false, true) => update_folding::<true>(crc, data, keys, tables),
                (false, false) => update_folding::<false>(crc, data, keys, tables),
                (true, true) => update_folding_eor3::<true>(crc, data, keys, tables),
                (true, false) => update_folding_eor3::<false>(crc, data, keys, tables),
            }
        }
    }

    /// Whether this fold has SHA3's three-way XOR (which the CPU has, then).
    #[inline(always)]
    pub(super) fn eor3(self) -> bool {
        self.eor3
    }

    /// This fold without SHA3's three-way XOR, for tests.
    #[cfg(test)]
    pub(super) fn without_eor3(self) -> Pmull {
        Pmull { eor3: false }
    }
}

/// The fold of `$data` (16 bytes or more) from the register `$crc` into 16 bytes and the tail
/// after them (under 16 bytes), each round's block `lane` moved on by `key` and XORed with the
/// next `block` by `$step`. A macro, so that each function that uses it compiles it with its
/// own target features (the three-way XOR needs SHA3).
macro_rules! fold {
    ($crc:expr, $data:expr, $keys:expr, $reflected:ident,
     |$lane:ident, $key:ident, $block:ident| $step:expr) => {{
        let (crc, mut data, keys): (u64, &[u8], &FoldKeys) = ($crc, $data, $keys);
        let step = |$lane: uint8x16_t, $key: [u64; 2], $block: uint8x16_t| $step;
        // The register stands in front of the data: XORed into its first bytes.
        let init = if $reflected {
            vcombine_u64(vcreate_u64(crc), vcreate_u64(0))
        } else {
            vcombine_u64(vcreate_u64(0), vcreate_u64(crc))
        };
        let mut x = veorq_u8(next::<$reflected>(&mut data), vreinterpretq_u8_u64(init));
        if data.len() >= 240 {
            // Eight streams, 128 bytes a round: the products in flight that PMULL's throughput
            // wants over its latency (`llvm-mca`, benches/results/amd-epyc-zen3-notes.md).
            let mut lanes = [x; 8];
            for lane in &mut lanes[1..] {
                *lane = next::<$reflected>(&mut data);
            }
            while data.len() >= 128 {
                for lane in &mut lanes {
                    *lane = step(*lane, keys.blocks_ahead[7], next::<$reflected>(&mut data));
                }
            }
            let [first, rest @ ..] = lanes;
            x = fold_blocks(first, rest, keys);
        } else if data.len() >= 112 {
            let mut lanes = [x; 4];
            for lane in &mut lanes[1..] {
                *lane = next::<$reflected>(&mut data);
            }
            while data.len() >= 64 {
                for lane in &mut lanes {
                    *lane = step(*lane, keys.blocks_ahead[3], next::<$reflected>(&mut data));
                }
            }
            let [first, rest @ ..] = lanes;
            x = fold_blocks(first, rest, keys);
        }
        // Up to seven whole blocks left.
        if data.len() >= 64 {
            x = fold_blocks(x, take::<4, $reflected>(&mut data), keys);
        }
        x = match data.len() / 16 {
            0 => x,
            1 => fold_blocks(x, take::<1, $reflected>(&mut data), keys),
            2 => fold_blocks(x, take::<2, $reflected>(&mut data), keys),
            _ => fold_blocks(x, take::<3, $reflected>(&mut data), keys),
        };
        (x, data)
    }};
}

/// [`Pmull::update`]: the fold and the reduction compiled into one function.
///
/// # Safety
/// The CPU must have NEON and PMULL (`aes`), and `data` must have at least 16 bytes.
#[target_feature(enable = "neon,aes")]
unsafe fn update_folding<const REFLECTED: bool>(
    crc: u64,
    data: &[u8],
    keys: &FoldKeys,
    tables: &Tables,
) -> u64 {
    let (x, tail) = fold!(crc, data, keys, REFLECTED, |lane, key, block| veorq_u8(
        fold_by(lane, key),
        block
    ));
    finish::<REFLECTED>(
        fold_tail::<REFLECTED>(x, data, tail.len(), keys),
        keys,
        tables,
    )
}

/// [`update_folding`] with SHA3's three-way XOR (EOR3): each round's two products and the next
/// block in one instruction, where two EORs took two of the vector pipes' slots.
///
/// # Safety
/// The CPU must have NEON, PMULL (`aes`) and SHA3, and `data` must have at least 16 bytes.
#[target_feature(enable = "neon,aes,sha3")]
unsafe fn update_folding_eor3<const REFLECTED: bool>(
    crc: u64,
    data: &[u8],
    keys: &FoldKeys,
    tables: &Tables,
) -> u64 {
    let (x, tail) = fold!(crc, data, keys, REFLECTED, |lane, key, block| {
        let (low, high) = products(lane, key);
        veor3q_u8(low, high, block)
    });
    finish::<REFLECTED>(
        fold_tail::<REFLECTED>(x, data, tail.len(), keys),
        keys,
        tables,
    )
}

/// The register after the 16 bytes `x` the fold left.
#[target_feature(enable = "neon,aes")]
#[inline]
fn finish<const REFLECTED: bool>(x: uint8x16_t, keys: &FoldKeys, tables: &Tables) -> u64 {
    match &keys.barrett {
        Some(barrett) if REFLECTED => u64::from(reduce32(x, barrett)),
        _ => tables.of_block::<REFLECTED>(&store::<REFLECTED>(x)),
    }
}

/// `tbl` indices that move a register's bytes by up to 16 places (as `clmul`'s `SHIFTS`: an
/// index of 0x80 gives a zero byte and marks the byte to take from the other operand).
#[rustfmt::skip]
static SHIFTS: [u8; 48] = [
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
];

/// The 16 bytes `x` with the `tail` bytes of `data` after them (under 16) folded in, as
/// `clmul`'s `fold_tail` does it: the message `x ‖ tail` is the block `A` (zero bytes, then
/// the first `tail` bytes of `x`) followed by `B` (the rest of `x`, then the tail).
#[target_feature(enable = "neon,aes")]
#[inline]
fn fold_tail<const REFLECTED: bool>(
    x: uint8x16_t,
    data: &[u8],
    tail: usize,
    keys: &FoldKeys,
) -> uint8x16_t {
    if tail == 0 {
        return x;
    }
    let shuffle = |at: usize| {
        let indices = &SHIFTS[at..at + 16];
        // SAFETY: `indices` is 16 bytes; NEON loads need no alignment.
        unsafe { vld1q_u8(indices.as_ptr()) }
    };
    let (to_a, to_b) = if REFLECTED {
        (shuffle(tail), shuffle(16 + tail))
    } else {
        (shuffle(32 - tail), shuffle(16 - tail))
    };
    let mut last = &data[data.len() - 16..];
    let last = next::<REFLECTED>(&mut last);
    let a = vqtbl1q_u8(x, to_a);
    // The bytes whose index is 0x80 (negative as `i8`) come from `last`.
    let from_last = vcltzq_s8(vreinterpretq_s8_u8(to_b));
    let b = vbslq_u8(from_last, last, vqtbl1q_u8(x, to_b));
    veorq_u8(fold_by(a, keys.blocks_ahead[0]), b)
}

/// The 16 bytes the fold left, in message order.
#[target_feature(enable = "neon,aes")]
#[inline]
fn store<const REFLECTED: bool>(x: uint8x16_t) -> [u8; 16] {
    let x = if REFLECTED { x } else { reverse(x) };
    let mut block = [0u8; 16];
    // SAFETY: `block` is 16 bytes; NEON stores need no alignment.
    unsafe { vst1q_u8(block.as_mut_ptr(), x) };
    block
}

/// The reflected CRC-32 register of the 16 bytes `x` (from a zero register): `clmul`'s
/// `reduce32`, its 128-bit values as `u128` (PMULL's products are 128 bits).
#[target_feature(enable = "neon,aes")]
#[inline]
fn reduce32(x: uint8x16_t, k: &Barrett32) -> u32 {
    let x = vreinterpretq_u64_u8(x);
    let (low, high) = (vgetq_lane_u64::<0>(x), vgetq_lane_u64::<1>(x));
    // 128 bits to 96: the first 64 moved on by 96 bits, onto the last 64.
    let x = vmull_p64(low, k.x96) ^ u128::from(high);
    // 96 to 64: the first 32 moved on by 64 bits.
    let x = vmull_p64(u64::from(x as u32), k.x64) ^ (x >> 32);
    // Barrett: the quotient by P from μ, then the remainder.
    let t1 = vmull_p64(u64::from(x as u32), k.mu);
    let t2 = vmull_p64(u64::from(t1 as u32), k.p);
    ((x ^ t2) >> 32) as u32
}

/// The 16 bytes reversed.
#[target_feature(enable = "neon")]
#[inline]
fn reverse(x: uint8x16_t) -> uint8x16_t {
    let within_halves = vrev64q_u8(x);
    vextq_u8::<8>(within_halves, within_halves)
}

/// The next 16 bytes of `data` (which has 16 or more), in the order the fold keeps them.
#[target_feature(enable = "neon,aes")]
#[inline]
fn next<const REFLECTED: bool>(data: &mut &[u8]) -> uint8x16_t {
    let (block, rest) = data.split_at(16);
    *data = rest;
    // SAFETY: `block` is 16 bytes; NEON loads need no alignment.
    let x = unsafe { vld1q_u8(block.as_ptr()) };
    if REFLECTED {
        x
    } else {
        reverse(x)
    }
}

/// The block `x` followed by `blocks` (up to eight), folded into one, each moved on by its
/// distance from the last at once.
#[target_feature(enable = "neon,aes")]
#[inline]
pub(super) fn fold_blocks<const N: usize>(
    x: uint8x16_t,
    blocks: [uint8x16_t; N],
    keys: &FoldKeys,
) -> uint8x16_t {
    let Some((&last, before)) = blocks.split_last() else {
        return x;
    };
    let mut folded = veorq_u8(fold_by(x, keys.blocks_ahead[N - 1]), last);
    for (i, &block) in before.iter().enumerate() {
        folded = veorq_u8(folded, fold_by(block, keys.blocks_ahead[N - 2 - i]));
    }
    folded
}

/// The next `N` blocks of `data` (which has `16 N` bytes or more).
#[target_feature(enable = "neon,aes")]
#[inline]
fn take<const N: usize, const REFLECTED: bool>(data: &mut &[u8]) -> [uint8x16_t; N] {
    core::array::from_fn(|_| next::<REFLECTED>(data))
}

/// The two products that move `x` on by the distance `[low, high]` stands for: the low lane
/// times `low`, the high lane times `high`.
#[target_feature(enable = "neon,aes")]
#[inline]
pub(super) fn products(x: uint8x16_t, [low, high]: [u64; 2]) -> (uint8x16_t, uint8x16_t) {
    let lanes = vreinterpretq_u64_u8(x);
    (
        vreinterpretq_u8_p128(vmull_p64(vgetq_lane_u64::<0>(lanes), low)),
        vreinterpretq_u8_p128(vmull_p64(vgetq_lane_u64::<1>(lanes), high)),
    )
}

/// `x` moved on by the distance `[low, high]` stands for.
#[target_feature(enable = "neon,aes")]
#[inline]
pub(super) fn fold_by(x: uint8x16_t, key: [u64; 2]) -> uint8x16_t {
    let (low, high) = products(x, key);
    veorq_u8(low, high)
}

#[cfg(test)]
mod tests {
    use crate::algorithms::crc::catalogue;
    use crate::algorithms::crc::platform::{self, Path};
    use crate::algorithms::crc::CrcEngine;

    #[test]
    fn the_fold_is_the_tables_at_every_length_and_register() {
        let Some(best) = platform::folds()
            .into_iter()
            .filter_map(|path| match path {
                Path::Pmull(pmull) => Some(pmull),
                _ => None,
            })
            .next_back()
        else {
            eprintln!("skipped: this CPU has no PMULL");
            return;
        };
        // qemu's `max` CPU has SHA3: both variants run there.
        #[cfg(feature = "std")]
        assert_eq!(best.eor3, std::arch::is_aarch64_feature_detected!("sha3"));
        // Formatted first, so that the line CI looks for goes out in one write, whole beside
        // other tests' output (`eprintln!` writes each piece of its format on its own).
        let line = std::format!("PMULL fold variants tested: EOR3 {}", best.eor3);
        eprintln!("{line}");
        let data: alloc::vec::Vec<u8> = (0..700u32).map(|i| (i * 131 + 7) as u8).collect();
        let sets = [
            catalogue::CRC_32_ISO_HDLC,
            catalogue::CRC_32_ISCSI,
            catalogue::CRC_32_BZIP2,
            catalogue::CRC_64_NVME,
            catalogue::CRC_64_ECMA_182,
            catalogue::CRC_16_ARC,
            catalogue::CRC_16_IBM_3740,
            catalogue::CRC_8_SMBUS,
            catalogue::CRC_24_OPENPGP,
            catalogue::CRC_40_GSM,
        ];
        for params in sets {
            let engine = CrcEngine::new(params);
            for len in 16..data.len() {
                for crc in [engine.init, 0x0123_4567_89ab_cdef & register_mask(&engine)] {
                    let tables = engine.tables.update(crc, &data[..len]);
                    for pmull in [best, best.without_eor3()] {
                        let folded = pmull.update(
                            crc,
                            &data[..len],
                            &engine.keys,
                            &engine.tables,
                            engine.reflected,
                        );
                        assert_eq!(
                            folded, tables,
                            "{params:?} at {len} bytes from {crc:x}, EOR3 {}",
                            pmull.eor3
                        );
                    }
                }
            }
        }
    }

    /// The register's bits: a reflected CRC-32 keeps the low 32, other sets the high ones.
    fn register_mask(engine: &CrcEngine) -> u64 {
        match (engine.register_width, engine.reflected) {
            (32, _) => 0xFFFF_FFFF,
            (_, true) => u64::MAX >> (64 - engine.params.width()),
            (_, false) => u64::MAX << (64 - engine.params.width()),
        }
    }
}
