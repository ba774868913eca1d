//! Saved hasher states: the byte format ([`SavedState`]), its errors ([`StateError`]), and the
//! reader and writer the hashers fill their fields with.

use core::fmt;

pub(crate) use crate::table::Kind;
use crate::SecretError;

/// The first four bytes of every saved state.
const MAGIC: [u8; 4] = *b"IOHS";
/// The format this version writes and reads: the only one. (Version 1, whose XXH3 secret
/// length took 32 bits, was never released.)
const VERSION: u8 = 2;
/// Magic, version, algorithm, body length.
const HEADER_LEN: usize = 8;
/// The CRC-32C at the end.
const CHECKSUM_LEN: usize = 4;
/// The longest body: XXH3's (see [`Kind::body_len`]).
const BODY_MAX: usize = 359;

/// A hasher's state, saved by
/// [`NonCryptographicHasher::save_state`](crate::NonCryptographicHasher::save_state) (by every
/// hasher, [`AnyHasher`](crate::AnyHasher) among them) as bytes to keep anywhere — a
/// file, a database row, an HTTP header — and restore with `restore_state`, on any machine,
/// architecture or byte order, to go on hashing where it stopped.
///
/// A fixed-capacity value: saving allocates nothing. It derefs to the bytes.
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, XxHash3};
///
/// let mut hasher = XxHash3::with_seed(7);
/// hasher.append(b"the first request's bytes, ");
/// let saved: Vec<u8> = hasher.save_state().to_vec(); // kept between requests
///
/// let mut hasher = XxHash3::restore_state(&saved).unwrap();
/// hasher.append(b"and the second's");
/// assert_eq!(
///     hasher.current_hash(),
///     XxHash3::hash_with_seed(b"the first request's bytes, and the second's", 7)
/// );
/// ```
///
/// # Format (version 2)
/// A contract: a later version of iohash restores every state this one saves. All integers
/// are little-endian.
///
/// | offset | bytes | field |
/// |---|---|---|
/// | 0 | 4 | magic, `"IOHS"` |
/// | 4 | 1 | format version, `2` |
/// | 5 | 1 | algorithm and parameter set: 1 XXH32, 2 XXH64, 3 XXH3-64, 4 XXH3-128, 5 CRC-32/ISO-HDLC, 6 CRC-32/ISCSI, 7 CRC-64/ECMA-182, 8 CRC-64/NVME, 9 CRC-64/XZ, 10 a CRC of any parameters, 11 Adler-32, 12 QuickXorHash |
/// | 6 | 2 | body length *n*: 45 (XXH32), 81 (XXH64), 359 (XXH3-64, XXH3-128), 16 (CRCs 5 to 9), 42 (any CRC), 16 (Adler-32), 168 (QuickXorHash) |
/// | 8 | *n* | body, below |
/// | 8 + *n* | 4 | CRC-32C of bytes 0 to 8 + *n* |
///
/// Bodies, field by field (`total` is the number of bytes hashed so far, saturating at
/// 2^64 − 1 rather than wrapping, so a long input never reads as short; bytes of a buffer past
/// its `buffered` are zero, except as said for XXH3):
///
/// | algorithm | fields |
/// |---|---|
/// | XXH32 | seed u32, total u64, accumulators v1..v4 4 × u32, buffered u8 (< 16), buffer 16 bytes |
/// | XXH64 | seed u64, total u64, accumulators v1..v4 4 × u64, buffered u8 (< 32), buffer 32 bytes |
/// | XXH3-64, XXH3-128 | key u8 (0 seed, 1 custom secret), seed u64 (0 with a secret), secret length u64 and fingerprint u64 (0 with a seed), total u64, stripes into the current block u32, accumulators 8 × u64, buffered u16 (≤ 256), buffer 256 bytes |
/// | CRCs 5 to 9 | register u64 (before the final XOR; CRC-32 in the low half), total u64 |
/// | Adler-32 | a u32 (< 65521), b u32 (< 65521), total u64 |
/// | QuickXorHash | total u64 (wrapping), fold 160 bytes (input byte *k* XORed into byte *k* mod 160; zero past the total) |
/// | any CRC | width u8 (1 to 64), poly u64, init u64, flags u8 (1 refin, 2 refout), xorout u64, register u64 (before the final reflection and XOR: a reflected set's at the bottom, a forward set's at the top; a reflected CRC-32's in the low half), total u64 |
///
/// XXH3 keeps up to 256 bytes not yet taken in, at the front of its buffer; once more than
/// 256 bytes have come, the last 64 taken in are also kept, at the end of the buffer, as the
/// final stripe may overlap them. A custom secret is never saved: its fingerprint is the
/// XXH3-64 (seed 0) of its bytes, which
/// [`XxHash3::restore_state_with_secret`](crate::XxHash3::restore_state_with_secret) checks.
/// The fingerprint tells a wrong secret from the right one; it is not a cryptographic
/// commitment and does not hide the secret from someone who can guess it.
///
/// A CRC-32C over the whole state catches corruption in storage or transit; it is not
/// protection against tampering. A restored state is checked field by field as well, so no
/// state, however made, can make a hasher panic or hash inconsistently.
#[derive(Clone, PartialEq, Eq)]
pub struct SavedState {
    bytes: [u8; SavedState::CAPACITY],
    len: usize,
}

