//! CRCs: [`Crc32`] and [`Crc64`] in the parameter sets .NET offers, and [`Crc`] of any
//! parameters ([`CrcParams`]; every set of the CRC catalogue in [`catalogue`]), all on one
//! engine ([`CrcEngine`], [`engine`]).
//!
//! One file, [`platform`], chooses how each input runs, by its length and by what the CPU has:
//! carry-less folds on x86-64 with PCLMULQDQ ([`clmul`]: 128, 256 or 512 bits wide; CRC-32C's
//! long inputs with SSE4.2's `crc32` instruction alongside where the widest fold is 256 bits,
//! [`fusion`], and its short ones by that [`instruction`] alone), the same fold in NEON on
//! AArch64 with PMULL ([`pmull`], with SHA3's three-way XOR where the CPU has it; CRC-32's and
//! CRC-32C's short inputs by the CRC extension's [`instruction`]s, their long ones by those
//! instructions and the fold at once, [`pmull_fusion`]), and
//! slice-by-8 tables ([`table`]) for short inputs and on every other CPU. The fold constants
//! come from the polynomial ([`fold_keys`]), so every set takes every path.

mod any;
pub mod catalogue;
#[cfg(target_arch = "x86_64")]
mod clmul;
mod engine;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod fold_keys;
#[cfg(target_arch = "x86_64")]
mod fusion;
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
mod instruction;
mod params;
mod platform;
#[cfg(target_arch = "aarch64")]
mod pmull;
#[cfg(target_arch = "aarch64")]
mod pmull_fusion;
mod table;

use core::fmt;

pub use any::Crc;
pub use engine::CrcEngine;
pub use params::{CrcParams, CrcParamsError};

use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};
#[cfg(test)]
use crate::{DynHasher, NonCryptographicHasher};

static CRC32_ISO_HDLC: CrcEngine = CrcEngine::new(catalogue::CRC_32_ISO_HDLC);
/// CRC-32C: where the widest fold is 256 bits, our fusion of SSE4.2's `crc32` instruction with
/// it ([`fusion`]) is faster than the fold alone from its first block up; where it is 512
/// bits, the fold alone, from a 64-byte boundary, is as fast as `crc-fast`'s (which starts
/// there too) and a fusion with it was slower (benches/results/intel-xeon-notes.md, "CRC-32C on
/// the Intel machine: the 512-bit fold, not `crc-fast`, above 8 KiB").
static CRC32_ISCSI: CrcEngine = CrcEngine::new(catalogue::CRC_32_ISCSI);
/// CRC-64/ECMA-182, a forward CRC: with the 512-bit fold ours takes a little longer on it than
/// on CRC-64/NVME on long inputs, an instruction more per 64 bytes (the fold reverses the bits
/// of a forward CRC's bytes; benches/results/intel-xeon-notes.md, "Forward CRCs in the
/// reflected order"), and `crc-fast` longer still.
static CRC64_ECMA_182: CrcEngine = CrcEngine::new(catalogue::CRC_64_ECMA_182);
static CRC64_NVME: CrcEngine = CrcEngine::new(catalogue::CRC_64_NVME);
static CRC64_XZ: CrcEngine = CrcEngine::new(catalogue::CRC_64_XZ);

