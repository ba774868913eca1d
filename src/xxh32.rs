//! XXH32 ([`XxHash32`]): the 32-bit xxHash, for 32-bit checksums and `xxhsum -H0` lists.

use core::fmt;

use xxhash_rust::xxh32;

use crate::hasher::{impl_write_by_append, NonCryptographicHasher};

/// XXH32 (`xxhsum -H0`): a 32-bit hash with a 32-bit seed.
///
/// ```
/// use iohash::{NonCryptographicHasher, XxHash32};
///
/// let mut hasher = XxHash32::with_seed(1);
/// hasher.append(b"a");
/// hasher.append(b"bc");
/// assert_eq!(hasher.current_hash(), XxHash32::hash_with_seed(b"abc", 1));
/// assert_eq!(XxHash32::hash(b""), 0x02cc5d05);
/// ```
#[derive(Clone)]
pub struct XxHash32 {
    seed: u32,
    state: xxh32::Xxh32,
}

impl XxHash32 {
    /// A hasher with seed 0.
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A hasher with a seed.
    pub fn with_seed(seed: u32) -> Self {
        Self {
            seed,
            state: xxh32::Xxh32::new(seed),
        }
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u32 {
        xxh32::xxh32(data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u32) -> u32 {
        xxh32::xxh32(data, seed)
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
            .field("seed", &self.seed)
            .finish()
    }
}

impl NonCryptographicHasher for XxHash32 {
    type Output = u32;
    type Bytes = [u8; 4];
    const HASH_LEN: usize = 4;
    const NAME: &'static str = "XXH32";

    #[inline]
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }

    fn current_hash(&self) -> u32 {
        self.state.digest()
    }

    fn current_hash_bytes(&self) -> [u8; 4] {
        self.current_hash().to_be_bytes()
    }

    fn reset(&mut self) {
        self.state.reset(self.seed);
    }
}

impl_write_by_append!(XxHash32);
