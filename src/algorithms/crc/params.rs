//! A CRC's parameters in the Rocksoft model, as the CRC catalogue lists them.

use core::fmt;

/// The parameters of a CRC of 1 to 64 bits in the Rocksoft model: what the CRC RevEng
/// catalogue (and `crc-catalog`, .NET, `crc-fast`) lists for each CRC. Every entry of the
/// catalogue is a constant of [`crc_catalogue`](crate::crc_catalogue); any other set is made
/// with [`new`](Self::new). Hash with one through [`CrcEngine`](crate::CrcEngine) and
/// [`Crc`](crate::Crc).
///
/// ```
/// use iohash::{crc_catalogue, CrcParams};
///
/// // CRC-16/MODBUS by its parameters: the catalogue's entry, but for its name.
/// let modbus = CrcParams::new(16, 0x8005, 0xFFFF, true, true, 0x0000);
/// assert_eq!(modbus.check(), 0x4B37);
/// assert_eq!(modbus.with_name("CRC-16/MODBUS"), crc_catalogue::CRC_16_MODBUS);
/// assert_eq!(modbus.name(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CrcParams {
    name: Option<&'static str>,
    width: u8,
    poly: u64,
    init: u64,
    refin: bool,
    refout: bool,
    xorout: u64,
}

/// Why [`CrcParams::try_new`] refused a parameter set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CrcParamsError {
    /// The width is not between 1 and 64 bits.
    Width(u32),
    /// The polynomial, initial value or final XOR has bits above the width.
    TooWide {
        /// `"poly"`, `"init"` or `"xorout"`.
        field: &'static str,
        /// Its value.
        value: u64,
    },
}

impl fmt::Display for CrcParamsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CrcParamsError::Width(width) => {
                write!(f, "a CRC is 1 to 64 bits wide, not {width}")
            }
            CrcParamsError::TooWide { field, value } => {
                write!(f, "the CRC's {field} {value:#x} has bits above its width")
            }
        }
    }
}

impl core::error::Error for CrcParamsError {}

impl CrcParams {
    /// A CRC of `width` bits (1 to 64) with the generator polynomial `poly` (its coefficients
    /// below `x^width`, unreflected, as the catalogue writes it), the register `init` before
    /// any byte (unreflected), `refin` if each byte is taken lowest bit first, `refout` if
    /// the register is reflected before the final XOR with `xorout`.
    ///
    /// A `const fn`, so that a set can be a constant (then the checks below happen when the
    /// program compiles).
    ///
    /// # Panics
    /// Where [`try_new`](Self::try_new) would return an error.
    pub const fn new(
        width: u32,
        poly: u64,
        init: u64,
        refin: bool,
        refout: bool,
        xorout: u64,
    ) -> CrcParams {
        match CrcParams::try_new(width, poly, init, refin, refout, xorout) {
            Ok(params) => params,
            Err(CrcParamsError::Width(_)) => panic!("a CRC is 1 to 64 bits wide"),
            Err(CrcParamsError::TooWide { .. }) => {
                panic!("a CRC's poly, init and xorout fit in its width")
            }
        }
    }

    /// [`new`](Self::new), or an error for parameters that are no CRC.
    ///
    /// # Errors
    /// [`CrcParamsError::Width`] for a width of 0 or over 64, [`CrcParamsError::TooWide`] for
    /// a `poly`, `init` or `xorout` with bits at or above `width`.
    pub const fn try_new(
        width: u32,
        poly: u64,
        init: u64,
        refin: bool,
        refout: bool,
        xorout: u64,
    ) -> Result<CrcParams, CrcParamsError> {
        if width == 0 || width > 64 {
            return Err(CrcParamsError::Width(width));
        }
        let mask = mask(width as u8);
        if poly & !mask != 0 {
            return Err(CrcParamsError::TooWide {
                field: "poly",
                value: poly,
            });
        }
        if init & !mask != 0 {
            return Err(CrcParamsError::TooWide {
                field: "init",
                value: init,
            });
        }
        if xorout & !mask != 0 {
            return Err(CrcParamsError::TooWide {
                field: "xorout",
                value: xorout,
            });
        }
        Ok(CrcParams {
            name: None,
            width: width as u8,
            poly,
            init,
            refin,
            refout,
            xorout,
        })
    }

    /// The same set with a name, which hashers of it report as their
    /// [`name`](crate::DynHasher::name) (the catalogue's sets carry theirs). Two sets with the
    /// same parameters and different names compare unequal.
    pub const fn with_name(self, name: &'static str) -> CrcParams {
        CrcParams {
            name: Some(name),
            ..self
        }
    }

    /// Whether `other` is the same CRC, whatever either is named.
    pub(crate) fn same_set(&self, other: &CrcParams) -> bool {
        self.with_unset_name() == other.with_unset_name()
    }

    const fn with_unset_name(self) -> CrcParams {
        CrcParams { name: None, ..self }
    }