macro_rules! crc_hasher {
    (
        $(#[$doc:meta])*
        $name:ident, $family:literal, $variant:ident, $output:ty, $to_bytes:ident,
        variants {
            $(
                $(#[$vdoc:meta])*
                $v:ident => $kind:ident, $engine:ident, $check:literal;
            )+
        }
    ) => {
        #[doc = concat!("A ", stringify!($name), " parameter set: polynomial, initial value, bit order and final XOR.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $variant {
            $(
                $(#[$vdoc])*
                $v,
            )+
        }

        impl $variant {
            /// Every parameter set, the default first.
            pub const ALL: &'static [$variant] = &[$($variant::$v),+];

            /// The set's name in the CRC catalogue, e.g. `"CRC-32/ISO-HDLC"`.
            pub fn full_name(self) -> &'static str {
                self.kind().row().full_name
            }

            /// The tag of `--tag` lines, e.g. `"CRC32C"`: what a hasher of this set's
            /// [`name`](crate::DynHasher::name) returns.
            pub fn tag(self) -> &'static str {
                self.kind().tag()
            }

            pub(crate) fn kind(self) -> Kind {
                match self {
                    $($variant::$v => Kind::$kind,)+
                }
            }

            /// The CRC of the nine bytes `"123456789"`, as the catalogue lists it.
            pub fn check(self) -> $output {
                match self {
                    $($variant::$v => $check,)+
                }
            }

            /// The set's engine, for hashers of any parameter set ([`Crc`]) on it.
            pub fn engine(self) -> &'static CrcEngine {
                match self {
                    $($variant::$v => &$engine,)+
                }
            }

            /// The CRC of `data` in one call.
            #[inline]
            pub fn checksum(self, data: &[u8]) -> $output {
                // A function per set, with the set's engine compiled in (see `update`).
                match self {
                    $($variant::$v => {
                        fn compiled(data: &[u8]) -> u64 {
                            $engine.crc_of($engine.update($engine.init, data))
                        }
                        compiled(data) as $output
                    })+
                }
            }

            /// The register after `data`, from the register `register`: a function per set,
            /// each with its engine's parameters, tables and keys compiled in as constants
            /// (the engine is a `static`), where [`CrcEngine::update`] reads them at run time:
            /// fewer branches and loads on every call, which short inputs feel
            /// (benches/results/amd-epyc-zen3-notes.md, "Short CRCs: a function per built-in
            /// set, and leaner fold functions").
            #[inline]
            fn update(self, register: u64, data: &[u8]) -> u64 {
                match self {
                    $($variant::$v => {
                        fn compiled(register: u64, data: &[u8]) -> u64 {
                            $engine.update(register, data)
                        }
                        compiled(register, data)
                    })+
                }
            }

            /// The CRC of `a ‖ b` from `crc_a`, `crc_b` and the length of `b` in bytes, without
            /// the data: for hashing the parts of a file in parallel.
            pub fn combine(self, crc_a: $output, crc_b: $output, len_b: u64) -> $output {
                self.engine().combine(crc_a.into(), crc_b.into(), len_b) as $output
            }
        }

        $(#[$doc])*
        #[derive(Clone)]
        pub struct $name {
            variant: $variant,
            /// The CRC register: the CRC before its final XOR.
            register: u64,
            /// Bytes appended since the hasher was made or reset (wrapping, as the xxHash
            /// lengths do: a restored state may say anything).
            len: u64,
        }

        impl $name {
            #[doc = concat!("A hasher for the default set, ", stringify!($variant), "::default().")]
            pub fn new() -> Self {
                Self::with_variant($variant::default())
            }

            /// A hasher for the given parameter set; `reset` keeps it.
            pub fn with_variant(variant: $variant) -> Self {
                Self { variant, register: variant.engine().init, len: 0 }
            }

            /// Makes this hasher's CRC that of its bytes followed by `next`'s, as if they had
            /// been appended to it, from the two CRCs and `next`'s length alone: the parts of a
            /// file hashed on separate threads or machines, then combined in order.
            ///
            /// ```
            #[doc = concat!("use iohash::{", stringify!($name), ", DynHasher, NonCryptographicHasher};")]
            ///
            #[doc = concat!("let mut first = ", stringify!($name), "::new();")]
            /// first.append(b"12345");
            #[doc = concat!("let mut second = ", stringify!($name), "::new();")]
            /// second.append(b"6789");
            /// first.combine(&second);
            #[doc = concat!("assert_eq!(first.current_hash(), ", stringify!($name), "::hash(b\"123456789\"));")]
            /// ```
            ///
            /// # Panics
            /// If the two hashers compute different parameter sets.
            pub fn combine(&mut self, next: &Self) {
                assert_eq!(
                    self.variant, next.variant,
                    "combine: the CRCs are of different parameter sets"
                );
                self.register = self.variant.engine().combine_registers(
                    self.register,
                    next.register,
                    next.len,
                );
                self.len = self.len.wrapping_add(next.len);
            }

            /// The parameter set this hasher computes.
            pub fn variant(&self) -> $variant {
                self.variant
            }

            /// The CRC of `data` in one call, with the default set.
            #[inline]
            pub fn hash(data: &[u8]) -> $output {
                $variant::default().checksum(data)
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).field("variant", &self.variant).finish()
            }
        }

        impl Resumable for $name {
            const EXPECTED: &'static str = $family;

            fn kind(&self) -> Kind {
                self.variant.kind()
            }

            fn write_fields(&self, w: &mut StateWriter) {
                w.u64(self.register);
                w.u64(self.len);
            }

            fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
                let variant = match kind {
                    $(Kind::$kind => $variant::$v,)+
                    _ => return Err(state::wrong_algorithm::<Self>(kind)),
                };
                let register = r.u64();
                let len = r.u64();
                state::check(<$output>::try_from(register).is_ok(), "register")?;
                Ok(Self { variant, register, len })
            }
        }

        impl_hasher! {
            $name => $output, $to_bytes;
            fn append(&mut self, data: &[u8]) {
                self.register = self.variant.update(self.register, data);
                self.len = self.len.wrapping_add(data.len() as u64);
            }
            fn reset(&mut self) {
                *self = Self::with_variant(self.variant);
            }
            fn current_hash(&self) -> $output {
                self.variant.engine().crc_of(self.register) as $output
            }
            fn hash(data: &[u8]) -> $output {
                $variant::default().checksum(data)
            }
        }

        #[doc = concat!("The CRC as a [`core::hash::Hasher`] (`finish` is the CRC widened to `u64`), so `HashMap<K, V, BuildHasherDefault<", stringify!($name), ">>` works; a CRC spreads keys less evenly than the xxHash family.")]
        impl core::hash::Hasher for $name {
            #[inline]
            fn write(&mut self, bytes: &[u8]) {
                $crate::DynHasher::append(self, bytes);
            }

            #[inline]
            fn finish(&self) -> u64 {
                #[allow(clippy::useless_conversion)]
                u64::from($crate::NonCryptographicHasher::current_hash(self))
            }
        }
    };
}

