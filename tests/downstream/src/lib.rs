//! What a user of iohash writes, compiled and tested outside the crate: generic code over any
//! hasher and reader with no bound but the trait's, trait objects for every algorithm, an
//! algorithm chosen at run time behind a tee adapter, and boxed hashers that clone.

use std::io::{self, Read};

use iohash::prelude::*;

/// Generic over any hasher and any reader, with no `'static` or other extra bound.
pub fn digest<H: NonCryptographicHasher>(
    hasher: &mut H,
    reader: &mut impl Read,
) -> io::Result<H::Output> {
    hasher.append_from_reader(reader)?;
    Ok(hasher.current_hash())
}

#[cfg(test)]
mod tests {
    use super::*;
    use iohash::{Algorithm, Crc32, Crc64, HashingReader, XxHash128, XxHash3, XxHash32, XxHash64};

    fn data() -> Vec<u8> {
        (0..100_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect()
    }

    /// Each hasher boxed, with the canonical bytes of its one-shot hash of `data`.
    fn boxed_hashers(data: &[u8]) -> Vec<(Box<dyn DynHasher + Send>, Vec<u8>)> {
        vec![
            (
                Box::new(XxHash3::new()),
                XxHash3::hash(data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(XxHash128::new()),
                XxHash128::hash(data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(XxHash64::new()),
                XxHash64::hash(data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(XxHash32::new()),
                XxHash32::hash(data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(Crc32::new()),
                Crc32::hash(data).to_le_bytes().to_vec(),
            ),
            (
                Box::new(Crc64::new()),
                Crc64::hash(data).to_be_bytes().to_vec(),
            ),
            (
                Box::new(Algorithm::Xxh3.hasher(0)),
                XxHash3::hash(data).to_be_bytes().to_vec(),
            ),
        ]
    }

    #[test]
    fn generic_code_needs_no_extra_bound() {
        let data = data();
        let secret = data[..200].to_vec();
        // A hasher keyed by a secret that lives on the stack of this test.
        let mut keyed = XxHash3::with_secret(&secret).unwrap();
        let mut plain = XxHash3::with_secret(&secret).unwrap();
        plain.append(&data);
        assert_eq!(
            digest(&mut keyed, &mut &data[..]).unwrap(),
            plain.current_hash()
        );
        assert_eq!(
            digest(&mut XxHash32::new(), &mut io::Cursor::new(&data)).unwrap(),
            XxHash32::hash(&data)
        );
    }

    #[test]
    fn every_boxed_hasher_takes_append_io_copy_and_append_from_reader() {
        let data = data();
        let (a, rest) = data.split_at(10_000);
        let (b, c) = rest.split_at(40_000);
        let mut hashers = boxed_hashers(&data);
        assert_eq!(hashers.len(), 7);
        for (boxed, expected) in &mut hashers {
            boxed.append(a);
            io::copy(&mut &b[..], &mut **boxed).unwrap();
            boxed.append_from_reader(&mut io::Cursor::new(c)).unwrap();
            let mut out = [0u8; 16];
            let len = boxed.current_hash_into(&mut out);
            assert_eq!(len, boxed.hash_len());
            assert_eq!(&out[..len], &expected[..], "{}", boxed.name());
        }
    }

    #[test]
    fn a_run_time_algorithm_behind_a_hashing_reader() {
        let data = data();
        let mut reader = HashingReader::new(&data[..], Algorithm::Xxh3.hasher(0));
        let mut copy = Vec::new();
        reader.read_to_end(&mut copy).unwrap();
        assert_eq!(copy, data);
        assert_eq!(
            reader.hasher().current_hash(),
            u128::from(XxHash3::hash(&data))
        );
    }

    #[test]
    fn a_clone_of_a_boxed_hasher_goes_on_alone() {
        let data = data();
        for (mut boxed, expected) in boxed_hashers(&data) {
            boxed.append(&data[..5_000]);
            let mut copy = boxed.clone();
            copy.append(b"a different ending");
            boxed.append(&data[5_000..]);
            let (mut ours, mut theirs) = ([0u8; 16], [0u8; 16]);
            let len = boxed.current_hash_into(&mut ours);
            copy.current_hash_into(&mut theirs);
            assert_eq!(&ours[..len], &expected[..], "{}", boxed.name());
            assert_ne!(
                &theirs[..len],
                &expected[..],
                "{}: the clone shares state",
                copy.name()
            );
            copy.reset();
            copy.append(&data);
            copy.current_hash_into(&mut theirs);
            assert_eq!(&theirs[..len], &expected[..], "{}: reset", copy.name());
        }
    }

    /// What `cargo add iohash` gives: files, the reader methods, a hasher chosen at run time
    /// and resumable state, with no other feature.
    #[test]
    fn the_default_features_hash_files_and_resume() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, data()).unwrap();
        assert_eq!(
            iohash::hash_file::<XxHash3>(&path).unwrap(),
            XxHash3::hash(&data())
        );

        let mut hasher = "xxh128".parse::<Algorithm>().unwrap().hasher(0);
        hasher.append_file(&path).unwrap();
        let saved = hasher.save_state();
        let mut resumed = iohash::AnyHasher::restore_state(&saved).unwrap();
        resumed.append(b"more");
        let mut all = data();
        all.extend_from_slice(b"more");
        assert_eq!(resumed.current_hash(), XxHash128::hash(&all));
    }

    /// Generic `digest` code, over each hasher: the one-shot's canonical bytes.
    #[cfg(feature = "ecosystem")]
    fn through_digest<D: digest::Digest>(data: &[u8]) -> Vec<u8> {
        let mut hasher = D::new();
        hasher.update(data);
        hasher.finalize().to_vec()
    }

    #[test]
    #[cfg(feature = "ecosystem")]
    fn every_hasher_serves_digest_dyn_digest_and_hash_maps() {
        use std::collections::HashMap;
        use std::hash::BuildHasherDefault;

        let data = data();
        let oneshots = boxed_hashers(&data);
        let generic = [
            through_digest::<XxHash3>(&data),
            through_digest::<XxHash128>(&data),
            through_digest::<XxHash64>(&data),
            through_digest::<XxHash32>(&data),
            through_digest::<Crc32>(&data),
            through_digest::<Crc64>(&data),
        ];
        for (ours, (_, expected)) in generic.iter().zip(&oneshots) {
            assert_eq!(ours, expected);
        }
        let mut dynamic: Vec<Box<dyn digest::DynDigest>> = vec![
            Box::new(XxHash3::new()),
            Box::new(XxHash128::new()),
            Box::new(XxHash64::new()),
            Box::new(XxHash32::new()),
            Box::new(Crc32::new()),
            Box::new(Crc64::new()),
        ];
        for (hasher, (_, expected)) in dynamic.iter_mut().zip(&oneshots) {
            hasher.update(&data);
            assert_eq!(&*hasher.finalize_reset(), &expected[..]);
        }

        fn map_with<H: std::hash::Hasher + Default>() -> usize {
            let mut map: HashMap<u32, u32, BuildHasherDefault<H>> = HashMap::default();
            for i in 0..1000 {
                map.insert(i, i * 2);
            }
            (0..1000).filter(|i| map[i] == i * 2).count()
        }
        assert_eq!(map_with::<XxHash3>(), 1000);
        assert_eq!(map_with::<XxHash128>(), 1000);
        assert_eq!(map_with::<XxHash64>(), 1000);
        assert_eq!(map_with::<XxHash32>(), 1000);
        assert_eq!(map_with::<Crc32>(), 1000);
        assert_eq!(map_with::<Crc64>(), 1000);
    }

    #[test]
    #[cfg(feature = "ecosystem")]
    fn a_saved_state_goes_through_json_and_resumes() {
        let mut hasher = XxHash64::with_seed(11);
        hasher.append(b"one half, ");
        let json = serde_json::to_string(&hasher.save_state()).unwrap();
        let saved: iohash::SavedState = serde_json::from_str(&json).unwrap();
        let mut resumed = XxHash64::restore_state(&saved).unwrap();
        resumed.append(b"the other");
        assert_eq!(
            resumed.current_hash(),
            XxHash64::hash_with_seed(b"one half, the other", 11)
        );
        let algorithm: Algorithm = serde_json::from_str("\"CRC64NVME\"").unwrap();
        assert_eq!(serde_json::to_string(&algorithm).unwrap(), "\"CRC64NVME\"");
    }
}
