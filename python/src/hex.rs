//! A hash as a string of lower-case hexadecimal digits: the one way every `hexdigest` of the
//! package writes one.

use iohash::HashValue;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::capi::text::ascii;

/// `value`, which fits in `len` bytes (1 to 16: a CRC's width rounded up to bytes, or an
/// xxHash's 4, 8 or 16), as `2 * len` hexadecimal digits, most significant first, as
/// python-xxhash and hashlib write a digest.
pub(crate) fn hex(py: Python<'_>, value: u128, len: usize) -> PyResult<Bound<'_, PyString>> {
    let mut digits = [0u8; 32];
    digits[16..].copy_from_slice(&digits_of(value as u64));
    if len > 8 {
        digits[..16].copy_from_slice(&digits_of((value >> 64) as u64));
    }
    let digits = &digits[32 - 2 * len.min(16)..];
    ascii(py, digits)
}

/// [`hex`] of a hash of any algorithm, QuickXorHash's 20 bytes included.
pub(crate) fn hex_of(py: Python<'_>, hash: HashValue) -> PyResult<Bound<'_, PyString>> {
    if let Some(value) = hash.to_u128() {
        return hex(py, value, hash.len());
    }
    let mut digits = Vec::with_capacity(2 * hash.len());
    for &byte in hash.as_be_bytes() {
        digits.extend_from_slice(&digits_of(u64::from(byte))[14..]);
    }
    ascii(py, &digits)
}

/// The 16 hexadecimal digits of `word`, made all at once in a 128-bit integer rather than
/// looked up one at a time.
fn digits_of(word: u64) -> [u8; 16] {
    /// A one in every byte.
    const ONES: u128 = u128::MAX / 0xff;
    // Each nibble moved into a byte of its own, nibble `i` into byte `i`, in four halvings.
    let mut v = u128::from(word);
    v = (v | (v << 32)) & 0x0000_0000_ffff_ffff_0000_0000_ffff_ffff;
    v = (v | (v << 16)) & 0x0000_ffff_0000_ffff_0000_ffff_0000_ffff;
    v = (v | (v << 8)) & 0x00ff_00ff_00ff_00ff_00ff_00ff_00ff_00ff;
    v = (v | (v << 4)) & 0x0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f_0f0f;
    // A one in the bytes holding 10 to 15, which become `a` to `f` rather than `0` to `9`.
    let letters = ((v + 6 * ONES) >> 4) & ONES;
    (v + u128::from(b'0') * ONES + letters * u128::from(b'a' - b'0' - 10)).to_be_bytes()
}
