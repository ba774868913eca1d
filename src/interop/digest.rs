//! RustCrypto's `digest` traits (feature `digest`), so that every hasher goes where generic code
//! takes a [`digest::Digest`] or a `Box<dyn digest::DynDigest>`.
//!
//! These are not cryptographic hashes, whatever trait they implement: anyone can make inputs
//! that collide. Use them for checksums and to find accidental corruption, never to detect
//! tampering. The output is the hash's canonical bytes, as
//! [`current_hash_bytes`](crate::NonCryptographicHasher::current_hash_bytes) gives them (the
//! xxHash family big-endian, CRC-32 little-endian, CRC-64 big-endian).
//!
//! `digest::Reset::reset` and `digest::Update::update` have the names of iohash's
//! [`reset`](crate::DynHasher::reset) and of nothing else; with both traits in scope, call
//! `DynHasher::reset(&mut h)` or `digest::Reset::reset(&mut h)`: they do the same.

use digest::consts::{U16, U4, U8};

/// The `digest` traits for a hasher whose hash is `$size` bytes.
macro_rules! impl_digest {
    ($($hasher:ty => $size:ty),+ $(,)?) => {$(
        impl digest::OutputSizeUser for $hasher {
            type OutputSize = $size;
        }

        impl digest::Update for $hasher {
            #[inline]
            fn update(&mut self, data: &[u8]) {
                crate::DynHasher::append(self, data);
            }
        }

        impl digest::FixedOutput for $hasher {
            fn finalize_into(self, out: &mut digest::Output<Self>) {
                let hash = crate::NonCryptographicHasher::current_hash_bytes(&self);
                out.copy_from_slice(hash.as_ref());
            }
        }

        impl digest::FixedOutputReset for $hasher {
            fn finalize_into_reset(&mut self, out: &mut digest::Output<Self>) {
                let hash = crate::NonCryptographicHasher::current_hash_bytes(self);
                out.copy_from_slice(hash.as_ref());
                crate::DynHasher::reset(self);
            }
        }

        impl digest::Reset for $hasher {
            fn reset(&mut self) {
                crate::DynHasher::reset(self);
            }
        }

        /// Not a cryptographic hash: the marker only lets generic `Digest` code take it.
        impl digest::HashMarker for $hasher {}
    )+};
}

impl_digest! {
    crate::XxHash3 => U8,
    crate::XxHash128 => U16,
    crate::XxHash64 => U8,
    crate::XxHash32 => U4,
}
#[cfg(feature = "std")]
impl_digest! {
    crate::Crc32 => U4,
    crate::Crc64 => U8,
}

/// An [`AnyHasher`](crate::AnyHasher)'s hash length is known only at run time, which
/// `digest`'s fixed-output traits cannot say: it takes input and resets through them.
impl digest::Update for crate::AnyHasher {
    #[inline]
    fn update(&mut self, data: &[u8]) {
        crate::DynHasher::append(self, data);
    }
}

impl digest::Reset for crate::AnyHasher {
    fn reset(&mut self) {
        crate::DynHasher::reset(self);
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use digest::{Digest, DynDigest};

    use crate::{Crc32, Crc64, XxHash128, XxHash3, XxHash32, XxHash64};

    fn generic<D: Digest>(data: &[u8]) -> Vec<u8> {
        let mut hasher = D::new();
        for part in data.chunks(7) {
            Digest::update(&mut hasher, part);
        }
        hasher.finalize().to_vec()
    }

    #[test]
    fn every_hasher_digests_its_canonical_bytes_generically_and_behind_dyn() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 31 % 251) as u8).collect();
        let expected: Vec<(Box<dyn DynDigest>, Vec<u8>)> = vec![
            (
                Box::new(XxHash3::new()),
                XxHash3::hash(&data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(XxHash128::new()),
                XxHash128::hash(&data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(XxHash64::new()),
                XxHash64::hash(&data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(XxHash32::new()),
                XxHash32::hash(&data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(Crc32::new()),
                Crc32::hash(&data).to_le_bytes().to_vec(),
            ),
            (
                Box::new(Crc64::new()),
                Crc64::hash(&data).to_be_bytes().to_vec(),
            ),
        ];
        let generics = [
            generic::<XxHash3>(&data),
            generic::<XxHash128>(&data),
            generic::<XxHash64>(&data),
            generic::<XxHash32>(&data),
            generic::<Crc32>(&data),
            generic::<Crc64>(&data),
        ];
        for ((mut dynamic, bytes), generic) in expected.into_iter().zip(generics) {
            assert_eq!(generic, bytes);
            assert_eq!(dynamic.output_size(), bytes.len());
            dynamic.update(&data);
            assert_eq!(&*dynamic.finalize_reset(), &bytes[..]);
            // Reset: the same again.
            dynamic.update(&data);
            assert_eq!(&*dynamic.finalize(), &bytes[..]);
        }
    }
}
