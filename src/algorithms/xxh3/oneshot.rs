//! The one-shot engine of either width: short inputs inline, long ones in one call into the
//! backend. The stream's digest of an input it holds whole takes the same long path.

use super::common;
use super::platform::Platform;
use super::short;
use super::width::Width;

/// One-shot XXH3 of either width. Short inputs are hashed inline; `platform` is asked for the
/// backend only if the input is long, in a call of its own, so the inlined part stays small.
#[inline(always)]
pub(super) fn oneshot<W: Width>(
    platform: impl FnOnce() -> Platform,
    input: &[u8],
    seed: u64,
) -> W::Output {
    // One test per path, shortest first, each with the same body (which the range each test
    // leaves folds down to its path): 0-16 bytes, the commonest keys, take one compare to
    // reach their path, 17-128 two. `throughput/XXH3/short-branch` in each CPU's record
    // (benches/results/) measures it against the single test of `backends::hash64_one_test`.
    if input.len() <= 16 {
        return W::short(input, short::default_secret(), seed);
    }
    if input.len() <= 128 {
        return W::short(input, short::default_secret(), seed);
    }
    if input.len() <= common::MIDSIZE_MAX {
        return W::short(input, short::default_secret(), seed);
    }
    oneshot_long::<W>(platform, input, seed)
}

/// The long path of [`oneshot`], out of line: one call, into the backend's own code.
///
/// With seed 0 this is the dispatch alone, ending in a jump into the backend: no frame, no
/// saved registers. The seeded path is a function of its own, so its frame is not made for
/// every long input, and the finish takes the secret and length by value, so no address in
/// this frame reaches the backend.
#[inline(never)]
pub(super) fn oneshot_long<W: Width>(
    platform: impl FnOnce() -> Platform,
    input: &[u8],
    seed: u64,
) -> W::Output {
    if seed != 0 {
        return oneshot_long_seeded::<W>(platform, input, seed);
    }
    hash_long::<W>(platform(), input, &common::DEFAULT_SECRET)
}

/// [`oneshot_long`] with a seed: its derived secret, then the backend.
#[inline(never)]
fn oneshot_long_seeded<W: Width>(
    platform: impl FnOnce() -> Platform,
    input: &[u8],
    seed: u64,
) -> W::Output {
    common::with_derived_secret(seed, |secret| hash_long::<W>(platform(), input, secret))
}

/// The backend's one-shot long path, finished as `W` finishes.
#[inline(always)]
pub(super) fn hash_long<W: Width>(
    platform: Platform,
    input: &[u8],
    secret: &common::UsualSecret,
) -> W::Output {
    let len = input.len() as u64;
    platform.hash_long(input, secret, move |acc| W::long(acc, secret, len))
}