crc_hasher! {
    /// CRC-32, by default CRC-32/ISO-HDLC (zlib, gzip, PNG, Ethernet) as .NET's `Crc32`;
    /// `Crc32::with_variant(Crc32Variant::Iscsi)` gives CRC-32C (iSCSI, ext4, SSE4.2's `crc32`).
    ///
    /// `current_hash` is the plain checksum (what `crc32fast` and zlib return);
    /// `current_hash_bytes` is it little-endian, as .NET's `Crc32.GetCurrentHash`.
    ///
    /// ```
    /// use iohash::{Crc32, Crc32Variant, DynHasher, NonCryptographicHasher};
    ///
    /// let mut crc = Crc32::new();
    /// crc.append(b"1234");
    /// crc.append(b"56789");
    /// assert_eq!(crc.current_hash(), 0xCBF43926);
    /// assert_eq!(crc.current_hash_bytes(), [0x26, 0x39, 0xF4, 0xCB]);
    /// let crc32c = Crc32::with_variant(Crc32Variant::Iscsi);
    /// assert_eq!(crc32c.variant(), Crc32Variant::Iscsi);
    /// assert_eq!(crc32c.name(), "CRC32C");
    /// ```
    Crc32, "CRC-32", Crc32Variant, u32, to_le_bytes,
    variants {
        /// CRC-32/ISO-HDLC: zlib, gzip, PNG, Ethernet; the default.
        #[default]
        IsoHdlc => Crc32IsoHdlc, CRC32_ISO_HDLC, 0xCBF4_3926;
        /// CRC-32/ISCSI, also called CRC-32C or Castagnoli: iSCSI, ext4, Btrfs.
        Iscsi => Crc32Iscsi, CRC32_ISCSI, 0xE306_9283;
    }
}

crc_hasher! {
    /// CRC-64, by default CRC-64/ECMA-182 as .NET's `Crc64`; also CRC-64/NVME and CRC-64/XZ.
    ///
    /// `current_hash` is the plain checksum; `current_hash_bytes` is it big-endian, as .NET's
    /// `Crc64.GetCurrentHash`.
    ///
    /// ```
    /// use iohash::{Crc64, Crc64Variant, DynHasher, NonCryptographicHasher};
    ///
    /// let mut crc = Crc64::with_variant(Crc64Variant::Xz);
    /// crc.append(b"123456789");
    /// assert_eq!(crc.current_hash(), 0x995DC9BBDF1939FA);
    /// assert_eq!(Crc64::hash(b"123456789"), Crc64Variant::Ecma182.check());
    /// ```
    Crc64, "CRC-64", Crc64Variant, u64, to_be_bytes,
    variants {
        /// CRC-64/ECMA-182: non-reflected, initial value 0; .NET's `Crc64` and the default.
        #[default]
        Ecma182 => Crc64Ecma182, CRC64_ECMA_182, 0x6C40_DF5F_0B49_7347;
        /// CRC-64/NVME: NVMe end-to-end data protection.
        Nvme => Crc64Nvme, CRC64_NVME, 0xAE8B_1486_0A79_9888;
        /// CRC-64/XZ (also CRC-64/GO-ECMA): xz and Go's `crc64.ECMA` table.
        Xz => Crc64Xz, CRC64_XZ, 0x995D_C9BB_DF19_39FA;
    }
}

// Combine is a property of the algorithm, so it lives beside the CRCs, in the core.
impl crate::hasher::sealed::Sealed for Crc32 {}
impl crate::hasher::sealed::Sealed for Crc64 {}
impl crate::hasher::sealed::Sealed for Crc {}

impl crate::SplittableHasher for Crc32 {
    fn combine(&mut self, next: &Self) {
        Crc32::combine(self, next);
    }
}

impl crate::SplittableHasher for Crc64 {
    fn combine(&mut self, next: &Self) {
        Crc64::combine(self, next);
    }
}

