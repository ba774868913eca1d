//! The kernel for any CPU: the bytes one at a time, reduced once per [`NMAX`] bytes.

use super::{BASE, NMAX};

/// The sums after `data`, from `a` and `b` (each below [`BASE`]).
#[inline]
pub(super) fn update(mut a: u32, mut b: u32, data: &[u8]) -> (u32, u32) {
    for chunk in data.chunks(NMAX) {
        // Sixteen at a time, so the compiler unrolls the loop and keeps the sums in registers.
        let mut blocks = chunk.chunks_exact(16);
        for block in &mut blocks {
            for &byte in block {
                a += u32::from(byte);
                b += a;
            }
        }
        for &byte in blocks.remainder() {
            a += u32::from(byte);
            b += a;
        }
        a %= BASE;
        b %= BASE;
    }
    (a, b)
}
