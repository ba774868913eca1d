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
    /// Accumulates each whole 64-byte stripe of `input`, stripe `n` keyed by
    /// `secret[8n..8n + 64]`; a partial stripe at the end is left out.
    fn accumulate(self, acc: &mut [u64; 8], input: &[u8], secret: &[u8]);
    /// Scrambles the accumulators with the secret's last 64 bytes.
    fn scramble(self, acc: &mut [u64; 8], key: &[u8]);
    /// [`consume_stripes_with`] on this backend. A backend overrides it where it can do
    /// better than a call per block, e.g. by holding the secret's key windows in registers
    /// for all of `input`.
    #[inline(always)]
    fn consume_stripes(
        self,
        acc: &mut [u64; 8],
        stripes_so_far: &mut usize,
        input: &[u8],
        secret: &[u8],
    ) {
        consume_stripes_with(self, acc, stripes_so_far, input, secret);
    }
}

/// The key of the scramble at each block's end: the secret's last 64 bytes.
#[inline(always)]
pub(crate) fn scramble_key(secret: &[u8]) -> &[u8] {
    &secret[secret.len() - STRIPE_LEN..]
}

/// Where a run of stripes begins.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Begin {
    /// From the accumulators and the stripe count as they hold.
    Held,
    /// From the accumulators' first values and stripe 0, whatever they hold: for a state that has
    /// taken in nothing yet. The backend starts from those values in its registers rather than
    /// loading the accumulators in one 64-byte read of the narrower stores that just made the
    /// state: such a load cannot take its bytes from those stores and waits for them to reach the
    /// cache (benches/results/intel-xeon-model-167-notes.md, "A new hasher's first stripes").
    Fresh,
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
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_arch = "wasm32"
))]
macro_rules! simd_kernel {
    ($backend:ident, $feature:literal, $proof:literal $(, $consume_stripes:ident)?) => {
        #[doc = concat!("Holding a `", stringify!($backend), "` proves the CPU has ", $feature, ": ", $proof, ".")]
        impl $crate::algorithms::xxh3::long::Kernel for $backend {
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
                    input: &[u8],
                    secret: &[u8],
                ) {
                    // SAFETY: holding `self` proves the CPU has the feature (see the impl's doc).
                    unsafe { $consume_stripes(self, acc, stripes_so_far, input, secret) }
                }
            )?
        }

        impl $backend {
            /// The block loop, compiled for this backend's feature, begun as `begin` says.
            #[inline]
            pub(crate) fn consume_stripes(
                self,
                begin: $crate::algorithms::xxh3::long::Begin,
                acc: &mut [u64; 8],
                stripes_so_far: &mut usize,
                input: &[u8],
                secret: &[u8],
            ) {
                use $crate::algorithms::xxh3::long::{Begin, Kernel};
                /// # Safety
                /// The CPU has the feature.
                #[target_feature(enable = $feature)]
                unsafe fn consume(
                    kernel: $backend,
                    begin: Begin,
                    acc: &mut [u64; 8],
                    stripes_so_far: &mut usize,
                    input: &[u8],
                    secret: &[u8],
                ) {
                    match begin {
                        Begin::Held => Kernel::consume_stripes(kernel, acc, stripes_so_far, input, secret),
                        Begin::Fresh => {
                            let (mut fresh, mut so_far) = ($crate::algorithms::xxh3::common::INIT_ACC, 0);
                            Kernel::consume_stripes(kernel, &mut fresh, &mut so_far, input, secret);
                            (*acc, *stripes_so_far) = (fresh, so_far);
                        }
                    }
                }
                // SAFETY: holding `self` proves the CPU has the feature (see the Kernel impl).
                unsafe { consume(self, begin, acc, stripes_so_far, input, secret) }
            }

            /// The streaming digest's end ([`finish_stream_with`]) and its `finish`, compiled
            /// for this backend's feature.
            #[inline]
            pub(crate) fn finish_stream<T>(
                self,
                held: $crate::algorithms::xxh3::long::Held<'_>,
                finish: impl FnOnce(&[u64; 8]) -> T,
            ) -> T {
                /// # Safety
                /// The CPU has the feature.
                #[target_feature(enable = $feature)]
                unsafe fn run<T>(
                    kernel: $backend,
                    held: $crate::algorithms::xxh3::long::Held<'_>,
                    finish: impl FnOnce(&[u64; 8]) -> T,
                ) -> T {
                    $crate::algorithms::xxh3::long::finish_stream_with(kernel, held, finish)
                }
                // SAFETY: holding `self` proves the CPU has the feature (see the Kernel impl).
                unsafe { run(self, held, finish) }
            }

            /// The one-shot long path and its `finish`, compiled for this backend's feature.
            #[inline]
            pub(crate) fn hash_long<T>(
                self,
                input: &[u8],
                secret: &$crate::algorithms::xxh3::common::UsualSecret,
                finish: impl FnOnce(&[u64; 8]) -> T,
            ) -> T {
                /// # Safety
                /// The CPU has the feature.
                #[target_feature(enable = $feature)]
                unsafe fn hash<T>(
                    kernel: $backend,
                    input: &[u8],
                    secret: &$crate::algorithms::xxh3::common::UsualSecret,
                    finish: impl FnOnce(&[u64; 8]) -> T,
                ) -> T {
                    $crate::algorithms::xxh3::long::hash_long_with(kernel, input, secret, finish)
                }
                // SAFETY: holding `self` proves the CPU has the feature (see the Kernel impl).
                unsafe { hash(self, input, secret, finish) }
            }
        }
    };
}
#[cfg(any(
    target_arch = "x86_64",
    target_arch = "aarch64",
    target_arch = "wasm32"
))]
pub(crate) use simd_kernel;

