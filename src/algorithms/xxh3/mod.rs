//! XXH3-64 ([`XxHash3`]) and XXH3-128 ([`XxHash128`]): iohash's own engine, one streaming core
//! with two finishes.
//!
//! Inputs up to 240 bytes take the short paths (`short.rs`, plain Rust). Longer ones run the
//! stripe loop (`long.rs`) on the backend `platform.rs` picks at run time: AVX-512F, AVX2 or
//! SSE2 on x86-64, NEON on AArch64, portable code elsewhere; so a default build gets SIMD without
//! `-C target-cpu`. WebAssembly has no run-time detection: its SIMD128 backend is picked when
//! the build enables it (`-C target-feature=+simd128`).
//!
//! The layers point down: `width.rs` (how each width finishes) over `short.rs` and `long.rs`;
//! `oneshot.rs` (the one-shot engine) and `stream.rs` (the streaming state) both build on
//! those and `platform.rs`, and this file on both. Neither calls its parent.

use core::fmt;
use core::marker::PhantomData;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod common;
mod long;
#[cfg(target_arch = "aarch64")]
mod neon;
mod oneshot;
mod platform;
mod scalar;
mod short;
#[cfg(target_arch = "wasm32")]
mod simd128;
#[cfg(target_arch = "x86_64")]
mod sse2;
mod stream;
mod width;

use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};
use crate::SecretError;
use oneshot::oneshot;
use platform::Platform;
use stream::{CustomSecret, Key, State};
use width::{Bits128, Bits64, Width};

/// What [`XxHash3`] and [`XxHash128`] are made of: the streaming state, and the width that
/// says how it finishes.
struct Core<W> {
    state: State,
    width: PhantomData<W>,
}

impl<W> Clone for Core<W> {
    fn clone(&self) -> Self {
        Core {
            state: self.state.clone(),
            width: PhantomData,
        }
    }
}

impl<W: Width> Core<W> {
    /// A hasher keyed by what `key` makes. Made in the state's own expression, the key is
    /// built in place, where a key made first would be copied (hundreds of bytes) into the
    /// state. The backend is chosen when a stripe first needs it.
    #[inline(always)]
    fn with_key(key: impl FnOnce() -> Key) -> Self {
        Core {
            state: State::new(key(), None),
            width: PhantomData,
        }
    }

    #[inline]
    fn with_seed(seed: u64) -> Self {
        Self::with_key(|| Key::seed(seed))
    }

    fn with_secret(secret: &[u8]) -> Result<Self, SecretError> {
        let secret = CustomSecret::new(secret)?;
        Ok(Self::with_key(|| Key::Secret(secret)))
    }

    #[inline]
    fn append(&mut self, data: &[u8]) {
        self.state.update(data);
    }

    #[inline]
    fn digest(&self) -> W::Output {
        self.state.digest::<W>()
    }

    /// A saved state's body of this width, keyed by `secret` if the state says it was made
    /// with one.
    fn read_state(
        kind: Kind,
        r: &mut StateReader<'_>,
        secret: Option<&[u8]>,
    ) -> Result<Self, StateError> {
        if kind != W::STATE_KIND {
            return Err(StateError::WrongAlgorithm {
                found: kind.tag(),
                expected: W::STATE_KIND.tag(),
            });
        }
        Ok(Core {
            state: State::read_fields(r, secret)?,
            width: PhantomData,
        })
    }

    fn fmt(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct(name);
        match &self.state.key {
            Key::Seed { seed, .. } => debug.field("seed", seed),
            Key::Secret(secret) => debug.field("secret_len", &secret.len()),
        };
        debug.finish()
    }
}

