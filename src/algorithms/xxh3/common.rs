//! XXH3's constants and the scalar building blocks every path shares.

/// A secret of the default's length, as the default and every seed's are: the one-shot long
/// path takes one by this type, so its length, and every bound checked against it, is known
/// when the path compiles.
pub(crate) type UsualSecret = [u8; 192];

/// The default secret (the C reference's `XXH3_kSecret`).
#[rustfmt::skip]
pub(crate) const DEFAULT_SECRET: UsualSecret = [
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c,
    0xf7, 0x21, 0xad, 0x1c, 0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb,
    0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e,
    0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6,
    0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb,
    0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97,
    0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7,
    0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31,
    0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64, 0xea, 0xc5, 0xac, 0x83,
    0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26,
    0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc,
    0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f,
    0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
];

pub(crate) const PRIME32_1: u64 = 0x9E37_79B1;
pub(crate) const PRIME32_2: u64 = 0x85EB_CA77;
pub(crate) const PRIME32_3: u64 = 0xC2B2_AE3D;
pub(crate) const PRIME64_1: u64 = 0x9E37_79B1_85EB_CA87;
pub(crate) const PRIME64_2: u64 = 0xC2B2_AE3D_27D4_EB4F;
pub(crate) const PRIME64_3: u64 = 0x1656_67B1_9E37_79F9;
pub(crate) const PRIME64_4: u64 = 0x85EB_CA77_C2B2_AE63;
pub(crate) const PRIME64_5: u64 = 0x27D4_EB2F_1656_67C5;
pub(crate) const PRIME_MX1: u64 = 0x1656_6791_9E37_79F9;
pub(crate) const PRIME_MX2: u64 = 0x9FB2_1C65_1E98_DF25;

/// The accumulators' starting values.
pub(crate) const INIT_ACC: [u64; 8] = [
    PRIME32_3, PRIME64_1, PRIME64_2, PRIME64_3, PRIME64_4, PRIME32_2, PRIME64_5, PRIME32_1,
];

/// Bytes in a stripe, the unit of the accumulate loop.
pub(crate) const STRIPE_LEN: usize = 64;
/// Secret bytes each stripe moves along by.
pub(crate) const SECRET_CONSUME_RATE: usize = 8;
/// Where the last stripe's key starts, counted back from the secret's last stripe.
pub(crate) const SECRET_LASTACC_START: usize = 7;
/// Where the merge's keys start.
pub(crate) const SECRET_MERGEACCS_START: usize = 11;
/// Inputs up to this length take the short paths.
pub(crate) const MIDSIZE_MAX: usize = 240;
/// The shortest valid secret.
pub(crate) const SECRET_SIZE_MIN: usize = crate::XXH3_SECRET_MIN_LEN;

#[inline(always)]
pub(crate) fn read_u32(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    u32::from_le_bytes(word)
}

#[inline(always)]
pub(crate) fn read_u64(bytes: &[u8], at: usize) -> u64 {
    let mut word = [0; 8];
    word.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(word)
}

#[inline(always)]
pub(crate) fn mul128(a: u64, b: u64) -> (u64, u64) {
    let product = u128::from(a) * u128::from(b);
    (product as u64, (product >> 64) as u64)
}

#[inline(always)]
pub(crate) fn mul128_fold64(a: u64, b: u64) -> u64 {
    let (low, high) = mul128(a, b);
    low ^ high
}

#[inline(always)]
pub(crate) fn xorshift64(v: u64, shift: u32) -> u64 {
    v ^ (v >> shift)
}

/// XXH3's own final mix.
#[inline(always)]
pub(crate) fn avalanche(h: u64) -> u64 {
    xorshift64(xorshift64(h, 37).wrapping_mul(PRIME_MX1), 32)
}

/// XXH64's final mix, which XXH3 uses for inputs of 0 to 3 bytes.
#[inline(always)]
pub(crate) fn xxh64_avalanche(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(PRIME64_2);
    h ^= h >> 29;
    h = h.wrapping_mul(PRIME64_3);
    h ^ (h >> 32)
}

#[inline(always)]
pub(crate) fn mix16(input: &[u8], secret: &[u8], seed: u64) -> u64 {
    let lo = read_u64(input, 0);
    let hi = read_u64(input, 8);
    mul128_fold64(
        lo ^ read_u64(secret, 0).wrapping_add(seed),
        hi ^ read_u64(secret, 8).wrapping_sub(seed),
    )
}

/// The secret a seed derives, for inputs over 240 bytes.
pub(crate) fn derive_secret(seed: u64) -> UsualSecret {
    let mut secret = [0u8; 192];
    for i in 0..12 {
        let lo = read_u64(&DEFAULT_SECRET, 16 * i).wrapping_add(seed);
        let hi = read_u64(&DEFAULT_SECRET, 16 * i + 8).wrapping_sub(seed);
        secret[16 * i..16 * i + 8].copy_from_slice(&lo.to_le_bytes());
        secret[16 * i + 8..16 * i + 16].copy_from_slice(&hi.to_le_bytes());
    }
    secret
}