impl crate::SplittableHasher for Crc {
    fn combine(&mut self, next: &Self) {
        Crc::combine(self, next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_gives_its_catalogue_check_value() {
        for &variant in Crc32Variant::ALL {
            assert_eq!(
                variant.checksum(b"123456789"),
                variant.check(),
                "{}",
                variant.full_name()
            );
            let mut crc = Crc32::with_variant(variant);
            crc.append(b"123456789");
            assert_eq!(
                crc.current_hash(),
                variant.check(),
                "{}",
                variant.full_name()
            );
        }
        for &variant in Crc64Variant::ALL {
            assert_eq!(
                variant.checksum(b"123456789"),
                variant.check(),
                "{}",
                variant.full_name()
            );
            let mut crc = Crc64::with_variant(variant);
            crc.append(b"123456789");
            assert_eq!(
                crc.current_hash(),
                variant.check(),
                "{}",
                variant.full_name()
            );
        }
    }

    /// The fold, 128-, 256- and 512-bit, and CRC-32C's fusion (whichever this CPU has),
    /// against the tables, which `tests/crc.rs` checks against a bitwise model, at every length
    /// and every start in a cache line.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_fold_agrees_with_the_tables() {
        use platform::Path;
        let data = crate::testing::Rng(3).bytes(20_000);
        let line_start = data.as_ptr().align_offset(64);
        let folds = platform::folds();
        if folds.is_empty() {
            eprintln!("skipped: no PCLMULQDQ");
            return;
        }
        let mut checked = alloc::vec![0; folds.len()];
        // Sets of other widths, forward and reflected, in a register of 64 bits.
        let narrow = [
            catalogue::CRC_5_USB,
            catalogue::CRC_12_UMTS,
            catalogue::CRC_16_ARC,
            catalogue::CRC_16_XMODEM,
            catalogue::CRC_24_OPENPGP,
            catalogue::CRC_32_BZIP2,
            catalogue::CRC_40_GSM,
        ]
        .map(CrcEngine::new);
        for engine in [
            &CRC32_ISO_HDLC,
            &CRC32_ISCSI,
            &CRC64_ECMA_182,
            &CRC64_NVME,
            &CRC64_XZ,
        ]
        .into_iter()
        .chain(&narrow)
        {
            for (&path, checked) in folds.iter().zip(&mut checked) {
                let min = fusion::MIN_LEN;
                let longer = [
                    1023, 1024, 1025, 1087, 1279, 1295, 2047, 2048, 2999, 4173, 8191,
                ];
                let around_blocks = [min - 1, min, min + 1, min + 15, min + 16, min + 300];
                let past_blocks = [8704, 8705, 8704 + min, 8704 + min + 255, 19_000];
                // Every start in a cache line, for the 512-bit fold's first vectors.
                let starts = (0..64).map(|start| (start, 4096 + start * 37));
                for (start, len) in (16..=600)
                    .chain(longer)
                    .chain(around_blocks)
                    .chain(past_blocks)
                    .map(|len| (len % 64, len))
                    .chain(starts)
                {
                    let start = line_start + start;
                    let data = &data[start..start + len];
                    let crc = engine.tables.update(engine.init, b"a register");
                    let (keys, tables) = (&engine.keys, &engine.tables);
                    let folded = match path {
                        Path::Clmul(clmul) => {
                            clmul.update(crc, data, keys, tables, engine.reflected)
                        }
                        Path::Instruction(instruction) if keys.crc32c => {
                            instruction.update(crc, data)
                        }
                        Path::Fusion(fusion) if keys.crc32c && len >= min => {
                            fusion.update(crc, data, keys, tables)
                        }
                        _ => continue,
                    };
                    assert_eq!(folded, tables.update(crc, data), "length {len}");
                    *checked += 1;
                }
            }
        }
        // Every fold took some inputs (the fusion CRC-32C's long ones).
        assert!(
            checked.iter().all(|&n| n > 0),
            "inputs per fold: {checked:?}"
        );
    }

    #[test]
    fn byte_order_is_dotnets() {
        let mut crc = Crc64::new();
        crc.append(b"123456789");
        assert_eq!(
            crc.current_hash_bytes(),
            0x6C40_DF5F_0B49_7347u64.to_be_bytes()
        );
        let crc32c = Crc32::with_variant(Crc32Variant::Iscsi);
        assert_eq!(crc32c.current_hash_bytes(), [0; 4]);
    }

    #[test]
    fn reset_keeps_the_parameter_set() {
        let mut crc = Crc64::with_variant(Crc64Variant::Nvme);
        crc.append(b"something else");
        crc.reset();
        crc.append(b"123456789");
        assert_eq!(crc.current_hash(), Crc64Variant::Nvme.check());
        assert_eq!(format!("{crc:?}"), "Crc64 { variant: Nvme }");
    }
}
