//! [`HashValue`]: a hash of any algorithm as the integer its algorithm defines, up to 160 bits.

use core::fmt;

/// The most bytes a hash of this crate takes: QuickXorHash's 20. A buffer this long fits
/// every algorithm's [`current_hash_into`](crate::DynHasher::current_hash_into).
pub const MAX_HASH_LEN: usize = 20;

/// A hash as the integer its algorithm defines, 1 to [`MAX_HASH_LEN`] bytes, kept as its
/// big-endian bytes: what [`AnyHasher::current_hash`](crate::AnyHasher) gives, since one
/// algorithm's hash (QuickXorHash's 160 bits) is wider than any integer type. `{:x}` prints
/// every digit of its width, as `xxhsum` and `rclone` print hashes; it compares with a `u128`
/// by value; [`to_u128`](Self::to_u128) gives the integer where it fits.
///
/// ```
/// use iohash::{Algorithm, DynHasher, NonCryptographicHasher};
///
/// let mut crc = Algorithm::Crc32(iohash::Crc32Variant::Iscsi).hasher(0);
/// crc.append(b"123456789");
/// let hash = crc.current_hash();
/// assert_eq!(hash, 0xE306_9283);
/// assert_eq!(format!("{hash:x}"), "e3069283");
/// assert_eq!(hash.as_be_bytes(), [0xE3, 0x06, 0x92, 0x83]);
/// assert_eq!(hash.to_u128(), Some(0xE306_9283));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct HashValue {
    /// The big-endian bytes at the end, zeros before them: the last 16 are the integer's
    /// `u128` bytes, so a hash that fits converts with one load.
    bytes: [u8; MAX_HASH_LEN],
    len: u8,
}

impl HashValue {
    /// `value` as a hash of `len` bytes (1 to 16), its bytes above them dropped.
    #[inline]
    pub(crate) fn of_int(value: u128, len: usize) -> HashValue {
        let len = len.clamp(1, 16);
        let mask = u128::MAX >> (128 - 8 * len);
        let mut bytes = [0; MAX_HASH_LEN];
        bytes[MAX_HASH_LEN - 16..].copy_from_slice(&(value & mask).to_be_bytes());
        HashValue {
            bytes,
            len: len as u8,
        }
    }

    /// The hash whose big-endian bytes are `bytes`, or `None` for none or more than
    /// [`MAX_HASH_LEN`].
    ///
    /// ```
    /// use iohash::HashValue;
    ///
    /// let hash = HashValue::from_be_bytes(&[0xCB, 0xF4, 0x39, 0x26]).unwrap();
    /// assert_eq!(hash, 0xCBF4_3926);
    /// assert!(HashValue::from_be_bytes(&[0; 21]).is_none());
    /// ```
    pub fn from_be_bytes(bytes: &[u8]) -> Option<HashValue> {
        if bytes.is_empty() || bytes.len() > MAX_HASH_LEN {
            return None;
        }
        let mut value = HashValue {
            bytes: [0; MAX_HASH_LEN],
            len: bytes.len() as u8,
        };
        value.bytes[MAX_HASH_LEN - bytes.len()..].copy_from_slice(bytes);
        Some(value)
    }

    /// The big-endian bytes, as many as the algorithm's hash has.
    pub fn as_be_bytes(&self) -> &[u8] {
        &self.bytes[MAX_HASH_LEN - usize::from(self.len)..]
    }

    /// The hash's length in bytes.
    #[allow(clippy::len_without_is_empty)] // never empty
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The integer, where it fits 128 bits (every algorithm's but QuickXorHash's).
    #[inline]
    pub fn to_u128(self) -> Option<u128> {
        let low: [u8; 16] = self.bytes[MAX_HASH_LEN - 16..]
            .try_into()
            .unwrap_or_default();
        (self.len <= 16).then(|| u128::from_be_bytes(low))
    }
}

impl PartialEq<u128> for HashValue {
    /// Equal by value, whatever the width: `0xE3069283` equals CRC-32C's hash of "123456789".
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl fmt::LowerHex for HashValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.as_be_bytes()
            .iter()
            .try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for HashValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HashValue({self:x})")
    }
}
