//! XXH3 for inputs over 240 bytes: stripes of 64 bytes accumulated into eight lanes, scrambled
//! once per block, on whichever backend `platform.rs` picks.

use super::common::*;

/// Stripes in a block of the usual 192-byte secret (the default one, a seed's, the C
/// reference's generated ones), which the SIMD backends' own block loops are written for.
#[cfg(target_arch = "x86_64")]
pub(crate) const USUAL_BLOCK_STRIPES: usize =
    (DEFAULT_SECRET.len() - STRIPE_LEN) / SECRET_CONSUME_RATE;
/// Bytes in such a block.
#[cfg(target_arch = "x86_64")]
pub(crate) const USUAL_BLOCK_LEN: usize = USUAL_BLOCK_STRIPES * STRIPE_LEN;

/// Stripes in a block: one per 8 bytes of secret beyond the first 64.
#[inline(always)]
pub(crate) fn stripes_per_block(secret: &[u8]) -> usize {
    (secret.len() - STRIPE_LEN) / SECRET_CONSUME_RATE
}

/// A backend's kernels, for [`consume_stripes_with`] and [`hash_long_with`].
pub(crate) trait Kernel: Copy {
    /// Accumulates each 64-byte stripe of `input`, stripe `n` keyed by `secret[8n..8n + 64]`.
    fn accumulate(self, acc: &mut [u64; 8], input: &[u8], secret: &[u8]);
    /// Scrambles the accumulators with the secret's last 64 bytes.
    fn scramble(self, acc: &mut [u64; 8], key: &[u8]);
    /// [`consume_stripes_with`] on this backend, for each of `parts` in turn (the streaming
    /// buffer's stripes, then those of the input that follows). A backend overrides it where
    /// it can do better than a call per block, e.g. by holding the secret's key windows in
    /// registers for all of them.
    #[inline(always)]
    fn consume_stripes(
        self,
        acc: &mut [u64; 8],
        stripes_so_far: &mut usize,
        parts: &[&[u8]],
        secret: &[u8],
    ) {
        for part in parts {
            consume_stripes_with(self, acc, stripes_so_far, part, secret);
        }
    }
}

/// The key of the scramble at each block's end: the secret's last 64 bytes.
#[inline(always)]
pub(crate) fn scramble_key(secret: &[u8]) -> &[u8] {
    &secret[secret.len() - STRIPE_LEN..]
}

/// Accumulates whole stripes of `input` (its length a multiple of 64), carrying on from stripe
/// `*stripes_so_far` of the current block and scrambling at each block's end.
///
/// Always inlined, so that each SIMD backend compiles the whole block loop inside its own
/// `#[target_feature]` function, accumulators in registers from block to block.
#[inline(always)]
pub(crate) fn consume_stripes_with<K: Kernel>(
    kernel: K,
    acc: &mut [u64; 8],
    stripes_so_far: &mut usize,
    mut input: &[u8],
    secret: &[u8],
) {
    let per_block = stripes_per_block(secret);
    while !input.is_empty() {
        let stripes = (per_block - *stripes_so_far).min(input.len() / STRIPE_LEN);
        let (now, rest) = input.split_at(stripes * STRIPE_LEN);
        kernel.accumulate(acc, now, &secret[*stripes_so_far * SECRET_CONSUME_RATE..]);
        *stripes_so_far += stripes;
        if *stripes_so_far == per_block {
            kernel.scramble(acc, scramble_key(secret));
            *stripes_so_far = 0;
        }
        input = rest;
    }
}

