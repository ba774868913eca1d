//! [`CrcEngine`]: what hashing with one parameter set needs, made once from its parameters.
//!
//! Every set runs on the same code, a register of 32 or 64 bits: a reflected CRC-32 in 32 bits
//! (its last step a Barrett reduction), every other set in 64. A set narrower than its register
//! is the CRC of the polynomial `P · x^(64 - width)`, whose register is the narrow one's,
//! moved to the top (forward sets) or left at the bottom (reflected sets): the same tables
//! ([`table`](super::table)) and folds ([`clmul`](super::clmul)) serve every width, with
//! constants derived from the polynomial.

#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
use super::fold_keys::FoldKeys;
use super::params::{reflect, CrcParams};
use super::platform::{self, NotAsked, Path, Polynomial};
use super::table::Tables;

/// The tables and fold constants of one CRC parameter set, derived from its [`CrcParams`].
/// A `const fn` makes it, so a set used throughout a program is a `static`, built when the
/// program compiles (16 KiB of tables); a set chosen at run time takes some microseconds to
/// make.
///
/// On x86-64 with PCLMULQDQ and AArch64 with PMULL, inputs of 16 bytes and more are folded by
/// carry-less multiplication (on x86-64 128, 256 or 512 bits at a time, as the CPU allows);
/// the CPU's CRC-32 instructions take the sets they compute where they are faster (CRC-32C's
/// short and long inputs on x86-64, CRC-32's and CRC-32C's short ones on AArch64, and their
/// long ones there beside the fold); shorter
/// inputs go through slice-by-8 tables; other CPUs use the tables throughout. `platform.rs`
/// makes the choice.
///
/// ```
/// use iohash::{crc_catalogue, Crc, CrcEngine, DynHasher, NonCryptographicHasher};
///
/// static CRC_16_ARC: CrcEngine = CrcEngine::new(crc_catalogue::CRC_16_ARC);
///
/// assert_eq!(CRC_16_ARC.checksum(b"123456789"), 0xBB3D);
/// let mut crc = Crc::new(&CRC_16_ARC);
/// crc.append(b"1234");
/// crc.append(b"56789");
/// assert_eq!(crc.current_hash(), 0xBB3D);
/// assert_eq!(crc.name(), "CRC-16/ARC");
/// ```
pub struct CrcEngine {
    pub(super) params: CrcParams,
    /// The register before any byte: `init`, reflected for a reflected set, at the top of a
    /// forward set's register.
    pub(super) init: u64,
    /// Bits in the register: 32 (reflected CRC-32s) or 64.
    pub(super) register_width: u32,
    /// The polynomial in the register's width: `P · x^(register_width - width)`.
    pub(super) register_poly: u64,
    /// Whether the register holds the CRC reflected (bit 0 is the highest power).
    pub(super) reflected: bool,
    pub(super) tables: Tables,
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    pub(super) keys: FoldKeys,
    /// The polynomial of the CPU's CRC-32 instruction, if this set is one it computes.
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    pub(super) instruction: Option<Polynomial>,
}

impl CrcEngine {
    /// The engine for `params`: tables and fold constants, derived from the polynomial.
    pub const fn new(params: CrcParams) -> CrcEngine {
        let width = params.width();
        let (register_width, register_poly) = if params.refin() && width == 32 {
            (32, params.poly())
        } else {
            (64, params.poly() << (64 - width))
        };
        let init = if params.refin() {
            reflect(params.init(), width)
        } else {
            params.init() << (64 - width)
        };
        CrcEngine {
            params,
            init,
            register_width,
            register_poly,
            reflected: params.refin(),
            tables: Tables::new(register_width, register_poly, params.refin()),
            #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
            keys: FoldKeys::new(register_width, register_poly, params.refin()),
            #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
            instruction: Polynomial::of(width, params.poly(), params.refin()),
        }
    }

    /// The parameter set.
    pub const fn params(&self) -> CrcParams {
        self.params
    }

    /// The CRC of `data` in one call.
    #[inline]
    pub fn checksum(&self, data: &[u8]) -> u64 {
        self.crc_of(self.update(self.init, data))
    }

    /// The CRC of `a ‖ b` from `crc_a`, `crc_b` and the length of `b` in bytes, without the
    /// data: for hashing the parts of a file in parallel. Takes time in the logarithm of
    /// `len_b`.
    ///
    /// ```
    /// use iohash::{crc_catalogue, CrcEngine};
    ///
    /// let crc = CrcEngine::new(crc_catalogue::CRC_24_OPENPGP);
    /// let (a, b) = (b"12345", b"6789");
    /// let joined = crc.combine(crc.checksum(a), crc.checksum(b), b.len() as u64);
    /// assert_eq!(joined, crc.checksum(b"123456789"));
    /// ```
    pub fn combine(&self, crc_a: u64, crc_b: u64, len_b: u64) -> u64 {
        let mask = super::params::mask(self.params.width() as u8);
        self.crc_of(self.combine_registers(
            self.register_of(crc_a & mask),
            self.register_of(crc_b & mask),
            len_b,
        ))
    }

    /// The register after `a ‖ b` from the registers after `a` and after `b` (each from
    /// [`init`](Self::init)) and the length of `b`: `a`'s register, less the part `init` put
    /// into `b`'s, moved on by `len_b` zero bytes, XOR `b`'s.
    pub(super) fn combine_registers(&self, register_a: u64, register_b: u64, len_b: u64) -> u64 {
        self.shift_by_bytes(register_a ^ self.init, len_b) ^ register_b
    }

