//! The WebAssembly SIMD128 backend: two 64-bit lanes per `v128`. WebAssembly cannot ask the
//! engine what it runs at run time, so this backend is chosen when the module is compiled
//! with `-C target-feature=+simd128`, and then every engine that loads it has SIMD128 (one
//! without it refuses the module).
#![allow(unsafe_code)]

use core::arch::wasm32::*;

use super::common::{PRIME32_1, SECRET_CONSUME_RATE, STRIPE_LEN};
use super::long::simd_kernel;

/// Proof that the engine has SIMD128: only a build with the feature enabled makes one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd128(());

impl Simd128 {
    /// `Some` in a build with SIMD128 enabled, which no engine without it can load.
    #[inline]
    pub(crate) fn detect() -> Option<Self> {
        cfg!(target_feature = "simd128").then_some(Simd128(()))
    }
}

simd_kernel!(
    Simd128,
    "simd128",
    "a Simd128 exists only in a build with SIMD128 enabled, which an engine without it refuses"
);

/// Slicing bounds every access: each stripe and its key are 64-byte slices.
///
/// # Safety
/// The engine has SIMD128.
#[inline]
#[target_feature(enable = "simd128")]
unsafe fn accumulate(acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
    let acc_ptr = acc.as_mut_ptr().cast::<v128>();
    // SAFETY: `acc` is 64 bytes, four unaligned 16-byte loads.
    let mut lanes = unsafe {
        [
            v128_load(acc_ptr),
            v128_load(acc_ptr.add(1)),
            v128_load(acc_ptr.add(2)),
            v128_load(acc_ptr.add(3)),
        ]
    };
    for (n, stripe) in input.chunks_exact(STRIPE_LEN).enumerate() {
        let key = &secret[n * SECRET_CONSUME_RATE..n * SECRET_CONSUME_RATE + STRIPE_LEN];
        for pair in 0..2 {
            // SAFETY: `stripe` and `key` are 64 bytes; 16-byte unaligned loads at 32p and
            // 32p + 16.
            let (data, keyed) = unsafe {
                let load = |bytes: &[u8], at: usize| v128_load(bytes.as_ptr().add(at).cast());
                let data = [load(stripe, 32 * pair), load(stripe, 32 * pair + 16)];
                let keys = [load(key, 32 * pair), load(key, 32 * pair + 16)];
                (
                    data,
                    [v128_xor(data[0], keys[0]), v128_xor(data[1], keys[1])],
                )
            };
            // Each 64-bit lane's low half times its high half, for two vectors at once: one
            // shuffle gathers the four low halves, one the four high halves, and two widening
            // multiplies pair them. V8 widens each multiply's operands with shuffles of its own,
            // so gathering one vector's halves at a time took nearly twice as long
            // (benches/results/npm-package.md, "What made it fast (Intel Xeon, Node 20)").
            let low = i32x4_shuffle::<0, 2, 4, 6>(keyed[0], keyed[1]);
            let high = i32x4_shuffle::<1, 3, 5, 7>(keyed[0], keyed[1]);
            let products = [
                u64x2_extmul_low_u32x4(low, high),
                u64x2_extmul_high_u32x4(low, high),
            ];
            for half in 0..2 {
                let swapped = i64x2_shuffle::<1, 0>(data[half], data[half]);
                let lane = &mut lanes[2 * pair + half];
                *lane = i64x2_add(*lane, i64x2_add(products[half], swapped));
            }
        }
    }
    for (i, lane) in lanes.iter().enumerate() {
        // SAFETY: as the loads above.
        unsafe { v128_store(acc_ptr.add(i), *lane) };
    }
}

/// # Safety
/// The engine has SIMD128.
#[inline]
#[target_feature(enable = "simd128")]
unsafe fn scramble(acc: &mut [u64; 8], key: &[u8]) {
    let key = &key[..STRIPE_LEN];
    let prime = u64x2_splat(PRIME32_1);
    let acc_ptr = acc.as_mut_ptr().cast::<v128>();
    for i in 0..4 {
        // SAFETY: `acc` and `key` are 64 bytes: 16-byte unaligned accesses at 16i.
        unsafe {
            let a = v128_load(acc_ptr.add(i));
            let a = v128_xor(a, u64x2_shr(a, 47));
            let keyed = v128_xor(a, v128_load(key.as_ptr().add(16 * i).cast()));
            v128_store(acc_ptr.add(i), i64x2_mul(keyed, prime));
        }
    }
}
