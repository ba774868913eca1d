//! The algorithms, one module each (`xxh3/`, `xxh64`, `xxh32`, `crc/`), and choosing one at run
//! time: [`Algorithm`] names one, [`AnyHasher`] hashes with it.
//!
//! Each algorithm's module implements the core traits ([`DynHasher`],
//! [`NonCryptographicHasher`]) and imports nothing from the I/O layer above it.

use core::fmt;
use core::str::FromStr;

pub(crate) mod adler32;
pub(crate) mod crc;
mod lanes;
pub(crate) mod quickxor;
mod scalar_lane;
pub(crate) mod xxh3;
pub(crate) mod xxh32;
pub(crate) mod xxh64;

use crate::crc_catalogue;
use crate::state::{self, Kind, Resumable};
use crate::{
    Adler32, DynHasher, HashValue, NonCryptographicHasher, QuickXorDigest, QuickXorHash,
    SavedState, StateError, XxHash128, XxHash3, XxHash32, XxHash64,
};
#[cfg(feature = "alloc")]
use crate::{Crc, CrcParams};
use crate::{Crc32, Crc32Variant, Crc64, Crc64Variant};

/// Every algorithm and parameter set iohash computes, for when the choice is made at run time
/// (a command-line flag, a config file, a checksum line's tag).
///
/// ```
/// use iohash::Algorithm;
///
/// let algorithm: Algorithm = "xxh128".parse().unwrap();
/// assert_eq!(algorithm, Algorithm::Xxh128);
/// assert_eq!(algorithm.tag(), "XXH128");
/// assert_eq!(algorithm.hash_len(), 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// XXH32 ([`XxHash32`]).
    Xxh32,
    /// XXH64 ([`XxHash64`]).
    Xxh64,
    /// XXH3-128 ([`XxHash128`]).
    Xxh128,
    /// XXH3-64 ([`XxHash3`]).
    Xxh3,
    /// CRC-32 in a parameter set ([`Crc32`]).
    Crc32(Crc32Variant),
    /// CRC-64 in a parameter set ([`Crc64`]).
    Crc64(Crc64Variant),
    /// A CRC of any parameters ([`Crc`]): the CRC catalogue's sets by name (but the five
    /// above, which parse as `Crc32` and `Crc64`), or any other. Needs `alloc`.
    #[cfg(feature = "alloc")]
    Crc(CrcParams),
    /// Adler-32 ([`Adler32`]): zlib's and PNG's checksum.
    Adler32,
    /// QuickXorHash ([`QuickXorHash`]): OneDrive's and SharePoint's content hash, 160 bits.
    QuickXor,
}

