//! New hashers without building a CRC engine each time: `Algorithm::hasher` builds the
//! engine of a catalogue CRC (some microseconds), so the first hasher of each set is kept and
//! cloned. The xxHash family and the built-in CRC sets cost nothing to make.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use iohash::{Algorithm, AnyHasher};

/// A new hasher of `algorithm` with `seed`; inlined, so a caller that names the algorithm
/// builds its hasher in place.
#[inline(always)]
pub(crate) fn hasher(algorithm: Algorithm, seed: u64) -> AnyHasher {
    if !matches!(algorithm, Algorithm::Crc(_)) {
        return algorithm.hasher(seed);
    }
    catalogue_hasher(algorithm, seed)
}

/// A catalogue CRC's hasher: a clone of the first one made.
#[inline(never)]
fn catalogue_hasher(algorithm: Algorithm, seed: u64) -> AnyHasher {
    static MADE: OnceLock<Mutex<HashMap<Algorithm, AnyHasher>>> = OnceLock::new();
    let made = MADE.get_or_init(Default::default);
    let mut made = made
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    made.entry(algorithm)
        .or_insert_with(|| algorithm.hasher(seed))
        .clone()
}
