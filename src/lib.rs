//! Streaming non-cryptographic hashing: XXH3-64, XXH3-128, XXH64, XXH32, and CRCs of any
//! parameters (CRC-32, CRC-64 and the whole CRC catalogue) behind one API, for slices, readers
//! and files, in sync and async code, with or without `std`.
//!
//! The API follows .NET's `System.IO.Hashing` (append, current hash, hash and reset, reset,
//! one-shots, seeds) in three layers:
//!
//! - [`DynHasher`]: the object-safe, `no_std` core every hasher shares (append, reset, the hash
//!   as bytes, the algorithm's name), so `&mut dyn DynHasher` or `Box<dyn DynHasher + Send>`
//!   stands for any algorithm, and [`AnyHasher`] for one chosen at run time;
//! - [`NonCryptographicHasher`]: the typed layer for generic code (the hash as `u32`, `u64` or
//!   `u128`, one-shots);
//! - with `std`: [`io::Write`](std::io::Write) for every hasher and `dyn DynHasher`, and
//!   [`HasherExt`] (`append_from_reader`, `append_from_buf_reader`, and for files, by path or
//!   open `File`, `append_file`, `append_open_file`), one engine for every read of a file
//!   ([`FileRead`]: a range, threads, an observer; [`hash_file`]), many files in order
//!   ([`hash_files`]) and the tee adapters [`HashingReader`] and [`HashingWriter`].
//!
//! `use iohash::prelude::*` brings the traits into scope. The same bytes give the same hash
//! however they are split, and the hashes are those of the C reference (`xxhsum`, libxxhash).
//!
//! | type | algorithm | output | `xxhsum` flag |
//! |---|---|---|---|
//! | [`XxHash3`] | XXH3-64 | `u64` | `-H3` |
//! | [`XxHash128`] | XXH3-128 | `u128` | `-H2` |
//! | [`XxHash64`] | XXH64 | `u64` | `-H1` (its default) |
//! | [`XxHash32`] | XXH32 | `u32` | `-H0` |
//! | [`Crc32`] | CRC-32/ISO-HDLC, CRC-32/ISCSI (CRC-32C) | `u32` | (`iohash -H crc32`, `-H crc32c`) |
//! | [`Crc64`] | CRC-64/ECMA-182, CRC-64/NVME, CRC-64/XZ | `u64` | (`iohash -H crc64`, ...) |
//! | [`Crc`] | any CRC of 1 to 64 bits: [`CrcParams`], the catalogue's in [`crc_catalogue`] | `u64` | (`iohash -H CRC-16/ARC`, ...) |
//! | [`Adler32`] | Adler-32 (RFC 1950, zlib's) | `u32` | (`iohash -H adler32`) |
//! | [`QuickXorHash`] | QuickXorHash (OneDrive's, SharePoint's) | [`QuickXorDigest`] (20 bytes) | (`iohash -H quickxor`) |
//!
//! # Any CRC
//! ```
//! use iohash::{crc_catalogue, Crc, CrcEngine, DynHasher, NonCryptographicHasher};
//!
//! // Built when the program compiles; no allocation, no `std`.
//! static MODBUS: CrcEngine = CrcEngine::new(crc_catalogue::CRC_16_MODBUS);
//!
//! let mut crc = Crc::new(&MODBUS);
//! crc.append(b"\x01\x03\x00\x00\x00\x0a");
//! assert_eq!(crc.current_hash(), 0xCDC5);
//! assert_eq!(crc.name(), "CRC-16/MODBUS");
//! ```
//!
//! # Hash a slice
//! ```
//! use iohash::{XxHash3, XxHash128};
//!
//! assert_eq!(XxHash3::hash(b"hello"), 0x9555e8555c62dcfd);
//! assert_eq!(XxHash3::hash_with_seed(b"hello", 1), XxHash3::hash_with_seed(b"hello", 1));
//! assert_ne!(XxHash128::hash(b"hello"), 0);
//! ```
//!
//! # Hash a file, a reader, a `Cursor`
//! [`append_file`](HasherExt::append_file) reads [`LARGE_READ_LEN`] bytes at a time (a large
//! file ahead on every CPU);
//! [`append_from_reader`](HasherExt::append_from_reader) is `io::copy` into the hasher;
//! [`append_from_buf_reader`](HasherExt::append_from_buf_reader) hashes a `BufRead`'s buffer
//! in place. None keeps anything between calls.
//! ```
//! use iohash::{prelude::*, XxHash3, XxHash64};
//! use std::io::Cursor;
//!
//! # #[cfg(not(feature = "std"))] fn main() {}
//! # #[cfg(feature = "std")] fn main() -> std::io::Result<()> {
//! # let dir = tempfile::tempdir()?;
//! # let path = dir.path().join("big.bin");
//! # std::fs::write(&path, vec![7u8; 1 << 20])?;
//! let mut hasher = XxHash3::new();
//! hasher.append_file(&path)?;
//! println!("XXH3 ({}) = {:016x}", path.display(), hasher.current_hash());
//! # assert_eq!(hasher.current_hash(), XxHash3::hash(&vec![7u8; 1 << 20]));
//!
//! let mut cursor = Cursor::new(vec![1u8; 100_000]);
//! let mut hasher = XxHash64::new();
//! assert_eq!(hasher.append_from_buf_reader(&mut cursor)?, 100_000);
//! assert_eq!(hasher.current_hash(), XxHash64::hash(&[1u8; 100_000]));
//! # Ok(())
//! # }
//! ```
//!
//! # An algorithm chosen at run time, or any hasher behind `dyn`
//! ```
//! # #[cfg(not(feature = "std"))] fn main() {}
//! # #[cfg(feature = "std")] fn main() -> std::io::Result<()> {
//! use iohash::{prelude::*, Algorithm, Crc64, Crc64Variant, XxHash32};
//!
//! let mut hashers: Vec<Box<dyn DynHasher + Send>> = vec![
//!     Box::new("xxh128".parse::<Algorithm>().unwrap().hasher(0)),
//!     Box::new(XxHash32::new()),
//!     Box::new(Crc64::with_variant(Crc64Variant::Nvme)),
//! ];
//! for hasher in &mut hashers {
//!     hasher.append_from_reader(&mut &b"the same bytes"[..])?;
//!     let mut hash = [0u8; iohash::MAX_HASH_LEN];
//!     let len = hasher.current_hash_into(&mut hash);
//!     println!("{} {:02x?}", hasher.name(), &hash[..len]);
//! }
//! # Ok(())
//! # }
//! ```
//!
//! # Resume later, elsewhere; split CRCs
//! [`save_state`](NonCryptographicHasher::save_state) turns a hasher into at most
//! [`SavedState::CAPACITY`] bytes in a documented, versioned, checksummed format, and
//! [`restore_state`](NonCryptographicHasher::restore_state) (or
//! [`AnyHasher::restore_state`]) goes on from them on any machine: resumable uploads,
//! checkpoints of long jobs. A bad state is a [`StateError`], never a panic.
//!
//! CRCs also split: [`Crc32::combine`] and [`Crc64::combine`] join the CRCs of consecutive
//! parts, and [`FileRead::range`] hashes one part of a file, so parts hashed on other
//! machines join into the whole file's (the xxHash family cannot be split; see
//! [`SplittableHasher`]).
//! ```
//! use iohash::{DynHasher, NonCryptographicHasher, XxHash128};
//!
//! let mut hasher = XxHash128::with_seed(1);
//! hasher.append(b"before the restart, ");
//! let saved: Vec<u8> = hasher.save_state().to_vec();
//!
//! let mut hasher = XxHash128::restore_state(&saved).unwrap();
//! hasher.append(b"after it");
//! assert_eq!(hasher.current_hash(), XxHash128::hash_with_seed(b"before the restart, after it", 1));
//! ```
//!
//! # Key a `HashMap`
//! ```
//! use iohash::hash_map::XxHash3Builder;
//! use std::collections::HashMap;
//!
//! let mut counts = HashMap::with_hasher(XxHash3Builder::with_seed(0xC0FFEE));
//! *counts.entry("iohash").or_insert(0) += 1;
//! assert_eq!(counts["iohash"], 1);
//! ```
//!
//! # Generic code: `digest`, `Hasher`, `serde`
//! With the `digest` feature every hasher implements RustCrypto's `digest` traits, so it goes
//! where generic code takes a `D: digest::Digest` or a `Box<dyn digest::DynDigest>`; the
//! output is the canonical bytes below. **None of these hashes is cryptographic**, whatever
//! trait it implements: anyone can make inputs that collide. They find accidental corruption,
//! never tampering.
//! ```
//! # #[cfg(all(feature = "digest", feature = "std"))]
//! # fn main() -> std::io::Result<()> {
//! use digest::Digest;
//! use iohash::{Crc32, NonCryptographicHasher, XxHash3};
//! use std::io::Read;
//!
//! fn checksum_file<D: Digest>(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
//!     let mut hasher = D::new();
//!     let mut file = std::fs::File::open(path)?;
//!     let mut buf = [0; 8192];
//!     loop {
//!         match file.read(&mut buf)? {
//!             0 => return Ok(hasher.finalize().to_vec()),
//!             n => hasher.update(&buf[..n]),
//!         }
//!     }
//! }
//! # let dir = tempfile::tempdir()?;
//! # let path = dir.path().join("f");
//! std::fs::write(&path, b"contents")?;
//! assert_eq!(checksum_file::<XxHash3>(&path)?, XxHash3::hash(b"contents").to_be_bytes());
//! assert_eq!(checksum_file::<Crc32>(&path)?, Crc32::hash(b"contents").to_le_bytes());
//! # Ok(())
//! # }
//! # #[cfg(not(all(feature = "digest", feature = "std")))] fn main() {}
//! ```
//! Every hasher is also a [`core::hash::Hasher`] (a 32-bit hash widened to `u64`, XXH3-128's
//! low half), so `HashMap<K, V, BuildHasherDefault<XxHash64>>` works with each, and seeded
//! builders ([`hash_map::XxHash3Builder`], ...) make keys hard to collide on purpose. With `std`,
//! `io::Write::write` and `Hasher::write` share a name: call
//! [`append`](DynHasher::append) (or `write_all`), which says what is meant. With `serde`, a
//! [`SavedState`] serializes as its bytes (lowercase hex in JSON) and reads back checked, and
//! an [`Algorithm`] as its tag.
//!
//! # Byte order
//! [`current_hash`](NonCryptographicHasher::current_hash) is the integer the C reference
//! returns; [`current_hash_bytes`](NonCryptographicHasher::current_hash_bytes) (and
//! [`current_hash_into`](DynHasher::current_hash_into)) is that integer big-endian for the
//! xxHash family, the order `xxhsum` prints and .NET's `GetCurrentHash` returns; as in .NET,
//! CRC-32's bytes are little-endian and CRC-64's big-endian.
//!
//! # Without `std`
//! With `default-features = false` the crate is `#![no_std]` and needs no allocator: the xxHash
//! hashers, [`AnyHasher`], [`DynHasher`] and [`NonCryptographicHasher`] work, XXH3 with the
//! default secret, seeds and custom secrets of up to 256 bytes (longer ones need `alloc`).
//! XXH3's SIMD backend is then chosen at compile time from the target's features
//! (`-C target-cpu=...`), since run-time CPU detection needs `std`. So are the CRCs' folds;
//! without them the CRCs run on their tables. [`Crc`] of any parameters takes a `static`
//! [`CrcEngine`] there ([`Crc::with_params`] needs `alloc`).
//! ```
//! use iohash::{DynHasher, NonCryptographicHasher, XxHash3};
//!
//! // Nothing here needs std or an allocator.
//! fn checksum(frames: &[&[u8]]) -> u64 {
//!     let mut hasher = XxHash3::with_seed(7);
//!     for frame in frames {
//!         hasher.append(frame);
//!     }
//!     hasher.current_hash()
//! }
//! assert_eq!(checksum(&[b"ab", b"c"]), XxHash3::hash_with_seed(b"abc", 7));
//! ```
//!
//! # Cargo features
//! | feature | default | what it adds | dependencies |
//! |---|---|---|---|
//! | `std` | yes | `io::Write`, [`HasherExt`], files, tee adapters, run-time CPU detection (implies `alloc`) | |
//! | `alloc` | with `std` | `Clone` for `Box<dyn DynHasher + Send>`, XXH3 secrets over 256 bytes, [`cloud::base64`] | |
//! | `bytes` | no | [`HasherExt::append_buf`] for `bytes::Buf` chains | `bytes` |
//! | `tokio` | no | `AsyncWrite` for every hasher, [`tokio`] module: async reader paths, cancellable file hashing | `tokio`, `tokio-util` |
//! | `digest` | no | RustCrypto's `Digest`/`DynDigest` traits for every hasher (below) | `digest` |
//! | `serde` | no | [`SavedState`] as bytes (hex in JSON), [`Algorithm`] as its tag | `serde` |
//!
//! Every algorithm is iohash's own code (the CRCs: tables, PCLMULQDQ / VPCLMULQDQ folds on
//! x86-64, PMULL folds on AArch64), so the default build has no dependency. The `iohash`
//! command is a crate of its own (`iohash-cli`), so none of its dependencies comes with the
//! library.
//!
//! The sections below describe each part of the API in more depth.
//!
#![cfg_attr(feature = "std", doc = include_str!("guide.md"))]
#![cfg_attr(not(any(feature = "std", test)), no_std)]
// docs.rs (and CI's nightly `cargo doc --cfg docsrs`) label every feature-gated item with its
// feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(any(feature = "alloc", test))]
extern crate alloc;

