use super::*;
use crate::testing::Rng;
use crate::{DynHasher, NonCryptographicHasher};

/// RFC 1950's definition, a byte at a time, reduced at every byte.
fn by_definition(data: &[u8]) -> (u32, u32) {
    data.iter().fold((1, 0), |(a, b), &byte| {
        let a = (a + u32::from(byte)) % BASE;
        (a, (b + a) % BASE)
    })
}

/// Inputs around the kernels' steps and NMAX, random and of 0xff (the sums' fastest growth),
/// from sums that start anywhere below BASE.
fn cases() -> Vec<(u32, u32, Vec<u8>)> {
    let mut rng = Rng(32);
    let mut cases = Vec::new();
    for len in [
        0, 1, 31, 32, 33, 63, 64, 65, 127, 5551, 5552, 5553, 5600, 11_104, 70_000,
    ] {
        for data in [rng.bytes(len), vec![0xFF; len]] {
            for (a, b) in [(1, 0), (BASE - 1, BASE - 1), (rng.below(65_521) as u32, 7)] {
                cases.push((a, b, data.clone()));
            }
        }
    }
    cases
}

#[test]
fn the_portable_kernel_follows_the_definition() {
    for (a, b, data) in cases() {
        let (a0, b0) = by_definition(&data);
        // From (a, b) rather than (1, 0): the sums of `data` shifted by the start.
        let n = data.len() as u64 % u64::from(BASE);
        let a_want = (u64::from(a0) + u64::from(a) + u64::from(BASE) - 1) % u64::from(BASE);
        let b_want = (u64::from(b0) + u64::from(b) + n * (u64::from(a) + u64::from(BASE) - 1))
            % u64::from(BASE);
        assert_eq!(
            portable::update(a, b, &data),
            (a_want as u32, b_want as u32),
            "{} bytes from ({a}, {b})",
            data.len()
        );
    }
}

/// A kernel: the sums after some bytes, from sums below [`BASE`].
type Kernel = fn(u32, u32, &[u8]) -> (u32, u32);

/// The vector kernels this CPU (or WebAssembly build) has, by name.
#[allow(unsafe_code)]
fn vector_kernels() -> Vec<(&'static str, Kernel)> {
    #[allow(unused_mut)]
    let mut kernels: Vec<(&'static str, Kernel)> = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        use crate::cpu::{features, AVX2, AVX512BW, AVX512F, AVX512VNNI};
        // SAFETY: every x86-64 CPU has SSE2.
        kernels.push(("sse2", |a, b, data| unsafe { x86::sse2(a, b, data) }));
        if features().has(AVX2) {
            // SAFETY: the CPU has AVX2.
            kernels.push(("avx2", |a, b, data| unsafe { x86::avx2(a, b, data) }));
        }
        if features().has(AVX512F | AVX512BW) {
            // SAFETY: the CPU has AVX-512F and AVX-512BW.
            kernels.push(("avx512bw", |a, b, data| unsafe { x86::avx512(a, b, data) }));
        }
        if features().has(AVX512F | AVX512BW | AVX512VNNI) {
            // SAFETY: the CPU has AVX-512F, AVX-512BW and AVX-512 VNNI.
            kernels.push(("avx512vnni", |a, b, data| unsafe {
                x86::avx512_vnni(a, b, data)
            }));
        }
    }
    #[cfg(target_arch = "aarch64")]
    if crate::cpu::features().has(crate::cpu::NEON) {
        // SAFETY: the CPU has NEON.
        kernels.push(("neon", |a, b, data| unsafe { neon::neon(a, b, data) }));
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    kernels.push(("simd128", simd128::update));
    kernels
}

/// Every vector kernel this CPU has, against the portable one (CI's CPUs have AVX2; most have
/// AVX-512BW; `.ci/test-aarch64` and `.ci/test-wasm` look for NEON's and SIMD128's names).
#[test]
fn every_vector_kernel_this_cpu_has_matches_the_portable_one() {
    let kernels = vector_kernels();
    for (a, b, data) in cases() {
        let want = portable::update(a, b, &data);
        for (name, kernel) in &kernels {
            let got = kernel(a, b, &data);
            assert_eq!(got, want, "{name}, {} bytes from ({a}, {b})", data.len());
        }
        assert_eq!(update(a, b, &data), want, "the chosen kernel");
    }
    let names: Vec<_> = kernels.iter().map(|(name, _)| *name).collect();
    eprintln!("Adler-32 kernels tested: portable {}", names.join(" "));
}

#[test]
fn combine_is_zlibs_for_every_split() {
    let mut rng = Rng(5);
    let data = rng.bytes(20_000);
    let whole = Adler32::hash(&data);
    for split in [0, 1, 64, 5552, 10_000, 19_999, 20_000] {
        let (mut first, mut second) = (Adler32::new(), Adler32::new());
        first.append(&data[..split]);
        second.append(&data[split..]);
        crate::SplittableHasher::combine(&mut first, &second);
        assert_eq!(first.current_hash(), whole, "split at {split}");
        first.append(b"more");
        let mut more = data.clone();
        more.extend_from_slice(b"more");
        assert_eq!(first.current_hash(), Adler32::hash(&more));
    }
}

#[test]
fn a_state_with_sums_out_of_range_is_refused() {
    let mut hasher = Adler32::new();
    hasher.append(b"abc");
    let restored = Adler32::restore_state(&hasher.save_state()).unwrap();
    assert_eq!(restored, hasher);
    for (a, b) in [(BASE, 0), (0, BASE), (u32::MAX, 1)] {
        let bad = state::save_with(Kind::Adler32, |w| {
            w.u32(a);
            w.u32(b);
            w.u64(3);
        });
        assert!(matches!(
            Adler32::restore_state(&bad),
            Err(StateError::InvalidField { .. })
        ));
    }
}
