//! QuickXorHash: the content hash OneDrive for Business and SharePoint show (Microsoft Graph's
//! `quickXorHash`). Byte `k` of the input is XORed into a 160-bit circle at bit `11 k mod 160`,
//! and the length is XORed into the last 64 bits. Since byte `k + 160` lands where byte `k`
//! did, the hasher keeps the input XOR-folded into 160 bytes (`fold`) and spreads the fold
//! over the circle only when a hash is asked for: the bulk of the work is XOR, as fast as the
//! bytes load, and a short input costs one spread of its own length.

use core::fmt;

use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateReader, StateWriter};
use crate::StateError;

mod fold;

/// Bytes after which the bit positions repeat: 160 bits, 11 bits a byte.
const BLOCK: usize = 160;

/// A QuickXorHash: 20 bytes, in the order Microsoft Graph's `quickXorHash` base64-encodes and
/// rclone prints in hexadecimal. Formats as lowercase hexadecimal with `{:x}`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct QuickXorDigest(pub [u8; 20]);

impl fmt::LowerHex for QuickXorDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for QuickXorDigest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "QuickXorDigest({self:x})")
    }
}

impl From<QuickXorDigest> for [u8; 20] {
    fn from(digest: QuickXorDigest) -> [u8; 20] {
        digest.0
    }
}

impl AsRef<[u8]> for QuickXorDigest {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// The QuickXorHash of bytes given piece by piece: OneDrive's and SharePoint's content hash
/// (Microsoft Graph's `quickXorHash`, which is the base64 of these 20 bytes).
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, QuickXorHash};
///
/// let mut hasher = QuickXorHash::new();
/// hasher.append(b"hello ");
/// hasher.append(b"world");
/// assert_eq!(hasher.current_hash(), QuickXorHash::hash(b"hello world"));
/// assert_eq!(
///     format!("{:x}", hasher.current_hash()),
///     "6828031bd8f00610dce10d726b03190000000000"
/// );
/// ```
///
/// Ranges hashed apart join with [`combine`](crate::SplittableHasher::combine): a range's
/// fold, turned by where the range starts, is its part of the whole.
///
/// ```
/// use iohash::{DynHasher, NonCryptographicHasher, QuickXorHash, SplittableHasher};
///
/// let (mut first, mut second) = (QuickXorHash::new(), QuickXorHash::new());
/// first.append(b"hello ");
/// second.append(b"world");
/// first.combine(&second);
/// assert_eq!(first.current_hash(), QuickXorHash::hash(b"hello world"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct QuickXorHash {
    /// Input byte `k` XORed into `fold[k % 160]`.
    fold: [u8; BLOCK],
    /// Bytes taken in, wrapping at 2^64 as the reference's 64-bit length does in the hash.
    total: u64,
}

impl QuickXorHash {
    /// A hasher of no bytes yet.
    pub const fn new() -> Self {
        QuickXorHash {
            fold: [0; BLOCK],
            total: 0,
        }
    }

    /// Where in the fold the next byte goes.
    fn at(&self) -> usize {
        (self.total % BLOCK as u64) as usize
    }

    /// The hash of the bytes so far.
    fn digest(&self) -> [u8; 20] {
        // Slots past the length are zero: a short input spreads only its own bytes.
        let used = usize::try_from(self.total).map_or(BLOCK, |total| total.min(BLOCK));
        finish(&self.fold[..used], self.total)
    }
}

/// The hash of an input whose fold is `fold` and length `total`: the fold spread over the
/// circle, then the length XORed into its last 64 bits.
#[inline]
fn finish(fold: &[u8], total: u64) -> [u8; 20] {
    let mut out = spread(fold);
    for (byte, len) in out[12..].iter_mut().zip(total.to_le_bytes()) {
        *byte ^= len;
    }
    out
}

/// `fold` (at most 160 bytes) spread over the 160-bit circle: `fold[k]` XORed in at bit
/// `11 k mod 160`, the bits numbered from the first byte's lowest.
///
/// Eight bytes at a time: spread apart 11 bits each ([`spread8`]), the `m`th eight starts at
/// bit `88 m mod 160`, a whole byte. So each lands in a 256-bit window without a wrap, and the
/// window's bytes past the 20th are folded back once at the end. The twenty steps are written
/// out with their bit as a constant, so the window stays in registers.
fn spread(fold: &[u8]) -> [u8; 20] {
    let mut window = [0u64; 4];
    let eights = fold.len().div_ceil(8);
    macro_rules! steps {
        ($($m:literal)*) => {$(
            if $m < eights {
                add_at::<{ 88 * $m % 160 }>(&mut window, spread8(eight(fold, $m)));
            }
        )*};
    }
    steps!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19);
    let mut bytes = [0u8; 32];
    for (out, word) in bytes.as_chunks_mut::<8>().0.iter_mut().zip(window) {
        *out = word.to_le_bytes();
    }
    let mut out = [0u8; 20];
    out.copy_from_slice(&bytes[..20]);
    for (out, wrapped) in out.iter_mut().zip(&bytes[20..]) {
        *out ^= wrapped;
    }
    out
}