    /// The CRC of the register `register` (the final reflection and XOR).
    #[inline(always)]
    pub(super) fn crc_of(&self, register: u64) -> u64 {
        let width = self.params.width();
        let mut crc = if self.reflected {
            register
        } else {
            register >> (64 - width)
        };
        if self.params.refout() != self.params.refin() {
            crc = reflect(crc, width);
        }
        crc ^ self.params.xorout()
    }

    /// The register whose CRC is `crc` (of the set's width): [`crc_of`](Self::crc_of) undone.
    pub(super) fn register_of(&self, crc: u64) -> u64 {
        let width = self.params.width();
        let mut register = crc ^ self.params.xorout();
        if self.params.refout() != self.params.refin() {
            register = reflect(register, width);
        }
        if self.reflected {
            register
        } else {
            register << (64 - width)
        }
    }

    /// Whether `register` is one this set's registers can hold (a restored state's must): a
    /// reflected set's at the bottom of the register, a forward set's at the top.
    pub(super) fn holds(&self, register: u64) -> bool {
        let unused = 64 - self.params.width();
        if unused == 0 {
            true
        } else if self.reflected {
            register >> (64 - unused) == 0
        } else {
            register << (64 - unused) == 0
        }
    }

    /// The register after `data`, from the register `crc`, by the way
    /// [`platform`](super::platform) chooses for its length on this CPU.
    #[inline(always)]
    pub(super) fn update(&self, crc: u64, data: &[u8]) -> u64 {
        let chosen = platform::choose(data.len(), self.register_width == 64, self.instruction());
        match chosen {
            Ok(Path::Tables) => self.tables.update(crc, data),
            #[cfg(target_arch = "x86_64")]
            Ok(Path::Clmul(clmul)) => {
                clmul.update(crc, data, &self.keys, &self.tables, self.reflected)
            }
            #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
            Ok(Path::Instruction(instruction)) => instruction.update(crc, data),
            #[cfg(target_arch = "x86_64")]
            Ok(Path::Fusion(fusion)) => fusion.update(crc, data, &self.keys, &self.tables),
            #[cfg(target_arch = "aarch64")]
            Ok(Path::Pmull(pmull)) => {
                pmull.update(crc, data, &self.keys, &self.tables, self.reflected)
            }
            #[cfg(target_arch = "aarch64")]
            Ok(Path::PmullFusion(fusion)) => fusion.update(crc, data, &self.keys, &self.tables),
            Err(NotAsked) => self.update_asking_cpu(crc, data),
        }
    }

    /// The polynomial of the CPU's CRC-32 instruction, if this set is one it computes.
    #[inline(always)]
    fn instruction(&self) -> Option<Polynomial> {
        #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
        return self.instruction;
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        None
    }

    /// [`update`](Self::update) the first time: asks the CPU which folds it has first. Out of
    /// line, so that `update` calls nothing but in its last step (no registers to save).
    #[cold]
    #[inline(never)]
    fn update_asking_cpu(&self, crc: u64, data: &[u8]) -> u64 {
        platform::ask();
        self.update(crc, data)
    }

    /// `register` moved on by `len` zero bytes: multiplied by `x^(8 len)` modulo the
    /// polynomial, by squaring (a few thousand bit steps, whatever `len`).
    fn shift_by_bytes(&self, register: u64, len: u64) -> u64 {
        let field = Field {
            width: self.register_width,
            poly: self.register_poly,
        };
        // In the field, bit `i` is the coefficient of `x^i`; a reflected register holds its
        // highest power in bit 0.
        let natural = |r: u64| {
            if self.reflected {
                reflect(r, self.register_width)
            } else {
                r
            }
        };
        let mut factor = field.x_pow(8);
        let mut product = natural(register);
        let mut len = len;
        while len != 0 {
            if len & 1 == 1 {
                product = field.multiply(product, factor);
            }
            factor = field.multiply(factor, factor);
            len >>= 1;
        }
        natural(product)
    }
}

/// Polynomials over GF(2) modulo `x^width + poly`, a bit a coefficient (bit `i` is `x^i`).
struct Field {
    width: u32,
    poly: u64,
}

impl Field {
    /// `a · x mod P`.
    fn times_x(&self, a: u64) -> u64 {
        let carry = a >> (self.width - 1) & 1 == 1;
        let shifted = if self.width == 64 {
            a << 1
        } else {
            (a << 1) & ((1 << self.width) - 1)
        };
        if carry {
            shifted ^ self.poly
        } else {
            shifted
        }
    }

    /// `a · b mod P`, a bit of `b` at a time, highest first.
    fn multiply(&self, a: u64, b: u64) -> u64 {
        (0..self.width).rev().fold(0, |product, bit| {
            let product = self.times_x(product);
            if b >> bit & 1 == 1 {
                product ^ a
            } else {
                product
            }
        })
    }

    /// `x^exponent mod P`.
    fn x_pow(&self, exponent: u32) -> u64 {
        (0..exponent).fold(1, |power, _| self.times_x(power))
    }
}

impl core::fmt::Debug for CrcEngine {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CrcEngine")
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}
