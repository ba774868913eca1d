//! The two traits every iohash hasher implements: [`DynHasher`], the object-safe `no_std` core,
//! and [`NonCryptographicHasher`], the typed one for generic code; and the macro that implements
//! both for a hasher from its few algorithm-specific functions. The core names nothing of the
//! I/O layer: `io::Write` and tokio's `AsyncWrite` are implemented there.

use core::fmt;

use crate::{SavedState, StateError};

/// The core every hasher shares: append bytes, read the hash as bytes, reset. Object-safe and
/// `no_std`, so one `&mut dyn DynHasher` or `Box<dyn DynHasher + Send>` can stand for any
/// algorithm chosen at run time, as .NET's `NonCryptographicHashAlgorithm` does.
///
/// Every hasher of this crate implements it, and so does [`AnyHasher`](crate::AnyHasher). With
/// the `std` feature every hasher and `dyn DynHasher` are [`io::Write`](std::io::Write)rs that
/// take everything they are given, and [`HasherExt`](crate::HasherExt) adds the reader
/// methods (`append_from_reader`, ...) to all of them, trait objects included.
///
/// The same bytes give the same hash however they are split across calls.
///
/// ```
/// use iohash::{DynHasher, XxHash128, XxHash3, XxHash32};
///
/// let mut hashers: Vec<Box<dyn DynHasher + Send>> =
///     vec![Box::new(XxHash3::new()), Box::new(XxHash128::new()), Box::new(XxHash32::new())];
/// for hasher in &mut hashers {
///     hasher.append(b"hello ");
///     hasher.append(b"world");
/// }
/// let mut out = [0u8; iohash::MAX_HASH_LEN];
/// let len = hashers[0].current_hash_into(&mut out);
/// assert_eq!(&out[..len], XxHash3::hash(b"hello world").to_be_bytes());
/// assert_eq!(hashers[1].hash_len(), 16);
/// assert_eq!(hashers[2].name(), "XXH32");
/// ```
///
/// # Implementing it
/// A hasher of your own implements the five methods (and, with the `alloc` feature,
/// `box_clone`, which is `Box::new(self.clone())`); it then works with [`append_file`],
/// [`HashingReader`], [`HashingWriter`] and the reader methods like the built-in ones.
///
/// [`append_file`]: crate::HasherExt::append_file
/// [`HashingReader`]: crate::HashingReader
/// [`HashingWriter`]: crate::HashingWriter
pub trait DynHasher {
    /// Appends `data` to the bytes hashed so far.
    fn append(&mut self, data: &[u8]);

    /// Forgets all appended data, going back to the seed, secret or parameters the hasher was
    /// made with.
    fn reset(&mut self);

    /// The number of bytes in the hash: 4, 8 or 16 (a CRC's width in whole bytes: 1 to 8).
    fn hash_len(&self) -> usize;

    /// Writes the hash of everything appended so far to the front of `out`, in canonical byte
    /// order (the same bytes as
    /// [`current_hash_bytes`](NonCryptographicHasher::current_hash_bytes)), and returns
    /// [`hash_len`](Self::hash_len). The state does not change.
    ///
    /// # Panics
    /// If `out` is shorter than [`hash_len`](Self::hash_len) (the message names both lengths).
    /// A buffer of [`MAX_HASH_LEN`](crate::MAX_HASH_LEN) bytes fits every algorithm.
    fn current_hash_into(&self, out: &mut [u8]) -> usize;

    /// The algorithm and parameter set as `--tag` lines name it: `"XXH3"`, `"XXH128"`,
    /// `"XXH64"`, `"XXH32"`, `"CRC32"`, `"CRC32C"`, `"CRC64"`, `"CRC64NVME"`, `"CRC64XZ"`, and
    /// for [`Crc`](crate::Crc) its set's name (`"CRC-16/ARC"`) or `"CRC"`.
    fn name(&self) -> &'static str;

    /// A boxed copy of this hasher, state and all: what makes `Box<dyn DynHasher + Send>`
    /// [`Clone`]. For a hasher that is `Clone + Send + 'static`, `Box::new(self.clone())`.
    #[cfg(feature = "alloc")]
    fn box_clone(&self) -> alloc::boxed::Box<dyn DynHasher + Send>;
}