/// `finish` of the accumulators after all of `input` (over 240 bytes): every stripe but the
/// last of its final partial block, then that block's last 64 bytes with the last stripe's key.
///
/// Always inlined, like [`consume_stripes_with`], so a one-shot hash is one call into the backend.
/// Each branch has its own accumulators, and input under a block skips the block loop: one array
/// for both went through the stack (benches/results/amd-epyc-zen5-notes.md, "XXH3 from 256 bytes to
/// 4 KiB: the long path's fixed cost"). The secret's type fixes its length, so its bounds are
/// checked when this compiles.
#[inline(always)]
pub(crate) fn hash_long_with<K: Kernel, T>(
    kernel: K,
    input: &[u8],
    secret: &UsualSecret,
    finish: impl FnOnce(&[u64; 8]) -> T,
) -> T {
    // Stripes up to, not including, the one holding the last byte: C's `(len - 1) / 64`.
    let (stripes, _) = input.split_at((input.len() - 1) / STRIPE_LEN * STRIPE_LEN);
    let last = &input[input.len() - STRIPE_LEN..];
    if stripes.len() < stripes_per_block(secret) * STRIPE_LEN {
        // No block ends, so no scramble: the stripes alone, without the block loop.
        let mut acc = INIT_ACC;
        kernel.accumulate(&mut acc, stripes, secret);
        kernel.accumulate(&mut acc, last, last_stripe_key(secret));
        finish(&acc)
    } else {
        let mut acc = INIT_ACC;
        kernel.consume_stripes(&mut acc, &mut 0, stripes, secret);
        kernel.accumulate(&mut acc, last, last_stripe_key(secret));
        finish(&acc)
    }
}

/// What a stream holds when its digest is asked for: the accumulators and the stripe count of
/// the block they are in, the whole stripes still buffered, and the last stripe's 64 bytes.
#[derive(Clone, Copy)]
pub(crate) struct Held<'a> {
    pub(crate) acc: &'a [u64; 8],
    pub(crate) stripes_so_far: usize,
    pub(crate) stripes: &'a [u8],
    pub(crate) last: &'a [u8],
    pub(crate) secret: &'a [u8],
}

/// `finish` of the accumulators after the stream's buffered stripes and its last stripe.
///
/// Always inlined, like [`hash_long_with`], so a stream's digest is one call into the backend,
/// `finish` included, with no trip of the accumulators through memory between the steps.
#[inline(always)]
pub(crate) fn finish_stream_with<K: Kernel, T>(
    kernel: K,
    held: Held<'_>,
    finish: impl FnOnce(&[u64; 8]) -> T,
) -> T {
    let mut acc = *held.acc;
    let mut stripes_so_far = held.stripes_so_far;
    consume_stripes_with(
        kernel,
        &mut acc,
        &mut stripes_so_far,
        held.stripes,
        held.secret,
    );
    kernel.accumulate(&mut acc, held.last, last_stripe_key(held.secret));
    finish(&acc)
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
        true,
    )
}

#[inline(always)]
pub(crate) fn finish128(acc: &[u64; 8], secret: &[u8], len: u64) -> u128 {
    let low = merge_accs(
        acc,
        &secret[SECRET_MERGEACCS_START..],
        len.wrapping_mul(PRIME64_1),
        false,
    );
    let high_key = &secret[secret.len() - 64 - SECRET_MERGEACCS_START..];
    let high = merge_accs(acc, high_key, !len.wrapping_mul(PRIME64_2), false);
    (u128::from(high) << 64) | u128::from(low)
}