/// XXH3-64: the fastest xxHash, and iohash's default (`xxhsum -H3`).
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash3};
///
/// let mut hasher = XxHash3::new();
/// hasher.append(b"The quick brown fox ");
/// hasher.append(b"jumps over the lazy dog");
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b"The quick brown fox jumps over the lazy dog"));
/// assert_eq!(XxHash3::hash(b""), 0x2d06800538d394c2);
/// ```
///
/// It is also a [`core::hash::Hasher`] (for a `HashMap`, see [`XxHash3Builder`]) and, with
/// `std`, an [`io::Write`](std::io::Write): with both traits in scope `hasher.write(..)` is
/// ambiguous, and [`append`](crate::DynHasher::append) (or `write_all`) says what is meant:
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash3};
/// use std::hash::Hasher;
/// # #[cfg(feature = "std")] {
/// use std::io::Write;
///
/// let mut hasher = XxHash3::new();
/// hasher.append(b"one, ");
/// hasher.write_all(b"two").unwrap();
/// assert_eq!(hasher.finish(), XxHash3::hash(b"one, two"));
/// // `hasher.write(b"..")` would not compile here: `Hasher::write` or `Write::write`?
/// Hasher::write(&mut hasher, b"!");
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b"one, two!"));
/// # }
/// ```
#[derive(Clone)]
pub struct XxHash3(Core<Bits64>);

/// XXH3-128: XXH3 with a 128-bit result (`xxhsum -H2`), for when 64 bits may collide.
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash128};
///
/// let mut hasher = XxHash128::with_seed(42);
/// hasher.append(b"some ");
/// hasher.append(b"bytes");
/// assert_eq!(hasher.current_hash(), XxHash128::hash_with_seed(b"some bytes", 42));
/// assert_eq!(XxHash128::hash(b""), 0x99aa06d3014798d86001c324468d497f);
/// ```
#[derive(Clone)]
pub struct XxHash128(Core<Bits128>);

impl XxHash3 {
    /// A hasher with seed 0 and the default secret: the same as `xxhsum -H3`'s.
    #[inline]
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A hasher whose secret is derived from `seed`, as the C reference's
    /// `XXH3_64bits_withSeed`.
    #[inline]
    pub fn with_seed(seed: u64) -> Self {
        XxHash3(Core::with_seed(seed))
    }

    /// A hasher keyed by a secret of your own, as the C reference's `XXH3_64bits_withSecret`.
    ///
    /// The secret must be at least [`XXH3_SECRET_MIN_LEN`](crate::XXH3_SECRET_MIN_LEN) (136) bytes and should look random.
    /// The hasher keeps a copy, so `reset` goes back to it: inside the hasher for up to
    /// 256 bytes (no allocation), on the heap for longer ones (which need the `alloc` feature).
    ///
    /// ```
    /// use iohash::{NonCryptographicHasher, SecretError, XxHash3};
    ///
    /// let secret: Vec<u8> = (0..192u8).map(|i| i.wrapping_mul(97)).collect();
    /// let hasher = XxHash3::with_secret(&secret).unwrap();
    /// assert_ne!(hasher.current_hash(), XxHash3::new().current_hash());
    /// assert_eq!(XxHash3::with_secret(&secret[..100]).unwrap_err(), SecretError::TooShort { len: 100 });
    /// ```
    ///
    /// # Errors
    /// [`SecretError::TooShort`] under 136 bytes; [`SecretError::TooLong`] over 256 bytes
    /// without the `alloc` feature.
    pub fn with_secret(secret: &[u8]) -> Result<Self, SecretError> {
        Core::with_secret(secret).map(XxHash3)
    }

