//! XXH32 ([`XxHash32`]): the 32-bit xxHash, for 32-bit checksums and `xxhsum -H0` lists.
//! Four 32-bit lanes over 16-byte stripes, then the leftover bytes folded in.
//! Each round's result passes through [`scalar_u32`], so that the lanes stay scalar on CPUs
//! with AVX-512 (see `scalar_lane.rs`).

use core::fmt;

use super::scalar_lane::scalar_u32;
use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};

const PRIME_1: u32 = 0x9E37_79B1;
const PRIME_2: u32 = 0x85EB_CA77;
const PRIME_3: u32 = 0xC2B2_AE3D;
const PRIME_4: u32 = 0x27D4_EB2F;
const PRIME_5: u32 = 0x1656_67B1;

/// Bytes in a stripe: one word per lane.
const STRIPE_LEN: usize = 16;

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

/// The four lanes of inputs of 16 bytes or more.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Lanes {
    v1: u32,
    v2: u32,
    v3: u32,
    v4: u32,
}

impl Lanes {
    #[inline(always)]
    fn new(seed: u32) -> Lanes {
        Lanes {
            v1: seed.wrapping_add(PRIME_1).wrapping_add(PRIME_2),
            v2: seed.wrapping_add(PRIME_2),
            v3: seed,
            v4: seed.wrapping_sub(PRIME_1),
        }
    }

    /// Takes in every whole stripe of `input`; returns the bytes after the last one.
    #[inline(always)]
    fn consume<'a>(&mut self, mut input: &'a [u8]) -> &'a [u8] {
        let Lanes {
            mut v1,
            mut v2,
            mut v3,
            mut v4,
        } = *self;
        while let Some((stripe, rest)) = input.split_first_chunk::<STRIPE_LEN>() {
            v1 = round(v1, read_u32(&stripe[0..]));
            v2 = round(v2, read_u32(&stripe[4..]));
            v3 = round(v3, read_u32(&stripe[8..]));
            v4 = round(v4, read_u32(&stripe[12..]));
            input = rest;
        }
        *self = Lanes { v1, v2, v3, v4 };
        input
    }

    #[inline(always)]
    fn merge(self) -> u32 {
        self.v1
            .rotate_left(1)
            .wrapping_add(self.v2.rotate_left(7))
            .wrapping_add(self.v3.rotate_left(12))
            .wrapping_add(self.v4.rotate_left(18))
    }
}

/// Folds in the last 0-15 bytes and mixes: `h` is the merged lanes (or the seed's start for
/// short inputs) plus the total length, modulo 2^32.
#[inline(always)]
fn finish(mut h: u32, rest: &[u8]) -> u32 {
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

#[inline]
fn oneshot(input: &[u8], seed: u32) -> u32 {
    let (h, rest) = if input.len() >= STRIPE_LEN {
        let mut lanes = Lanes::new(seed);
        let rest = lanes.consume(input);
        (lanes.merge(), rest)
    } else {
        (seed.wrapping_add(PRIME_5), input)
    };
    // The reference adds the length modulo 2^32.
    finish(h.wrapping_add(input.len() as u32), rest)
}

/// The streaming state: the lanes, and up to one stripe not yet taken in.
#[derive(Clone)]
struct State {
    lanes: Lanes,
    buffer: [u8; STRIPE_LEN],
    buffered: usize,
    total_len: u64,
    seed: u32,
}

impl State {
    #[inline]
    fn new(seed: u32) -> State {
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
    fn digest(&self) -> u32 {
        let h = if self.total_len >= STRIPE_LEN as u64 {
            self.lanes.merge()
        } else {
            self.seed.wrapping_add(PRIME_5)
        };
        finish(
            h.wrapping_add(self.total_len as u32),
            &self.buffer[..self.buffered],
        )
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
    state: State,
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
            state: State::new(seed),
        }
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u32 {
        oneshot(data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u32) -> u32 {
        oneshot(data, seed)
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
            .field("seed", &self.state.seed)
            .finish()
    }
}

impl Resumable for XxHash32 {
    const EXPECTED: &'static str = "XXH32";

    fn kind(&self) -> Kind {
        Kind::Xxh32
    }

    fn write_fields(&self, w: &mut StateWriter) {
        let state = &self.state;
        w.u32(state.seed);
        w.u64(state.total_len);
        let Lanes { v1, v2, v3, v4 } = state.lanes;
        for lane in [v1, v2, v3, v4] {
            w.u32(lane);
        }
        w.u8(state.buffered as u8);
        let mut buffer = [0; STRIPE_LEN];
        buffer[..state.buffered].copy_from_slice(&state.buffer[..state.buffered]);
        w.bytes(&buffer);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        if kind != Kind::Xxh32 {
            return Err(state::wrong_algorithm::<Self>(kind));
        }
        let seed = r.u32();
        let total_len = r.u64();
        let lanes = Lanes {
            v1: r.u32(),
            v2: r.u32(),
            v3: r.u32(),
            v4: r.u32(),
        };
        let buffered = usize::from(r.u8());
        let buffer = r.array();
        state::check(buffered < STRIPE_LEN, "buffered")?;
        // As for XXH64: whole stripes in the lanes, the seed's lanes until the first.
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
        Ok(XxHash32 {
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

impl_hasher! {
    XxHash32 => u32, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }
    fn reset(&mut self) {
        self.state = State::new(self.state.seed);
    }
    fn current_hash(&self) -> u32 {
        self.state.digest()
    }
    fn hash(data: &[u8]) -> u32 {
        oneshot(data, 0)
    }
}
