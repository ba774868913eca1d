//! XXH3-64 ([`XxHash3`]) and XXH3-128 ([`XxHash128`]): iohash's own engine, one streaming core
//! with two finishes.
//!
//! Inputs up to 240 bytes take the short paths (`short.rs`, plain Rust). Longer ones run the
//! stripe loop (`long.rs`) on the backend `platform.rs` picks at run time: AVX-512F, AVX2 or
//! SSE2 on x86-64, NEON on AArch64, portable code elsewhere; so a default build gets SIMD without
//! `-C target-cpu`.

use core::fmt;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod common;
mod long;
#[cfg(target_arch = "aarch64")]
mod neon;
mod platform;
mod scalar;
mod short;
#[cfg(target_arch = "x86_64")]
mod sse2;
mod stream;

use crate::hasher::{impl_write_by_append, NonCryptographicHasher};
use platform::Platform;
use stream::{CustomSecret, Key, State};

/// The shortest secret XXH3 accepts, in bytes (the C reference's `XXH3_SECRET_SIZE_MIN`).
pub const XXH3_SECRET_MIN_LEN: usize = common::SECRET_SIZE_MIN;

/// The error from `with_secret` when the secret is shorter than [`XXH3_SECRET_MIN_LEN`].
///
/// ```
/// use iohash::XxHash3;
///
/// let err = XxHash3::with_secret(&[0u8; 100]).unwrap_err();
/// assert_eq!(err.len(), 100);
/// assert_eq!(err.to_string(), "XXH3 secret is 100 bytes long; it must be at least 136");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SecretTooShort {
    len: usize,
}

impl SecretTooShort {
    /// The length of the secret that was refused.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the refused secret was empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl fmt::Display for SecretTooShort {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "XXH3 secret is {} bytes long; it must be at least {XXH3_SECRET_MIN_LEN}",
            self.len
        )
    }
}

impl std::error::Error for SecretTooShort {}

/// One-shot XXH3-64. Short inputs are hashed inline; `platform` is asked for the backend
/// only if the input is long, in a call of its own, so the inlined part stays small.
#[inline(always)]
fn oneshot64<P: FnOnce() -> Platform>(platform: P, input: &[u8], seed: u64) -> u64 {
    // Two tests, so that 0-16 bytes, the commonest keys, take one compare to reach their path.
    if input.len() <= 16 {
        return short::hash64(input, short::default_secret(), seed);
    }
    if input.len() <= common::MIDSIZE_MAX {
        return short::hash64(input, short::default_secret(), seed);
    }
    long64(platform, input, seed)
}

/// The long path of [`oneshot64`], out of line: one call, into the backend's own code.
#[inline(never)]
fn long64<P: FnOnce() -> Platform>(platform: P, input: &[u8], seed: u64) -> u64 {
    let len = input.len() as u64;
    with_seed_secret(seed, |secret| {
        platform().hash_long(input, secret, |acc| long::finish64(acc, secret, len))
    })
}

/// One-shot XXH3-128, as [`oneshot64`].
#[inline(always)]
fn oneshot128<P: FnOnce() -> Platform>(platform: P, input: &[u8], seed: u64) -> u128 {
    // Two tests, so that 0-16 bytes, the commonest keys, take one compare to reach their path.
    if input.len() <= 16 {
        return short::hash128(input, short::default_secret(), seed);
    }
    if input.len() <= common::MIDSIZE_MAX {
        return short::hash128(input, short::default_secret(), seed);
    }
    long128(platform, input, seed)
}

/// The long path of [`oneshot128`].
#[inline(never)]
fn long128<P: FnOnce() -> Platform>(platform: P, input: &[u8], seed: u64) -> u128 {
    let len = input.len() as u64;
    with_seed_secret(seed, |secret| {
        platform().hash_long(input, secret, |acc| long::finish128(acc, secret, len))
    })
}

/// Runs `f` with the long path's secret for `seed`: the default one for seed 0.
#[inline]
fn with_seed_secret<T>(seed: u64, f: impl FnOnce(&[u8]) -> T) -> T {
    if seed == 0 {
        f(&common::DEFAULT_SECRET)
    } else {
        f(&common::derive_secret(seed))
    }
}