    /// Restores a state that a hasher keyed by a custom secret saved
    /// ([`save_state`](crate::NonCryptographicHasher::save_state)), keyed again by `secret`, which
    /// the state does not hold. [`restore_state`](crate::NonCryptographicHasher::restore_state)
    /// restores the states of seeded hashers.
    ///
    /// ```
    /// use iohash::{DynHasher, NonCryptographicHasher, StateError, XxHash3};
    ///
    /// let secret: Vec<u8> = (0..192u8).map(|i| i.wrapping_mul(97)).collect();
    /// let mut hasher = XxHash3::with_secret(&secret).unwrap();
    /// hasher.append(b"first half, ");
    /// let saved = hasher.save_state();
    ///
    /// assert_eq!(XxHash3::restore_state(&saved).unwrap_err(), StateError::SecretRequired);
    /// assert_eq!(
    ///     XxHash3::restore_state_with_secret(&saved, &secret[1..]).unwrap_err(),
    ///     StateError::WrongSecret
    /// );
    /// let mut resumed = XxHash3::restore_state_with_secret(&saved, &secret).unwrap();
    /// resumed.append(b"second half");
    /// hasher.append(b"second half");
    /// assert_eq!(resumed.current_hash(), hasher.current_hash());
    /// ```
    ///
    /// # Errors
    /// [`StateError::WrongSecret`] if `secret` is not the one the state was saved with (by
    /// length and fingerprint), [`StateError::UnexpectedSecret`] for a seeded hasher's state,
    /// and every error of `restore_state`.
    pub fn restore_state_with_secret(bytes: &[u8], secret: &[u8]) -> Result<Self, StateError> {
        let (kind, mut r) = state::open(bytes)?;
        Core::read_state(kind, &mut r, Some(secret)).map(XxHash3)
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u64 {
        oneshot::<Bits64>(Platform::detect, data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u64) -> u64 {
        oneshot::<Bits64>(Platform::detect, data, seed)
    }
}

impl XxHash128 {
    /// A hasher with seed 0 and the default secret: the same as `xxhsum -H2`'s.
    #[inline]
    pub fn new() -> Self {
        Self::with_seed(0)
    }

    /// A hasher whose secret is derived from `seed`, as the C reference's
    /// `XXH3_128bits_withSeed`.
    #[inline]
    pub fn with_seed(seed: u64) -> Self {
        XxHash128(Core::with_seed(seed))
    }

    /// A hasher keyed by a secret of your own, as the C reference's `XXH3_128bits_withSecret`;
    /// the secret is kept as [`XxHash3::with_secret`] keeps it.
    ///
    /// # Errors
    /// [`SecretError::TooShort`] under 136 bytes; [`SecretError::TooLong`] over 256 bytes
    /// without the `alloc` feature.
    pub fn with_secret(secret: &[u8]) -> Result<Self, SecretError> {
        Core::with_secret(secret).map(XxHash128)
    }

    /// Restores a state that a hasher keyed by a custom secret saved, keyed again by
    /// `secret`, as [`XxHash3::restore_state_with_secret`] does.
    ///
    /// # Errors
    /// As [`XxHash3::restore_state_with_secret`].
    pub fn restore_state_with_secret(bytes: &[u8], secret: &[u8]) -> Result<Self, StateError> {
        let (kind, mut r) = state::open(bytes)?;
        Core::read_state(kind, &mut r, Some(secret)).map(XxHash128)
    }

    /// The hash of `data` in one call, with seed 0.
    #[inline]
    pub fn hash(data: &[u8]) -> u128 {
        oneshot::<Bits128>(Platform::detect, data, 0)
    }

    /// The hash of `data` in one call, with a seed.
    #[inline]
    pub fn hash_with_seed(data: &[u8], seed: u64) -> u128 {
        oneshot::<Bits128>(Platform::detect, data, seed)
    }
}

impl Default for XxHash3 {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl Default for XxHash128 {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for XxHash3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt("XxHash3", f)
    }
}

impl fmt::Debug for XxHash128 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt("XxHash128", f)
    }
}

impl Resumable for XxHash3 {
    const EXPECTED: &'static str = Kind::Xxh3.tag();

    fn kind(&self) -> Kind {
        Kind::Xxh3
    }

    fn write_fields(&self, w: &mut StateWriter) {
        self.0.state.write_fields(w);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        Core::read_state(kind, r, None).map(XxHash3)
    }
}

impl_hasher! {
    XxHash3 => u64, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.0.append(data);
    }
    fn reset(&mut self) {
        self.0.state.reset();
    }
    fn current_hash(&self) -> u64 {
        self.0.digest()
    }
    fn hash(data: &[u8]) -> u64 {
        oneshot::<Bits64>(Platform::detect, data, 0)
    }
}