impl Algorithm {
    /// Every algorithm and built-in CRC parameter set; the CRC catalogue's other sets are
    /// [`crc_catalogue::ALL`](crate::crc_catalogue::ALL).
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Xxh32,
        Algorithm::Xxh64,
        Algorithm::Xxh128,
        Algorithm::Xxh3,
        Algorithm::Crc32(Crc32Variant::IsoHdlc),
        Algorithm::Crc32(Crc32Variant::Iscsi),
        Algorithm::Crc64(Crc64Variant::Ecma182),
        Algorithm::Crc64(Crc64Variant::Nvme),
        Algorithm::Crc64(Crc64Variant::Xz),
        Algorithm::Adler32,
        Algorithm::QuickXor,
    ];

    /// The tag of BSD-style checksum lines (`xxhsum --tag`): `"XXH32"`, `"XXH64"`, `"XXH128"`,
    /// `"XXH3"`, `"CRC32"`, `"CRC32C"`, `"CRC64"`, `"CRC64NVME"`, `"CRC64XZ"`, `"ADLER32"`; any other CRC's
    /// is its name (`"CRC-16/ARC"`), or `"CRC"` for a set without one. It is what
    /// [`DynHasher::name`] returns for a hasher of this algorithm.
    pub fn tag(self) -> &'static str {
        match self {
            #[cfg(feature = "alloc")]
            Algorithm::Crc(params) => params.name().unwrap_or("CRC"),
            _ => self.kind().tag(),
        }
    }

    /// The name in the xxHash specification or the CRC catalogue: `"XXH3-64"`, `"XXH3-128"`,
    /// `"CRC-32/ISCSI"`, ... Parsing accepts it too.
    ///
    /// ```
    /// use iohash::Algorithm;
    ///
    /// assert_eq!(Algorithm::Xxh128.full_name(), "XXH3-128");
    /// assert_eq!("xxh3-128".parse(), Ok(Algorithm::Xxh128));
    /// assert_eq!("crc-32/iscsi".parse(), Ok(Algorithm::Crc32(iohash::Crc32Variant::Iscsi)));
    /// ```
    pub fn full_name(self) -> &'static str {
        match self {
            #[cfg(feature = "alloc")]
            Algorithm::Crc(_) => self.tag(),
            _ => self.kind().row().full_name,
        }
    }

    /// The algorithm a tag names, as [`tag`](Self::tag) writes it (case matters).
    pub fn from_tag(tag: &str) -> Option<Algorithm> {
        let found = Algorithm::ALL.iter().copied().find(|a| a.tag() == tag);
        #[cfg(feature = "alloc")]
        let found = found.or_else(|| {
            crc_catalogue::ALL
                .iter()
                .find(|params| params.name() == Some(tag))
                .map(|&params| Algorithm::Crc(params))
        });
        found
    }

    /// Bytes in the hash: 4, 8 or 16 (a CRC's width in whole bytes, 1 to 8).
    pub fn hash_len(self) -> usize {
        match self {
            #[cfg(feature = "alloc")]
            Algorithm::Crc(params) => params.hash_len(),
            _ => self.kind().row().hash_len,
        }
    }

    /// The row of the table of algorithms that describes this one.
    pub(crate) fn kind(self) -> Kind {
        match self {
            Algorithm::Xxh32 => Kind::Xxh32,
            Algorithm::Xxh64 => Kind::Xxh64,
            Algorithm::Xxh128 => Kind::Xxh128,
            Algorithm::Xxh3 => Kind::Xxh3,
            Algorithm::Crc32(variant) => variant.kind(),
            Algorithm::Crc64(variant) => variant.kind(),
            #[cfg(feature = "alloc")]
            Algorithm::Crc(_) => Kind::Crc,
            Algorithm::Adler32 => Kind::Adler32,
            Algorithm::QuickXor => Kind::QuickXor,
        }
    }

    /// Whether [`hasher`](Self::hasher) takes a seed: the xxHash family does, CRCs do not.
    pub fn takes_seed(self) -> bool {
        matches!(
            self,
            Algorithm::Xxh32 | Algorithm::Xxh64 | Algorithm::Xxh128 | Algorithm::Xxh3
        )
    }

    /// A hasher for this algorithm with the given seed (ignored by CRCs; XXH32 uses its low
    /// 32 bits — check [`takes_seed`](Self::takes_seed) and the range first where it matters).
    /// For [`Algorithm::Crc`] this builds the set's engine (some microseconds): clone the
    /// hasher to make many.
    #[inline]
    pub fn hasher(self, seed: u64) -> AnyHasher {
        // Each arm makes the whole hasher, so it is built where the caller wants it: a shared
        // `AnyHasher { state }` after the match built each state aside and copied it. XXH3's
        // two are made inline, so a caller that names the algorithm keeps the hasher's type
        // and the `match`es of `append` and `current_hash` fold away; the others are a call.
        let any = |state| AnyHasher { state };
        match self {
            Algorithm::Xxh128 => any(State::Xxh128(XxHash128::with_seed(seed))),
            Algorithm::Xxh3 => any(State::Xxh3(XxHash3::with_seed(seed))),
            _ => self.other_hasher(seed),
        }
    }

    /// [`hasher`](Self::hasher) out of line: any algorithm, and what `hasher` calls for those
    /// it does not make inline.
    #[inline(never)]
    fn other_hasher(self, seed: u64) -> AnyHasher {
        let any = |state| AnyHasher { state };
        match self {
            Algorithm::Xxh32 => any(State::Xxh32(XxHash32::with_seed(seed as u32))),
            Algorithm::Xxh64 => any(State::Xxh64(XxHash64::with_seed(seed))),
            Algorithm::Xxh128 => any(State::Xxh128(XxHash128::with_seed(seed))),
            Algorithm::Xxh3 => any(State::Xxh3(XxHash3::with_seed(seed))),
            Algorithm::Crc32(variant) => any(State::Crc32(Crc32::with_variant(variant))),
            Algorithm::Crc64(variant) => any(State::Crc64(Crc64::with_variant(variant))),
            #[cfg(feature = "alloc")]
            Algorithm::Crc(params) => any(State::Crc(Crc::with_params(params))),
            Algorithm::Adler32 => any(State::Adler32(Adler32::new())),
            Algorithm::QuickXor => any(State::QuickXor(QuickXorHash::new())),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// The error from parsing an unknown algorithm name; it shows the name (its first 32 bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    name: [u8; 32],
    len: usize,
    truncated: bool,
}

impl UnknownAlgorithm {
    fn new(name: &str) -> Self {
        let mut len = name.len().min(32);
        while !name.is_char_boundary(len) {
            len -= 1;
        }
        let mut bytes = [0; 32];
        bytes[..len].copy_from_slice(&name.as_bytes()[..len]);
        UnknownAlgorithm {
            name: bytes,
            len,
            truncated: len < name.len(),
        }
    }

    /// The name that was not recognised (its first 32 bytes).
    pub fn name(&self) -> &str {
        core::str::from_utf8(&self.name[..self.len]).unwrap_or_default()
    }
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let more = if self.truncated { "..." } else { "" };
        write!(f, "unknown algorithm '{}{more}' (expected ", self.name())?;
        for (i, algorithm) in Algorithm::ALL.iter().enumerate() {
            let last = i + 1 == Algorithm::ALL.len();
            let separator = if i == 0 {
                ""
            } else if last {
                " or "
            } else {
                ", "
            };
            f.write_str(separator)?;
            write_lowercase(f, algorithm.tag())?;
        }
        f.write_str(", or a full name such as XXH3-64 or CRC-32/ISCSI")?;
        #[cfg(feature = "alloc")]
        f.write_str(" or any CRC catalogue name or alias such as CRC-16/ARC or CRC-32")?;
        f.write_str(", in any case)")
    }
}

