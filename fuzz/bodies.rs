//! The fuzz targets' bodies: each computes one thing two ways and panics if they differ.
//!
//! Shared by the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`) and the stable replay
//! (`tests/fuzz_replay.rs`), which runs them over the committed corpus and generated inputs.
//! The checksum-line parser is the command's, and so is its target's body
//! (`cli/tests/fuzz/check_parser.rs`).
#![allow(dead_code)]

use std::io::{self, BufReader, Read, Write};

use arbitrary::{Arbitrary, Unstructured};
use iohash::{
    crc_catalogue, Crc, Crc32, Crc32Variant, Crc64, Crc64Variant, CrcEngine, CrcParams, DynHasher,
    HasherExt, HashingReader, HashingWriter, NonCryptographicHasher, XxHash128, XxHash3, XxHash32,
    XxHash64,
};

/// Hands out its data in the sizes it was told, with an `Interrupted` wherever a size is 0.
struct ShortReads<'a> {
    data: &'a [u8],
    sizes: &'a [u8],
    turn: usize,
}

impl Read for ShortReads<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let size = self
            .sizes
            .get(self.turn % self.sizes.len().max(1))
            .copied()
            .unwrap_or(255);
        self.turn += 1;
        if size == 0 && self.turn < 1000 {
            return Err(io::ErrorKind::Interrupted.into());
        }
        let n = buf
            .len()
            .min(self.data.len())
            .min(usize::from(size).max(1) * 97);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Accepts at most `max` bytes a write.
struct ShortWrites {
    max: usize,
}

impl Write for ShortWrites {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len().min(self.max))
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One-shot == streaming over the splits == every reader path == the tee adapters, and the
/// same after `reset`.
fn same_every_way<H: NonCryptographicHasher>(
    make: impl Fn() -> H,
    oneshot: H::Output,
    data: &[u8],
    cuts: &[usize],
    sizes: &[u8],
) {
    let mut hasher = make();
    let mut start = 0;
    for &cut in cuts {
        hasher.append(&data[start..cut]);
        start = cut;
    }
    hasher.append(&data[start..]);
    let name = hasher.name();
    assert_eq!(hasher.current_hash(), oneshot, "{name} split {cuts:?}");

    let mut reader = ShortReads {
        data,
        sizes,
        turn: 0,
    };
    hasher.reset();
    assert_eq!(
        hasher.append_from_reader(&mut reader).unwrap(),
        data.len() as u64
    );
    assert_eq!(
        hasher.hash_and_reset(),
        oneshot,
        "{name} append_from_reader"
    );

    let capacity = 1 + usize::from(sizes.first().copied().unwrap_or(0));
    let mut reader = BufReader::with_capacity(
        capacity,
        ShortReads {
            data,
            sizes,
            turn: 0,
        },
    );
    hasher.append_from_buf_reader(&mut reader).unwrap();
    assert_eq!(
        hasher.current_hash(),
        oneshot,
        "{name} append_from_buf_reader"
    );

    let mut tee = HashingReader::new(
        ShortReads {
            data,
            sizes,
            turn: 0,
        },
        make(),
    );
    io::copy(&mut tee, &mut io::sink()).unwrap();
    assert_eq!(tee.hasher().current_hash(), oneshot, "{name} HashingReader");

    let mut tee = HashingWriter::new(ShortWrites { max: capacity }, make());
    tee.write_all(data).unwrap();
    assert_eq!(tee.hasher().current_hash(), oneshot, "{name} HashingWriter");
}

pub fn split_equivalence(input: &[u8]) {
    let mut u = Unstructured::new(input);
    let (Ok(seed), Ok(mut cuts), Ok(sizes)) = (
        u64::arbitrary(&mut u),
        Vec::<usize>::arbitrary(&mut u),
        Vec::<u8>::arbitrary(&mut u),
    ) else {
        return;
    };
    let data = u.take_rest();
    for cut in &mut cuts {
        *cut %= data.len() + 1;
    }
    cuts.sort_unstable();
    let d = data;
    same_every_way(
        || XxHash3::with_seed(seed),
        XxHash3::hash_with_seed(d, seed),
        d,
        &cuts,
        &sizes,
    );
    same_every_way(
        || XxHash128::with_seed(seed),
        XxHash128::hash_with_seed(d, seed),
        d,
        &cuts,
        &sizes,
    );
    same_every_way(
        || XxHash64::with_seed(seed),
        XxHash64::hash_with_seed(d, seed),
        d,
        &cuts,
        &sizes,
    );
    let seed32 = seed as u32;
    same_every_way(
        || XxHash32::with_seed(seed32),
        XxHash32::hash_with_seed(d, seed32),
        d,
        &cuts,
        &sizes,
    );
    for &v in Crc32Variant::ALL {
        same_every_way(|| Crc32::with_variant(v), v.checksum(d), d, &cuts, &sizes);
    }
    for &v in Crc64Variant::ALL {
        same_every_way(|| Crc64::with_variant(v), v.checksum(d), d, &cuts, &sizes);
    }
    any_crc_splits(crc_params(seed), d, &cuts);
    if d.len() >= 136 {
        let (secret, rest) = d.split_at(136 + (d.len() - 136) % 64);
        let expected = xxhash_rust::xxh3::xxh3_64_with_secret(rest, secret);
        same_every_way(
            || XxHash3::with_secret(secret).unwrap(),
            expected,
            rest,
            &[],
            &sizes,
        );
        let expected = xxhash_rust::xxh3::xxh3_128_with_secret(rest, secret);
        same_every_way(
            || XxHash128::with_secret(secret).unwrap(),
            expected,
            rest,
            &[],
            &sizes,
        );
    }
}

