//! Carry-less multiplication (PCLMULQDQ, VPCLMULQDQ) folding, for the inputs of 16 bytes or
//! more that [`platform`](super::platform) gives it (the 128-, 256- or 512-bit fold, as it
//! chose).
//!
//! The input is taken 16 bytes at a time as a polynomial `X` of degree < 128; the block `D`
//! bits further on then sees `X · x^D`, which modulo the CRC's polynomial `P` is
//! `X_hi · (x^(D+64) mod P) + X_lo · (x^D mod P)`: two 64 × 64-bit carry-less products, which
//! fit in 128 bits and are XORed into that block. Four blocks are folded 64 bytes ahead at a
//! time (eight 128 bytes ahead with 256-bit VPCLMULQDQ, sixteen 256 bytes ahead with 512-bit),
//! then into one, each block moved on by its own distance to the last at once (a CRC of a few
//! dozen bytes is bound by the latency of its products, not their number); a tail of under 16
//! bytes is folded in with the input's last 16 bytes; the
//! 16 bytes left, whose CRC from a zero register is the CRC of everything, are reduced by
//! Barrett's method (reflected CRC-32s) or through the [tables](super::table).
//!
//! For a reflected CRC the bytes are loaded as they are, so bit `j` of the register is the
//! coefficient of `x^(127 - j)`; a product of two such (bit-reversed) operands comes out
//! reversed over 127 bits, one short, which a constant of `x^(D+63)` (not `x^(D+64)`) makes up.
//! For a forward CRC the 16 bytes are reversed first, so every operand is in natural order;
//! but the 512-bit fold reverses the bits of each byte instead, which makes a forward CRC's
//! blocks the same polynomials in the reflected order, and folds them as a reflected CRC's
//! (see [`fold_widest`]).
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, __m256i, __m512i, _mm256_castsi256_si128, _mm256_clmulepi64_epi128,
    _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_set_epi64x, _mm256_set_m128i,
    _mm256_shuffle_epi8, _mm256_xor_si256, _mm512_broadcast_i32x4, _mm512_clmulepi64_epi128,
    _mm512_extracti32x4_epi32, _mm512_gf2p8affine_epi64_epi8, _mm512_loadu_si512,
    _mm512_maskz_loadu_epi8, _mm512_maskz_set1_epi64, _mm512_or_si512, _mm512_set1_epi64,
    _mm512_ternarylogic_epi64, _mm512_xor_si512, _mm512_zextsi128_si512, _mm_and_si128,
    _mm_blendv_epi8, _mm_clmulepi64_si128, _mm_extract_epi32, _mm_gf2p8affine_epi64_epi8,
    _mm_loadu_si128, _mm_set1_epi64x, _mm_set_epi32, _mm_set_epi64x, _mm_set_epi8,
    _mm_shuffle_epi8, _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128,
};

use super::fold_keys::{Barrett32, FoldKeys};
use super::table::Tables;

/// Inputs at least this long are folded 128 bytes at a time with VPCLMULQDQ, where the CPU
/// has it: below, collapsing eight streams costs more than the wider fold saves.
pub(super) const WIDE_MIN: usize = 256;

/// Inputs at least this long are folded 256 bytes at a time with 512-bit VPCLMULQDQ, where the
/// CPU has it: the speed of `crc-fast` and `crc32fast` on such CPUs, which the 256-bit fold
/// reaches only two-thirds of.
pub(super) const WIDEST_MIN: usize = 1024;

/// The widest fold a [`Clmul`] may take (narrower ones for inputs shorter than it wants).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Width {
    /// 128-bit PCLMULQDQ: needs PCLMULQDQ and SSE4.1.
    Narrow,
    /// 256-bit VPCLMULQDQ: needs AVX2 and VPCLMULQDQ too.
    Wide,
    /// 512-bit VPCLMULQDQ: needs AVX-512F, AVX-512BW and GFNI too.
    Widest,
}

/// Holding one proves the CPU has what its [`Width`] needs.
#[derive(Clone, Copy)]
pub(crate) struct Clmul {
    width: Width,
}

