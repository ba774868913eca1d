//! The checksums cloud storage shows, for checking a local file against them: S3's composite
//! checksum of a multipart upload ([`S3Composite`]); the other forms are a CRC's bytes in
//! base64 ([`base64`]):
//!
//! | cloud | where | what | iohash |
//! |---|---|---|---|
//! | Amazon S3 | `ChecksumCRC32`, `ChecksumCRC32C` of a single-part upload, or of a multipart upload of type `FULL_OBJECT` | the CRC's big-endian bytes in base64 | [`Crc32`] and [`base64`] |
//! | Amazon S3 | `ChecksumCRC32`, `ChecksumCRC32C` of a multipart upload of type `COMPOSITE` (the default) | the CRC of the parts' CRCs, in base64, `-` and the number of parts | [`S3Composite`] |
//! | Amazon S3 | `ChecksumCRC64NVME` (always `FULL_OBJECT`) | CRC-64/NVME's big-endian bytes in base64 | [`Crc64`] of [`Crc64Variant::Nvme`] and [`base64`] |
//! | Azure Storage | `x-ms-content-crc64` | CRC-64/NVME's **little-endian** bytes in base64 | [`Crc64`] of [`Crc64Variant::Nvme`] and [`base64`] |
//! | Google Cloud Storage | `crc32c` (`x-goog-hash: crc32c=...`) | CRC-32C's big-endian bytes in base64 | [`Crc32`] of [`Crc32Variant::Iscsi`] and [`base64`] |
//! | OneDrive, SharePoint | Microsoft Graph's `file.hashes.quickXorHash` | QuickXorHash's 20 bytes in base64 | [`QuickXorHash`](crate::QuickXorHash) and [`base64`] |
//!
//! Azure's CRC64 is CRC-64/NVME: the Azure SDK's own implementation (the
//! `azure-storage-extensions` package, which `azure-storage-blob` calls) gives CRC-64/NVME's
//! check value for `"123456789"` and equals it on random inputs (`tests/cloud.rs`), and the SDK
//! sends it as `crc.to_bytes(8, "little")` in base64.

use core::num::NonZeroU64;

use crate::{Crc32, Crc32Variant, DynHasher, NonCryptographicHasher};
#[cfg(doc)]
use crate::{Crc64, Crc64Variant};

/// `bytes` in standard base64 (RFC 4648, with `=` padding): how S3 shows `ChecksumCRC32`,
/// `ChecksumCRC32C` and `ChecksumCRC64NVME`, Azure its `x-ms-content-crc64` and GCS its
/// CRC-32C, for a hash's bytes.
///
/// ```
/// use iohash::{cloud::base64, Crc32Variant};
///
/// // S3's ChecksumCRC32C of "123456789": the CRC's big-endian bytes.
/// let crc = Crc32Variant::Iscsi.checksum(b"123456789");
/// assert_eq!(base64(&crc.to_be_bytes()), "4waSgw==");
/// ```
#[cfg(feature = "alloc")]
pub fn base64(bytes: &[u8]) -> alloc::string::String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = alloc::string::String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(DIGITS[(n >> (18 - 6 * i)) as usize & 63])
            } else {
                '='
            });
        }
    }
    out
}

/// S3's composite checksum of a multipart upload (checksum type `COMPOSITE`, the default for
/// CRC-32 and CRC-32C): the CRC of the concatenated big-endian CRCs of the parts, which S3
/// shows in base64 followed by `-` and the number of parts, as in `"ROC8NA==-2"`
/// ([`to_s3_string`](Self::to_s3_string)). Parts are `part_size` bytes, the last one what is
/// left; an upload of one part (of any length, even 0 bytes) is `-1`.
///
/// A [`DynHasher`]: append the file (any way: `HasherExt::append_file`, a reader, chunks
/// split anywhere). Its hash is the composite CRC so far, as if the upload ended there.
///
/// ```
/// use core::num::NonZeroU64;
/// use iohash::cloud::S3Composite;
/// use iohash::{Crc32Variant, DynHasher};
///
/// let crc32c = Crc32Variant::Iscsi;
/// let mut s3 = S3Composite::new(crc32c, NonZeroU64::new(5).unwrap());
/// s3.append(b"12345678");
/// s3.append(b"9");
/// assert_eq!(s3.parts(), 2);
/// // The CRC-32C of the two parts' CRC-32Cs, big-endian.
/// let parts = [crc32c.checksum(b"12345"), crc32c.checksum(b"6789")];
/// let expected = crc32c.checksum(&[parts[0].to_be_bytes(), parts[1].to_be_bytes()].concat());
/// assert_eq!(s3.checksum(), expected);
/// # #[cfg(feature = "alloc")]
/// assert!(s3.to_s3_string().ends_with("-2"));
/// ```
#[derive(Clone, Debug)]
pub struct S3Composite {
    /// The part being hashed.
    part: Crc32,
    /// The CRC of the finished parts' CRCs.
    composite: Crc32,
    part_size: u64,
    /// Bytes of the current part so far.
    in_part: u64,
    /// Parts finished.
    finished: u64,
}