fn write_lowercase(f: &mut fmt::Formatter<'_>, name: &str) -> fmt::Result {
    name.chars()
        .try_for_each(|c| fmt::Write::write_char(f, c.to_ascii_lowercase()))
}

impl core::error::Error for UnknownAlgorithm {}

/// Parses tags and full names, and the CRC catalogue's names and aliases, case-insensitively (`xxh3`, `XXH128`, `XXH3-64`,
/// `crc32c`, `CRC-32/ISCSI`, `crc64nvme`, `CRC-32`, `pkzip`...). An alias of a built-in set
/// parses as that set (`CRC-32` as [`Algorithm::Crc32`]).
///
/// ```
/// use iohash::{Algorithm, Crc32Variant};
///
/// let crc32: Algorithm = "CRC-32".parse().unwrap();
/// assert_eq!(crc32, "crc32".parse().unwrap());
/// assert_eq!(crc32, Algorithm::Crc32(Crc32Variant::IsoHdlc));
/// ```
impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // A catalogue name or alias stands for the set's catalogue name, which names a built-in
        // set in the table.
        let catalogued = crc_catalogue::find(s);
        let name = catalogued.and_then(|params| params.name()).unwrap_or(s);
        let found = Kind::from_name(name)
            .and_then(|kind| Algorithm::ALL.iter().copied().find(|a| a.kind() == kind));
        #[cfg(feature = "alloc")]
        let found = found.or_else(|| catalogued.map(Algorithm::Crc));
        found.ok_or_else(|| UnknownAlgorithm::new(s))
    }
}

#[derive(Clone, Debug)]
enum State {
    Xxh32(XxHash32),
    Xxh64(XxHash64),
    Xxh128(XxHash128),
    Xxh3(XxHash3),
    Crc32(Crc32),
    Crc64(Crc64),
    #[cfg(feature = "alloc")]
    Crc(Crc),
    Adler32(Adler32),
    QuickXor(QuickXorHash),
}