impl Resumable for XxHash128 {
    const EXPECTED: &'static str = Kind::Xxh128.tag();

    fn kind(&self) -> Kind {
        Kind::Xxh128
    }

    fn write_fields(&self, w: &mut StateWriter) {
        self.0.state.write_fields(w);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        Core::read_state(kind, r, None).map(XxHash128)
    }
}

impl_hasher! {
    XxHash128 => u128, to_be_bytes;
    fn append(&mut self, data: &[u8]) {
        self.0.append(data);
    }
    fn reset(&mut self) {
        self.0.state.reset();
    }
    fn current_hash(&self) -> u128 {
        self.0.digest()
    }
    fn hash(data: &[u8]) -> u128 {
        oneshot::<Bits128>(Platform::detect, data, 0)
    }
}

/// XXH3-64 as a [`core::hash::Hasher`], so it can key a `HashMap` (see [`XxHash3Builder`]).
impl core::hash::Hasher for XxHash3 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.append(bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0.digest()
    }
}

/// XXH3-128 as a [`core::hash::Hasher`]: `finish` is the low 64 bits of the 128-bit hash
/// (`current_hash() as u64`, which is not XXH3-64's hash). See [`XxHash128Builder`].
impl core::hash::Hasher for XxHash128 {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.append(bytes);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0.digest() as u64
    }
}

/// Makes seeded [`XxHash3`]s for `HashMap` and `HashSet`.
///
/// The secret a seed derives for long keys is made once, in the builder, and shared by every
/// hasher it builds (with the `alloc` feature; without it, each hasher makes its own when it
/// first needs it).
///
/// ```
/// use iohash::hash_map::XxHash3Builder;
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
        XxHash3(Core::with_key(|| self.key.clone()))
    }
}

/// Makes seeded [`XxHash128`]s for `HashMap` and `HashSet`, sharing one seed's secret as
/// [`XxHash3Builder`] does.
///
/// ```
/// use iohash::hash_map::XxHash128Builder;
/// use std::collections::HashSet;
///
/// let mut seen = HashSet::with_hasher(XxHash128Builder::with_seed(9));
/// assert!(seen.insert("first"));
/// assert!(!seen.insert("first"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XxHash128Builder(XxHash3Builder);

impl XxHash128Builder {
    /// A builder for hashers with seed 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder for hashers with this seed. Pick it at random to make collisions hard to plan.
    pub fn with_seed(seed: u64) -> Self {
        Self(XxHash3Builder::with_seed(seed))
    }
}

impl core::hash::BuildHasher for XxHash128Builder {
    type Hasher = XxHash128;