/// A CRC of any width (1 to 64 bits), polynomial, init, xorout and reflections, from `seed`.
fn crc_params(seed: u64) -> CrcParams {
    let width = 1 + (seed % 64) as u32;
    let mask = u64::MAX >> (64 - width);
    let mix = |k: u64| {
        seed.rotate_left(17 * k as u32)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15 | k)
    };
    CrcParams::new(
        width,
        mix(1) & mask,
        mix(2) & mask,
        seed >> 8 & 1 == 1,
        seed >> 9 & 1 == 1,
        mix(3) & mask,
    )
}

/// The CRC of `data` under `params`, a bit at a time, from the Rocksoft model.
fn crc_model(params: CrcParams, data: &[u8]) -> u64 {
    let width = params.width();
    let mask = u64::MAX >> (64 - width);
    let mut register = params.init();
    for &byte in data {
        let byte = if params.refin() {
            byte.reverse_bits()
        } else {
            byte
        };
        for bit in (0..8).rev() {
            let feedback = (register >> (width - 1) & 1) ^ u64::from(byte >> bit & 1);
            register = (register << 1) & mask;
            if feedback == 1 {
                register ^= params.poly();
            }
        }
    }
    if params.refout() {
        register = register.reverse_bits() >> (64 - width);
    }
    register ^ params.xorout()
}

/// A CRC of `params` appended in the pieces `cuts` make, combined from two parts, and one-shot
/// all equal the bitwise model's.
fn any_crc_splits(params: CrcParams, data: &[u8], cuts: &[usize]) {
    let expected = crc_model(params, data);
    let engine = CrcEngine::new(params);
    assert_eq!(engine.checksum(data), expected, "{params:?}");
    let mut crc = Crc::with_params(params);
    let mut start = 0;
    for &cut in cuts {
        crc.append(&data[start..cut]);
        start = cut;
    }
    crc.append(&data[start..]);
    assert_eq!(crc.current_hash(), expected, "{params:?} {cuts:?}");
    let cut = cuts.first().copied().unwrap_or(0);
    let (a, b) = data.split_at(cut);
    let joined = engine.combine(engine.checksum(a), engine.checksum(b), b.len() as u64);
    assert_eq!(joined, expected, "{params:?} combined at {cut}");
}

/// A catalogue set and the `crc` crate's CRC of it.
type Reference = (CrcParams, Box<dyn Fn(&[u8]) -> u64 + Send + Sync>);

/// The `crc` crate's CRC of every catalogue set, made once.
fn catalogue_references() -> &'static [Reference] {
    static REFERENCES: std::sync::OnceLock<Vec<Reference>> = std::sync::OnceLock::new();
    REFERENCES.get_or_init(|| {
        macro_rules! case {
            ($name:ident, $ty:ty, $check:expr) => {{
                let reference = crc::Crc::<$ty>::new(&crc::$name);
                let reference: Reference = (
                    crc_catalogue::$name,
                    Box::new(move |data| u64::from(reference.checksum(data))),
                );
                reference
            }};
        }
        include!("../tests/data/crc_catalogue_cases.rs").into()
    })
}