impl SavedState {
    /// The most bytes a saved state takes (XXH3's): 371.
    pub const CAPACITY: usize = HEADER_LEN + BODY_MAX + CHECKSUM_LEN;

    /// The state's bytes; the same as `&*state`.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// The saved state in `bytes`, checked as `restore_state` checks it before the fields: the
    /// header, the length and the checksum. (The fields are checked when it is restored.)
    ///
    /// ```
    /// use iohash::{NonCryptographicHasher, SavedState, StateError, XxHash64};
    ///
    /// let saved = XxHash64::with_seed(3).save_state();
    /// assert_eq!(SavedState::from_bytes(&saved), Ok(saved.clone()));
    /// let mut corrupted = saved.to_vec();
    /// corrupted[20] ^= 1;
    /// assert!(matches!(
    ///     SavedState::from_bytes(&corrupted),
    ///     Err(StateError::ChecksumMismatch { .. })
    /// ));
    /// ```
    ///
    /// # Errors
    /// The [`StateError`] that restoring `bytes` would give for its header, length or checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<SavedState, StateError> {
        // `open` holds the body to its algorithm's length, so the bytes fit the capacity.
        open(bytes)?;
        let mut state = SavedState {
            bytes: [0; SavedState::CAPACITY],
            len: bytes.len(),
        };
        state.bytes[..bytes.len()].copy_from_slice(bytes);
        Ok(state)
    }

    /// The seed the hasher was saved with: XXH32's, XXH64's or XXH3's (0 for XXH3 keyed by a
    /// custom secret), and 0 for the algorithms that take none. A binding that restores a
    /// hasher and shows its seed, as python-xxhash's hashers do, reads it here.
    ///
    /// ```
    /// use iohash::{Crc32, NonCryptographicHasher, XxHash3, XxHash32};
    ///
    /// assert_eq!(XxHash32::with_seed(7).save_state().seed(), 7);
    /// assert_eq!(XxHash3::with_seed(u64::MAX).save_state().seed(), u64::MAX);
    /// assert_eq!(Crc32::new().save_state().seed(), 0);
    /// ```
    pub fn seed(&self) -> u64 {
        let body = &self.as_bytes()[HEADER_LEN..];
        let word = |at: usize, len: usize| {
            let mut bytes = [0u8; 8];
            bytes[..len].copy_from_slice(&body[at..at + len]);
            u64::from_le_bytes(bytes)
        };
        // The format's table above: XXH32's seed is its first field (u32), XXH64's too (u64),
        // XXH3's follows its key kind (0: a seed).
        match self.as_bytes()[5] {
            1 => word(0, 4),
            2 => word(0, 8),
            3 | 4 if body[0] == 0 => word(1, 8),
            _ => 0,
        }
    }
}

impl core::ops::Deref for SavedState {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl AsRef<[u8]> for SavedState {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl fmt::Debug for SavedState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = Kind::from_id(self.bytes[5]).map_or("?", Kind::tag);
        f.debug_struct("SavedState")
            .field("algorithm", &kind)
            .field("len", &self.len)
            .finish_non_exhaustive()
    }
}