    /// The set's name, if it has one.
    pub const fn name(&self) -> Option<&'static str> {
        self.name
    }

    /// Bits in the CRC.
    pub const fn width(&self) -> u32 {
        self.width as u32
    }

    /// The generator polynomial, unreflected, without its `x^width` term.
    pub const fn poly(&self) -> u64 {
        self.poly
    }

    /// The register before any byte, unreflected.
    pub const fn init(&self) -> u64 {
        self.init
    }

    /// Whether each byte is taken lowest bit first.
    pub const fn refin(&self) -> bool {
        self.refin
    }

    /// Whether the register is reflected before the final XOR.
    pub const fn refout(&self) -> bool {
        self.refout
    }

    /// XORed into the (reflected, if `refout`) register to give the CRC.
    pub const fn xorout(&self) -> u64 {
        self.xorout
    }

    /// Bytes in the CRC's canonical form: the width rounded up to whole bytes.
    pub const fn hash_len(&self) -> usize {
        (self.width as usize).div_ceil(8)
    }

    /// The CRC of the nine bytes `"123456789"`: the catalogue's `check`, computed a bit at a
    /// time from the parameters alone (no engine to build).
    pub fn check(&self) -> u64 {
        self.checksum_bitwise(b"123456789")
    }

    /// The CRC of `data` as the Rocksoft model defines it, one bit at a time: slow, for
    /// [`check`](Self::check) and as the tests' model.
    pub(crate) fn checksum_bitwise(&self, data: &[u8]) -> u64 {
        let width = self.width as u32;
        let top = 1u64 << (width - 1);
        let mask = mask(self.width);
        let mut register = self.init;
        for &byte in data {
            let byte = if self.refin {
                byte.reverse_bits()
            } else {
                byte
            };
            for bit in (0..8).rev() {
                let feedback = ((register & top) != 0) ^ ((byte >> bit) & 1 == 1);
                register = (register << 1) & mask;
                if feedback {
                    register ^= self.poly;
                }
            }
        }
        if self.refout {
            register = reflect(register, width);
        }
        register ^ self.xorout
    }
}

impl fmt::Debug for CrcParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.hash_len() * 2;
        let mut s = f.debug_struct("CrcParams");
        if let Some(name) = self.name {
            s.field("name", &name);
        }
        s.field("width", &self.width)
            .field("poly", &format_args!("{:#0w$x}", self.poly, w = digits + 2))
            .field("init", &format_args!("{:#0w$x}", self.init, w = digits + 2))
            .field("refin", &self.refin)
            .field("refout", &self.refout)
            .field(
                "xorout",
                &format_args!("{:#0w$x}", self.xorout, w = digits + 2),
            )
            .finish()
    }
}

/// The low `width` bits set.
pub(crate) const fn mask(width: u8) -> u64 {
    u64::MAX >> (64 - width as u32)
}

/// The low `width` bits of `value` in reverse order.
pub(crate) const fn reflect(value: u64, width: u32) -> u64 {
    value.reverse_bits() >> (64 - width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_out_of_range_are_refused() {
        assert_eq!(
            CrcParams::try_new(0, 1, 0, false, false, 0),
            Err(CrcParamsError::Width(0))
        );
        assert_eq!(
            CrcParams::try_new(65, 1, 0, false, false, 0),
            Err(CrcParamsError::Width(65))
        );
        assert_eq!(
            CrcParams::try_new(8, 0x107, 0, false, false, 0),
            Err(CrcParamsError::TooWide {
                field: "poly",
                value: 0x107
            })
        );
        let err = CrcParams::try_new(16, 0x1021, 0x1_0000, false, false, 0).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the CRC's init 0x10000 has bits above its width"
        );
        assert!(CrcParams::try_new(64, u64::MAX, u64::MAX, true, false, u64::MAX).is_ok());
        assert!(CrcParams::try_new(1, 1, 1, true, true, 1).is_ok());
    }

    #[test]
    fn the_bitwise_model_gives_known_check_values() {
        // From the catalogue: CRC-32/ISO-HDLC, CRC-12/UMTS (refin differs from refout),
        // CRC-5/USB, CRC-64/XZ.
        let sets = [
            (
                CrcParams::new(32, 0x04C1_1DB7, 0xFFFF_FFFF, true, true, 0xFFFF_FFFF),
                0xCBF4_3926,
            ),
            (CrcParams::new(12, 0x80F, 0, false, true, 0), 0xDAF),
            (CrcParams::new(5, 0x05, 0x1F, true, true, 0x1F), 0x19),
            (
                CrcParams::new(64, 0x42F0_E1EB_A9EA_3693, u64::MAX, true, true, u64::MAX),
                0x995D_C9BB_DF19_39FA,
            ),
        ];
        for (params, check) in sets {
            assert_eq!(params.check(), check, "{params:?}");
        }
    }

    #[test]
    fn debug_shows_the_parameters_in_hex() {
        let params = CrcParams::new(16, 0x1021, 0xFFFF, false, false, 0).with_name("CRC-16/X");
        assert_eq!(
            format!("{params:?}"),
            "CrcParams { name: \"CRC-16/X\", width: 16, poly: 0x1021, init: 0xffff, refin: false, refout: false, xorout: 0x0000 }"
        );
    }
}