    fn build_hasher(&self) -> XxHash128 {
        XxHash128(Core::with_key(|| self.0.key.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::{DynHasher, NonCryptographicHasher};

    #[test]
    fn a_short_secret_is_an_error_value() {
        assert_eq!(
            XxHash3::with_secret(&[7; 135]).unwrap_err(),
            SecretError::TooShort { len: 135 }
        );
        assert_eq!(
            XxHash128::with_secret(&[]).unwrap_err(),
            SecretError::TooShort { len: 0 }
        );
        assert!(XxHash3::with_secret(&[7; 136]).is_ok());
    }

    #[test]
    fn a_hasher_chooses_its_backend_when_a_stripe_needs_it() {
        let mut hasher = XxHash3::new();
        hasher.append(&[1; 240]);
        let short = hasher.current_hash();
        assert!(
            hasher.0.state.platform.is_none(),
            "240 bytes chose a backend"
        );
        hasher.append(&[1; 60]);
        assert!(
            hasher.0.state.platform.is_some(),
            "300 bytes chose no backend"
        );
        assert_eq!(hasher.current_hash(), XxHash3::hash(&[1; 300]));
        assert_eq!(short, XxHash3::hash(&[1; 240]));
    }

    #[test]
    fn long_secrets_need_an_allocator() {
        let result = XxHash3::with_secret(&[7u8; 300]);
        #[cfg(feature = "alloc")]
        assert!(result.is_ok());
        #[cfg(not(feature = "alloc"))]
        assert_eq!(
            result.unwrap_err(),
            SecretError::TooLong { len: 300, max: 256 }
        );
        assert!(XxHash3::with_secret(&[7u8; 256]).is_ok());
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

/// Every XXH3 backend this CPU can run, by name, for iohash's own benches (one build times
/// them all). **Unstable**: not part of the API, it may change or go in any release.
#[doc(hidden)]
#[cfg(feature = "alloc")]
pub mod backends {
    use super::*;
    use alloc::vec::Vec;

    /// The names of the backends this CPU can run, portable first (e.g. `scalar`, `sse2`,
    /// `avx2`).
    pub fn available() -> Vec<&'static str> {
        Platform::available()
            .into_iter()
            .map(Platform::name)
            .collect()
    }

    /// One-shot XXH3-64 with a single length test before the short paths, for the bench
    /// that shows what the two tests of the one-shot path buy.
    #[inline]
    pub fn hash64_one_test(data: &[u8], seed: u64) -> u64 {
        if data.len() <= common::MIDSIZE_MAX {
            return short::hash64(data, short::default_secret(), seed);
        }
        oneshot::oneshot_long::<Bits64>(Platform::detect, data, seed)
    }

    /// One-shot XXH3-64 on the named backend; `None` if this CPU cannot run it.
    pub fn hash64(backend: &str, data: &[u8], seed: u64) -> Option<u64> {
        let platform = Platform::available()
            .into_iter()
            .find(|p| p.name() == backend)?;
        Some(oneshot::<Bits64>(|| platform, data, seed))
    }
}

#[cfg(test)]
mod backend_tests;

#[cfg(test)]
mod engine_tests {
    use super::*;
    use crate::testing::vector_input;
    use alloc::{vec, vec::Vec};

    /// Lines of the C reference's vectors at lengths that cross every path boundary.
    fn vectors() -> Vec<(usize, [u64; 4], [u128; 4])> {
        let wanted = [
            0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 255, 256, 257, 1024, 1025, 1088, 1089,
            2048,
        ];
        include_str!("../../../tests/data/xxhash_vectors.txt")
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
        // In one write, whole beside other tests' output (CI looks for it).
        let line = std::format!(
            "XXH3 backends tested: {:?}",
            platforms.iter().map(|p| p.name()).collect::<Vec<_>>()
        );
        std::eprintln!("{line}");
        for (len, xxh3, xxh128) in vectors() {
            let data = vector_input(len);
            for platform in &platforms {
                for (i, &seed) in seeds.iter().enumerate() {
                    assert_eq!(
                        oneshot::<Bits64>(|| *platform, &data, seed),
                        xxh3[i],
                        "{platform:?} {len}"
                    );
                    assert_eq!(
                        oneshot::<Bits128>(|| *platform, &data, seed),
                        xxh128[i],
                        "{platform:?} {len}"
                    );
                    // Appends of 100 bytes; and 100 bytes then the rest, whose stripes the
                    // block loop takes in where they are (keys in registers on AVX-512F from a
                    // block on) after the buffer's.
                    let head = len.min(100);
                    let appends: [Vec<&[u8]>; 2] = [
                        data.chunks(100).collect(),
                        vec![&data[..head], &data[head..]],
                    ];
                    for pieces in appends {
                        let mut state = State::new(Key::seed(seed), Some(*platform));
                        for piece in &pieces {
                            state.update(piece);
                        }
                        let splits = pieces.len();
                        assert_eq!(
                            state.digest::<Bits64>(),
                            xxh3[i],
                            "{platform:?} streaming {len} in {splits}"
                        );
                        assert_eq!(
                            state.digest::<Bits128>(),
                            xxh128[i],
                            "{platform:?} streaming {len} in {splits}"
                        );
                    }
                }
            }
        }
    }
}