/// Bytes `8 m..8 m + 8` of `fold`, zero past its end, as a little-endian word.
#[inline(always)]
fn eight(fold: &[u8], m: usize) -> u64 {
    match fold.get(8 * m..8 * m + 8) {
        Some(whole) => u64::from_le_bytes(whole.try_into().unwrap_or_default()),
        None => {
            let mut last = [0u8; 8];
            let rest = fold.get(8 * m..).unwrap_or_default();
            last[..rest.len()].copy_from_slice(rest);
            u64::from_le_bytes(last)
        }
    }
}

/// `window ^= v << BIT`, for `v` of 88 bits and `BIT` below 160: within the 256 bits.
#[inline(always)]
fn add_at<const BIT: usize>(window: &mut [u64; 4], v: u128) {
    let (word, shift) = (BIT / 64, BIT % 64);
    let (low, high) = (v as u64, (v >> 64) as u64);
    window[word] ^= low << shift;
    if shift == 0 {
        window[word + 1] ^= high;
    } else {
        window[word + 1] ^= low >> (64 - shift) | high << shift;
        // `high` holds 24 bits: past the window's end this part is zero.
        if word + 2 < 4 {
            window[word + 2] ^= high >> (64 - shift);
        }
    }
}

/// The eight bytes of `x` spread 11 bits apart: byte `i` at bit `11 i` of the result.
#[inline(always)]
fn spread8(x: u64) -> u128 {
    /// Bits `from..to` of each of `groups`, `stride` bits apart.
    const fn bits(from: u32, to: u32, stride: u32, groups: u32) -> u128 {
        let mut mask = 0u128;
        let mut g = 0;
        while g < groups {
            let mut bit = from + g * stride;
            while bit < to + g * stride {
                mask |= 1 << bit;
                bit += 1;
            }
            g += 1;
        }
        mask
    }
    // Bytes 4-7 to bit 44; then bytes 2, 3 (and 6, 7) six bits on; then the odd bytes three.
    const PAIRS: u128 = bits(16, 32, 44, 2);
    const ODD: u128 = bits(8, 16, 22, 4);
    let v = u128::from(x as u32) | u128::from(x >> 32) << 44;
    let v = (v & !PAIRS) | (v & PAIRS) << 6;
    (v & !ODD) | (v & ODD) << 3
}

impl Default for QuickXorHash {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for QuickXorHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("QuickXorHash")
            .field("hash", &QuickXorDigest(self.digest()))
            .field("total", &self.total)
            .finish()
    }
}

impl crate::hasher::sealed::Sealed for QuickXorHash {}

impl crate::SplittableHasher for QuickXorHash {
    fn combine(&mut self, next: &Self) {
        // `next`'s byte `k` is byte `total + k` of the whole.
        let at = self.at();
        for (k, &byte) in next.fold.iter().enumerate() {
            self.fold[(at + k) % BLOCK] ^= byte;
        }
        self.total = self.total.wrapping_add(next.total);
    }
}

impl Resumable for QuickXorHash {
    const EXPECTED: &'static str = Kind::QuickXor.tag();

    fn kind(&self) -> Kind {
        Kind::QuickXor
    }

    fn write_fields(&self, w: &mut StateWriter) {
        w.u64(self.total);
        w.bytes(&self.fold);
    }

    fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
        if kind != Kind::QuickXor {
            return Err(state::wrong_algorithm::<Self>(kind));
        }
        let total = r.u64();
        let fold = r.array::<BLOCK>();
        // A slot past the length was never written: a state that says otherwise is not one
        // this type saved, and would hash as no input does.
        let used = usize::try_from(total).map_or(BLOCK, |total| total.min(BLOCK));
        state::check(fold[used..].iter().all(|&byte| byte == 0), "fold")?;
        Ok(QuickXorHash { fold, total })
    }
}

impl_hasher! {
    QuickXorHash => QuickXorDigest, into_bytes;
    fn append(&mut self, data: &[u8]) {
        let at = self.at();
        fold::fold(&mut self.fold, at, data);
        self.total = self.total.wrapping_add(data.len() as u64);
    }
    fn reset(&mut self) {
        *self = QuickXorHash::new();
    }
    fn current_hash(&self) -> QuickXorDigest {
        QuickXorDigest(self.digest())
    }
    fn hash(data: &[u8]) -> QuickXorDigest {
        // Up to a block, the input is its own fold: no fold to clear and fill.
        if data.len() <= BLOCK {
            return QuickXorDigest(finish(data, data.len() as u64));
        }
        let mut hasher = QuickXorHash::new();
        crate::DynHasher::append(&mut hasher, data);
        QuickXorDigest(hasher.digest())
    }
}

impl QuickXorDigest {
    /// The 20 bytes, for [`NonCryptographicHasher::current_hash_bytes`](crate::NonCryptographicHasher::current_hash_bytes).
    #[inline]
    pub const fn into_bytes(self) -> [u8; 20] {
        self.0
    }
}

#[cfg(test)]
mod tests;