/// A hasher for an [`Algorithm`] chosen at run time: a [`NonCryptographicHasher`] that needs
/// no allocator, whose hash is the algorithm's widened to `u128` and whose bytes are a
/// [`HashBytes`](crate::HashBytes) of the algorithm's length.
///
/// ```
/// use iohash::{Algorithm, AnyHasher, DynHasher, NonCryptographicHasher, XxHash64};
///
/// let mut hasher: AnyHasher = Algorithm::Xxh64.hasher(0);
/// hasher.append(b"abc");
/// assert_eq!(hasher.current_hash(), u128::from(XxHash64::hash(b"abc")));
/// assert_eq!(hasher.name(), "XXH64");
///
/// // A saved state of any algorithm restores here: the state says which.
/// let saved = hasher.save_state();
/// let mut resumed = AnyHasher::restore_state(&saved).unwrap();
/// assert_eq!(resumed.algorithm(), Algorithm::Xxh64);
/// resumed.append(b"def");
/// assert_eq!(resumed.current_hash(), u128::from(XxHash64::hash(b"abcdef")));
/// ```
#[derive(Clone, Debug)]
pub struct AnyHasher {
    state: State,
}

/// Runs `$body` with `$h` bound to the hasher inside, whatever its type.
macro_rules! with_inner {
    ($state:expr, $h:ident => $body:expr) => {
        match $state {
            State::Xxh32($h) => $body,
            State::Xxh64($h) => $body,
            State::Xxh128($h) => $body,
            State::Xxh3($h) => $body,
            State::Crc32($h) => $body,
            State::Crc64($h) => $body,
            #[cfg(feature = "alloc")]
            State::Crc($h) => $body,
            State::Adler32($h) => $body,
            State::QuickXor($h) => $body,
        }
    };
}

impl AnyHasher {
    /// The algorithm this hasher computes.
    pub fn algorithm(&self) -> Algorithm {
        match &self.state {
            State::Xxh32(_) => Algorithm::Xxh32,
            State::Xxh64(_) => Algorithm::Xxh64,
            State::Xxh128(_) => Algorithm::Xxh128,
            State::Xxh3(_) => Algorithm::Xxh3,
            State::Crc32(h) => Algorithm::Crc32(h.variant()),
            State::Crc64(h) => Algorithm::Crc64(h.variant()),
            #[cfg(feature = "alloc")]
            State::Crc(h) => Algorithm::Crc(h.params()),
            State::Adler32(_) => Algorithm::Adler32,
            State::QuickXor(_) => Algorithm::QuickXor,
        }
    }

    /// Makes this hasher that of its bytes followed by `next`'s, when both are CRCs of one
    /// parameter set (see [`Crc32::combine`]) or both Adler-32, and returns `true`; otherwise changes nothing and
    /// returns `false` (the xxHash family cannot be combined: see
    /// [`SplittableHasher`](crate::SplittableHasher)).
    ///
    /// ```
    /// use iohash::{Algorithm, DynHasher, NonCryptographicHasher};
    ///
    /// let crc32c: Algorithm = "crc32c".parse().unwrap();
    /// let (mut first, mut second) = (crc32c.hasher(0), crc32c.hasher(0));
    /// first.append(b"12345");
    /// second.append(b"6789");
    /// assert!(first.combine(&second));
    /// assert_eq!(first.current_hash(), 0xE3069283);
    /// assert!(!Algorithm::Xxh3.hasher(0).combine(&Algorithm::Xxh3.hasher(0)));
    /// ```
    #[must_use = "false means nothing was combined"]
    pub fn combine(&mut self, next: &AnyHasher) -> bool {
        match (&mut self.state, &next.state) {
            (State::Crc32(a), State::Crc32(b)) if a.variant() == b.variant() => a.combine(b),
            (State::Crc64(a), State::Crc64(b)) if a.variant() == b.variant() => a.combine(b),
            #[cfg(feature = "alloc")]
            (State::Crc(a), State::Crc(b)) if a.params().same_set(&b.params()) => a.combine(b),
            (State::Adler32(a), State::Adler32(b)) => crate::SplittableHasher::combine(a, b),
            (State::QuickXor(a), State::QuickXor(b)) => crate::SplittableHasher::combine(a, b),
            _ => return false,
        }
        true
    }

