//! CRCs of any parameters ([`Crc`], [`CrcEngine`]): every set of the CRC catalogue against the
//! `crc` crate and the catalogue's check value (the list is written by
//! `tests/data/gen_crc_catalogue.py`), and random sets of every width against a bit-at-a-time
//! model written here; split points, `combine`, saved states and names.
#![cfg(feature = "std")]

mod common;

use common::{append_in_pieces, hash_ranges_on_threads, random_splits, Rng};
use iohash::{
    crc_catalogue, Algorithm, AnyHasher, Crc, Crc32Variant, Crc64Variant, CrcEngine, CrcParams,
    DynHasher, NonCryptographicHasher,
};

/// A CRC of its input.
type Checksum = Box<dyn Fn(&[u8]) -> u64>;

/// A catalogue set: ours, the `crc` crate's CRC of the same set, and the catalogue's check.
struct Case {
    params: CrcParams,
    reference: Checksum,
    check: u64,
}

fn catalogue() -> Vec<Case> {
    macro_rules! case {
        ($name:ident, $ty:ty, $check:expr) => {{
            let reference = crc::Crc::<$ty>::new(&crc::$name);
            Case {
                params: crc_catalogue::$name,
                reference: Box::new(move |data| u64::from(reference.checksum(data))),
                check: $check,
            }
        }};
    }
    include!("data/crc_catalogue_cases.rs").into()
}