macro_rules! xxh3_hasher {
    (
        $(#[$doc:meta])*
        $name:ident, $tag:literal, $output:ty, oneshot: $oneshot:path, digest: $digest:ident,
    ) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name {
            state: State,
        }

        impl $name {
            /// A hasher with seed 0 and the default secret: the same as `xxhsum`'s.
            #[inline]
            pub fn new() -> Self {
                Self::with_seed(0)
            }

            /// A hasher whose secret is derived from `seed`, as the C reference's `_withSeed`.
            #[inline]
            pub fn with_seed(seed: u64) -> Self {
                // Detect first: with no call between, the state is built in place.
                let platform = Platform::detect();
                Self { state: State::new(Key::seed(seed), platform) }
            }

            /// A hasher keyed by a secret of your own, as the C reference's `_withSecret`.
            ///
            /// The secret must be at least [`XXH3_SECRET_MIN_LEN`] (136) bytes and should look
            /// random; the hasher keeps a copy, so `reset` goes back to it. A secret of up to
            /// 256 bytes is copied into the hasher itself, with no allocation; a longer one is
            /// copied to the heap.
            ///
            /// # Errors
            /// [`SecretTooShort`] if `secret` is shorter than 136 bytes.
            pub fn with_secret(secret: &[u8]) -> Result<Self, SecretTooShort> {
                if secret.len() < XXH3_SECRET_MIN_LEN {
                    return Err(SecretTooShort { len: secret.len() });
                }
                Ok(Self { state: State::new(Key::Secret(CustomSecret::new(secret)), Platform::detect()) })
            }

            /// The hash of `data` in one call, with seed 0.
            #[inline]
            pub fn hash(data: &[u8]) -> $output {
                $oneshot(Platform::detect, data, 0)
            }

            /// The hash of `data` in one call, with a seed.
            #[inline]
            pub fn hash_with_seed(data: &[u8], seed: u64) -> $output {
                $oneshot(Platform::detect, data, seed)
            }
        }

        impl Default for $name {
            #[inline]
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let mut debug = f.debug_struct(stringify!($name));
                match &self.state.key {
                    Key::Seed { seed, .. } => debug.field("seed", seed),
                    Key::Secret(secret) => debug.field("secret_len", &secret.len()),
                };
                debug.finish()
            }
        }

        impl NonCryptographicHasher for $name {
            type Output = $output;
            type Bytes = [u8; core::mem::size_of::<$output>()];
            const HASH_LEN: usize = core::mem::size_of::<$output>();
            const NAME: &'static str = $tag;

            #[inline]
            fn append(&mut self, data: &[u8]) {
                self.state.update(data);
            }

            #[inline]
            fn current_hash(&self) -> $output {
                self.state.$digest()
            }

            fn current_hash_bytes(&self) -> Self::Bytes {
                self.current_hash().to_be_bytes()
            }

            fn reset(&mut self) {
                self.state.reset();
            }
        }

        impl_write_by_append!($name);
    };
}

xxh3_hasher! {
    /// XXH3-64: the fastest xxHash, and iohash's default (`xxhsum -H3`).
    ///
    /// ```
    /// use iohash::{NonCryptographicHasher, XxHash3};
    ///
    /// let mut hasher = XxHash3::new();
    /// hasher.append(b"The quick brown fox ");
    /// hasher.append(b"jumps over the lazy dog");
    /// assert_eq!(hasher.current_hash(), XxHash3::hash(b"The quick brown fox jumps over the lazy dog"));
    /// assert_eq!(XxHash3::hash(b""), 0x2d06800538d394c2);
    /// ```
    XxHash3, "XXH3", u64, oneshot: oneshot64, digest: digest64,
}

xxh3_hasher! {
    /// XXH3-128: XXH3 with a 128-bit result (`xxhsum -H2`), for when 64 bits may collide.
    ///
    /// ```
    /// use iohash::{NonCryptographicHasher, XxHash128};
    ///
    /// let mut hasher = XxHash128::with_seed(42);
    /// hasher.append(b"some ");
    /// hasher.append(b"bytes");
    /// assert_eq!(hasher.current_hash(), XxHash128::hash_with_seed(b"some bytes", 42));
    /// assert_eq!(XxHash128::hash(b""), 0x99aa06d3014798d86001c324468d497f);
    /// ```
    XxHash128, "XXH128", u128, oneshot: oneshot128, digest: digest128,
}