#[cfg(feature = "std")]
std::thread_local! {
    /// The last seed a one-shot of this thread hashed with, and its secret.
    static LAST: core::cell::RefCell<(u64, UsualSecret)> =
        const { core::cell::RefCell::new((0, DEFAULT_SECRET)) };
}

/// `f` of the secret `seed` derives, for a one-shot hash. With `std`, each thread keeps the last
/// seed's secret (208 bytes) and makes it again only for another seed: a secret derived afresh for
/// every call slowed the stripe loop's loads of it (benches/results/amd-epyc-zen5-notes.md, "Seeded
/// XXH3 one-shots: the thread's kept secret"). Where the kept one cannot be had (a thread's storage
/// torn down, or a signal handler hashing while this thread was), the secret is made for the call,
/// as without `std`.
#[cfg(feature = "std")]
#[inline]
pub(crate) fn with_derived_secret<T>(seed: u64, f: impl FnOnce(&UsualSecret) -> T) -> T {
    let mut f = Some(f);
    let kept = LAST.try_with(|last| {
        let mut last = last.try_borrow_mut().ok()?;
        if last.0 != seed {
            *last = (seed, derive_secret(seed));
        }
        f.take().map(|f| f(&last.1))
    });
    if let Ok(Some(hash)) = kept {
        return hash;
    }
    let f = f.expect("`f` is taken only where its result is returned");
    f(&derive_secret(seed))
}

/// `f` of the secret `seed` derives, made for the call (no thread-local storage without `std`).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn with_derived_secret<T>(seed: u64, f: impl FnOnce(&UsualSecret) -> T) -> T {
    f(&derive_secret(seed))
}

/// Folds the eight accumulators into 64 bits. `in_order` adds the four products one after
/// another through [`opaque`], as XXH3-64's finish wants (see there); XXH3-128's two merges
/// measured faster left to the compiler.
#[inline(always)]
pub(crate) fn merge_accs(acc: &[u64; 8], secret: &[u8], start: u64, in_order: bool) -> u64 {
    let mut result = start;
    for i in 0..4 {
        result = result.wrapping_add(mul128_fold64(
            acc[2 * i] ^ read_u64(secret, 16 * i),
            acc[2 * i + 1] ^ read_u64(secret, 16 * i + 8),
        ));
        if in_order {
            result = opaque(result);
        }
    }
    avalanche(result)
}

/// `value`, through an empty `asm!` on x86-64, which the compiler cannot see into.
///
/// LLVM's SLP vectorizer takes the merge's sum of four products for a reduction. It then moves
/// the accumulators and the secret's words through vector shuffles, and the products into a
/// vector register and back, for a sum that four scalar adds make sooner. A partial sum that
/// leaves through `asm!` ends every such reduction, so the merge stays scalar, as the C
/// reference's does (benches/results/amd-epyc-zen3-notes.md, "XXH3 from 256 bytes to 2 KiB: the
/// merge kept scalar (2026-12-06)";
/// `benches/mca/pins.py` checks the shape in CI). Miri cannot run `asm!`, and
/// other targets were not measured, so there the value passes as it is.
#[inline(always)]
pub(crate) fn opaque(value: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let mut value = value;
        // SAFETY: the assembly is a comment: it reads and writes no memory, leaves the stack
        // and the flags alone, and hands `value` back in the register it came in.
        #[allow(unsafe_code)]
        unsafe {
            core::arch::asm!(
                "/* {0} */",
                inout(reg) value,
                options(pure, nomem, nostack, preserves_flags)
            );
        }
        value
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    value
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// The seeded one-shots' kept secret (pins.py checks the thread-local is in a build).
    #[test]
    fn a_seeds_secret_is_kept_for_the_next_call() {
        assert_eq!(with_derived_secret(7, |secret| *secret), derive_secret(7));
        assert_eq!(LAST.with(|last| last.borrow().0), 7);
        let ptr = with_derived_secret(7, |secret| secret.as_ptr());
        assert_eq!(LAST.with(|last| last.borrow().1.as_ptr()), ptr);
        assert_eq!(with_derived_secret(8, |secret| *secret), derive_secret(8));
        assert_eq!(LAST.with(|last| last.borrow().0), 8);
    }

    /// A call inside another's `f` (a signal handler's, say) gets a secret made for it.
    #[test]
    fn a_nested_call_derives_its_own() {
        let inner = with_derived_secret(1, |_| with_derived_secret(2, |secret| *secret));
        assert_eq!(inner, derive_secret(2));
        assert_eq!(LAST.with(|last| last.borrow().0), 1);
    }
}
