//! The constants of the carry-less folds (x86-64's PCLMULQDQ in [`clmul`](super::clmul),
//! AArch64's PMULL in [`pmull`](super::pmull)), derived from the polynomial at compile time
//! for the built-in sets and when an engine is made for any other: the two halves of
//! `x^D mod P` that move a 16-byte block `D` bits on, and Barrett's constants for a reflected
//! CRC-32's last 16 bytes.

/// The fold constants of one CRC: for one to eight blocks of 16 bytes ahead, and the 512-bit
/// fold's, each as `[for the low lane, for the high lane]` of the 128-bit register.
pub(crate) struct FoldKeys {
    /// `blocks_ahead[k - 1]` moves a block on by `k` blocks (`16 k` bytes).
    pub(super) blocks_ahead: [[u64; 2]; 8],
    /// The 512-bit fold's: a reflected CRC's own, and a forward CRC's as if it were reflected
    /// (that fold reverses the bits of a forward CRC's bytes, not their order: see
    /// [`clmul`](super::clmul)).
    #[cfg(target_arch = "x86_64")]
    pub(super) widest: WidestKeys,
    /// For a reflected CRC-32, the constants that reduce the last 16 bytes to the register.
    pub(super) barrett: Option<Barrett32>,
    /// Whether this is CRC-32C's polynomial (reflected), the one SSE4.2's `crc32` instruction
    /// computes: then short inputs may take [`instruction`](super::instruction) and long ones
    /// [`fusion`](super::fusion).
    #[cfg(target_arch = "x86_64")]
    pub(super) crc32c: bool,
}

impl FoldKeys {
    /// The constants for a CRC of `width` bits with the polynomial `poly`.
    pub(crate) const fn new(width: u32, poly: u64, reflected: bool) -> FoldKeys {
        FoldKeys {
            blocks_ahead: blocks_ahead(width, poly, reflected),
            #[cfg(target_arch = "x86_64")]
            widest: WidestKeys {
                by_256_bytes: lane_keys(width, poly, true, 2048),
                blocks_ahead: blocks_ahead(width, poly, true),
            },
            barrett: if width == 32 && reflected {
                Some(Barrett32::new(poly))
            } else {
                None
            },
            #[cfg(target_arch = "x86_64")]
            crc32c: width == 32 && reflected && poly == 0x1EDC_6F41,
        }
    }
}

/// The constants of the 512-bit fold (x86-64), in the reflected order for every CRC.
#[cfg(target_arch = "x86_64")]
pub(crate) struct WidestKeys {
    /// Moves a block on by 256 bytes.
    pub(super) by_256_bytes: [u64; 2],
    /// As [`FoldKeys::blocks_ahead`].
    pub(super) blocks_ahead: [[u64; 2]; 8],
}

/// The reduction of 128 bits to a reflected CRC-32 register, after Intel's "Fast CRC
/// Computation for Generic Polynomials Using PCLMULQDQ" (as `crc32fast` and zlib do it): 128
/// bits to 64 by two folds, then a Barrett reduction. Every constant is 33 bits, reflected:
/// `x^96 mod P`, `x^64 mod P`, `P` itself and `μ = x^64 div P`.
pub(crate) struct Barrett32 {
    pub(super) x96: u64,
    pub(super) x64: u64,
    pub(super) p: u64,
    pub(super) mu: u64,
}

impl Barrett32 {
    pub(super) const fn new(poly: u64) -> Barrett32 {
        Barrett32 {
            x96: reflect33(x_pow_mod(96, 32, poly)),
            x64: reflect33(x_pow_mod(64, 32, poly)),
            p: reflect33((1 << 32) | poly),
            mu: reflect33(x64_div(poly)),
        }
    }
}

/// `v` (33 bits) with its bits in reverse order.
const fn reflect33(v: u64) -> u64 {
    v.reverse_bits() >> 31
}

/// The quotient of `x^64` by `P = x^32 + poly`: a polynomial of degree 32.
const fn x64_div(poly: u64) -> u64 {
    let divisor = (1u128 << 32) | poly as u128;
    let mut rest = 1u128 << 64;
    let mut quotient = 0u64;
    let mut bit = 64;
    while bit >= 32 {
        if rest >> bit & 1 == 1 {
            rest ^= divisor << (bit - 32);
            quotient |= 1 << (bit - 32);
        }
        bit -= 1;
    }
    quotient
}

/// `[low lane, high lane]` constants that move a block `distance` bits on.
const fn lane_keys(width: u32, poly: u64, reflected: bool, distance: u32) -> [u64; 2] {
    if reflected {
        // The low lane holds the block's first (high) half, bit-reversed.
        [
            x_pow_mod(distance + 63, width, poly).reverse_bits(),
            x_pow_mod(distance - 1, width, poly).reverse_bits(),
        ]
    } else {
        // Byte-reversed: the low lane is the block's second (low) half.
        [
            x_pow_mod(distance, width, poly),
            x_pow_mod(distance + 64, width, poly),
        ]
    }
}

/// [`FoldKeys::blocks_ahead`]: the keys for one to eight blocks ahead.
const fn blocks_ahead(width: u32, poly: u64, reflected: bool) -> [[u64; 2]; 8] {
    let mut keys = [[0; 2]; 8];
    let mut k = 0;
    while k < 8 {
        keys[k] = lane_keys(width, poly, reflected, 128 * (k as u32 + 1));
        k += 1;
    }
    keys
}

/// `x^exponent mod P`, `P = x^width + poly`, in natural order (bit `i` is `x^i`).
pub(super) const fn x_pow_mod(exponent: u32, width: u32, poly: u64) -> u64 {
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1 << width) - 1
    };
    let mut r = 1u64;
    let mut i = 0;
    while i < exponent {
        let carry = (r >> (width - 1)) & 1 == 1;
        r = (r << 1) & mask;
        if carry {
            r ^= poly;
        }
        i += 1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crc32_reduction_constants_are_zlibs() {
        // The constants of Intel's paper for CRC-32/ISO-HDLC, as crc32fast and zlib list them.
        let k = Barrett32::new(0x04C1_1DB7);
        assert_eq!(k.x96, 0x0_CCAA_009E);
        assert_eq!(k.x64, 0x1_63CD_6124);
        assert_eq!(k.p, 0x1_DB71_0641);
        assert_eq!(k.mu, 0x1_F701_1641);
    }
}