impl Clmul {
    /// The folds up to `width`.
    ///
    /// # Safety
    /// The CPU must have what `width` needs: PCLMULQDQ and SSE4.1, and AVX2 and VPCLMULQDQ
    /// from [`Width::Wide`] up, and AVX-512F, AVX-512BW and GFNI at [`Width::Widest`].
    #[inline(always)]
    pub(super) unsafe fn new_unchecked(width: Width) -> Clmul {
        Clmul { width }
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
        // SAFETY: holding `self` proves the CPU has what its width needs: PCLMULQDQ and
        // SSE4.1, AVX2 and VPCLMULQDQ from `Wide` up, and AVX-512F, AVX-512BW and GFNI at
        // `Widest`; `data` has 16 bytes or more, as `fold` needs, `WIDE_MIN` or more for
        // `fold_wide` and `WIDEST_MIN` or more for `fold_widest`.
        unsafe {
            match (self.width, reflected) {
                (Width::Widest, true) if data.len() >= WIDEST_MIN => {
                    update_widest::<true>(crc, data, keys, tables)
                }
                (Width::Widest, false) if data.len() >= WIDEST_MIN => {
                    update_widest::<false>(crc, data, keys, tables)
                }
                (Width::Wide | Width::Widest, true) if data.len() >= WIDE_MIN => {
                    update_wide::<true>(crc, data, keys, tables)
                }
                (Width::Wide | Width::Widest, false) if data.len() >= WIDE_MIN => {
                    update_wide::<false>(crc, data, keys, tables)
                }
                (_, true) => update_narrow::<true>(crc, data, keys, tables),
                (_, false) => update_narrow::<false>(crc, data, keys, tables),
            }
        }
    }
}

/// How every fold ends: the tail of under 16 bytes it left in `data` folded in, then the
/// 16 bytes reduced to the register. A macro, as [`fold_rest`], so that each fold's function
/// holds it.
macro_rules! finish_fold {
    ($folded:expr, $data:expr, $keys:expr, $tables:expr, $reflected:ident) => {{
        let ((x, tail), data, keys, tables): ((__m128i, &[u8]), &[u8], &FoldKeys, &Tables) =
            ($folded, $data, $keys, $tables);
        finish::<$reflected>(
            fold_tail::<$reflected>(x, data, tail.len(), keys),
            keys,
            tables,
        )
    }};
}

/// [`Clmul::update`] with 128-bit folds: one function, so that the fold and the reduction are
/// compiled into it.
///
/// # Safety
/// The CPU must have PCLMULQDQ and SSE4.1, and `data` must have at least 16 bytes.
#[target_feature(enable = "pclmulqdq,sse4.1")]
unsafe fn update_narrow<const REFLECTED: bool>(
    crc: u64,
    data: &[u8],
    keys: &FoldKeys,
    tables: &Tables,
) -> u64 {
    // SAFETY: as this function's.
    let folded = unsafe { fold::<REFLECTED>(crc, data, keys) };
    finish_fold!(folded, data, keys, tables, REFLECTED)
}

/// [`Clmul::update`] with 256-bit folds.
///
/// # Safety
/// The CPU must have PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ, and `data` must have at least
/// 128 bytes.
#[target_feature(enable = "pclmulqdq,sse4.1,avx2,vpclmulqdq")]
unsafe fn update_wide<const REFLECTED: bool>(
    crc: u64,
    data: &[u8],
    keys: &FoldKeys,
    tables: &Tables,
) -> u64 {
    // SAFETY: as this function's.
    let folded = unsafe { fold_wide::<REFLECTED>(crc, data, keys) };
    finish_fold!(folded, data, keys, tables, REFLECTED)
}

/// [`Clmul::update`] with 512-bit folds.
///
/// # Safety
/// The CPU must have PCLMULQDQ, SSE4.1, AVX2, VPCLMULQDQ, AVX-512F, AVX-512BW and GFNI, and
/// `data` must have at least 256 bytes.
#[target_feature(enable = "pclmulqdq,sse4.1,avx2,vpclmulqdq,avx512f,avx512bw,gfni")]
unsafe fn update_widest<const REFLECTED: bool>(
    crc: u64,
    data: &[u8],
    keys: &FoldKeys,
    tables: &Tables,
) -> u64 {
    // SAFETY: as this function's.
    let folded = unsafe { fold_widest::<REFLECTED>(crc, data, keys) };
    finish_fold!(folded, data, keys, tables, REFLECTED)
}

