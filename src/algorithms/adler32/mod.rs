//! Adler-32 (RFC 1950): zlib's and PNG's checksum, and .NET 11's `System.IO.Hashing.Adler32`.
//! Two sums modulo 65521: `a`, one plus every byte, and `b`, the sum of every `a` so far. The
//! kernels (`portable`, `x86`, `neon`, `simd128`) take in runs of bytes; this module holds the state, the
//! traits and `combine`, which zlib's `adler32_combine` defines.

use core::fmt;

use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateReader, StateWriter};
use crate::StateError;

#[cfg(target_arch = "aarch64")]
mod neon;
mod portable;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;
#[cfg(target_arch = "x86_64")]
mod x86;

/// The largest prime below 2^16: both sums are kept modulo it.
const BASE: u32 = 65_521;

/// The most bytes taken in before the sums must be reduced: the largest `n` with
/// `255 n (n + 1) / 2 + (n + 1) (BASE - 1)` below 2^32, so `b` cannot overflow 32 bits.
const NMAX: usize = 5552;

/// The Adler-32 of bytes given piece by piece (RFC 1950; zlib's `adler32`). The hash is a
/// `u32` whose big-endian bytes are the ones a zlib stream ends with.
///
/// ```
/// use iohash::{Adler32, DynHasher, NonCryptographicHasher};
///
/// let mut hasher = Adler32::new();
/// hasher.append(b"Wiki");
/// hasher.append(b"pedia");
/// assert_eq!(hasher.current_hash(), 0x11E6_0398);
/// assert_eq!(Adler32::hash(b"Wikipedia"), 0x11E6_0398);
/// assert_eq!(hasher.current_hash_bytes(), [0x11, 0xE6, 0x03, 0x98]);
/// ```
///
/// Ranges hashed apart join with [`combine`](crate::SplittableHasher::combine), as zlib's
/// `adler32_combine` joins them:
///
/// ```
/// use iohash::{Adler32, DynHasher, NonCryptographicHasher, SplittableHasher};
///
/// let (mut first, mut second) = (Adler32::new(), Adler32::new());
/// first.append(b"Wiki");
/// second.append(b"pedia");
/// first.combine(&second);
/// assert_eq!(first.current_hash(), Adler32::hash(b"Wikipedia"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Adler32 {
    /// One plus the sum of the bytes, modulo [`BASE`].
    a: u32,
    /// The sum of every `a` so far, modulo [`BASE`].
    b: u32,
    /// Bytes taken in, saturating: `combine` needs the second part's length.
    total: u64,
}

impl Adler32 {
    /// A hasher of no bytes yet (its hash is 1, as zlib's `adler32(0, NULL, 0)`).
    pub const fn new() -> Self {
        Adler32 {
            a: 1,
            b: 0,
            total: 0,
        }
    }
}

impl Default for Adler32 {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for Adler32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Adler32")
            .field("hash", &format_args!("{:#010x}", self.value()))
            .field("total", &self.total)
            .finish()
    }
}

impl Adler32 {
    /// The checksum: `b` above `a`.
    #[inline]
    fn value(&self) -> u32 {
        self.b << 16 | self.a
    }

    /// Takes in `data` with the fastest kernel this CPU has.
    #[inline]
    fn update(&mut self, data: &[u8]) {
        (self.a, self.b) = update(self.a, self.b, data);
        self.total = self.total.saturating_add(data.len() as u64);
    }
}

/// The sums after `data`, from `a` and `b` (each below [`BASE`]), by the fastest kernel this
/// CPU has (capped by `--cfg iohash_force_backend`, as XXH3's and the CRCs' are).
#[inline]
fn update(a: u32, b: u32, data: &[u8]) -> (u32, u32) {
    #[cfg(target_arch = "x86_64")]
    if let Some(sums) = x86::update(a, b, data) {
        return sums;
    }
    #[cfg(target_arch = "aarch64")]
    if let Some(sums) = neon::update(a, b, data) {
        return sums;
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if data.len() >= 32 {
        return simd128::update(a, b, data);
    }
    portable::update(a, b, data)
}

/// zlib's `adler32_combine`: the checksum of A then B from A's and B's and B's length.
fn combine(first: u32, second: u32, second_len: u64) -> u32 {
    let rem = (second_len % u64::from(BASE)) as u32;
    let a1 = first & 0xffff;
    let b1 = first >> 16;
    let (a2, b2) = (second & 0xffff, second >> 16);
    // B's `a` started from 1, not from A's `a`; each of B's bytes added A's `a` to `b`.
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = ((u64::from(rem) * u64::from(a1) + u64::from(b1) + u64::from(b2) + u64::from(BASE)
        - u64::from(rem))
        % u64::from(BASE)) as u32;
    b << 16 | a
}

impl crate::hasher::sealed::Sealed for Adler32 {}

impl crate::SplittableHasher for Adler32 {
    fn combine(&mut self, next: &Self) {
        let joined = combine(self.value(), next.value(), next.total);
        (self.a, self.b) = (joined & 0xffff, joined >> 16);
        self.total = self.total.saturating_add(next.total);
    }
}

impl Resumable for Adler32 {
    const EXPECTED: &'static str = Kind::Adler32.tag();

    fn kind(&self) -> Kind {
        Kind::Adler32
    }

    fn write_fields(&self, w: &mut StateWriter) {
        w.u32(self.a);
        w.u32(self.b);
        w.u64(self.total);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        if kind != Kind::Adler32 {
            return Err(state::wrong_algorithm::<Self>(kind));
        }
        let (a, b, total) = (r.u32(), r.u32(), r.u64());
        state::check(a < BASE, "a")?;
        state::check(b < BASE, "b")?;
        Ok(Adler32 { a, b, total })
    }
}

impl_hasher! {
    Adler32 => u32, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.update(data);
    }
    fn reset(&mut self) {
        *self = Adler32::new();
    }
    fn current_hash(&self) -> u32 {
        self.value()
    }
    fn hash(data: &[u8]) -> u32 {
        let (a, b) = update(1, 0, data);
        b << 16 | a
    }
}

#[cfg(test)]
mod tests;