/// The typed layer over [`DynHasher`], for generic code: the hash as an integer
/// ([`current_hash`](Self::current_hash)) or a fixed-size array, and one-shots.
///
/// This is the model of .NET's `System.IO.Hashing.NonCryptographicHashAlgorithm` (append,
/// current hash, hash and reset, reset, one-shots) in Rust's idiom.
///
/// # Example
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash3};
///
/// let mut hasher = XxHash3::new();
/// hasher.append(b"hello ");
/// hasher.append(b"world");
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b"hello world"));
/// assert_eq!(hasher.hash_and_reset(), XxHash3::hash(b"hello world"));
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b""));
/// ```
///
/// Generic code over any hasher and any reader needs no other bound:
/// ```
/// use iohash::{prelude::*, XxHash64};
/// use std::io::Read;
///
/// # #[cfg(feature = "std")] fn main() -> std::io::Result<()> {
/// fn digest<H: NonCryptographicHasher>(hasher: &mut H, reader: &mut impl Read) -> std::io::Result<H::Output> {
///     hasher.append_from_reader(reader)?;
///     Ok(hasher.current_hash())
/// }
/// assert_eq!(digest(&mut XxHash64::new(), &mut &b"abc"[..])?, XxHash64::hash(b"abc"));
/// # Ok(())
/// # }
/// # #[cfg(not(feature = "std"))] fn main() {}
/// ```
pub trait NonCryptographicHasher: DynHasher + Clone {
    /// The hash as an integer (`u32`, `u64` or `u128`): the C reference's return value.
    type Output: Copy + Eq + fmt::Debug + fmt::LowerHex + Send + Sync;
    /// The hash as bytes in the algorithm's canonical order (see
    /// [`current_hash_bytes`](Self::current_hash_bytes)): `[u8; 4]`, `[u8; 8]` or `[u8; 16]`,
    /// or [`HashBytes`] where the length is known only at run time.
    type Bytes: AsRef<[u8]> + Copy + Eq + fmt::Debug;

    /// The hash of everything appended since the hasher was made or last reset.
    ///
    /// It does not change the state: more data can be appended afterwards.
    fn current_hash(&self) -> Self::Output;

    /// [`current_hash`](Self::current_hash) as bytes in canonical order: big-endian for the
    /// xxHash family (the order `xxhsum` prints), and what .NET's `GetCurrentHash` returns for
    /// every algorithm (so CRC-32 little-endian, CRC-64 big-endian).
    fn current_hash_bytes(&self) -> Self::Bytes;

    /// The hash of `data` in one call, with the default seed or parameters: the same as
    /// appending `data` to a new hasher, and faster. (Hashers that choose their algorithm or
    /// parameters when made, [`AnyHasher`](crate::AnyHasher) and [`Crc`](crate::Crc), have no
    /// default and so no one-shot here.)
    fn hash(data: &[u8]) -> Self::Output
    where
        Self: Default,
    {
        let mut hasher = Self::default();
        hasher.append(data);
        hasher.current_hash()
    }

    /// Returns [`current_hash`](Self::current_hash), then [`reset`](DynHasher::reset)s.
    ///
    /// ```
    /// use iohash::{DynHasher, NonCryptographicHasher, XxHash64};
    ///
    /// let mut hasher = XxHash64::with_seed(7);
    /// hasher.append(b"first record");
    /// let first = hasher.hash_and_reset();
    /// hasher.append(b"first record");
    /// assert_eq!(hasher.current_hash(), first);
    /// ```
    fn hash_and_reset(&mut self) -> Self::Output {
        let hash = self.current_hash();
        self.reset();
        hash
    }

    /// The hasher's state as bytes, to keep anywhere and [`restore_state`](Self::restore_state)
    /// later, on any machine, to go on hashing: for resumable uploads and checkpoints. The
    /// format is documented at [`SavedState`]; saving allocates nothing and leaves the hasher
    /// as it is.
    ///
    /// A hasher keyed by a custom XXH3 secret saves a fingerprint of it, never the secret;
    /// restore it with [`XxHash3::restore_state_with_secret`](crate::XxHash3::restore_state_with_secret).
    ///
    /// ```
    /// use iohash::{DynHasher, NonCryptographicHasher, XxHash64};
    ///
    /// let mut hasher = XxHash64::with_seed(5);
    /// hasher.append(b"part one, ");
    /// let saved = hasher.save_state();
    ///
    /// let mut resumed = XxHash64::restore_state(&saved).unwrap();
    /// resumed.append(b"part two");
    /// assert_eq!(resumed.current_hash(), XxHash64::hash_with_seed(b"part one, part two", 5));
    /// ```
    fn save_state(&self) -> SavedState;

    /// A hasher in the state [`save_state`](Self::save_state) saved, seed, secret and
    /// parameter set included: appending the rest gives the hash of everything.
    ///
    /// # Errors
    /// A [`StateError`] saying what is wrong with `bytes`: cut short or extended, corrupted,
    /// another algorithm's, a format version this one does not read, a field out of range, or
    /// keyed by a custom secret (which only `restore_state_with_secret` restores). No bytes,
    /// however made, panic or give a hasher that hashes inconsistently.
    fn restore_state(bytes: &[u8]) -> Result<Self, StateError>;
}