    /// [`current_hash`](NonCryptographicHasher::current_hash) as a `u128`, for every algorithm
    /// whose hash fits one (all but QuickXorHash, which gives `None`): the integer in
    /// registers, without a [`HashValue`]'s bytes, for code that asks for a hash per call
    /// (the bindings' `intdigest`, docs/perf-notes.md).
    ///
    /// ```
    /// use iohash::{Algorithm, DynHasher};
    ///
    /// let mut hasher = Algorithm::Xxh64.hasher(0);
    /// hasher.append(b"abc");
    /// assert_eq!(hasher.current_hash_u128(), Some(u128::from(iohash::XxHash64::hash(b"abc"))));
    /// assert_eq!(Algorithm::QuickXor.hasher(0).current_hash_u128(), None);
    /// ```
    #[inline]
    pub fn current_hash_u128(&self) -> Option<u128> {
        with_inner!(&self.state, h => h.current_hash().to_int())
    }
}

/// A typed hasher's hash as the integer it is, of its hash length.
trait ToValue {
    fn to_value(self, len: usize) -> HashValue;

    /// The integer, for those that are one (not QuickXorHash's 160 bits).
    fn to_int(self) -> Option<u128>;
}

impl ToValue for u32 {
    fn to_value(self, len: usize) -> HashValue {
        HashValue::of_int(self.into(), len)
    }

    fn to_int(self) -> Option<u128> {
        Some(self.into())
    }
}

impl ToValue for u64 {
    fn to_value(self, len: usize) -> HashValue {
        HashValue::of_int(self.into(), len)
    }

    fn to_int(self) -> Option<u128> {
        Some(self.into())
    }
}

impl ToValue for u128 {
    fn to_value(self, len: usize) -> HashValue {
        HashValue::of_int(self, len)
    }

    fn to_int(self) -> Option<u128> {
        Some(self)
    }
}

impl ToValue for QuickXorDigest {
    /// Its 20 bytes in order, read as one big-endian integer: rclone's hexadecimal.
    fn to_value(self, _len: usize) -> HashValue {
        HashValue::from_be_bytes(&self.0).unwrap_or(HashValue::of_int(0, 1))
    }

    fn to_int(self) -> Option<u128> {
        None
    }
}

impl NonCryptographicHasher for AnyHasher {
    /// The algorithm's hash as the integer it defines, in its hash length (QuickXorHash's as
    /// its 20 bytes read big-endian).
    type Output = HashValue;
    type Bytes = crate::HashBytes;

    #[inline]
    fn current_hash(&self) -> HashValue {
        with_inner!(&self.state, h => h.current_hash().to_value(h.hash_len()))
    }

    fn current_hash_bytes(&self) -> crate::HashBytes {
        crate::HashBytes::of(self)
    }

    /// The state as the algorithm's own type saves it: each restores the other's.
    fn save_state(&self) -> SavedState {
        with_inner!(&self.state, h => h.save_state())
    }

    /// A hasher in a saved state of any algorithm: the state says which. The state of a
    /// hasher keyed by a custom XXH3 secret is [`StateError::SecretRequired`] (restore it with
    /// [`XxHash3::restore_state_with_secret`]), and without `alloc` the state of a CRC of any
    /// parameters ([`Crc`](crate::Crc)) is [`StateError::WrongAlgorithm`].
    fn restore_state(bytes: &[u8]) -> Result<AnyHasher, StateError> {
        let (kind, mut r) = state::open(bytes)?;
        let state = match kind {
            Kind::Xxh32 => State::Xxh32(XxHash32::read_fields(kind, &mut r)?),
            Kind::Xxh64 => State::Xxh64(XxHash64::read_fields(kind, &mut r)?),
            Kind::Xxh3 => State::Xxh3(XxHash3::read_fields(kind, &mut r)?),
            Kind::Xxh128 => State::Xxh128(XxHash128::read_fields(kind, &mut r)?),
            Kind::Crc32IsoHdlc | Kind::Crc32Iscsi => {
                State::Crc32(Crc32::read_fields(kind, &mut r)?)
            }
            Kind::Crc64Ecma182 | Kind::Crc64Nvme | Kind::Crc64Xz => {
                State::Crc64(Crc64::read_fields(kind, &mut r)?)
            }
            #[cfg(feature = "alloc")]
            Kind::Crc => State::Crc(Crc::restore_state(bytes)?),
            Kind::Adler32 => State::Adler32(Adler32::read_fields(kind, &mut r)?),
            Kind::QuickXor => State::QuickXor(QuickXorHash::read_fields(kind, &mut r)?),
            #[cfg(not(feature = "alloc"))]
            Kind::Crc => {
                return Err(StateError::WrongAlgorithm {
                    found: kind.tag(),
                    expected: "an algorithm AnyHasher restores without `alloc` \
                               (restore it with Crc::restore_state_on)",
                })
            }
        };
        Ok(AnyHasher { state })
    }
}

