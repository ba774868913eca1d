//! XXH3-64 ([`XxHash3`]) and XXH3-128 ([`XxHash128`]): one streaming engine, two finishes.

use core::fmt;

use xxhash_rust::xxh3;

use crate::hasher::{impl_write_by_append, NonCryptographicHasher};

/// The shortest secret XXH3 accepts, in bytes (the C reference's `XXH3_SECRET_SIZE_MIN`).
pub const XXH3_SECRET_MIN_LEN: usize = 136;

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

/// A streaming XXH3 over a caller's secret: the 64- and 128-bit hashers of `twox-hash`, which
/// (unlike `xxhash-rust`'s) take a secret of any valid length.
///
/// They follow the C reference's `_withSecretandSeed`, which hashes inputs of up to 240 bytes with
/// the default secret; `_withSecret`, which we promise, uses the caller's secret for those too,
/// so [`Engine`] keeps short inputs itself and hashes them with [`Self::short`].
trait SecretStream: Clone {
    type Output;
    fn with_secret(secret: Box<[u8]>) -> Self;
    fn append(&mut self, data: &[u8]);
    fn finish(&self) -> Self::Output;
    fn short(input: &[u8], secret: &[u8]) -> Self::Output;
}

impl SecretStream for twox_hash::XxHash3_64 {
    type Output = u64;
    fn with_secret(secret: Box<[u8]>) -> Self {
        Self::with_seed_and_secret(0, secret).unwrap_or_else(|_| unreachable!("length checked"))
    }
    fn append(&mut self, data: &[u8]) {
        core::hash::Hasher::write(self, data);
    }
    fn finish(&self) -> u64 {
        core::hash::Hasher::finish(self)
    }
    fn short(input: &[u8], secret: &[u8]) -> u64 {
        xxh3::xxh3_64_with_secret(input, secret)
    }
}

impl SecretStream for twox_hash::XxHash3_128 {
    type Output = u128;
    fn with_secret(secret: Box<[u8]>) -> Self {
        Self::with_seed_and_secret(0, secret).unwrap_or_else(|_| unreachable!("length checked"))
    }
    fn append(&mut self, data: &[u8]) {
        self.write(data);
    }
    fn finish(&self) -> u128 {
        self.finish_128()
    }
    fn short(input: &[u8], secret: &[u8]) -> u128 {
        xxh3::xxh3_128_with_secret(input, secret)
    }
}

/// Inputs up to this length take XXH3's short paths rather than the striped loop.
const MIDSIZE_MAX: usize = 240;

/// The first [`MIDSIZE_MAX`] bytes of a stream, for [`SecretStream::short`].
#[derive(Clone)]
struct ShortInput {
    bytes: [u8; MIDSIZE_MAX],
    /// Bytes appended so far, counted up to `MIDSIZE_MAX + 1` (from there on, "long").
    len: usize,
}

impl ShortInput {
    const EMPTY: Self = Self {
        bytes: [0; MIDSIZE_MAX],
        len: 0,
    };

    #[inline]
    fn append(&mut self, data: &[u8]) {
        if self.len + data.len() <= MIDSIZE_MAX {
            self.bytes[self.len..self.len + data.len()].copy_from_slice(data);
            self.len += data.len();
        } else {
            self.len = MIDSIZE_MAX + 1;
        }
    }

    fn get(&self) -> Option<&[u8]> {
        self.bytes.get(..self.len)
    }
}

/// The XXH3 engine behind both hashers: the private seam where a faster engine plugs in.
// The seeded state is the common case and stays inline, so appending to it follows no pointer.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Engine<S> {
    /// The default secret, or the one the seed derives.
    Seeded { seed: u64, state: xxh3::Xxh3 },
    /// A caller's secret, kept to start over from on `reset`.
    Secret {
        secret: Box<[u8]>,
        state: S,
        short: Box<ShortInput>,
    },
}

impl<S: SecretStream> Engine<S> {
    fn with_seed(seed: u64) -> Self {
        let state = if seed == 0 {
            xxh3::Xxh3::new()
        } else {
            xxh3::Xxh3::with_seed(seed)
        };
        Engine::Seeded { seed, state }
    }

    fn with_secret(secret: &[u8]) -> Result<Self, SecretTooShort> {
        if secret.len() < XXH3_SECRET_MIN_LEN {
            return Err(SecretTooShort { len: secret.len() });
        }
        let secret: Box<[u8]> = secret.into();
        Ok(Engine::Secret {
            state: S::with_secret(secret.clone()),
            secret,
            short: Box::new(ShortInput::EMPTY),
        })
    }

    #[inline]
    fn append(&mut self, data: &[u8]) {
        match self {
            Engine::Seeded { state, .. } => state.update(data),
            Engine::Secret { state, short, .. } => {
                short.append(data);
                state.append(data);
            }
        }
    }

