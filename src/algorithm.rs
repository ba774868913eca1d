//! Choosing an algorithm at run time: [`Algorithm`] names one, [`AnyHasher`] hashes with it.

use core::fmt;
use core::str::FromStr;

use crate::hasher::{impl_write_by_append, NonCryptographicHasher};
use crate::{Crc32, Crc32Variant, Crc64, Crc64Variant, XxHash128, XxHash3, XxHash32, XxHash64};

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
/// assert_eq!("crc32c".parse::<Algorithm>().unwrap().tag(), "CRC32C");
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
}

impl Algorithm {
    /// Every algorithm and CRC parameter set.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Xxh32,
        Algorithm::Xxh64,
        Algorithm::Xxh128,
        Algorithm::Xxh3,
        Algorithm::Crc32(Crc32Variant::IsoHdlc),
        Algorithm::Crc32(Crc32Variant::Iscsi),
        Algorithm::Crc64(Crc64Variant::Ecma182),
        Algorithm::Crc64(Crc64Variant::Nvme),
        Algorithm::Crc64(Crc64Variant::Xz),
    ];

    /// The tag of BSD-style checksum lines (`xxhsum --tag`): `"XXH32"`, `"XXH64"`, `"XXH128"`,
    /// `"XXH3"`, `"CRC32"`, `"CRC32C"`, `"CRC64"`, `"CRC64NVME"`, `"CRC64XZ"`.
    pub fn tag(self) -> &'static str {
        match self {
            Algorithm::Xxh32 => "XXH32",
            Algorithm::Xxh64 => "XXH64",
            Algorithm::Xxh128 => "XXH128",
            Algorithm::Xxh3 => "XXH3",
            Algorithm::Crc32(variant) => variant.tag(),
            Algorithm::Crc64(variant) => variant.tag(),
        }
    }

    /// The algorithm a tag names, as [`tag`](Self::tag) writes it.
    pub fn from_tag(tag: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.tag() == tag)
    }

    /// Bytes in the hash: 4, 8 or 16.
    pub fn hash_len(self) -> usize {
        match self {
            Algorithm::Xxh32 | Algorithm::Crc32(_) => 4,
            Algorithm::Xxh64 | Algorithm::Xxh3 | Algorithm::Crc64(_) => 8,
            Algorithm::Xxh128 => 16,
        }
    }

    /// Whether [`hasher`](Self::hasher) takes a seed: the xxHash family does, CRCs do not.
    pub fn takes_seed(self) -> bool {
        !matches!(self, Algorithm::Crc32(_) | Algorithm::Crc64(_))
    }

    /// A hasher for this algorithm with the given seed (ignored by CRCs; XXH32 uses its low
    /// 32 bits — check [`takes_seed`](Self::takes_seed) and the range first where it matters).
    pub fn hasher(self, seed: u64) -> AnyHasher {
        let state = match self {
            Algorithm::Xxh32 => State::Xxh32(XxHash32::with_seed(seed as u32)),
            Algorithm::Xxh64 => State::Xxh64(XxHash64::with_seed(seed)),
            Algorithm::Xxh128 => State::Xxh128(XxHash128::with_seed(seed)),
            Algorithm::Xxh3 => State::Xxh3(XxHash3::with_seed(seed)),
            Algorithm::Crc32(variant) => State::Crc32(Crc32::with_variant(variant)),
            Algorithm::Crc64(variant) => State::Crc64(Crc64::with_variant(variant)),
        };
        AnyHasher { state }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// The error from parsing an unknown algorithm name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm '{}' (expected 0, 1, 2, 3, 32, 64, 128, xxh32, xxh64, xxh128, xxh3, \
             crc32, crc32c, crc64, crc64nvme or crc64xz)",
            self.0
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// Parses `xxhsum -H` values (`0`/`32`, `1`/`64`, `2`/`128`, `3`) and names, case-insensitive
/// (`xxh3`, `XXH128`, `crc32`, `crc32c`, `crc64`, `crc64nvme`, `crc64xz`).
impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let by_number = match s {
            "0" | "32" => Some(Algorithm::Xxh32),
            "1" | "64" => Some(Algorithm::Xxh64),
            "2" | "128" => Some(Algorithm::Xxh128),
            "3" => Some(Algorithm::Xxh3),
            _ => None,
        };
        by_number
            .or_else(|| Algorithm::from_tag(&s.to_ascii_uppercase()))
            .ok_or_else(|| UnknownAlgorithm(s.to_owned()))
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
}