impl S3Composite {
    /// The composite checksum of CRC-32 (`variant` [`Crc32Variant::IsoHdlc`], S3's `CRC32`) or
    /// CRC-32C ([`Crc32Variant::Iscsi`], S3's `CRC32C`) for parts of `part_size` bytes.
    pub fn new(variant: Crc32Variant, part_size: NonZeroU64) -> S3Composite {
        S3Composite {
            part: Crc32::with_variant(variant),
            composite: Crc32::with_variant(variant),
            part_size: part_size.get(),
            in_part: 0,
            finished: 0,
        }
    }

    /// The number of parts so far: at least 1 (an upload has a part, if an empty one).
    pub fn parts(&self) -> u64 {
        if self.in_part > 0 || self.finished == 0 {
            self.finished + 1
        } else {
            self.finished
        }
    }

    /// The composite CRC so far, as if the upload ended here.
    pub fn checksum(&self) -> u32 {
        if self.in_part == 0 && self.finished > 0 {
            return self.composite.current_hash();
        }
        let mut composite = self.composite.clone();
        composite.append(&self.part.current_hash().to_be_bytes());
        composite.current_hash()
    }

    /// Whether S3 takes an upload cut into these parts: at most 10,000 of them, each of 5 MiB
    /// to 5 GiB but the last, which may be shorter. A composite of parts S3 refuses is no
    /// checksum any upload shows.
    ///
    /// ```
    /// use core::num::NonZeroU64;
    /// use iohash::cloud::S3Composite;
    /// use iohash::{Crc32Variant, DynHasher};
    ///
    /// let mut s3 = S3Composite::new(Crc32Variant::Iscsi, NonZeroU64::new(1024).unwrap());
    /// s3.append(&[0; 1000]);
    /// assert!(s3.is_uploadable()); // one part, of any length up to 5 GiB
    /// s3.append(&[0; 1000]);
    /// assert!(!s3.is_uploadable()); // two parts, the first under 5 MiB
    /// ```
    pub fn is_uploadable(&self) -> bool {
        const MIN_PART: u64 = 5 << 20;
        const MAX_PART: u64 = 5 << 30;
        const MAX_PARTS: u64 = 10_000;
        let longest = if self.finished > 0 {
            self.part_size
        } else {
            self.in_part
        };
        let parts = self.parts();
        parts <= MAX_PARTS && longest <= MAX_PART && (parts == 1 || self.part_size >= MIN_PART)
    }

    /// What S3 shows: the [`checksum`](Self::checksum)'s big-endian bytes in base64, `-` and
    /// the number of [`parts`](Self::parts).
    #[cfg(feature = "alloc")]
    pub fn to_s3_string(&self) -> alloc::string::String {
        let checksum = base64(&self.checksum().to_be_bytes());
        alloc::format!("{checksum}-{}", self.parts())
    }
}