/// Why a saved state was refused by `restore_state`. Each says what was wrong.
///
/// ```
/// use iohash::{NonCryptographicHasher, StateError, XxHash3, XxHash64};
///
/// let saved = XxHash64::new().save_state();
/// let err = XxHash3::restore_state(&saved).unwrap_err();
/// assert_eq!(err, StateError::WrongAlgorithm { found: "XXH64", expected: "XXH3" });
/// assert_eq!(err.to_string(), "the saved state is of XXH64, not of XXH3");
///
/// let err = XxHash64::restore_state(&saved[..20]).unwrap_err();
/// assert_eq!(err, StateError::Truncated { len: 20, expected: 93 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum StateError {
    /// Fewer bytes than the state's header says it has.
    Truncated {
        /// Bytes given.
        len: usize,
        /// Bytes a state of this kind has (or, if even the header is cut, the fewest any has).
        expected: usize,
    },
    /// More bytes than the state's header says it has.
    Extended {
        /// Bytes given.
        len: usize,
        /// Bytes a state of this kind has.
        expected: usize,
    },
    /// The bytes do not start with the magic `"IOHS"`: not a saved state.
    NotAState,
    /// A format version this version of iohash does not read (a newer one wrote it).
    UnsupportedVersion {
        /// The version in the state.
        version: u8,
    },
    /// The checksum at the end does not match the bytes: corrupted.
    ChecksumMismatch {
        /// The checksum in the state.
        stored: u32,
        /// The checksum of the bytes given.
        computed: u32,
    },
    /// An algorithm number this version does not know.
    UnknownAlgorithm {
        /// The number in the state.
        id: u8,
    },
    /// The state is another algorithm's (or parameter set's).
    WrongAlgorithm {
        /// The algorithm the state is of, as `--tag` names it.
        found: &'static str,
        /// What the restoring type computes.
        expected: &'static str,
    },
    /// A field holds a value the algorithm can never be in, e.g. a buffer length over the
    /// buffer's capacity.
    InvalidField {
        /// The field's name, as the format lists it.
        field: &'static str,
    },
    /// The state is of a hasher keyed by a custom secret: restore it with
    /// `restore_state_with_secret`.
    SecretRequired,
    /// A secret was given, but the state is of a seeded hasher.
    UnexpectedSecret,
    /// The secret given is not the one the state was saved with (its length or fingerprint
    /// differs).
    WrongSecret,
    /// The secret given could not key a hasher.
    Secret(SecretError),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Truncated { len, expected } => write!(
                f,
                "the saved state is truncated: {len} bytes, expected {expected}"
            ),
            StateError::Extended { len, expected } => write!(
                f,
                "the saved state has bytes after its end: {len} bytes, expected {expected}"
            ),
            StateError::NotAState => {
                f.write_str("not a saved iohash state (it does not start with \"IOHS\")")
            }
            StateError::UnsupportedVersion { version } => write!(
                f,
                "the saved state is in format version {version}; this version of iohash reads version {VERSION}"
            ),
            StateError::ChecksumMismatch { stored, computed } => write!(
                f,
                "the saved state is corrupted: its checksum is {stored:08x}, its bytes give {computed:08x}"
            ),
            StateError::UnknownAlgorithm { id } => {
                write!(f, "the saved state is of an unknown algorithm (number {id})")
            }
            StateError::WrongAlgorithm { found, expected } => {
                write!(f, "the saved state is of {found}, not of {expected}")
            }
            StateError::InvalidField { field } => write!(
                f,
                "the saved state's field '{field}' holds a value the algorithm cannot be in"
            ),
            StateError::SecretRequired => f.write_str(
                "the saved state was keyed by a custom secret: restore it with restore_state_with_secret",
            ),
            StateError::UnexpectedSecret => {
                f.write_str("a secret was given, but the saved state is of a seeded hasher")
            }
            StateError::WrongSecret => {
                f.write_str("the secret is not the one the saved state was made with")
            }
            StateError::Secret(err) => write!(f, "{err}"),
        }
    }
}

impl core::error::Error for StateError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            StateError::Secret(err) => Some(err),
            _ => None,
        }
    }
}

impl Kind {
    /// The body's length.
    fn body_len(self) -> usize {
        match self {
            Kind::Xxh32 => 4 + 8 + 4 * 4 + 1 + 16,
            Kind::Xxh64 => 8 + 8 + 4 * 8 + 1 + 32,
            Kind::Xxh3 | Kind::Xxh128 => 1 + 8 + 8 + 8 + 8 + 4 + 8 * 8 + 2 + 256,
            Kind::Crc => 1 + 8 + 8 + 1 + 8 + 8 + 8,
            Kind::Adler32 => 4 + 4 + 8,
            Kind::QuickXor => 8 + 160,
            _ => 8 + 8,
        }
    }
}

/// What a hasher implements to be saved and restored.
pub(crate) trait Resumable: Sized {
    /// What `WrongAlgorithm` calls the restoring type.
    const EXPECTED: &'static str;

    /// The algorithm of this hasher's state.
    fn kind(&self) -> Kind;

    /// Writes the body's fields, in the order of the format table.
    fn write_fields(&self, w: &mut StateWriter);

