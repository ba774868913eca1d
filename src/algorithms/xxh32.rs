//! XXH32 ([`XxHash32`]): the 32-bit xxHash, for 32-bit checksums and `xxhsum -H0` lists.
//! Four 32-bit lanes over 16-byte stripes, then the leftover bytes folded in.
//! Each round's result passes through [`scalar_u32`], so that the lanes stay scalar on CPUs
//! with AVX-512 (see `scalar_lane.rs`). WebAssembly has no such barrier in stable Rust: a build
//! with SIMD128 packs the lanes into one `i32x4`, whose multiply is slow in V8, so the npm
//! package turns LLVM's SLP vectorizer off (`js/build.sh`). Do the same in a build of your own.

use core::fmt;

use super::lanes::{oneshot, FourLanes, Stream};
use super::scalar_lane::scalar_u32;
use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};

const PRIME_1: u32 = 0x9E37_79B1;
const PRIME_2: u32 = 0x85EB_CA77;
const PRIME_3: u32 = 0xC2B2_AE3D;
const PRIME_4: u32 = 0x27D4_EB2F;
const PRIME_5: u32 = 0x1656_67B1;

#[inline(always)]
fn read_u32(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes[..4].try_into().unwrap())
}

#[inline(always)]
fn round(acc: u32, input: u32) -> u32 {
    let acc = acc
        .wrapping_add(input.wrapping_mul(PRIME_2))
        .rotate_left(13)
        .wrapping_mul(PRIME_1);
    scalar_u32(acc)
}

/// XXH32's word, rounds and finish, for the drivers it shares with XXH64.
pub(crate) struct Xxh32;

impl FourLanes for Xxh32 {
    type Word = u32;
    const STRIPE_LEN: usize = 16;

    #[inline(always)]
    fn start(seed: u32) -> [u32; 4] {
        [
            seed.wrapping_add(PRIME_1).wrapping_add(PRIME_2),
            seed.wrapping_add(PRIME_2),
            seed,
            seed.wrapping_sub(PRIME_1),
        ]
    }

    #[inline(always)]
    fn consume<'a>(lanes: &mut [u32; 4], mut input: &'a [u8]) -> &'a [u8] {
        let [mut v1, mut v2, mut v3, mut v4] = *lanes;
        while let Some((stripe, rest)) = input.split_first_chunk::<16>() {
            v1 = round(v1, read_u32(&stripe[0..]));
            v2 = round(v2, read_u32(&stripe[4..]));
            v3 = round(v3, read_u32(&stripe[8..]));
            v4 = round(v4, read_u32(&stripe[12..]));
            input = rest;
        }
        *lanes = [v1, v2, v3, v4];
        input
    }

    #[inline(always)]
    fn merge(lanes: [u32; 4]) -> u32 {
        let [v1, v2, v3, v4] = lanes;
        v1.rotate_left(1)
            .wrapping_add(v2.rotate_left(7))
            .wrapping_add(v3.rotate_left(12))
            .wrapping_add(v4.rotate_left(18))
    }

    #[inline(always)]
    fn short_start(seed: u32) -> u32 {
        seed.wrapping_add(PRIME_5)
    }

    #[inline(always)]
    fn finish(h: u32, total_len: u64, rest: &[u8]) -> u32 {
        // The reference adds the length modulo 2^32.
        let mut h = h.wrapping_add(total_len as u32);
        let mut words = rest.chunks_exact(4);
        for word in &mut words {
            h = h.wrapping_add(read_u32(word).wrapping_mul(PRIME_3));
            h = h.rotate_left(17).wrapping_mul(PRIME_4);
        }
        for &byte in words.remainder() {
            h = h.wrapping_add(u32::from(byte).wrapping_mul(PRIME_5));
            h = h.rotate_left(11).wrapping_mul(PRIME_1);
        }
        h ^= h >> 15;
        h = h.wrapping_mul(PRIME_2);
        h ^= h >> 13;
        h = h.wrapping_mul(PRIME_3);
        h ^ (h >> 16)
    }

    fn write_word(w: &mut StateWriter, word: u32) {
        w.u32(word);
    }

    fn read_word(r: &mut StateReader<'_>) -> u32 {
        r.u32()
    }
}

/// XXH32 (`xxhsum -H0`): a 32-bit hash with a 32-bit seed.
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash32};
///
/// let mut hasher = XxHash32::with_seed(1);
/// hasher.append(b"a");
/// hasher.append(b"bc");
/// assert_eq!(hasher.current_hash(), XxHash32::hash_with_seed(b"abc", 1));
/// assert_eq!(XxHash32::hash(b""), 0x02cc5d05);
/// ```
#[derive(Clone)]
pub struct XxHash32 {
    state: Stream<Xxh32>,
}

impl XxHash32 {
    /// A hasher with seed 0.
    #[inline]
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A hasher with a seed.
    #[inline]
    pub fn with_seed(seed: u32) -> Self {
        Self {
            state: Stream::new(seed),
        }
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u32 {
        oneshot::<Xxh32>(data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u32) -> u32 {
        oneshot::<Xxh32>(data, seed)
    }
}

impl Default for XxHash32 {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for XxHash32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("XxHash32")
            .field("seed", &self.state.seed())
            .finish()
    }
}

impl Resumable for XxHash32 {
    const EXPECTED: &'static str = Kind::Xxh32.tag();

    fn kind(&self) -> Kind {
        Kind::Xxh32
    }

    fn write_fields(&self, w: &mut StateWriter) {
        self.state.write_fields(w);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        if kind != Kind::Xxh32 {
            return Err(state::wrong_algorithm::<Self>(kind));
        }
        Stream::read_fields(r).map(|state| XxHash32 { state })
    }
}

impl_hasher! {
    XxHash32 => u32, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }
    fn reset(&mut self) {
        self.state = Stream::new(self.state.seed());
    }
    fn current_hash(&self) -> u32 {
        self.state.digest()
    }
    fn hash(data: &[u8]) -> u32 {
        oneshot::<Xxh32>(data, 0)
    }
}

/// XXH32 as a [`core::hash::Hasher`]: `finish` is the 32-bit hash widened to `u64` (its high
/// half is zero). See [`XxHash32Builder`].
impl core::hash::Hasher for XxHash32 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.state.update(bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        u64::from(self.state.digest())
    }
}

/// Makes seeded [`XxHash32`]s for `HashMap` and `HashSet`.
///
/// ```
/// use iohash::hash_map::XxHash32Builder;
/// use std::collections::HashMap;
///
/// let mut map = HashMap::with_hasher(XxHash32Builder::with_seed(3));
/// map.insert(1_u8, "one");
/// assert_eq!(map[&1], "one");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XxHash32Builder {
    seed: u32,
}

impl XxHash32Builder {
    /// A builder for hashers with seed 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder for hashers with this seed. Pick it at random to make collisions hard to plan.
    pub fn with_seed(seed: u32) -> Self {
        Self { seed }
    }
}

impl core::hash::BuildHasher for XxHash32Builder {
    type Hasher = XxHash32;

    fn build_hasher(&self) -> XxHash32 {
        XxHash32::with_seed(self.seed)
    }
}
