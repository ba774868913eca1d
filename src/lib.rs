//! Streaming non-cryptographic hashing: XXH3-64, XXH3-128, XXH64, XXH32, CRC-32 and CRC-64 behind
//! one API, for slices, readers and files.
//!
//! Every hasher implements [`NonCryptographicHasher`] (append, current hash, hash and reset,
//! reset: the model of .NET's `System.IO.Hashing`) and [`std::io::Write`], so anything that can
//! be copied can be hashed. The same bytes give the same hash however they are split, and the
//! hashes are those of the C reference (`xxhsum`, libxxhash).
//!
//! | type | algorithm | output | `xxhsum` flag |
//! |---|---|---|---|
//! | [`XxHash3`] | XXH3-64 | `u64` | `-H3` |
//! | [`XxHash128`] | XXH3-128 | `u128` | `-H2` |
//! | [`XxHash64`] | XXH64 | `u64` | `-H1` (its default) |
//! | [`XxHash32`] | XXH32 | `u32` | `-H0` |
//! | [`Crc32`] | CRC-32/ISO-HDLC, CRC-32/ISCSI (CRC-32C) | `u32` | (`iohash -H crc32`, `-H crc32c`) |
//! | [`Crc64`] | CRC-64/ECMA-182, CRC-64/NVME, CRC-64/XZ | `u64` | (`iohash -H crc64`, ...) |
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
//! # Hash a file
//! [`append_from_reader`](NonCryptographicHasher::append_from_reader) reads
//! [`LARGE_READ_LEN`] bytes at a time, where a plain `io::copy` would read 8 KiB.
//! ```
//! use iohash::{NonCryptographicHasher, XxHash3};
//!
//! # fn main() -> std::io::Result<()> {
//! # let dir = tempfile::tempdir()?;
//! # let path = dir.path().join("big.bin");
//! # std::fs::write(&path, vec![7u8; 1 << 20])?;
//! let mut hasher = XxHash3::new();
//! hasher.append_from_reader(&mut std::fs::File::open(&path)?)?;
//! println!("XXH3 ({}) = {:016x}", path.display(), hasher.current_hash());
//! # assert_eq!(hasher.current_hash(), XxHash3::hash(&vec![7u8; 1 << 20]));
//! # Ok(())
//! # }
//! ```
//!
//! # Hash a `Cursor` (or any `BufRead`) without copying
//! ```
//! use iohash::{NonCryptographicHasher, XxHash64};
//! use std::io::Cursor;
//!
//! # fn main() -> std::io::Result<()> {
//! let mut cursor = Cursor::new(vec![1u8; 100_000]);
//! let mut hasher = XxHash64::new();
//! assert_eq!(hasher.append_from_buf_reader(&mut cursor)?, 100_000);
//! assert_eq!(hasher.current_hash(), XxHash64::hash(&[1u8; 100_000]));
//! # Ok(())
//! # }
//! ```
//!
//! # Key a `HashMap`
//! ```
//! use iohash::XxHash3Builder;
//! use std::collections::HashMap;
//!
//! let mut counts = HashMap::with_hasher(XxHash3Builder::with_seed(0xC0FFEE));
//! *counts.entry("iohash").or_insert(0) += 1;
//! assert_eq!(counts["iohash"], 1);
//! ```
//!
//! # Byte order
//! [`current_hash`](NonCryptographicHasher::current_hash) is the integer the C reference
//! returns; [`current_hash_bytes`](NonCryptographicHasher::current_hash_bytes) is that integer
//! big-endian for the xxHash family, the order `xxhsum` prints and .NET's `GetCurrentHash`
//! returns; as in .NET, CRC-32's bytes are little-endian and CRC-64's big-endian.
//!
//! # Hash while copying, and many files at once
//! [`HashingReader`] and [`HashingWriter`] hash what passes through them; [`hash_file`] hashes
//! a path (reporting a file that changes meanwhile), [`hash_files`] many paths in parallel.
//!
//! # Cargo features
//! | feature | default | what it adds | dependencies |
//! |---|---|---|---|
//! | `cli` | yes | the `iohash` command | `clap`, `indicatif` |
//! | `bytes` | no | [`NonCryptographicHasher::append_buf`] for `bytes::Buf` chains | `bytes` |
//! | `tokio` | no | `AsyncWrite` for every hasher, [`tokio`] module: async reader paths, cancellable file hashing | `tokio`, `tokio-util` |
//!
//! Without features the library needs only `std` and `crc-fast` (for the CRCs): every xxHash is
//! iohash's own code, XXH3 with run-time SIMD dispatch. Use `default-features = false` to leave
//! the command out.

mod algorithm;
#[cfg(feature = "bytes")]
mod buf;
mod crc;
mod file;
mod hasher;
mod io;
mod scalar_lane;
pub mod sumfile;
mod tee;
#[cfg(feature = "tokio")]
pub mod tokio;
mod xxh3;
mod xxh32;
mod xxh64;

pub use algorithm::{Algorithm, AnyHasher, UnknownAlgorithm};
pub use crc::{Crc32, Crc32Variant, Crc64, Crc64Variant};
pub use file::{append_file, append_open_file, hash_file, hash_files};
pub use hasher::NonCryptographicHasher;
pub use io::LARGE_READ_LEN;
pub use tee::{HashingReader, HashingWriter};
#[doc(hidden)]
pub use xxh3::backends as __xxh3_backends;
pub use xxh3::{SecretTooShort, XxHash128, XxHash3, XxHash3Builder, XXH3_SECRET_MIN_LEN};
pub use xxh32::XxHash32;
pub use xxh64::{XxHash64, XxHash64Builder};