pub fn reference(input: &[u8]) {
    let mut u = Unstructured::new(input);
    let Ok(seed) = u64::arbitrary(&mut u) else {
        return;
    };
    let d = u.take_rest();
    let xxh3 = XxHash3::hash_with_seed(d, seed);
    assert_eq!(xxh3, xxhash_rust::xxh3::xxh3_64_with_seed(d, seed));
    assert_eq!(xxh3, twox_hash::XxHash3_64::oneshot_with_seed(seed, d));
    let xxh128 = XxHash128::hash_with_seed(d, seed);
    assert_eq!(xxh128, xxhash_rust::xxh3::xxh3_128_with_seed(d, seed));
    assert_eq!(xxh128, twox_hash::XxHash3_128::oneshot_with_seed(seed, d));
    let xxh64 = XxHash64::hash_with_seed(d, seed);
    assert_eq!(xxh64, xxhash_rust::xxh64::xxh64(d, seed));
    assert_eq!(xxh64, twox_hash::XxHash64::oneshot(seed, d));
    let xxh32 = XxHash32::hash_with_seed(d, seed as u32);
    assert_eq!(xxh32, xxhash_rust::xxh32::xxh32(d, seed as u32));
    assert_eq!(xxh32, twox_hash::XxHash32::oneshot(seed as u32, d));
    if d.len() >= 136 {
        let (secret, rest) = d.split_at(136 + (seed % 64) as usize % (d.len() - 135));
        let mut h = XxHash3::with_secret(secret).unwrap();
        h.append(rest);
        assert_eq!(
            Ok(h.current_hash()),
            twox_hash::XxHash3_64::oneshot_with_secret(secret, rest).map_err(drop)
        );
        let mut h = XxHash128::with_secret(secret).unwrap();
        h.append(rest);
        assert_eq!(
            Ok(h.current_hash()),
            twox_hash::XxHash3_128::oneshot_with_secret(secret, rest).map_err(drop)
        );
    }
    assert_eq!(
        Crc32::hash(d),
        crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC).checksum(d)
    );
    assert_eq!(
        Crc32Variant::Iscsi.checksum(d),
        crc::Crc::<u32>::new(&crc::CRC_32_ISCSI).checksum(d)
    );
    assert_eq!(
        Crc64::hash(d),
        crc::Crc::<u64>::new(&crc::CRC_64_ECMA_182).checksum(d)
    );
    assert_eq!(
        Crc64Variant::Nvme.checksum(d),
        crc::Crc::<u64>::new(&crc::CRC_64_NVME).checksum(d)
    );
    assert_eq!(
        Crc64Variant::Xz.checksum(d),
        crc::Crc::<u64>::new(&crc::CRC_64_XZ).checksum(d)
    );
    let references = catalogue_references();
    let (params, reference) = &references[(seed % references.len() as u64) as usize];
    assert_eq!(
        CrcEngine::new(*params).checksum(d),
        reference(d),
        "{params:?}"
    );
}

/// Saves `make()` at every cut of `data`, restores it with `restore` and goes on: the hash of
/// everything must be the one-shot's.
fn resumes<H: NonCryptographicHasher>(
    make: impl Fn() -> H,
    restore: impl Fn(&[u8]) -> Result<H, iohash::StateError>,
    oneshot: H::Output,
    data: &[u8],
    cuts: &[usize],
) {
    let mut hasher = make();
    let mut start = 0;
    for &cut in cuts.iter().chain([&data.len()]) {
        hasher.append(&data[start..cut]);
        start = cut;
        let saved = hasher.save_state();
        hasher = restore(&saved).unwrap_or_else(|e| panic!("{} at {cut}: {e}", hasher.name()));
        assert_eq!(hasher.save_state(), saved, "{} at {cut}", hasher.name());
    }
    assert_eq!(
        hasher.current_hash(),
        oneshot,
        "{} cuts {cuts:?}",
        hasher.name()
    );
}

/// A restored hasher, however made, hashes consistently: saved again it restores to itself,
/// and two ways of appending the same bytes agree.
fn consistent<H: NonCryptographicHasher>(
    restored: Result<H, iohash::StateError>,
    restore: impl Fn(&[u8]) -> Result<H, iohash::StateError>,
    data: &[u8],
) {
    let Ok(mut hasher) = restored else {
        return;
    };
    let saved = hasher.save_state();
    let mut again = restore(&saved).expect("a restored hasher's own state restores");
    assert_eq!(again.save_state(), saved);
    hasher.append(data);
    let (a, b) = data.split_at(data.len() / 2);
    again.append(a);
    again.append(b);
    assert_eq!(hasher.current_hash(), again.current_hash());
}

