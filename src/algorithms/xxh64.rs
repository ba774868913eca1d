//! XXH64 ([`XxHash64`]): `xxhsum`'s default algorithm. Four 64-bit lanes over 32-byte stripes,
//! then the leftover bytes folded in a word at a time.

use core::fmt;

use super::scalar_lane::scalar_u64;
use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};

const PRIME_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const PRIME_3: u64 = 0x1656_67B1_9E37_79F9;
const PRIME_4: u64 = 0x85EB_CA77_C2B2_AE63;
const PRIME_5: u64 = 0x27D4_EB2F_1656_67C5;

/// Bytes in a stripe: one word per lane.
const STRIPE_LEN: usize = 32;

#[inline(always)]
fn read_u64(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().unwrap())
}

/// One lane's round; the result passes through [`scalar_u64`], so that the lanes stay scalar on
/// CPUs with AVX-512 (see `scalar_lane.rs`).
#[inline(always)]
fn round(acc: u64, input: u64) -> u64 {
    let acc = acc
        .wrapping_add(input.wrapping_mul(PRIME_2))
        .rotate_left(31)
        .wrapping_mul(PRIME_1);
    scalar_u64(acc)
}

/// The four lanes of inputs of 32 bytes or more.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Lanes([u64; 4]);

impl Lanes {
    #[inline(always)]
    fn new(seed: u64) -> Lanes {
        Lanes([
            seed.wrapping_add(PRIME_1).wrapping_add(PRIME_2),
            seed.wrapping_add(PRIME_2),
            seed,
            seed.wrapping_sub(PRIME_1),
        ])
    }

    /// Takes in every whole stripe of `input`; returns the bytes after the last one.
    #[inline(always)]
    fn consume<'a>(&mut self, mut input: &'a [u8]) -> &'a [u8] {
        let [mut v1, mut v2, mut v3, mut v4] = self.0;
        while let Some((stripe, rest)) = input.split_first_chunk::<STRIPE_LEN>() {
            v1 = round(v1, read_u64(&stripe[0..]));
            v2 = round(v2, read_u64(&stripe[8..]));
            v3 = round(v3, read_u64(&stripe[16..]));
            v4 = round(v4, read_u64(&stripe[24..]));
            input = rest;
        }
        self.0 = [v1, v2, v3, v4];
        input
    }

    #[inline(always)]
    fn merge(self) -> u64 {
        let [v1, v2, v3, v4] = self.0;
        let mut h = v1
            .rotate_left(1)
            .wrapping_add(v2.rotate_left(7))
            .wrapping_add(v3.rotate_left(12))
            .wrapping_add(v4.rotate_left(18));
        for v in self.0 {
            h = (h ^ round(0, v))
                .wrapping_mul(PRIME_1)
                .wrapping_add(PRIME_4);
        }
        h
    }
}