/// XXH3-64 as a [`std::hash::Hasher`], so it can key a `HashMap` (see [`XxHash3Builder`]).
impl core::hash::Hasher for XxHash3 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.append(bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.current_hash()
    }
}

/// Makes seeded [`XxHash3`]s for `HashMap` and `HashSet`.
///
/// The secret a seed derives for long keys is made once, in the builder, and shared by every
/// hasher it builds.
///
/// ```
/// use iohash::XxHash3Builder;
/// use std::collections::HashMap;
///
/// let mut map: HashMap<&str, u32, _> = HashMap::with_hasher(XxHash3Builder::with_seed(0x5eed));
/// map.insert("answer", 42);
/// assert_eq!(map["answer"], 42);
/// ```
#[derive(Clone)]
pub struct XxHash3Builder {
    key: Key,
}

impl XxHash3Builder {
    /// A builder for hashers with seed 0.
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A builder for hashers with this seed. Pick it at random to make collisions hard to plan.
    pub fn with_seed(seed: u64) -> Self {
        Self {
            key: Key::prepared_seed(seed),
        }
    }

    fn seed(&self) -> u64 {
        match self.key {
            Key::Seed { seed, .. } => seed,
            Key::Secret(_) => unreachable!("builders are seeded"),
        }
    }
}

impl Default for XxHash3Builder {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for XxHash3Builder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("XxHash3Builder")
            .field("seed", &self.seed())
            .finish()
    }
}

impl PartialEq for XxHash3Builder {
    fn eq(&self, other: &Self) -> bool {
        self.seed() == other.seed()
    }
}

impl Eq for XxHash3Builder {}

impl core::hash::BuildHasher for XxHash3Builder {
    type Hasher = XxHash3;

    fn build_hasher(&self) -> XxHash3 {
        XxHash3 {
            state: State::new(self.key.clone(), Platform::detect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_secret_is_an_error_value() {
        assert_eq!(XxHash3::with_secret(&[7; 135]).unwrap_err().len(), 135);
        assert!(XxHash128::with_secret(&[]).unwrap_err().is_empty());
        assert!(XxHash3::with_secret(&[7; 136]).is_ok());
    }

    #[test]
    fn reset_goes_back_to_the_secret() {
        let secret: Vec<u8> = (0..=200u8).collect();
        let mut hasher = XxHash128::with_secret(&secret).unwrap();
        let empty = hasher.current_hash();
        hasher.append(&[1; 1000]);
        assert_ne!(hasher.current_hash(), empty);
        hasher.reset();
        assert_eq!(hasher.current_hash(), empty);
        assert_ne!(empty, XxHash128::new().current_hash());
    }

    #[test]
    fn debug_shows_the_key_not_the_state() {
        assert_eq!(
            format!("{:?}", XxHash3::with_seed(9)),
            "XxHash3 { seed: 9 }"
        );
        let hasher = XxHash128::with_secret(&[1; 150]).unwrap();
        assert_eq!(format!("{hasher:?}"), "XxHash128 { secret_len: 150 }");
    }
}

/// Every XXH3 backend this CPU can run, by name, for tests and benches that must cover each
/// one in a single build. Not part of the API: it may change in any release.
#[doc(hidden)]
pub mod backends {
    use super::*;

    fn platform(name: &str) -> Option<Platform> {
        Platform::available().into_iter().find(|p| p.name() == name)
    }

    /// The names of the backends this CPU can run, portable first (e.g. `scalar`, `sse2`,
    /// `avx2`).
    pub fn available() -> Vec<&'static str> {
        Platform::available()
            .into_iter()
            .map(Platform::name)
            .collect()
    }

    /// The backend [`XxHash3::new`] picks here.
    pub fn detected() -> &'static str {
        Platform::detect().name()
    }

    /// One-shot XXH3-64 on the named backend; `None` if this CPU cannot run it.
    pub fn hash64(backend: &str, data: &[u8], seed: u64) -> Option<u64> {
        let platform = platform(backend)?;
        Some(oneshot64(|| platform, data, seed))
    }

    /// One-shot XXH3-128 on the named backend; `None` if this CPU cannot run it.
    pub fn hash128(backend: &str, data: &[u8], seed: u64) -> Option<u128> {
        let platform = platform(backend)?;
        Some(oneshot128(|| platform, data, seed))
    }

    /// A streaming XXH3-64 on the named backend, keyed by `secret` if given, else by `seed`.
    pub fn hasher64(backend: &str, seed: u64, secret: Option<&[u8]>) -> Option<XxHash3> {
        Some(XxHash3 {
            state: State::new(key(seed, secret)?, platform(backend)?),
        })
    }

    /// A streaming XXH3-128 on the named backend, keyed by `secret` if given, else by `seed`.
    pub fn hasher128(backend: &str, seed: u64, secret: Option<&[u8]>) -> Option<XxHash128> {
        Some(XxHash128 {
            state: State::new(key(seed, secret)?, platform(backend)?),
        })
    }

    fn key(seed: u64, secret: Option<&[u8]>) -> Option<Key> {
        match secret {
            Some(secret) if secret.len() < XXH3_SECRET_MIN_LEN => None,
            Some(secret) => Some(Key::Secret(CustomSecret::new(secret))),
            None => Some(Key::seed(seed)),
        }
    }
}

#[cfg(test)]
mod engine_tests {
    use super::*;