/// A hasher for an [`Algorithm`] chosen at run time. Its hash is widened to `u128`.
///
/// ```
/// use iohash::{Algorithm, AnyHasher, XxHash64};
/// use std::io::Write;
///
/// let mut hasher: AnyHasher = Algorithm::Xxh64.hasher(0);
/// hasher.write_all(b"abc").unwrap();
/// assert_eq!(hasher.current_hash(), u128::from(XxHash64::hash(b"abc")));
/// ```
#[derive(Clone, Debug)]
pub struct AnyHasher {
    state: State,
}

impl AnyHasher {
    /// Appends `data`, as [`NonCryptographicHasher::append`].
    #[inline]
    pub fn append(&mut self, data: &[u8]) {
        match &mut self.state {
            State::Xxh32(h) => h.append(data),
            State::Xxh64(h) => h.append(data),
            State::Xxh128(h) => h.append(data),
            State::Xxh3(h) => h.append(data),
            State::Crc32(h) => h.append(data),
            State::Crc64(h) => h.append(data),
        }
    }

    /// The hash so far, widened to `u128`.
    pub fn current_hash(&self) -> u128 {
        match &self.state {
            State::Xxh32(h) => h.current_hash().into(),
            State::Xxh64(h) => h.current_hash().into(),
            State::Xxh128(h) => h.current_hash(),
            State::Xxh3(h) => h.current_hash().into(),
            State::Crc32(h) => h.current_hash().into(),
            State::Crc64(h) => h.current_hash().into(),
        }
    }

    /// Forgets all appended data, as [`NonCryptographicHasher::reset`].
    pub fn reset(&mut self) {
        match &mut self.state {
            State::Xxh32(h) => h.reset(),
            State::Xxh64(h) => h.reset(),
            State::Xxh128(h) => h.reset(),
            State::Xxh3(h) => h.reset(),
            State::Crc32(h) => h.reset(),
            State::Crc64(h) => h.reset(),
        }
    }
}

impl_write_by_append!(AnyHasher, inherent);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_algorithm_parses_from_its_tag_and_hashes_like_its_type() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.tag().to_lowercase().parse(), Ok(algorithm));
            let mut hasher = algorithm.hasher(7);
            hasher.append(b"123456789");
            let expected: u128 = match algorithm {
                Algorithm::Xxh32 => XxHash32::hash_with_seed(b"123456789", 7).into(),
                Algorithm::Xxh64 => XxHash64::hash_with_seed(b"123456789", 7).into(),
                Algorithm::Xxh128 => XxHash128::hash_with_seed(b"123456789", 7),
                Algorithm::Xxh3 => XxHash3::hash_with_seed(b"123456789", 7).into(),
                Algorithm::Crc32(v) => v.check().into(),
                Algorithm::Crc64(v) => v.check().into(),
            };
            assert_eq!(hasher.current_hash(), expected, "{algorithm}");
            let bits = 8 * algorithm.hash_len() as u32;
            assert_eq!(hasher.current_hash().checked_shr(bits).unwrap_or(0), 0);
            hasher.reset();
            assert_eq!(hasher.current_hash(), algorithm.hasher(7).current_hash());
        }
    }

    #[test]
    fn xxhsum_numbers_and_unknown_names() {
        assert_eq!("0".parse(), Ok(Algorithm::Xxh32));
        assert_eq!("64".parse(), Ok(Algorithm::Xxh64));
        assert_eq!("2".parse(), Ok(Algorithm::Xxh128));
        assert_eq!("3".parse(), Ok(Algorithm::Xxh3));
        let err = "md5".parse::<Algorithm>().unwrap_err();
        assert!(err.to_string().starts_with("unknown algorithm 'md5'"));
    }
}