/// Copies a hash's canonical bytes to the front of `out`, as `current_hash_into` promises.
#[inline]
pub(crate) fn write_hash_into(hash: &[u8], out: &mut [u8]) -> usize {
    assert!(
        out.len() >= hash.len(),
        "current_hash_into: the output buffer holds {} bytes, the hash is {} bytes",
        out.len(),
        hash.len()
    );
    out[..hash.len()].copy_from_slice(hash);
    hash.len()
}

/// A hasher whose hash of `a ‖ b` can be made from its hashers of `a` and of `b`: the CRCs.
/// So the ranges of a file can be hashed anywhere (threads, processes, machines) and joined.
///
/// A CRC is linear: the CRC of `a ‖ b` follows from the CRCs of `a` and `b` and the length of
/// `b`. XXH3, XXH64 and XXH32 carry state from every byte to the next through multiplications
/// and rotations, so the hash of `b` alone says nothing of what `b` does after `a`: their parts
/// cannot be hashed apart and joined, and they do not implement this trait. (For those, hash
/// the parts in order, or save and restore the state between them:
/// [`save_state`](NonCryptographicHasher::save_state).) Part of the core: it needs no `std`.
///
/// Sealed: only iohash's CRCs implement it ([`Crc32`](crate::Crc32),
/// [`Crc64`](crate::Crc64), and [`Crc`](crate::Crc) of any parameters).
///
/// ```
/// use iohash::{Crc32, DynHasher, NonCryptographicHasher, SplittableHasher};
///
/// fn join<H: SplittableHasher>(mut parts: Vec<H>) -> H {
///     let mut whole = parts.remove(0);
///     for part in &parts {
///         whole.combine(part);
///     }
///     whole
/// }
/// let parts = [&b"12345"[..], b"", b"6789"].map(|part| {
///     let mut crc = Crc32::new();
///     crc.append(part);
///     crc
/// });
/// assert_eq!(join(parts.to_vec()).current_hash(), Crc32::hash(b"123456789"));
/// ```
pub trait SplittableHasher: DynHasher + Clone + sealed::Sealed {
    /// Makes `self` the hasher of its bytes followed by `next`'s.
    ///
    /// # Panics
    /// If the two compute different parameter sets.
    fn combine(&mut self, next: &Self);
}

pub(crate) mod sealed {
    /// Implemented by the hashers of this crate that may be [`SplittableHasher`]s.
    ///
    /// [`SplittableHasher`]: super::SplittableHasher
    pub trait Sealed {}
}

/// A hash's bytes in canonical order, for the hashers whose hash length is known only at run
/// time ([`AnyHasher`](crate::AnyHasher), [`Crc`](crate::Crc)): 1 to
/// [`MAX_HASH_LEN`](crate::MAX_HASH_LEN) bytes, read as a slice.
///
/// ```
/// use iohash::{Algorithm, NonCryptographicHasher, XxHash64};
///
/// let hasher = Algorithm::Xxh64.hasher(0);
/// assert_eq!(&hasher.current_hash_bytes()[..], &XxHash64::new().current_hash_bytes()[..]);
/// assert_eq!(hasher.current_hash_bytes().len(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HashBytes {
    bytes: [u8; crate::MAX_HASH_LEN],
    len: u8,
}

impl HashBytes {
    /// The canonical bytes `hasher` writes.
    pub(crate) fn of(hasher: &(impl DynHasher + ?Sized)) -> HashBytes {
        let mut bytes = [0; crate::MAX_HASH_LEN];
        let len = hasher.current_hash_into(&mut bytes);
        HashBytes {
            bytes,
            len: len as u8,
        }
    }
}

impl core::ops::Deref for HashBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl AsRef<[u8]> for HashBytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl fmt::Debug for HashBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