// The core: the traits, saved states, CPU detection. Names nothing above it.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod cpu;
mod hasher;
mod secret;
mod state;
mod table;
mod value;
// The algorithms, each implementing the core traits, and the table of them.
mod algorithms;
// Other crates' traits (digest, serde), each behind its feature.
#[cfg(any(feature = "digest", feature = "serde"))]
mod interop;
// The I/O layer: io::Write, reader paths, files, ranges, tee adapters, bytes, tokio.
#[cfg(feature = "std")]
mod io;
// The checksums clouds show (S3's composite of a multipart upload, and the others' forms).
pub mod cloud;
#[cfg(test)]
mod testing;

pub use algorithms::adler32::Adler32;
pub use algorithms::crc::catalogue as crc_catalogue;
pub use algorithms::crc::{
    Crc, Crc32, Crc32Variant, Crc64, Crc64Variant, CrcEngine, CrcParams, CrcParamsError,
};
pub use algorithms::quickxor::{QuickXorDigest, QuickXorHash};
#[doc(hidden)]
#[cfg(feature = "alloc")]
pub use algorithms::xxh3::backends as __xxh3_backends;
pub use algorithms::xxh3::{XxHash128, XxHash3};
pub use algorithms::xxh32::XxHash32;
pub use algorithms::xxh64::XxHash64;
pub use algorithms::{Algorithm, AnyHasher, UnknownAlgorithm};
pub use hasher::{DynHasher, HashBytes, NonCryptographicHasher, SplittableHasher};
#[cfg(feature = "std")]
pub use io::files::{hash_files, FileJob};
#[cfg(feature = "std")]
pub use io::read::{hash_file, FileRead};
#[cfg(feature = "std")]
pub use io::snapshot::FileSnapshot;
#[cfg(feature = "std")]
pub use io::tee::{HashingReader, HashingWriter};
#[cfg(feature = "tokio")]
pub use io::tokio;
#[cfg(feature = "std")]
pub use io::{HasherExt, ReadObserver, LARGE_READ_LEN, READ_BUFFER_OFFSET};
pub use secret::{SecretError, XXH3_SECRET_MIN_LEN};
pub use state::{SavedState, StateError};
pub use value::{HashValue, MAX_HASH_LEN};