/// Every hasher saved and restored at arbitrary points hashes as if it never stopped; and
/// arbitrary bytes, raw or sealed as a well-formed state of any algorithm (so the fields
/// themselves are fuzzed), restore to an error or to a hasher that hashes consistently.
pub fn resume(input: &[u8]) {
    let mut u = Unstructured::new(input);
    let (Ok(seed), Ok(kind), Ok(mut cuts)) = (
        u64::arbitrary(&mut u),
        u8::arbitrary(&mut u),
        Vec::<usize>::arbitrary(&mut u),
    ) else {
        return;
    };
    let data = u.take_rest();
    for cut in &mut cuts {
        *cut %= data.len() + 1;
    }
    cuts.sort_unstable();
    let d = data;
    resumes(
        || XxHash3::with_seed(seed),
        XxHash3::restore_state,
        XxHash3::hash_with_seed(d, seed),
        d,
        &cuts,
    );
    resumes(
        || XxHash128::with_seed(seed),
        XxHash128::restore_state,
        XxHash128::hash_with_seed(d, seed),
        d,
        &cuts,
    );
    resumes(
        || XxHash64::with_seed(seed),
        XxHash64::restore_state,
        XxHash64::hash_with_seed(d, seed),
        d,
        &cuts,
    );
    let seed32 = seed as u32;
    resumes(
        || XxHash32::with_seed(seed32),
        XxHash32::restore_state,
        XxHash32::hash_with_seed(d, seed32),
        d,
        &cuts,
    );
    for &v in Crc32Variant::ALL {
        resumes(
            || Crc32::with_variant(v),
            Crc32::restore_state,
            v.checksum(d),
            d,
            &cuts,
        );
    }
    for &v in Crc64Variant::ALL {
        resumes(
            || Crc64::with_variant(v),
            Crc64::restore_state,
            v.checksum(d),
            d,
            &cuts,
        );
    }
    let params = crc_params(seed);
    let mut crc = Crc::with_params(params);
    let mut start = 0;
    for &cut in cuts.iter().chain([&d.len()]) {
        crc.append(&d[start..cut]);
        start = cut;
        let saved = crc.save_state();
        crc = Crc::restore_state(&saved).unwrap_or_else(|e| panic!("{params:?} at {cut}: {e}"));
        assert_eq!(crc.save_state(), saved, "{params:?} at {cut}");
    }
    assert_eq!(
        crc.current_hash(),
        crc_model(params, d),
        "{params:?} {cuts:?}"
    );
    if d.len() >= 136 {
        let (secret, rest) = d.split_at(136 + (d.len() - 136) % 200);
        let mut cuts: Vec<usize> = cuts.iter().map(|c| c % (rest.len() + 1)).collect();
        cuts.sort_unstable();
        resumes(
            || XxHash3::with_secret(secret).unwrap(),
            |s| XxHash3::restore_state_with_secret(s, secret),
            xxhash_rust::xxh3::xxh3_64_with_secret(rest, secret),
            rest,
            &cuts,
        );
        resumes(
            || XxHash128::with_secret(secret).unwrap(),
            |s| XxHash128::restore_state_with_secret(s, secret),
            xxhash_rust::xxh3::xxh3_128_with_secret(rest, secret),
            rest,
            &cuts,
        );
    }

    // Arbitrary bytes: as they are, and sealed as a state of algorithm `kind % 11` in format
    // version 2, or 1 (whose XXH3 bodies are 4 bytes shorter) for kinds from 128.
    let version = if kind < 128 { 2 } else { 1 };
    let xxh3 = if version == 2 { 359 } else { 355 };
    let body_len = [0, 45, 81, xxh3, xxh3, 16, 16, 16, 16, 16, 42][usize::from(kind % 11)];
    let mut sealed = b"IOHS".to_vec();
    sealed.push(version);
    sealed.push(kind % 11);
    sealed.extend_from_slice(&(body_len as u16).to_le_bytes());
    sealed.extend((0..body_len).map(|i| d.get(i).copied().unwrap_or(0)));
    let checksum = Crc32Variant::Iscsi.checksum(&sealed);
    sealed.extend_from_slice(&checksum.to_le_bytes());
    for bytes in [d, &sealed[..]] {
        consistent(XxHash3::restore_state(bytes), XxHash3::restore_state, d);
        consistent(XxHash128::restore_state(bytes), XxHash128::restore_state, d);
        consistent(XxHash64::restore_state(bytes), XxHash64::restore_state, d);
        consistent(XxHash32::restore_state(bytes), XxHash32::restore_state, d);
        consistent(Crc32::restore_state(bytes), Crc32::restore_state, d);
        consistent(Crc64::restore_state(bytes), Crc64::restore_state, d);
        if let Ok(mut crc) = Crc::restore_state(bytes) {
            let saved = crc.save_state();
            let mut again = Crc::restore_state(&saved).expect("a restored CRC's state restores");
            assert_eq!(again.save_state(), saved);
            crc.append(d);
            let (a, b) = d.split_at(d.len() / 2);
            again.append(a);
            again.append(b);
            assert_eq!(crc.current_hash(), again.current_hash());
        }
        let secret = &d[..d.len().min(200)];
        consistent(
            XxHash3::restore_state_with_secret(bytes, secret),
            |s| XxHash3::restore_state_with_secret(s, secret),
            d,
        );
        if let Ok(mut any) = iohash::AnyHasher::restore_state(bytes) {
            let saved = any.save_state();
            assert_eq!(
                iohash::AnyHasher::restore_state(&saved)
                    .unwrap()
                    .save_state(),
                saved
            );
            any.append(d);
            let _ = any.current_hash();
        }
    }
}