/// Implements [`DynHasher`] and [`NonCryptographicHasher`] for a hasher, from the algorithm's
/// own functions:
///
/// ```text
/// impl_hasher! {
///     XxHash64 => u64, to_be_bytes;
///     fn append(&mut self, data: &[u8]) { ... }
///     fn reset(&mut self) { ... }
///     fn current_hash(&self) -> u64 { ... }
///     fn hash(data: &[u8]) -> u64 { ... }
/// }
/// ```
/// The name is the table's tag for the hasher's [`Kind`](crate::table::Kind), which
/// `Resumable::kind` gives.
macro_rules! impl_hasher {
    (
        $ty:ident => $output:ty, $to_bytes:ident;
        fn append(&mut $a_self:ident, $data:ident: &[u8]) $append:block
        fn reset(&mut $r_self:ident) $reset:block
        fn current_hash(&$c_self:ident) -> $c_out:ty $current:block
        fn hash($h_data:ident: &[u8]) -> $h_out:ty $hash:block
    ) => {
        impl $crate::DynHasher for $ty {
            #[inline]
            fn append(&mut $a_self, $data: &[u8]) $append

            #[inline]
            fn reset(&mut $r_self) $reset

            #[inline]
            fn hash_len(&self) -> usize {
                core::mem::size_of::<$output>()
            }

            #[inline]
            fn current_hash_into(&self, out: &mut [u8]) -> usize {
                let hash = $crate::NonCryptographicHasher::current_hash_bytes(self);
                $crate::hasher::write_hash_into(&hash, out)
            }

            #[inline]
            fn name(&self) -> &'static str {
                $crate::state::Resumable::kind(self).tag()
            }

            #[cfg(feature = "alloc")]
            fn box_clone(&self) -> alloc::boxed::Box<dyn $crate::DynHasher + Send> {
                alloc::boxed::Box::new(self.clone())
            }
        }

        impl $crate::NonCryptographicHasher for $ty {
            type Output = $output;
            type Bytes = [u8; core::mem::size_of::<$output>()];

            #[inline]
            fn current_hash(&$c_self) -> $c_out $current

            #[inline]
            fn current_hash_bytes(&self) -> Self::Bytes {
                $crate::NonCryptographicHasher::current_hash(self).$to_bytes()
            }

            #[inline]
            fn hash($h_data: &[u8]) -> $h_out $hash

            fn save_state(&self) -> $crate::SavedState {
                $crate::state::save(self)
            }

            fn restore_state(bytes: &[u8]) -> Result<Self, $crate::StateError> {
                $crate::state::restore(bytes)
            }
        }
    };
}
pub(crate) use impl_hasher;

/// A `&mut` to a hasher hashes into it: so `HashingReader::new(reader, &mut hasher)` leaves the
/// hasher with the caller.
impl<H: DynHasher + ?Sized> DynHasher for &mut H {
    #[inline]
    fn append(&mut self, data: &[u8]) {
        (**self).append(data);
    }

    fn reset(&mut self) {
        (**self).reset();
    }

    fn hash_len(&self) -> usize {
        (**self).hash_len()
    }

    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        (**self).current_hash_into(out)
    }

    fn name(&self) -> &'static str {
        (**self).name()
    }

    /// A box of a copy of the hasher this points to.
    #[cfg(feature = "alloc")]
    fn box_clone(&self) -> alloc::boxed::Box<dyn DynHasher + Send> {
        (**self).box_clone()
    }
}

/// A boxed hasher, `Box<dyn DynHasher + Send>` above all, is a hasher.
#[cfg(feature = "alloc")]
impl<H: DynHasher + ?Sized> DynHasher for alloc::boxed::Box<H> {
    #[inline]
    fn append(&mut self, data: &[u8]) {
        (**self).append(data);
    }

    fn reset(&mut self) {
        (**self).reset();
    }

    fn hash_len(&self) -> usize {
        (**self).hash_len()
    }

    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        (**self).current_hash_into(out)
    }

    fn name(&self) -> &'static str {
        (**self).name()
    }

    fn box_clone(&self) -> alloc::boxed::Box<dyn DynHasher + Send> {
        (**self).box_clone()
    }
}

/// A copy of the boxed hasher, state and all, that goes on independently.
///
/// ```
/// use iohash::{Algorithm, DynHasher};
///
/// let mut first: Box<dyn DynHasher + Send> = Box::new(Algorithm::Xxh64.hasher(0));
/// first.append(b"shared prefix, ");
/// let mut second = first.clone();
/// first.append(b"one ending");
/// second.append(b"another ending");
/// let (mut a, mut b) = ([0; 8], [0; 8]);
/// first.current_hash_into(&mut a);
/// second.current_hash_into(&mut b);
/// assert_ne!(a, b);
/// ```
#[cfg(feature = "alloc")]
impl Clone for alloc::boxed::Box<dyn DynHasher + Send> {
    fn clone(&self) -> Self {
        (**self).box_clone()
    }
}

impl fmt::Debug for dyn DynHasher + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynHasher")
            .field("name", &self.name())
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for dyn DynHasher + Send + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynHasher")
            .field("name", &self.name())
            .finish_non_exhaustive()
    }
}