/// The block `x` followed by the whole blocks of `data` (up to seven), folded into one; `data`
/// keeps the rest (under 16 bytes). A macro, not a function: LLVM keeps such a function out of
/// line in the three folds that use it, and an out-of-line call passes its vectors through
/// memory, which the 16-byte CRC rows of each CPU's record (benches/results/) show.
macro_rules! fold_rest {
    ($x:expr, $data:expr, $keys:expr, $reflected:ident) => {{
        let (mut x, data, keys): (__m128i, &mut &[u8], &FoldKeys) = ($x, $data, $keys);
        debug_assert!(data.len() < 128, "more than seven blocks left");
        if data.len() >= 64 {
            x = fold_blocks(x, take::<4, $reflected>(data), &keys.blocks_ahead);
        }
        match data.len() / 16 {
            0 => x,
            1 => fold_blocks(x, take::<1, $reflected>(data), &keys.blocks_ahead),
            2 => fold_blocks(x, take::<2, $reflected>(data), &keys.blocks_ahead),
            _ => fold_blocks(x, take::<3, $reflected>(data), &keys.blocks_ahead),
        }
    }};
}

/// [`fold`] 256 bytes at a time: sixteen streams of 16 bytes in four 512-bit registers, each
/// moved on 256 bytes a round (long inputs from the 64-byte boundary at or before them: see
/// [`first_widest`]); then the four folded into one (64 bytes at a time), which takes 64 bytes
/// a round while they last, and its four blocks into one.
///
/// Every CRC runs it in the reflected order: a forward CRC's bytes with their bits reversed
/// (one GFNI instruction per 64 bytes) are the same polynomials in that order, and its 16 bytes
/// at the end are turned round whole. The byte shuffle of the forward order would be a third
/// instruction per 64 bytes on the port that runs VPCLMULQDQ on some cores, and the loop's
/// bound (benches/results/intel-xeon-notes.md, "Forward CRCs in the reflected order").
///
/// # Safety
/// The CPU must have PCLMULQDQ, SSE4.1, AVX2, VPCLMULQDQ, AVX-512F, AVX-512BW and GFNI, and
/// `data` must have at least 256 bytes.
#[target_feature(enable = "pclmulqdq,sse4.1,avx2,vpclmulqdq,avx512f,avx512bw,gfni")]
#[inline]
unsafe fn fold_widest<'a, const REFLECTED: bool>(
    crc: u64,
    mut data: &'a [u8],
    keys: &FoldKeys,
) -> (__m128i, &'a [u8]) {
    let [first, second] = first_widest::<REFLECTED>(crc, &mut data);
    let mut streams = [
        first,
        second,
        next_widest::<REFLECTED>(&mut data),
        next_widest::<REFLECTED>(&mut data),
    ];
    let by_256 = broadcast_keys(keys.widest.by_256_bytes);
    while data.len() >= 256 {
        for stream in &mut streams {
            *stream = fold_512(*stream, by_256, next_widest::<REFLECTED>(&mut data));
        }
    }
    let by_64 = broadcast_keys(keys.widest.blocks_ahead[3]);
    let [first, rest @ ..] = streams;
    let mut z = rest
        .iter()
        .fold(first, |z, &stream| fold_512(z, by_64, stream));
    while data.len() >= 64 {
        z = fold_512(z, by_64, next_widest::<REFLECTED>(&mut data));
    }
    let x = fold_blocks(
        _mm512_extracti32x4_epi32::<0>(z),
        [
            _mm512_extracti32x4_epi32::<1>(z),
            _mm512_extracti32x4_epi32::<2>(z),
            _mm512_extracti32x4_epi32::<3>(z),
        ],
        &keys.widest.blocks_ahead,
    );
    // A forward CRC's 16 bytes back in its own order: all 128 bits reversed.
    let x = if REFLECTED {
        x
    } else {
        _mm_shuffle_epi8(
            _mm_gf2p8affine_epi64_epi8::<0>(x, _mm_set1_epi64x(BITS_REVERSED as i64)),
            byte_reversal(),
        )
    };
    (fold_rest!(x, &mut data, keys, REFLECTED), data)
}