    /// The current hash; `seeded` finishes `xxhash-rust`'s state, which has one digest per width.
    #[inline]
    fn current_hash(&self, seeded: impl FnOnce(&xxh3::Xxh3) -> S::Output) -> S::Output {
        match self {
            Engine::Seeded { state, .. } => seeded(state),
            Engine::Secret {
                secret,
                state,
                short,
            } => match short.get() {
                Some(input) => S::short(input, secret),
                None => state.finish(),
            },
        }
    }

    fn reset(&mut self) {
        match self {
            Engine::Seeded { state, .. } => state.reset(),
            Engine::Secret {
                secret,
                state,
                short,
            } => {
                *state = S::with_secret(secret.clone());
                **short = ShortInput::EMPTY;
            }
        }
    }

    fn fmt_debug(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Engine::Seeded { seed, .. } => f.debug_struct(name).field("seed", seed).finish(),
            Engine::Secret { secret, .. } => f
                .debug_struct(name)
                .field("secret_len", &secret.len())
                .finish(),
        }
    }
}

macro_rules! xxh3_hasher {
    (
        $(#[$doc:meta])*
        $name:ident, $tag:literal, $output:ty, $secret_stream:ty,
        oneshot: $oneshot:path, oneshot_seeded: $oneshot_seeded:path,
        digest: |$state:ident| $digest:expr,
    ) => {
        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name {
            engine: Engine<$secret_stream>,
        }

        impl $name {
            /// A hasher with seed 0 and the default secret: the same as `xxhsum`'s.
            pub fn new() -> Self {
                Self::with_seed(0)
            }

            /// A hasher whose secret is derived from `seed`, as the C reference's `_withSeed`.
            pub fn with_seed(seed: u64) -> Self {
                Self { engine: Engine::with_seed(seed) }
            }

            /// A hasher keyed by a secret of your own, as the C reference's `_withSecret`.
            ///
            /// The secret must be at least [`XXH3_SECRET_MIN_LEN`] (136) bytes and should look
            /// random; the hasher keeps a copy, so `reset` goes back to it.
            ///
            /// # Errors
            /// [`SecretTooShort`] if `secret` is shorter than 136 bytes.
            pub fn with_secret(secret: &[u8]) -> Result<Self, SecretTooShort> {
                Ok(Self { engine: Engine::with_secret(secret)? })
            }

            /// The hash of `data` in one call, with seed 0.
            #[inline]
            pub fn hash(data: &[u8]) -> $output {
                $oneshot(data)
            }

            /// The hash of `data` in one call, with a seed.
            #[inline]
            pub fn hash_with_seed(data: &[u8], seed: u64) -> $output {
                $oneshot_seeded(data, seed)
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.engine.fmt_debug(stringify!($name), f)
            }
        }

        impl NonCryptographicHasher for $name {
            type Output = $output;
            type Bytes = [u8; core::mem::size_of::<$output>()];
            const HASH_LEN: usize = core::mem::size_of::<$output>();
            const NAME: &'static str = $tag;

            #[inline]
            fn append(&mut self, data: &[u8]) {
                self.engine.append(data);
            }

            fn current_hash(&self) -> $output {
                self.engine.current_hash(|$state| $digest)
            }

            fn current_hash_bytes(&self) -> Self::Bytes {
                self.current_hash().to_be_bytes()
            }

            fn reset(&mut self) {
                self.engine.reset();
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
    XxHash3, "XXH3", u64, twox_hash::XxHash3_64,
    oneshot: xxh3::xxh3_64, oneshot_seeded: xxh3::xxh3_64_with_seed,
    digest: |state| state.digest(),
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
    XxHash128, "XXH128", u128, twox_hash::XxHash3_128,
    oneshot: xxh3::xxh3_128, oneshot_seeded: xxh3::xxh3_128_with_seed,
    digest: |state| state.digest128(),
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
/// ```
/// use iohash::XxHash3Builder;
/// use std::collections::HashMap;
///
/// let mut map: HashMap<&str, u32, _> = HashMap::with_hasher(XxHash3Builder::with_seed(0x5eed));
/// map.insert("answer", 42);
/// assert_eq!(map["answer"], 42);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct XxHash3Builder {
    seed: u64,
}

impl XxHash3Builder {
    /// A builder for hashers with seed 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder for hashers with this seed. Pick it at random to make collisions hard to plan.
    pub fn with_seed(seed: u64) -> Self {
        Self { seed }
    }
}

impl core::hash::BuildHasher for XxHash3Builder {
    type Hasher = XxHash3;

    fn build_hasher(&self) -> XxHash3 {
        XxHash3::with_seed(self.seed)
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