    /// Lines of the C reference's vectors at lengths that cross every path boundary.
    fn vectors() -> Vec<(usize, [u64; 4], [u128; 4])> {
        let wanted = [
            0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 255, 256, 257, 1024, 2048,
        ];
        include_str!("../../tests/data/xxhash_vectors.txt")
            .lines()
            .filter(|line| {
                let len = line.split(' ').next().and_then(|len| len.parse().ok());
                len.is_some_and(|len: usize| wanted.contains(&len))
            })
            .map(|line| line.split(' ').collect::<Vec<_>>())
            .map(|f| {
                let x3 = |i: usize| u64::from_str_radix(f[9 + i], 16).unwrap();
                let x128 = |i: usize| u128::from_str_radix(f[13 + i], 16).unwrap();
                (
                    f[0].parse().unwrap(),
                    [x3(0), x3(1), x3(2), x3(3)],
                    [x128(0), x128(1), x128(2), x128(3)],
                )
            })
            .collect()
    }

    /// The vectors' input: splitmix64 words, as `tests/data/gen_vectors.c` makes them.
    fn input(len: usize) -> Vec<u8> {
        let mut state = 0x0123_4567_89AB_CDEFu64;
        let mut out = Vec::new();
        while out.len() < len {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
        }
        out.truncate(len);
        out
    }

    /// Small enough for Miri, which runs the portable backend and the one the build picks:
    /// `cargo +nightly miri test --lib xxh3::engine_tests`, with
    /// `RUSTFLAGS="-C target-feature=+avx512f"` for AVX-512F on any x86-64 CPU (`.ci/miri`).
    #[test]
    fn every_backend_one_shot_and_streaming_match_the_c_reference() {
        let seeds = [0, 1, 0x9E37_79B1_85EB_CA8D, u64::MAX];
        let platforms = if cfg!(miri) {
            let mut platforms = vec![Platform::Scalar, Platform::detect()];
            platforms.dedup_by_key(|p| p.name());
            platforms
        } else {
            Platform::available()
        };
        eprintln!(
            "XXH3 backends tested: {:?}",
            platforms.iter().map(|p| p.name()).collect::<Vec<_>>()
        );
        for (len, xxh3, xxh128) in vectors() {
            let data = input(len);
            for platform in &platforms {
                for (i, &seed) in seeds.iter().enumerate() {
                    assert_eq!(
                        oneshot64(|| *platform, &data, seed),
                        xxh3[i],
                        "{platform:?} {len}"
                    );
                    assert_eq!(
                        oneshot128(|| *platform, &data, seed),
                        xxh128[i],
                        "{platform:?} {len}"
                    );
                    let mut state = State::new(Key::seed(seed), *platform);
                    for piece in data.chunks(100) {
                        state.update(piece);
                    }
                    assert_eq!(state.digest64(), xxh3[i], "{platform:?} streaming {len}");
                    assert_eq!(state.digest128(), xxh128[i], "{platform:?} streaming {len}");
                }
            }
        }
    }
}