/// The README's examples, compiled and run by `cargo test --doc` with the README's own test
/// command (`--all-features`): its async example needs `tokio`.
#[cfg(all(doctest, feature = "tokio"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// Seeded [`BuildHasher`](core::hash::BuildHasher)s for `HashMap` and `HashSet` keys, one per
/// xxHash algorithm: keys hard to collide on purpose, unlike `BuildHasherDefault<XxHash64>`.
///
/// ```
/// use iohash::hash_map::XxHash3Builder;
/// use std::collections::HashMap;
///
/// let mut counts = HashMap::with_hasher(XxHash3Builder::with_seed(0xC0FFEE));
/// *counts.entry("iohash").or_insert(0) += 1;
/// assert_eq!(counts["iohash"], 1);
/// ```
pub mod hash_map {
    pub use crate::algorithms::xxh3::{XxHash128Builder, XxHash3Builder};
    pub use crate::algorithms::xxh32::XxHash32Builder;
    pub use crate::algorithms::xxh64::XxHash64Builder;
}

/// The traits in one import: `use iohash::prelude::*;` makes every hasher method callable.
///
/// ```
/// use iohash::prelude::*;
/// use iohash::XxHash3;
///
/// let mut hasher = XxHash3::new();
/// hasher.append(b"abc");
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b"abc"));
/// ```
pub mod prelude {
    #[cfg(feature = "tokio")]
    pub use crate::tokio::AsyncHasherExt;
    #[cfg(feature = "std")]
    pub use crate::HasherExt;
    pub use crate::{DynHasher, NonCryptographicHasher};
}