    /// Reads a body of `kind` (its length and checksum already checked), or
    /// `WrongAlgorithm` for a kind that is not this type's.
    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError>;
}

/// Saves `hasher`'s state.
pub(crate) fn save<H: Resumable>(hasher: &H) -> SavedState {
    save_with(hasher.kind(), |w| hasher.write_fields(w))
}

/// Saves a state of `kind` whose body `write_fields` writes.
pub(crate) fn save_with(kind: Kind, write_fields: impl FnOnce(&mut StateWriter)) -> SavedState {
    let mut w = StateWriter {
        state: SavedState {
            bytes: [0; SavedState::CAPACITY],
            len: HEADER_LEN,
        },
    };
    w.state.bytes[..4].copy_from_slice(&MAGIC);
    w.state.bytes[4] = VERSION;
    w.state.bytes[5] = kind as u8;
    write_fields(&mut w);
    let mut state = w.state;
    let body_len = state.len - HEADER_LEN;
    debug_assert_eq!(body_len, kind.body_len(), "{kind:?}");
    state.bytes[6..8].copy_from_slice(&(body_len as u16).to_le_bytes());
    let checksum = crc32c(&state.bytes[..state.len]);
    state.bytes[state.len..state.len + CHECKSUM_LEN].copy_from_slice(&checksum.to_le_bytes());
    state.len += CHECKSUM_LEN;
    state
}

/// Checks the header, length and checksum of `bytes`; returns the algorithm and a reader over
/// the body.
pub(crate) fn open(bytes: &[u8]) -> Result<(Kind, StateReader<'_>), StateError> {
    let shortest = HEADER_LEN + CHECKSUM_LEN;
    if bytes.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(bytes) {
            StateError::Truncated {
                len: bytes.len(),
                expected: shortest,
            }
        } else {
            StateError::NotAState
        });
    }
    if bytes[..4] != MAGIC {
        return Err(StateError::NotAState);
    }
    if bytes.len() < HEADER_LEN {
        return Err(StateError::Truncated {
            len: bytes.len(),
            expected: shortest,
        });
    }
    let version = bytes[4];
    if version != VERSION {
        return Err(StateError::UnsupportedVersion { version });
    }
    let body_len = u16::from_le_bytes([bytes[6], bytes[7]]) as usize;
    let expected = HEADER_LEN + body_len + CHECKSUM_LEN;
    if bytes.len() < expected {
        return Err(StateError::Truncated {
            len: bytes.len(),
            expected,
        });
    }
    if bytes.len() > expected {
        return Err(StateError::Extended {
            len: bytes.len(),
            expected,
        });
    }
    let (checked, stored) = bytes.split_at(expected - CHECKSUM_LEN);
    let stored = u32::from_le_bytes([stored[0], stored[1], stored[2], stored[3]]);
    let computed = crc32c(checked);
    if stored != computed {
        return Err(StateError::ChecksumMismatch { stored, computed });
    }
    let kind = Kind::from_id(bytes[5]).ok_or(StateError::UnknownAlgorithm { id: bytes[5] })?;
    if body_len != kind.body_len() {
        return Err(StateError::InvalidField {
            field: "body length",
        });
    }
    Ok((
        kind,
        StateReader {
            body: &checked[HEADER_LEN..],
        },
    ))
}

/// Restores an `H` from `bytes`.
pub(crate) fn restore<H: Resumable>(bytes: &[u8]) -> Result<H, StateError> {
    let (kind, mut r) = open(bytes)?;
    H::read_fields(kind, &mut r)
}

/// The error for a state of `kind` restored into `H`.
pub(crate) fn wrong_algorithm<H: Resumable>(kind: Kind) -> StateError {
    StateError::WrongAlgorithm {
        found: kind.tag(),
        expected: H::EXPECTED,
    }
}

/// Appends a body's fields.
pub(crate) struct StateWriter {
    state: SavedState,
}

impl StateWriter {
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        let state = &mut self.state;
        state.bytes[state.len..state.len + bytes.len()].copy_from_slice(bytes);
        state.len += bytes.len();
    }

    pub(crate) fn u8(&mut self, value: u8) {
        self.bytes(&[value]);
    }

    pub(crate) fn u16(&mut self, value: u16) {
        self.bytes(&value.to_le_bytes());
    }

    pub(crate) fn u32(&mut self, value: u32) {
        self.bytes(&value.to_le_bytes());
    }

    pub(crate) fn u64(&mut self, value: u64) {
        self.bytes(&value.to_le_bytes());
    }
}