/// Folds in the last 0-31 bytes and mixes: `h` is the merged lanes (or the seed's start for
/// short inputs) plus the total length.
#[inline(always)]
fn finish(mut h: u64, rest: &[u8]) -> u64 {
    let mut words = rest.chunks_exact(8);
    for word in &mut words {
        h ^= round(0, read_u64(word));
        h = h
            .rotate_left(27)
            .wrapping_mul(PRIME_1)
            .wrapping_add(PRIME_4);
    }
    let mut rest = words.remainder();
    if rest.len() >= 4 {
        let word = u32::from_le_bytes(rest[..4].try_into().unwrap());
        h ^= u64::from(word).wrapping_mul(PRIME_1);
        h = h
            .rotate_left(23)
            .wrapping_mul(PRIME_2)
            .wrapping_add(PRIME_3);
        rest = &rest[4..];
    }
    for &byte in rest {
        h ^= u64::from(byte).wrapping_mul(PRIME_5);
        h = h.rotate_left(11).wrapping_mul(PRIME_1);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(PRIME_2);
    h ^= h >> 29;
    h = h.wrapping_mul(PRIME_3);
    h ^ (h >> 32)
}

#[inline]
fn oneshot(input: &[u8], seed: u64) -> u64 {
    let (h, rest) = if input.len() >= STRIPE_LEN {
        let mut lanes = Lanes::new(seed);
        let rest = lanes.consume(input);
        (lanes.merge(), rest)
    } else {
        (seed.wrapping_add(PRIME_5), input)
    };
    finish(h.wrapping_add(input.len() as u64), rest)
}

/// The streaming state: the lanes, and up to one stripe not yet taken in.
#[derive(Clone)]
struct State {
    lanes: Lanes,
    buffer: [u8; STRIPE_LEN],
    buffered: usize,
    total_len: u64,
    seed: u64,
}

impl State {
    #[inline]
    fn new(seed: u64) -> State {
        State {
            lanes: Lanes::new(seed),
            buffer: [0; STRIPE_LEN],
            buffered: 0,
            total_len: 0,
            seed,
        }
    }

    #[inline]
    fn update(&mut self, mut input: &[u8]) {
        self.total_len = self.total_len.wrapping_add(input.len() as u64);
        if self.buffered > 0 {
            let take = input.len().min(STRIPE_LEN - self.buffered);
            self.buffer[self.buffered..self.buffered + take].copy_from_slice(&input[..take]);
            self.buffered += take;
            input = &input[take..];
            if self.buffered < STRIPE_LEN {
                return;
            }
            let stripe = self.buffer;
            self.lanes.consume(&stripe);
            self.buffered = 0;
        }
        let rest = self.lanes.consume(input);
        self.buffer[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len();
    }

    #[inline]
    fn digest(&self) -> u64 {
        let h = if self.total_len >= STRIPE_LEN as u64 {
            self.lanes.merge()
        } else {
            self.seed.wrapping_add(PRIME_5)
        };
        finish(
            h.wrapping_add(self.total_len),
            &self.buffer[..self.buffered],
        )
    }
}

/// XXH64 (`xxhsum -H1`, the C tool's default), fast on every 64-bit CPU without SIMD.
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash64};
///
/// let mut hasher = XxHash64::new();
/// hasher.append(b"abc");
/// assert_eq!(hasher.current_hash(), 0x44bc2cf5ad770999);
/// assert_eq!(hasher.current_hash_bytes(), [0x44, 0xbc, 0x2c, 0xf5, 0xad, 0x77, 0x09, 0x99]);
/// ```
#[derive(Clone)]
pub struct XxHash64 {
    state: State,
}

impl XxHash64 {
    /// A hasher with seed 0.
    #[inline]
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A hasher with a seed.
    #[inline]
    pub fn with_seed(seed: u64) -> Self {
        Self {
            state: State::new(seed),
        }
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u64 {
        oneshot(data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u64) -> u64 {
        oneshot(data, seed)
    }
}

impl Default for XxHash64 {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for XxHash64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("XxHash64")
            .field("seed", &self.state.seed)
            .finish()
    }
}

impl_hasher! {
    XxHash64 => u64, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }
    fn reset(&mut self) {
        self.state = State::new(self.state.seed);
    }
    fn current_hash(&self) -> u64 {
        self.state.digest()
    }
    fn hash(data: &[u8]) -> u64 {
        oneshot(data, 0)
    }
}

impl Resumable for XxHash64 {
    const EXPECTED: &'static str = "XXH64";

    fn kind(&self) -> Kind {
        Kind::Xxh64
    }

    fn write_fields(&self, w: &mut StateWriter) {
        let state = &self.state;
        w.u64(state.seed);
        w.u64(state.total_len);
        for lane in state.lanes.0 {
            w.u64(lane);
        }
        w.u8(state.buffered as u8);
        let mut buffer = [0; STRIPE_LEN];
        buffer[..state.buffered].copy_from_slice(&state.buffer[..state.buffered]);
        w.bytes(&buffer);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        if kind != Kind::Xxh64 {
            return Err(state::wrong_algorithm::<Self>(kind));
        }
        let seed = r.u64();
        let total_len = r.u64();
        let lanes = Lanes([r.u64(), r.u64(), r.u64(), r.u64()]);
        let buffered = usize::from(r.u8());
        let buffer = r.array();
        state::check(buffered < STRIPE_LEN, "buffered")?;
        // Whole stripes went into the lanes, the rest is buffered; and the lanes start from
        // the seed, so they are the seed's until the first stripe.
        state::check(
            total_len
                .wrapping_sub(buffered as u64)
                .is_multiple_of(STRIPE_LEN as u64),
            "total",
        )?;
        state::check(
            total_len >= STRIPE_LEN as u64 || lanes == Lanes::new(seed),
            "accumulators",
        )?;
        Ok(XxHash64 {
            state: State {
                lanes,
                buffer,
                buffered,
                total_len,
                seed,
            },
        })
    }
}

/// XXH64 as a [`std::hash::Hasher`], so it can key a `HashMap` (see [`XxHash64Builder`]).
///
/// With both `std::hash::Hasher` and `std::io::Write` in scope, `hasher.write(..)` is
/// ambiguous; [`append`](crate::DynHasher::append) (or `write_all`) says what is meant.
impl core::hash::Hasher for XxHash64 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.state.update(bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.state.digest()
    }
}

/// Makes seeded [`XxHash64`]s for `HashMap` and `HashSet`.
///
/// ```
/// use iohash::XxHash64Builder;
/// use std::collections::HashSet;
///
/// let mut set = HashSet::with_hasher(XxHash64Builder::with_seed(1));
/// set.insert(3_u32);
/// assert!(set.contains(&3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XxHash64Builder {
    seed: u64,
}

impl XxHash64Builder {
    /// A builder for hashers with seed 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder for hashers with this seed. Pick it at random to make collisions hard to plan.
    pub fn with_seed(seed: u64) -> Self {
        Self { seed }
    }
}

impl core::hash::BuildHasher for XxHash64Builder {
    type Hasher = XxHash64;

    fn build_hasher(&self) -> XxHash64 {
        XxHash64::with_seed(self.seed)
    }
}
