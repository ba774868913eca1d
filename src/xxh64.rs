//! XXH64 ([`XxHash64`]): `xxhsum`'s default algorithm.

use core::fmt;

use xxhash_rust::xxh64;

use crate::hasher::{impl_write_by_append, NonCryptographicHasher};

/// XXH64 (`xxhsum -H1`, the C tool's default), fast on every 64-bit CPU without SIMD.
///
/// ```
/// use iohash::{NonCryptographicHasher, XxHash64};
///
/// let mut hasher = XxHash64::new();
/// hasher.append(b"abc");
/// assert_eq!(hasher.current_hash(), 0x44bc2cf5ad770999);
/// assert_eq!(hasher.current_hash_bytes(), [0x44, 0xbc, 0x2c, 0xf5, 0xad, 0x77, 0x09, 0x99]);
/// ```
#[derive(Clone)]
pub struct XxHash64 {
    seed: u64,
    state: xxh64::Xxh64,
}

impl XxHash64 {
    /// A hasher with seed 0.
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A hasher with a seed.
    pub fn with_seed(seed: u64) -> Self {
        Self {
            seed,
            state: xxh64::Xxh64::new(seed),
        }
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u64 {
        xxh64::xxh64(data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u64) -> u64 {
        xxh64::xxh64(data, seed)
    }
}

impl Default for XxHash64 {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for XxHash64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("XxHash64")
            .field("seed", &self.seed)
            .finish()
    }
}

impl NonCryptographicHasher for XxHash64 {
    type Output = u64;
    type Bytes = [u8; 8];
    const HASH_LEN: usize = 8;
    const NAME: &'static str = "XXH64";

    #[inline]
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }

    fn current_hash(&self) -> u64 {
        self.state.digest()
    }

    fn current_hash_bytes(&self) -> [u8; 8] {
        self.current_hash().to_be_bytes()
    }

    fn reset(&mut self) {
        self.state.reset(self.seed);
    }
}

impl_write_by_append!(XxHash64);

/// XXH64 as a [`std::hash::Hasher`], so it can key a `HashMap` (see [`XxHash64Builder`]).
impl core::hash::Hasher for XxHash64 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.append(bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.current_hash()
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