/// The GF(2) matrix with which GFNI's affine transform reverses the bits of every byte.
const BITS_REVERSED: u64 = 0x8040_2010_0804_0201;

/// From this many bytes on, [`fold_widest`] starts at a 64-byte boundary: on CPUs that pay
/// for loads that straddle two cache lines, the loop runs slower on them, and the start that
/// avoids them costs a few steps, which longer inputs make up
/// (benches/results/intel-xeon-notes.md, "The 512-bit fold from a 64-byte boundary").
const ALIGNED_MIN: usize = 4096;

/// The first two vectors of [`fold_widest`] (which `data`, of 256 bytes or more, loses), with
/// the register `crc` XORed into the data's first bytes. From [`ALIGNED_MIN`] bytes on, for
/// data that does not start at a 64-byte boundary, the first vector is the 64 bytes from the
/// boundary before the data, with zeros in front of it (which change no CRC from a zero
/// register), so that every later load is aligned.
#[target_feature(enable = "avx512f,avx512bw,gfni")]
#[inline]
fn first_widest<const REFLECTED: bool>(crc: u64, data: &mut &[u8]) -> [__m512i; 2] {
    // The register's bytes as they stand in front of the data: lowest first when reflected,
    // highest first when not.
    let register = if REFLECTED { crc } else { crc.swap_bytes() };
    let offset = data.as_ptr() as usize % 64;
    if offset == 0 || data.len() < ALIGNED_MIN {
        let init = _mm512_zextsi128_si512(_mm_set_epi64x(0, register as i64));
        return [
            in_order::<REFLECTED>(_mm512_xor_si512(load_widest(data), init)),
            next_widest::<REFLECTED>(data),
        ];
    }
    let (first, rest) = data.split_at(64 - offset);
    *data = rest;
    // SAFETY: the mask leaves out the `offset` bytes in front of `first`, which a masked load
    // does not read (nor fault on); the other 64 - `offset` are `first`'s.
    let first = unsafe {
        _mm512_maskz_loadu_epi8(
            u64::MAX << offset,
            first.as_ptr().wrapping_sub(offset).cast(),
        )
    };
    let second = load_widest(data);
    // The register's eight bytes from byte `offset` of the two vectors: a word (or two) of
    // 64 bits in the first, the second or both, picked by masks of their sixteen words.
    let register = u128::from(register) << (offset % 8 * 8);
    let (low, high) = (1u16 << (offset / 8), 2u16 << (offset / 8));
    let words = |shift: u32| {
        _mm512_or_si512(
            _mm512_maskz_set1_epi64((low >> shift) as u8, register as u64 as i64),
            _mm512_maskz_set1_epi64((high >> shift) as u8, (register >> 64) as u64 as i64),
        )
    };
    [
        in_order::<REFLECTED>(_mm512_xor_si512(first, words(0))),
        in_order::<REFLECTED>(_mm512_xor_si512(second, words(8))),
    ]
}

/// `[low, high]` fold keys in every 128-bit block of a 512-bit register.
#[target_feature(enable = "avx512f")]
#[inline]
fn broadcast_keys([low, high]: [u64; 2]) -> __m512i {
    _mm512_broadcast_i32x4(_mm_set_epi64x(high as i64, low as i64))
}

/// Each 128-bit block of `z` moved on by the distance of `keys`, XORed with `next`.
#[target_feature(enable = "avx512f,vpclmulqdq")]
#[inline]
fn fold_512(z: __m512i, keys: __m512i, next: __m512i) -> __m512i {
    _mm512_ternarylogic_epi64::<0x96>(
        _mm512_clmulepi64_epi128::<0x00>(z, keys),
        _mm512_clmulepi64_epi128::<0x11>(z, keys),
        next,
    )
}

/// The next 64 bytes of `data` (which has 64 or more) as four 128-bit polynomials.
#[target_feature(enable = "avx512f,gfni")]
#[inline]
fn next_widest<const REFLECTED: bool>(data: &mut &[u8]) -> __m512i {
    in_order::<REFLECTED>(load_widest(data))
}