/// The CRC of `data` under `params`, a bit at a time, straight from the Rocksoft model.
fn model(params: CrcParams, data: &[u8]) -> u64 {
    let width = params.width();
    let mask = u64::MAX >> (64 - width);
    let mut register = params.init();
    for &byte in data {
        for i in 0..8 {
            let bit = if params.refin() {
                byte >> i & 1
            } else {
                byte >> (7 - i) & 1
            };
            let feedback = (register >> (width - 1) & 1) ^ u64::from(bit);
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

/// Lengths either side of the tables' and folds' bounds.
fn lengths() -> impl Iterator<Item = usize> {
    (0..=300).chain([511, 512, 513, 1023, 1024, 1025, 4097, 70_001])
}

#[test]
fn every_catalogue_set_gives_its_check_value_and_the_crc_crates_crcs() {
    let cases = catalogue();
    assert_eq!(cases.len(), crc_catalogue::ALL.len());
    let mut rng = Rng(21);
    let input = rng.bytes(70_001 + 16);
    for case in &cases {
        let name = case.params.name().unwrap();
        assert_eq!(case.params.check(), case.check, "{name}");
        assert_eq!(crc_catalogue::find(&name.to_lowercase()), Some(case.params));
        let engine = CrcEngine::new(case.params);
        assert_eq!(engine.checksum(b"123456789"), case.check, "{name}");
        for len in lengths() {
            let start = rng.below(16);
            let data = &input[start..start + len];
            assert_eq!(
                engine.checksum(data),
                (case.reference)(data),
                "{name} len {len}"
            );
        }
        let data = &input[..rng.below(5000)];
        let cuts = random_splits(&mut rng, data.len());
        let mut crc = Crc::with_params(case.params);
        append_in_pieces(&mut crc, data, &cuts);
        assert_eq!(
            crc.current_hash(),
            (case.reference)(data),
            "{name} {cuts:?}"
        );
        assert_eq!(crc.name(), name);
        assert_eq!(crc.hash_len(), (case.params.width() as usize).div_ceil(8));
    }
}

/// A random set of `width` bits: any polynomial, init, xorout and reflections.
fn random_params(rng: &mut Rng, width: u32) -> CrcParams {
    let mask = u64::MAX >> (64 - width);
    CrcParams::new(
        width,
        rng.next_u64() & mask,
        rng.next_u64() & mask,
        rng.next_u64() & 1 == 1,
        rng.next_u64() & 1 == 1,
        rng.next_u64() & mask,
    )
}

#[test]
fn sets_of_every_width_match_the_bitwise_model() {
    let mut rng = Rng(22);
    let input = rng.bytes(5000);
    for width in 1..=64 {
        for _ in 0..3 {
            let params = random_params(&mut rng, width);
            let engine = CrcEngine::new(params);
            for len in (0..=140).chain([255, 256, 1000, 4999]) {
                let data = &input[..len];
                assert_eq!(
                    engine.checksum(data),
                    model(params, data),
                    "{params:?} len {len}"
                );
            }
            let cuts = random_splits(&mut rng, input.len());
            let mut crc = Crc::with_params(params);
            append_in_pieces(&mut crc, &input, &cuts);
            assert_eq!(crc.current_hash(), model(params, &input), "{params:?}");
        }
    }
}

#[test]
fn combine_joins_the_crcs_of_parts_for_every_set() {
    let mut rng = Rng(23);
    let catalogue = crc_catalogue::ALL.iter().copied();
    let random = (1..=64).map(|width| random_params(&mut Rng(width.into()), width));
    for params in catalogue.chain(random.collect::<Vec<_>>()) {
        let engine = CrcEngine::new(params);
        let len = rng.below(3000);
        let data = rng.bytes(len);
        let cut = rng.below(len + 1);
        let (a, b) = data.split_at(cut);
        let expected = engine.checksum(&data);
        assert_eq!(
            engine.combine(engine.checksum(a), engine.checksum(b), b.len() as u64),
            expected,
            "{params:?} cut {cut} of {len}"
        );
        let mut first = Crc::with_params(params);
        first.append(a);
        let mut second = Crc::with_params(params);
        second.append(b);
        first.combine(&second);
        assert_eq!(first.current_hash(), expected, "{params:?}");
        first.combine(&Crc::with_params(params));
        assert_eq!(first.current_hash(), expected, "{params:?}");
    }
}

#[test]
fn a_saved_state_restores_and_resumes_for_every_set() {
    let mut rng = Rng(24);
    let data = rng.bytes(3000);
    let random = (1..=64).map(|width| random_params(&mut Rng(100 + u64::from(width)), width));
    for params in crc_catalogue::ALL.iter().copied().chain(random) {
        let cut = rng.below(data.len() + 1);
        let mut crc = Crc::with_params(params);
        crc.append(&data[..cut]);
        let saved = crc.save_state();
        let mut resumed = Crc::restore_state(&saved).unwrap();
        // A catalogue set gets its name back; another comes back as it was made, unnamed.
        assert_eq!(resumed.params(), params);
        resumed.append(&data[cut..]);
        assert_eq!(resumed.current_hash(), model(params, &data), "{params:?}");
        let mut any = AnyHasher::restore_state(&saved).unwrap();
        any.append(&data[cut..]);
        assert_eq!(any.current_hash(), u128::from(model(params, &data)));
    }
}

#[test]
fn a_state_restores_onto_a_static_engine_of_its_parameters_only() {
    static ARC: CrcEngine = CrcEngine::new(crc_catalogue::CRC_16_ARC);
    let mut crc = Crc::new(&ARC);
    crc.append(b"1234");
    let saved = crc.save_state();
    let mut resumed = Crc::restore_state_on(&ARC, &saved).unwrap();
    resumed.append(b"56789");
    assert_eq!(resumed.current_hash(), 0xBB3D);

    static MODBUS: CrcEngine = CrcEngine::new(crc_catalogue::CRC_16_MODBUS);
    let err = Crc::restore_state_on(&MODBUS, &saved).unwrap_err();
    assert!(err.to_string().contains("other parameters"), "{err}");
    // Another algorithm's state is refused by name.
    let err = Crc::restore_state(&iohash::XxHash64::new().save_state()).unwrap_err();
    assert!(err.to_string().contains("XXH64"), "{err}");
}

#[test]
fn a_register_no_set_can_hold_is_refused() {
    // CRC-16/XMODEM is forward: its register lives in the top 16 bits of the saved u64.
    let mut crc = Crc::with_params(crc_catalogue::CRC_16_XMODEM);
    crc.append(b"abc");
    let saved = crc.save_state().to_vec();
    let register_at = 8 + 1 + 8 + 8 + 1 + 8;
    let mut bad = saved.clone();
    bad[register_at] |= 1; // a bit below the register's 16
    let body_end = bad.len() - 4;
    let checksum = crc::Crc::<u32>::new(&crc::CRC_32_ISCSI).checksum(&bad[..body_end]);
    bad[body_end..].copy_from_slice(&checksum.to_le_bytes());
    let err = Crc::restore_state(&bad).unwrap_err();
    assert!(err.to_string().contains("register"), "{err}");
}

#[test]
fn the_built_in_sets_are_the_catalogues() {
    let data = Rng(25).bytes(10_000);
    for (params, built_in) in [
        (
            crc_catalogue::CRC_32_ISO_HDLC,
            u64::from(Crc32Variant::IsoHdlc.checksum(&data)),
        ),
        (
            crc_catalogue::CRC_32_ISCSI,
            u64::from(Crc32Variant::Iscsi.checksum(&data)),
        ),
        (
            crc_catalogue::CRC_64_ECMA_182,
            Crc64Variant::Ecma182.checksum(&data),
        ),
        (
            crc_catalogue::CRC_64_NVME,
            Crc64Variant::Nvme.checksum(&data),
        ),
        (crc_catalogue::CRC_64_XZ, Crc64Variant::Xz.checksum(&data)),
    ] {
        assert_eq!(
            CrcEngine::new(params).checksum(&data),
            built_in,
            "{params:?}"
        );
    }
    // Their names parse to the built-in types, which stay faster on some CPUs.
    assert_eq!(
        "crc-32/iscsi".parse(),
        Ok(Algorithm::Crc32(Crc32Variant::Iscsi))
    );
}

#[test]
fn every_catalogue_name_parses_and_hashes_through_any_hasher() {
    for &params in crc_catalogue::ALL {
        let name = params.name().unwrap();
        let algorithm: Algorithm = name.to_lowercase().parse().unwrap();
        assert_eq!(algorithm.full_name(), name);
        let mut hasher = algorithm.hasher(0);
        hasher.append(b"123456789");
        assert_eq!(hasher.current_hash(), u128::from(params.check()), "{name}");
        assert_eq!(hasher.hash_len(), algorithm.hash_len());
        if let Algorithm::Crc(parsed) = algorithm {
            assert_eq!(parsed, params);
            assert_eq!(Algorithm::from_tag(name), Some(algorithm));
            assert_eq!(hasher.algorithm(), algorithm);
        }
    }
}

#[test]
fn every_alias_parses_as_its_set_and_names_no_other() {
    let mut seen = std::collections::HashSet::new();
    for params in crc_catalogue::ALL {
        assert!(seen.insert(params.name().unwrap().to_lowercase()));
    }
    assert!(crc_catalogue::ALIASES.len() >= 70);
    for &(alias, params) in crc_catalogue::ALIASES {
        assert!(seen.insert(alias.to_lowercase()), "{alias} names two sets");
        assert_eq!(crc_catalogue::find(&alias.to_lowercase()), Some(params));
        // As the set's own name parses: a built-in set as its built-in type.
        let algorithm: Algorithm = alias.parse().unwrap();
        assert_eq!(
            algorithm,
            params.name().unwrap().parse().unwrap(),
            "{alias}"
        );
        let mut hasher = algorithm.hasher(0);
        hasher.append(b"123456789");
        assert_eq!(hasher.current_hash(), u128::from(params.check()), "{alias}");
    }
    for (alias, built_in) in [
        ("CRC-32", Algorithm::Crc32(Crc32Variant::IsoHdlc)),
        ("pkzip", Algorithm::Crc32(Crc32Variant::IsoHdlc)),
        ("crc-32c", Algorithm::Crc32(Crc32Variant::Iscsi)),
        ("CRC-64", Algorithm::Crc64(Crc64Variant::Ecma182)),
        ("CRC-64/GO-ECMA", Algorithm::Crc64(Crc64Variant::Xz)),
    ] {
        assert_eq!(alias.parse(), Ok(built_in), "{alias}");
    }
    assert_eq!(
        "x-25".parse(),
        Ok(Algorithm::Crc(crc_catalogue::CRC_16_IBM_SDLC))
    );
}

#[test]
#[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
fn a_file_of_any_crc_hashes_in_parallel_ranges() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    // Three ranges of 4 MiB and more.
    let data = Rng(26).bytes(3 * (4 << 20) + 5);
    std::fs::write(&path, &data).unwrap();
    let proto = Crc::with_params(crc_catalogue::CRC_24_OPENPGP);
    let crc = hash_ranges_on_threads(&path, 3, || proto.clone()).unwrap();
    let reference = crc::Crc::<u32>::new(&crc::CRC_24_OPENPGP);
    assert_eq!(crc.current_hash(), u64::from(reference.checksum(&data)));
}
