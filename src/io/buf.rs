//! `bytes::Buf` sources (feature `bytes`): hashed chunk by chunk, never flattened.

use crate::DynHasher;

/// Appends every byte of a [`bytes::Buf`] to `hasher`, one [`chunk`](bytes::Buf::chunk) at a
/// time, without copying or allocating; `buf` is consumed.
pub(crate) fn append_buf<H: DynHasher + ?Sized>(hasher: &mut H, mut buf: impl bytes::Buf) {
    while buf.has_remaining() {
        let chunk = buf.chunk();
        let n = chunk.len();
        hasher.append(chunk);
        buf.advance(n);
    }
}