/// The glue of a SIMD backend, written once: its [`Kernel`] impl over the module's
/// `#[target_feature]` kernels `accumulate` and `scramble` (and its own block loop, if it
/// names one after `$proof`), and the inherent `consume_stripes` and `hash_long`, the block
/// loop and the one-shot long path compiled under the same feature. `$proof` is why holding a
/// `$backend` means the CPU has `$feature`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
macro_rules! simd_kernel {
    ($backend:ident, $feature:literal, $proof:literal $(, $consume_stripes:ident)?) => {
        #[doc = concat!("Holding a `", stringify!($backend), "` proves the CPU has ", $feature, ": ", $proof, ".")]
        impl $crate::xxh3::long::Kernel for $backend {
            #[inline(always)]
            fn accumulate(self, acc: &mut [u64; 8], input: &[u8], secret: &[u8]) {
                // SAFETY: holding `self` proves the CPU has the feature (see the impl's doc).
                unsafe { accumulate(acc, input, secret) }
            }

            #[inline(always)]
            fn scramble(self, acc: &mut [u64; 8], key: &[u8]) {
                // SAFETY: holding `self` proves the CPU has the feature (see the impl's doc).
                unsafe { scramble(acc, key) }
            }

            $(
                #[inline(always)]
                fn consume_stripes(
                    self,
                    acc: &mut [u64; 8],
                    stripes_so_far: &mut usize,
                    parts: &[&[u8]],
                    secret: &[u8],
                ) {
                    // SAFETY: holding `self` proves the CPU has the feature (see the impl's doc).
                    unsafe { $consume_stripes(self, acc, stripes_so_far, parts, secret) }
                }
            )?
        }

        impl $backend {
            /// The block loop, compiled for this backend's feature.
            #[inline]
            pub(crate) fn consume_stripes(
                self,
                acc: &mut [u64; 8],
                stripes_so_far: &mut usize,
                parts: &[&[u8]],
                secret: &[u8],
            ) {
                /// # Safety
                /// The CPU has the feature.
                #[target_feature(enable = $feature)]
                unsafe fn consume(
                    kernel: $backend,
                    acc: &mut [u64; 8],
                    stripes_so_far: &mut usize,
                    parts: &[&[u8]],
                    secret: &[u8],
                ) {
                    $crate::xxh3::long::Kernel::consume_stripes(kernel, acc, stripes_so_far, parts, secret);
                }
                // SAFETY: holding `self` proves the CPU has the feature (see the Kernel impl).
                unsafe { consume(self, acc, stripes_so_far, parts, secret) }
            }

            /// The end of a long hash and its `finish`, compiled for this backend's feature.
            #[inline]
            pub(crate) fn hash_long<T>(
                self,
                end: $crate::xxh3::long::LongEnd<'_>,
                secret: &[u8],
                finish: impl FnOnce(&[u64; 8]) -> T,
            ) -> T {
                /// # Safety
                /// The CPU has the feature.
                #[target_feature(enable = $feature)]
                unsafe fn hash<T>(
                    kernel: $backend,
                    end: $crate::xxh3::long::LongEnd<'_>,
                    secret: &[u8],
                    finish: impl FnOnce(&[u64; 8]) -> T,
                ) -> T {
                    finish(&$crate::xxh3::long::hash_long_with(kernel, end, secret))
                }
                // SAFETY: holding `self` proves the CPU has the feature (see the Kernel impl).
                unsafe { hash(self, end, secret, finish) }
            }
        }
    };
}
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
pub(crate) use simd_kernel;

/// What is left of a long input (over 240 bytes) when its hash is asked for: the
/// accumulators and the block's stripe count so far, the whole stripes not yet taken in, and
/// the input's last 64 bytes, which the reference accumulates apart with a key of their own
/// (they may overlap those stripes).
pub(crate) struct LongEnd<'a> {
    /// A reference, not a copy: the backend's 64-byte load of a copy just made by eight
    /// 8-byte stores would wait for them (a store-forwarding stall, 6 ns of a digest).
    pub(crate) acc: &'a [u64; 8],
    pub(crate) stripes_so_far: usize,
    pub(crate) stripes: &'a [u8],
    pub(crate) last_stripe: &'a [u8; STRIPE_LEN],
}

impl<'a> LongEnd<'a> {
    /// All of a one-shot `input` (over 240 bytes): every stripe but the one holding the last
    /// byte (C's `(len - 1) / 64`), then the last 64 bytes.
    #[inline(always)]
    pub(crate) fn whole(input: &'a [u8]) -> LongEnd<'a> {
        let full = (input.len() - 1) / STRIPE_LEN * STRIPE_LEN;
        LongEnd {
            acc: &INIT_ACC,
            stripes_so_far: 0,
            stripes: &input[..full],
            last_stripe: input.last_chunk().expect("a long input"),
        }
    }
}

/// The accumulators at the end of a long input: `end`'s stripes, then its last stripe.
///
/// Always inlined, like [`consume_stripes_with`], so that a hash, one-shot or a streaming
/// digest, is one call into the backend, accumulators in registers up to the finish.
#[inline(always)]
pub(crate) fn hash_long_with<K: Kernel>(kernel: K, end: LongEnd<'_>, secret: &[u8]) -> [u64; 8] {
    let mut acc = *end.acc;
    let mut stripes_so_far = end.stripes_so_far;
    kernel.consume_stripes(&mut acc, &mut stripes_so_far, &[end.stripes], secret);
    kernel.accumulate(&mut acc, end.last_stripe, last_stripe_key(secret));
    acc
}

/// The key the reference gives the input's last 64 bytes.
#[inline(always)]
pub(crate) fn last_stripe_key(secret: &[u8]) -> &[u8] {
    &secret[secret.len() - STRIPE_LEN - SECRET_LASTACC_START..]
}

#[inline(always)]
pub(crate) fn finish64(acc: &[u64; 8], secret: &[u8], len: u64) -> u64 {
    merge_accs(
        acc,
        &secret[SECRET_MERGEACCS_START..],
        len.wrapping_mul(PRIME64_1),
    )
}

#[inline(always)]
pub(crate) fn finish128(acc: &[u64; 8], secret: &[u8], len: u64) -> u128 {
    let low = merge_accs(
        acc,
        &secret[SECRET_MERGEACCS_START..],
        len.wrapping_mul(PRIME64_1),
    );
    let high_key = &secret[secret.len() - 64 - SECRET_MERGEACCS_START..];
    let high = merge_accs(acc, high_key, !len.wrapping_mul(PRIME64_2));
    (u128::from(high) << 64) | u128::from(low)
}