impl DynHasher for AnyHasher {
    #[inline]
    fn append(&mut self, data: &[u8]) {
        with_inner!(&mut self.state, h => h.append(data))
    }

    fn reset(&mut self) {
        with_inner!(&mut self.state, h => h.reset())
    }

    fn hash_len(&self) -> usize {
        with_inner!(&self.state, h => h.hash_len())
    }

    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        with_inner!(&self.state, h => h.current_hash_into(out))
    }

    fn name(&self) -> &'static str {
        with_inner!(&self.state, h => h.name())
    }

    #[cfg(feature = "alloc")]
    fn box_clone(&self) -> alloc::boxed::Box<dyn DynHasher + Send> {
        alloc::boxed::Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_parses_from_its_tag_and_hashes_like_its_type() {
        for &algorithm in Algorithm::ALL {
            assert_eq!(algorithm.tag().to_lowercase().parse(), Ok(algorithm));
            let mut hasher = algorithm.hasher(7);
            hasher.append(b"123456789");
            let int = |value: u128| HashValue::of_int(value, algorithm.hash_len());
            let expected = match algorithm {
                Algorithm::Xxh32 => int(XxHash32::hash_with_seed(b"123456789", 7).into()),
                Algorithm::Xxh64 => int(XxHash64::hash_with_seed(b"123456789", 7).into()),
                Algorithm::Xxh128 => int(XxHash128::hash_with_seed(b"123456789", 7)),
                Algorithm::Xxh3 => int(XxHash3::hash_with_seed(b"123456789", 7).into()),
                Algorithm::Crc32(v) => int(v.check().into()),
                Algorithm::Crc64(v) => int(v.check().into()),
                #[cfg(feature = "alloc")]
                Algorithm::Crc(params) => int(params.check().into()),
                Algorithm::Adler32 => int(Adler32::hash(b"123456789").into()),
                Algorithm::QuickXor => {
                    HashValue::from_be_bytes(&QuickXorHash::hash(b"123456789").0).unwrap()
                }
            };
            assert_eq!(hasher.current_hash(), expected, "{algorithm}");
            assert_eq!(hasher.current_hash().len(), algorithm.hash_len());
            assert_eq!(hasher.hash_len(), algorithm.hash_len());
            assert_eq!(hasher.name(), algorithm.tag());
            assert_eq!(hasher.algorithm(), algorithm);
            hasher.reset();
            assert_eq!(hasher.current_hash(), algorithm.hasher(7).current_hash());
        }
    }

    #[test]
    fn unknown_names_and_numbers_are_errors_naming_them() {
        // `xxhsum -H` numbers are the command's (`iohash -H3`), not names of the library.
        for number in ["0", "32", "1", "64", "2", "128", "3"] {
            assert_eq!(number.parse::<Algorithm>().unwrap_err().name(), number);
        }
        let err = "md5".parse::<Algorithm>().unwrap_err();
        assert!(err.to_string().starts_with("unknown algorithm 'md5'"));
        assert_eq!(err.name(), "md5");
        let long = "é".repeat(20);
        let err = long.parse::<Algorithm>().unwrap_err();
        assert_eq!(err.name(), "é".repeat(16));
        assert!(err.to_string().contains("éé...'"), "{err}");
    }
}