/// The next 64 bytes of `data` (which has 64 or more), as they are in memory.
#[target_feature(enable = "avx512f")]
#[inline]
fn load_widest(data: &mut &[u8]) -> __m512i {
    let (block, rest) = data.split_at(64);
    *data = rest;
    // SAFETY: `block` is 64 bytes; unaligned loads are allowed.
    unsafe { _mm512_loadu_si512(block.as_ptr().cast()) }
}

/// 64 bytes as loaded made four 128-bit polynomials in the reflected order: as they are for a
/// reflected CRC, each byte's bits reversed for a forward one (see [`fold_widest`]).
#[target_feature(enable = "avx512f,gfni")]
#[inline]
fn in_order<const REFLECTED: bool>(z: __m512i) -> __m512i {
    if REFLECTED {
        z
    } else {
        _mm512_gf2p8affine_epi64_epi8::<0>(z, _mm512_set1_epi64(BITS_REVERSED as i64))
    }
}

/// The register after the 16 bytes `x` the fold left.
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn finish<const REFLECTED: bool>(x: __m128i, keys: &FoldKeys, tables: &Tables) -> u64 {
    // By reference: a copy on the stack, read back as one 128-bit value, would wait for the
    // stores (no store-to-load forwarding across two stores).
    match &keys.barrett {
        Some(barrett) if REFLECTED => u64::from(reduce32(x, barrett)),
        _ => tables.of_block::<REFLECTED>(&store::<REFLECTED>(x)),
    }
}

/// `pshufb` indices that move a register's bytes by up to 16 places: the 16 bytes from
/// `16 + k` move each byte down by `k` places (byte `i` takes byte `i + k`), those from `16 - k`
/// up by `k`; a byte with nothing to take gets index 0x80 (zero, and "take the other" to
/// `blendv`).
#[rustfmt::skip]
static SHIFTS: [u8; 48] = [
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
];

/// The 16 bytes `x` the fold left, with the `tail` bytes of `data` after them (under 16) folded
/// in: the message `x ‖ tail` is the block `A` (zero bytes, which change no CRC from a zero
/// register, then the first `tail` bytes of `x`) followed by the block `B` (the rest of `x`,
/// then the tail, which is how the last 16 bytes of `data` end), so its 16 bytes are
/// `fold(A) ^ B`. Two shuffles, a blend and one fold, where the tables took a step per byte
/// (compare the 255- and 256-byte rows of `CRC32/oneshot` in a CPU's record, benches/results/).
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn fold_tail<const REFLECTED: bool>(
    x: __m128i,
    data: &[u8],
    tail: usize,
    keys: &FoldKeys,
) -> __m128i {
    if tail == 0 {
        return x;
    }
    let shuffle = |at: usize| {
        let indices = &SHIFTS[at..at + 16];
        // SAFETY: `indices` is 16 bytes; unaligned loads are allowed.
        unsafe { _mm_loadu_si128(indices.as_ptr().cast()) }
    };
    // The register holds a block's first byte lowest when reflected, highest when not, so the
    // same moves in the message go the other way in the register.
    let (to_a, to_b) = if REFLECTED {
        (shuffle(tail), shuffle(16 + tail))
    } else {
        (shuffle(32 - tail), shuffle(16 - tail))
    };
    let mut last = &data[data.len() - 16..];
    let last = next::<REFLECTED>(&mut last);
    let a = _mm_shuffle_epi8(x, to_a);
    let b = _mm_blendv_epi8(_mm_shuffle_epi8(x, to_b), last, to_b);
    _mm_xor_si128(fold_by(a, keys.blocks_ahead[0]), b)
}