/// Takes a body's fields in order. The body's length is checked against its algorithm's
/// before any field is read, so reading the fields the format lists never runs out.
pub(crate) struct StateReader<'a> {
    body: &'a [u8],
}

impl StateReader<'_> {
    pub(crate) fn array<const N: usize>(&mut self) -> [u8; N] {
        let (field, rest) = self.body.split_at(N);
        self.body = rest;
        let mut out = [0; N];
        out.copy_from_slice(field);
        out
    }

    /// Fills `out` with the next `out.len()` bytes.
    pub(crate) fn fill(&mut self, out: &mut [u8]) {
        let (field, rest) = self.body.split_at(out.len());
        self.body = rest;
        out.copy_from_slice(field);
    }

    pub(crate) fn u8(&mut self) -> u8 {
        self.array::<1>()[0]
    }

    pub(crate) fn u16(&mut self) -> u16 {
        u16::from_le_bytes(self.array())
    }

    pub(crate) fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.array())
    }

    pub(crate) fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.array())
    }
}

/// `Ok` if `valid`, else `InvalidField` naming `field`.
pub(crate) fn check(valid: bool, field: &'static str) -> Result<(), StateError> {
    if valid {
        Ok(())
    } else {
        Err(StateError::InvalidField { field })
    }
}

/// CRC-32C (Castagnoli), bytewise from a table made at compile time: the states' checksum,
/// without `std` (the CRC hashers need it) and fast enough for a few hundred bytes.
fn crc32c(data: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut crc = i as u32;
            let mut bit = 0;
            while bit < 8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0x82F6_3B78
                } else {
                    crc >> 1
                };
                bit += 1;
            }
            table[i] = crc;
            i += 1;
        }
        table
    };
    !data.iter().fold(!0u32, |crc, &byte| {
        (crc >> 8) ^ TABLE[((crc ^ u32::from(byte)) & 0xFF) as usize]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checksum_is_crc32c() {
        assert_eq!(crc32c(b"123456789"), 0xE306_9283);
        assert_eq!(crc32c(b""), 0);
        #[cfg(feature = "std")]
        {
            let text = b"The quick brown fox jumps over the lazy dog";
            assert_eq!(crc32c(text), crate::Crc32Variant::Iscsi.checksum(text));
        }
    }

    /// The states committed under `tests/data/states/` (made by `tests/states.rs`), which this
    /// version writes byte for byte and restores. Restored here too so that `.ci/run` can run
    /// this under Miri on a big-endian target.
    #[test]
    fn committed_states_restore_on_this_target() {
        use crate::{AnyHasher, DynHasher, NonCryptographicHasher};
        macro_rules! state {
            ($name:literal) => {
                &include_bytes!(concat!("../tests/data/states/", $name, ".state"))[..]
            };
        }
        /// The state, the input's length, where it was saved, the seed.
        type Case = (&'static [u8], usize, usize, u64, crate::Algorithm);
        let cases: [Case; 6] = [
            (state!("xxh32"), 5000, 1234, 0x5EED, crate::Algorithm::Xxh32),
            (state!("xxh64"), 5000, 1234, 0x5EED, crate::Algorithm::Xxh64),
            (state!("xxh3"), 5000, 1234, 0x5EED, crate::Algorithm::Xxh3),
            (
                state!("xxh128"),
                5000,
                1234,
                0x5EED,
                crate::Algorithm::Xxh128,
            ),
            (state!("xxh3-short"), 200, 100, 0, crate::Algorithm::Xxh3),
            (state!("xxh3-241"), 300, 241, 7, crate::Algorithm::Xxh3),
        ];
        for (committed, len, split, seed, algorithm) in cases {
            let data = crate::testing::vector_input(len);
            let mut whole = algorithm.hasher(seed);
            whole.append(&data);
            let mut restored = AnyHasher::restore_state(committed).unwrap();
            assert_eq!(restored.algorithm(), algorithm);
            restored.append(&data[split..]);
            assert_eq!(restored.current_hash(), whole.current_hash(), "{algorithm}");
            let mut head = algorithm.hasher(seed);
            head.append(&data[..split]);
            assert_eq!(head.save_state().as_bytes(), committed, "{algorithm}");
        }
    }

    #[test]
    fn every_kind_fits_the_capacity() {
        for kind in Kind::all() {
            assert!(HEADER_LEN + kind.body_len() + CHECKSUM_LEN <= SavedState::CAPACITY);
        }
        assert_eq!(Kind::Xxh3.body_len(), BODY_MAX);
    }
}
