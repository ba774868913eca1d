//! XXH64 ([`XxHash64`]): `xxhsum`'s default algorithm. Four 64-bit lanes over 32-byte stripes,
//! then the leftover bytes folded in a word at a time.

use core::fmt;

use super::lanes::{oneshot, FourLanes, Stream};
use super::scalar_lane::scalar_u64;
use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};

const PRIME_1: u64 = 0x9E37_79B1_85EB_CA87;
const PRIME_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
const PRIME_3: u64 = 0x1656_67B1_9E37_79F9;
const PRIME_4: u64 = 0x85EB_CA77_C2B2_AE63;
const PRIME_5: u64 = 0x27D4_EB2F_1656_67C5;

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

/// XXH64's word, rounds and finish, for the drivers it shares with XXH32.
pub(crate) struct Xxh64;

impl FourLanes for Xxh64 {
    type Word = u64;
    const STRIPE_LEN: usize = 32;

    #[inline(always)]
    fn start(seed: u64) -> [u64; 4] {
        [
            seed.wrapping_add(PRIME_1).wrapping_add(PRIME_2),
            seed.wrapping_add(PRIME_2),
            seed,
            seed.wrapping_sub(PRIME_1),
        ]
    }

    #[inline(always)]
    fn consume<'a>(lanes: &mut [u64; 4], mut input: &'a [u8]) -> &'a [u8] {
        let [mut v1, mut v2, mut v3, mut v4] = *lanes;
        while let Some((stripe, rest)) = input.split_first_chunk::<32>() {
            v1 = round(v1, read_u64(&stripe[0..]));
            v2 = round(v2, read_u64(&stripe[8..]));
            v3 = round(v3, read_u64(&stripe[16..]));
            v4 = round(v4, read_u64(&stripe[24..]));
            input = rest;
        }
        *lanes = [v1, v2, v3, v4];
        input
    }

    #[inline(always)]
    fn merge(lanes: [u64; 4]) -> u64 {
        let [v1, v2, v3, v4] = lanes;
        let mut h = v1
            .rotate_left(1)
            .wrapping_add(v2.rotate_left(7))
            .wrapping_add(v3.rotate_left(12))
            .wrapping_add(v4.rotate_left(18));
        for v in lanes {
            h = (h ^ round(0, v))
                .wrapping_mul(PRIME_1)
                .wrapping_add(PRIME_4);
        }
        h
    }

    #[inline(always)]
    fn short_start(seed: u64) -> u64 {
        seed.wrapping_add(PRIME_5)
    }

    #[inline(always)]
    fn finish(h: u64, total_len: u64, rest: &[u8]) -> u64 {
        let mut h = h.wrapping_add(total_len);
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

    fn write_word(w: &mut StateWriter, word: u64) {
        w.u64(word);
    }

    fn read_word(r: &mut StateReader<'_>) -> u64 {
        r.u64()
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
    state: Stream<Xxh64>,
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
            state: Stream::new(seed),
        }
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u64 {
        oneshot::<Xxh64>(data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u64) -> u64 {
        oneshot::<Xxh64>(data, seed)
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
            .field("seed", &self.state.seed())
            .finish()
    }
}

impl_hasher! {
    XxHash64 => u64, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }
    fn reset(&mut self) {
        self.state = Stream::new(self.state.seed());
    }
    fn current_hash(&self) -> u64 {
        self.state.digest()
    }
    fn hash(data: &[u8]) -> u64 {
        oneshot::<Xxh64>(data, 0)
    }
}

impl Resumable for XxHash64 {
    const EXPECTED: &'static str = Kind::Xxh64.tag();

    fn kind(&self) -> Kind {
        Kind::Xxh64
    }

    fn write_fields(&self, w: &mut StateWriter) {
        self.state.write_fields(w);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        if kind != Kind::Xxh64 {
            return Err(state::wrong_algorithm::<Self>(kind));
        }
        Stream::read_fields(r).map(|state| XxHash64 { state })
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
/// use iohash::hash_map::XxHash64Builder;
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