/// Folds the register `crc` and `data` (16 bytes or more) into 16 bytes (in the order the
/// fold keeps them) whose CRC from a zero register, followed by the returned tail (under 16
/// bytes), is the CRC of `data` from `crc`.
///
/// # Safety
/// The CPU must have PCLMULQDQ and SSE4.1, and `data` must have at least 16 bytes.
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
unsafe fn fold<'a, const REFLECTED: bool>(
    crc: u64,
    mut data: &'a [u8],
    keys: &FoldKeys,
) -> (__m128i, &'a [u8]) {
    // The register stands in front of the data: XORed into its first bytes.
    let init = if REFLECTED {
        _mm_set_epi64x(0, crc as i64)
    } else {
        _mm_set_epi64x(crc as i64, 0)
    };
    let mut x = _mm_xor_si128(next::<REFLECTED>(&mut data), init);
    if data.len() >= 112 {
        let mut lanes = [
            x,
            next::<REFLECTED>(&mut data),
            next::<REFLECTED>(&mut data),
            next::<REFLECTED>(&mut data),
        ];
        while data.len() >= 64 {
            for lane in &mut lanes {
                *lane = _mm_xor_si128(
                    fold_by(*lane, keys.blocks_ahead[3]),
                    next::<REFLECTED>(&mut data),
                );
            }
        }
        let [first, rest @ ..] = lanes;
        x = fold_blocks(first, rest, &keys.blocks_ahead);
    }
    (fold_rest!(x, &mut data, keys, REFLECTED), data)
}

/// [`fold`] 128 bytes at a time: eight streams of 16 bytes in four 256-bit registers, moved on
/// 1024 bits a round by VPCLMULQDQ (two products per instruction), then folded into one.
///
/// # Safety
/// The CPU must have PCLMULQDQ, SSE4.1, AVX2 and VPCLMULQDQ, and `data` must have at least
/// 128 bytes.
#[target_feature(enable = "pclmulqdq,sse4.1,avx2,vpclmulqdq")]
#[inline]
unsafe fn fold_wide<'a, const REFLECTED: bool>(
    crc: u64,
    mut data: &'a [u8],
    keys: &FoldKeys,
) -> (__m128i, &'a [u8]) {
    let init = if REFLECTED {
        _mm256_set_epi64x(0, 0, 0, crc as i64)
    } else {
        _mm256_set_epi64x(0, 0, crc as i64, 0)
    };
    let mut streams = [
        _mm256_xor_si256(next_wide::<REFLECTED>(&mut data), init),
        next_wide::<REFLECTED>(&mut data),
        next_wide::<REFLECTED>(&mut data),
        next_wide::<REFLECTED>(&mut data),
    ];
    let k = keys_128_bytes_ahead(keys);
    while data.len() >= 128 {
        for stream in &mut streams {
            *stream = fold_256(*stream, k, next_wide::<REFLECTED>(&mut data));
        }
    }
    let x = collapse_256(streams, keys);
    (fold_rest!(x, &mut data, keys, REFLECTED), data)
}

/// `[low, high]` keys that move a block 128 bytes on, in both 128-bit lanes.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn keys_128_bytes_ahead(keys: &FoldKeys) -> __m256i {
    let [low, high] = keys.blocks_ahead[7];
    _mm256_set_epi64x(high as i64, low as i64, high as i64, low as i64)
}

/// Each 128-bit block of `y` moved on by the distance of `k`, XORed with `next`.
#[target_feature(enable = "avx2,vpclmulqdq")]
#[inline]
pub(super) fn fold_256(y: __m256i, k: __m256i, next: __m256i) -> __m256i {
    let moved = _mm256_xor_si256(
        _mm256_clmulepi64_epi128::<0x00>(y, k),
        _mm256_clmulepi64_epi128::<0x11>(y, k),
    );
    _mm256_xor_si256(moved, next)
}

/// The eight blocks of four 256-bit streams (in message order) folded into one.
#[target_feature(enable = "pclmulqdq,sse4.1,avx2")]
#[inline]
pub(super) fn collapse_256(streams: [__m256i; 4], keys: &FoldKeys) -> __m128i {
    let [[b0, b1], [b2, b3], [b4, b5], [b6, b7]] =
        streams.map(|y| [_mm256_castsi256_si128(y), _mm256_extracti128_si256::<1>(y)]);
    fold_blocks(b0, [b1, b2, b3, b4, b5, b6, b7], &keys.blocks_ahead)
}

/// The next 32 bytes of `data` (which has 32 or more) as two 128-bit polynomials.
#[target_feature(enable = "avx2")]
#[inline]
fn next_wide<const REFLECTED: bool>(data: &mut &[u8]) -> __m256i {
    let (block, rest) = data.split_at(32);
    *data = rest;
    // SAFETY: `block` is 32 bytes; unaligned loads are allowed.
    let y = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
    if REFLECTED {
        y
    } else {
        let reverse = byte_reversal();
        _mm256_shuffle_epi8(y, _mm256_set_m128i(reverse, reverse))
    }
}