impl DynHasher for S3Composite {
    fn append(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            let room = self.part_size - self.in_part;
            let take = data.len().min(usize::try_from(room).unwrap_or(usize::MAX));
            let (now, rest) = data.split_at(take);
            self.part.append(now);
            self.in_part += take as u64;
            data = rest;
            if self.in_part == self.part_size {
                let crc = self.part.hash_and_reset();
                self.composite.append(&crc.to_be_bytes());
                self.in_part = 0;
                self.finished += 1;
            }
        }
    }

    fn reset(&mut self) {
        self.part.reset();
        self.composite.reset();
        self.in_part = 0;
        self.finished = 0;
    }

    fn hash_len(&self) -> usize {
        4
    }

    /// The [`checksum`](Self::checksum)'s big-endian bytes (S3's order, not [`Crc32`]'s).
    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        crate::hasher::write_hash_into(&self.checksum().to_be_bytes(), out)
    }

    /// The CRC's tag, `"CRC32"` or `"CRC32C"`.
    fn name(&self) -> &'static str {
        self.part.name()
    }

    #[cfg(feature = "alloc")]
    fn box_clone(&self) -> alloc::boxed::Box<dyn DynHasher + Send> {
        alloc::boxed::Box::new(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn composite(variant: Crc32Variant, data: &[u8], part_size: usize) -> (u32, u64) {
        let parts: alloc::vec::Vec<u8> = if data.is_empty() {
            variant.checksum(b"").to_be_bytes().to_vec()
        } else {
            data.chunks(part_size)
                .flat_map(|part| variant.checksum(part).to_be_bytes())
                .collect()
        };
        (variant.checksum(&parts), (parts.len() / 4) as u64)
    }

    #[test]
    fn parts_are_cut_at_the_part_size_however_the_data_comes() {
        let data = crate::testing::Rng(31).bytes(1000);
        let mut rng = crate::testing::Rng(32);
        for &variant in Crc32Variant::ALL {
            for part_size in [1, 7, 64, 333, 999, 1000, 1001, 5000] {
                for len in [0, 1, 6, 7, 8, 500, 999, 1000] {
                    let data = &data[..len];
                    let cuts = crate::testing::random_splits(&mut rng, len);
                    let mut s3 = S3Composite::new(variant, NonZeroU64::new(part_size).unwrap());
                    for piece in crate::testing::pieces(data, &cuts) {
                        s3.append(piece);
                    }
                    let expected = composite(variant, data, part_size as usize);
                    assert_eq!((s3.checksum(), s3.parts()), expected, "{part_size} {len}");
                    let mut bytes = [0; 4];
                    s3.current_hash_into(&mut bytes);
                    assert_eq!(u32::from_be_bytes(bytes), expected.0);
                    s3.reset();
                    assert_eq!(s3.parts(), 1);
                }
            }
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn the_text_is_base64_then_the_number_of_parts() {
        let mut s3 = S3Composite::new(Crc32Variant::Iscsi, NonZeroU64::new(4).unwrap());
        s3.append(b"123456789");
        let text = s3.to_s3_string();
        let (checksum, parts) = text.split_once('-').unwrap();
        assert_eq!(parts, "3");
        assert_eq!(checksum, base64(&s3.checksum().to_be_bytes()));
    }

    #[test]
    fn uploads_are_uploadable_within_s3s_limits_only() {
        let upload = |part_size: u64, finished: u64, in_part: u64| S3Composite {
            part_size,
            in_part,
            finished,
            ..S3Composite::new(Crc32Variant::Iscsi, NonZeroU64::MIN)
        };
        let (mib, gib) = (1 << 20, 1 << 30);
        for (s3, uploadable) in [
            (upload(mib, 0, mib - 1), true),
            (upload(mib, 1, 0), true),
            (upload(mib, 1, 1), false),
            (upload(5 * mib - 1, 1, 1), false),
            (upload(5 * mib, 1, 1), true),
            (upload(5 * mib, 10_000, 0), true),
            (upload(5 * mib, 9_999, 1), true),
            (upload(5 * mib, 10_000, 1), false),
            (upload(6 * gib, 0, 5 * gib), true),
            (upload(6 * gib, 0, 5 * gib + 1), false),
            (upload(5 * gib, 2, 0), true),
            (upload(5 * gib + 1, 2, 0), false),
        ] {
            assert_eq!(s3.is_uploadable(), uploadable, "{s3:?}");
        }
    }

    #[cfg(feature = "alloc")]
    #[test]
    fn base64_is_rfc_4648_with_padding() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(input.as_bytes()), expected);
        }
        assert_eq!(base64(&[0xFB, 0xFF]), "+/8=");
    }
}