/// The 16 bytes the fold left, in message order.
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn store<const REFLECTED: bool>(mut x: __m128i) -> [u8; 16] {
    if !REFLECTED {
        x = _mm_shuffle_epi8(x, byte_reversal());
    }
    let mut block = [0u8; 16];
    // SAFETY: `block` is 16 bytes; unaligned stores are allowed.
    unsafe { _mm_storeu_si128(block.as_mut_ptr().cast(), x) };
    block
}

/// The reflected CRC-32 register of the 16 bytes `x` (from a zero register).
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
pub(super) fn reduce32(x: __m128i, k: &Barrett32) -> u32 {
    let low32 = _mm_set_epi32(0, 0, 0, -1);
    // 128 bits to 96: the first 64 moved on by 96 bits, onto the last 64.
    let x = _mm_xor_si128(
        _mm_clmulepi64_si128::<0x00>(x, _mm_set_epi64x(0, k.x96 as i64)),
        _mm_srli_si128::<8>(x),
    );
    // 96 to 64: the first 32 moved on by 64 bits.
    let x = _mm_xor_si128(
        _mm_clmulepi64_si128::<0x00>(_mm_and_si128(x, low32), _mm_set_epi64x(0, k.x64 as i64)),
        _mm_srli_si128::<4>(x),
    );
    // Barrett: the quotient by P from μ, then the remainder.
    let pu = _mm_set_epi64x(k.mu as i64, k.p as i64);
    let t1 = _mm_clmulepi64_si128::<0x10>(_mm_and_si128(x, low32), pu);
    let t2 = _mm_clmulepi64_si128::<0x00>(_mm_and_si128(t1, low32), pu);
    _mm_extract_epi32::<1>(_mm_xor_si128(x, t2)) as u32
}

/// The shuffle that reverses 16 bytes.
#[target_feature(enable = "ssse3")]
#[inline]
fn byte_reversal() -> __m128i {
    _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
}

/// The next 16 bytes of `data` (which has 16 or more) as a 128-bit polynomial, in the order
/// the fold keeps it.
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn next<const REFLECTED: bool>(data: &mut &[u8]) -> __m128i {
    let (block, rest) = data.split_at(16);
    *data = rest;
    // SAFETY: `block` is 16 bytes; unaligned loads are allowed.
    let x = unsafe { _mm_loadu_si128(block.as_ptr().cast()) };
    if REFLECTED {
        x
    } else {
        _mm_shuffle_epi8(x, byte_reversal())
    }
}

/// The block `x` followed by `blocks` (up to eight), folded into one: each moved on by its
/// distance from the last at once, so that their products overlap, where folding each into the
/// next chains their latencies (the 64-byte rows of the CRC table timed in turns).
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn fold_blocks<const N: usize>(x: __m128i, blocks: [__m128i; N], ahead: &[[u64; 2]; 8]) -> __m128i {
    let Some((&last, before)) = blocks.split_last() else {
        return x;
    };
    let mut folded = _mm_xor_si128(fold_by(x, ahead[N - 1]), last);
    for (i, &block) in before.iter().enumerate() {
        folded = _mm_xor_si128(folded, fold_by(block, ahead[N - 2 - i]));
    }
    folded
}

/// The next `N` blocks of `data` (which has `16 N` bytes or more).
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn take<const N: usize, const REFLECTED: bool>(data: &mut &[u8]) -> [__m128i; N] {
    core::array::from_fn(|_| next::<REFLECTED>(data))
}

/// `x` moved on by the distance `[low, high]` stands for (see [`lane_keys`]).
#[target_feature(enable = "pclmulqdq,sse4.1")]
#[inline]
fn fold_by(x: __m128i, [low, high]: [u64; 2]) -> __m128i {
    let k = _mm_set_epi64x(high as i64, low as i64);
    _mm_xor_si128(
        _mm_clmulepi64_si128::<0x00>(x, k),
        _mm_clmulepi64_si128::<0x11>(x, k),
    )
}
