//! CRC-32 ([`Crc32`]) and CRC-64 ([`Crc64`]) in the parameter sets .NET offers.
//!
//! On x86-64 with PCLMULQDQ every input of 16 bytes or more is folded by our own carry-less
//! multiplication ([`clmul`]: 128, 256 or 512 bits wide, by what the CPU has), and shorter ones
//! go through slice-by-8 tables ([`table`]) on every CPU. `crc-fast` keeps two paths, where it
//! measured faster or we have no fold: CRC-32C above 8 KiB on CPUs with 512-bit VPCLMULQDQ
//! (its fusion of SSE4.2's `crc32` instruction with folding, on the Intel machine), and every
//! input of 16 bytes or more on other CPUs (AArch64's PMULL, x86-64 without PCLMULQDQ).
//! BENCHMARKS.md has the figures: on the AMD EPYC (Zen 3, 256-bit VPCLMULQDQ) our fold is
//! level with `crc32fast` and twice `crc-fast`'s speed at 64 KiB and 1 MiB.

#[cfg(target_arch = "x86_64")]
mod clmul;
mod table;

use core::fmt;

use crc_fast::{CrcAlgorithm, Digest};

use table::Tables;

use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};
#[cfg(test)]
use crate::DynHasher;
use crate::NonCryptographicHasher;

/// What iohash's own path knows of a parameter set.
struct Engine {
    /// Where the CPU has the 512-bit fold, inputs up to this long take it, longer ones
    /// `crc-fast`'s path: it keeps up with `crc-fast` at any length for every set but CRC-32C.
    #[cfg(target_arch = "x86_64")]
    widest_max: usize,
    /// The register before any byte (the initial value, reflected if the CRC is).
    init: u64,
    /// XORed into the register to give the CRC.
    xorout: u64,
    #[cfg(target_arch = "x86_64")]
    reflected: bool,
    tables: Tables,
    #[cfg(target_arch = "x86_64")]
    keys: clmul::FoldKeys,
}

impl Engine {
    /// A CRC of `width` bits with the polynomial `poly` in the catalogue's form (and `init`
    /// as the catalogue gives it, which is the register for these sets).
    const fn new(width: u32, poly: u64, reflected: bool, init: u64, xorout: u64) -> Engine {
        Engine {
            #[cfg(target_arch = "x86_64")]
            widest_max: usize::MAX,
            init,
            xorout,
            #[cfg(target_arch = "x86_64")]
            reflected,
            tables: Tables::new(width, poly, reflected),
            #[cfg(target_arch = "x86_64")]
            keys: clmul::FoldKeys::new(width, poly, reflected),
        }
    }

    /// The register after `data`, from the register `crc`.
    #[inline]
    fn update(&self, crc: u64, data: &[u8], algorithm: CrcAlgorithm) -> u64 {
        if data.len() < 16 {
            return self.tables.update(crc, data);
        }
        #[cfg(target_arch = "x86_64")]
        match clmul::Clmul::for_len(data.len()) {
            Ok(Some(clmul)) if !clmul.widest() || data.len() <= self.widest_max => {
                return clmul.update(crc, data, &self.keys, &self.tables, self.reflected);
            }
            Ok(_) => {}
            Err(clmul::NotAsked) => return self.update_asking_cpu(crc, data, algorithm),
        }
        self.update_long(crc, data, algorithm)
    }

    /// [`update`](Engine::update) the first time: asks the CPU which folds it has first. Out
    /// of line, so that `update` calls nothing but in its last step (no registers to save).
    #[cfg(target_arch = "x86_64")]
    #[cold]
    #[inline(never)]
    fn update_asking_cpu(&self, crc: u64, data: &[u8], algorithm: CrcAlgorithm) -> u64 {
        crate::cpu::ask();
        self.update(crc, data, algorithm)
    }

    /// [`update`](Engine::update) through `crc-fast`: out of line, so that the short paths
    /// inline into their callers without its stack frame (a `Digest` is 300-odd bytes).
    #[inline(never)]
    fn update_long(&self, crc: u64, data: &[u8], algorithm: CrcAlgorithm) -> u64 {
        if crc == self.init {
            // A CRC from the start: `crc-fast`'s one-shot, whose set-up costs less than a
            // `Digest`'s, which copies the set's parameters (the `CRC32C/oneshot` rows at
            // 1 KiB, against `CRC32/streaming`).
            return crc_fast::checksum(algorithm, data) ^ self.xorout;
        }
        let mut digest = Digest::new_with_init_state(algorithm, crc);
        digest.update(data);
        digest.get_state()
    }
}

static CRC32_ISO_HDLC: Engine = Engine::new(32, 0x04C1_1DB7, true, 0xFFFF_FFFF, 0xFFFF_FFFF);
/// CRC-32C: `crc-fast` fuses SSE4.2's `crc32` instruction with carry-less folding (corsix's
/// fast-crc32), which on the Intel machine overtakes the 512-bit fold above 8 KiB; on the AMD
/// EPYC our 256-bit fold is faster than it at every length (BENCHMARKS.md, the CRC tables
/// timed in turns).
static CRC32_ISCSI: Engine = Engine {
    #[cfg(target_arch = "x86_64")]
    widest_max: 8192,
    ..Engine::new(32, 0x1EDC_6F41, true, 0xFFFF_FFFF, 0xFFFF_FFFF)
};
/// CRC-64/ECMA-182: ours is slower on it than on CRC-64/NVME from 1 KiB up on the Intel
/// machine (the CRC table of `benches/native.sh` in BENCHMARKS.md): a CRC that is not
/// reflected folds its data byte-reversed, a shuffle per 64 bytes, which Intel cores issue on
/// the port VPCLMULQDQ needs. `crc-fast` is slower on it still.
static CRC64_ECMA_182: Engine = Engine::new(64, 0x42F0_E1EB_A9EA_3693, false, 0, 0);
static CRC64_NVME: Engine = Engine::new(64, 0xAD93_D235_94C9_3659, true, u64::MAX, u64::MAX);
static CRC64_XZ: Engine = Engine::new(64, 0x42F0_E1EB_A9EA_3693, true, u64::MAX, u64::MAX);

macro_rules! crc_hasher {
    (
        $(#[$doc:meta])*
        $name:ident, $family:literal, $variant:ident, $output:ty, $to_bytes:ident,
        variants {
            $(
                $(#[$vdoc:meta])*
                $v:ident => $algorithm:ident, $engine:ident, $check:literal,
                constructor: $(#[$cdoc:meta])* $ctor:ident;
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
                    $($variant::$v => Kind::$algorithm,)+
                }
            }

            /// The CRC of the nine bytes `"123456789"`, as the catalogue lists it.
            pub fn check(self) -> $output {
                match self {
                    $($variant::$v => $check,)+
                }
            }

            fn algorithm(self) -> CrcAlgorithm {
                match self {
                    $($variant::$v => CrcAlgorithm::$algorithm,)+
                }
            }

            fn engine(self) -> &'static Engine {
                match self {
                    $($variant::$v => &$engine,)+
                }
            }

            /// The CRC of `data` in one call.
            #[inline]
            pub fn checksum(self, data: &[u8]) -> $output {
                let engine = self.engine();
                (engine.update(engine.init, data, self.algorithm()) ^ engine.xorout) as $output
            }

            /// The CRC of `a ‖ b` from `crc_a`, `crc_b` and the length of `b` in bytes, without
            /// the data: for hashing the parts of a file in parallel.
            pub fn combine(self, crc_a: $output, crc_b: $output, len_b: u64) -> $output {
                crc_fast::checksum_combine(self.algorithm(), crc_a.into(), crc_b.into(), len_b)
                    as $output
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
                let combined =
                    self.variant.combine(self.current_hash(), next.current_hash(), next.len);
                self.register = u64::from(combined) ^ self.variant.engine().xorout;
                self.len = self.len.wrapping_add(next.len);
            }

            $(
                $(#[$cdoc])*
                pub fn $ctor() -> Self {
                    Self::with_variant($variant::$v)
                }
            )+

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
                    $(Kind::$algorithm => $variant::$v,)+
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
                self.register =
                    self.variant.engine().update(self.register, data, self.variant.algorithm());
                self.len = self.len.wrapping_add(data.len() as u64);
            }
            fn reset(&mut self) {
                *self = Self::with_variant(self.variant);
            }
            fn current_hash(&self) -> $output {
                (self.register ^ self.variant.engine().xorout) as $output
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
    /// [`Crc32::castagnoli`] gives CRC-32C (iSCSI, ext4, SSE4.2's `crc32`).
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
    /// assert_eq!(Crc32::castagnoli().variant(), Crc32Variant::Iscsi);
    /// assert_eq!(Crc32::castagnoli().name(), "CRC32C");
    /// ```
    Crc32, "CRC-32", Crc32Variant, u32, to_le_bytes,
    variants {
        /// CRC-32/ISO-HDLC: zlib, gzip, PNG, Ethernet; the default.
        #[default]
        IsoHdlc => Crc32IsoHdlc, CRC32_ISO_HDLC, 0xCBF4_3926,
            constructor: /// A CRC-32/ISO-HDLC hasher, the same as [`Crc32::new`].
            iso_hdlc;
        /// CRC-32/ISCSI, also called CRC-32C or Castagnoli: iSCSI, ext4, Btrfs.
        Iscsi => Crc32Iscsi, CRC32_ISCSI, 0xE306_9283,
            constructor: /// A CRC-32/ISCSI (CRC-32C, Castagnoli) hasher.
            castagnoli;
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
    /// let mut crc = Crc64::xz();
    /// crc.append(b"123456789");
    /// assert_eq!(crc.current_hash(), 0x995DC9BBDF1939FA);
    /// assert_eq!(Crc64::hash(b"123456789"), Crc64Variant::Ecma182.check());
    /// ```
    Crc64, "CRC-64", Crc64Variant, u64, to_be_bytes,
    variants {
        /// CRC-64/ECMA-182: non-reflected, initial value 0; .NET's `Crc64` and the default.
        #[default]
        Ecma182 => Crc64Ecma182, CRC64_ECMA_182, 0x6C40_DF5F_0B49_7347,
            constructor: /// A CRC-64/ECMA-182 hasher, the same as [`Crc64::new`].
            ecma_182;
        /// CRC-64/NVME: NVMe end-to-end data protection.
        Nvme => Crc64Nvme, CRC64_NVME, 0xAE8B_1486_0A79_9888,
            constructor: /// A CRC-64/NVME hasher.
            nvme;
        /// CRC-64/XZ (also CRC-64/GO-ECMA): xz and Go's `crc64.ECMA` table.
        Xz => Crc64Xz, CRC64_XZ, 0x995D_C9BB_DF19_39FA,
            constructor: /// A CRC-64/XZ hasher.
            xz;
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

    /// The fold, 128-bit and 256-bit (whichever this CPU has), against the tables, which
    /// `tests/crc.rs` checks against a bitwise model, at every length and alignment.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_fold_agrees_with_the_tables() {
        let data = crate::testing::Rng(3).bytes(9000);
        let tiers = clmul::Clmul::tiers();
        if tiers.is_empty() {
            eprintln!("skipped: no PCLMULQDQ");
            return;
        }
        for engine in [
            &CRC32_ISO_HDLC,
            &CRC32_ISCSI,
            &CRC64_ECMA_182,
            &CRC64_NVME,
            &CRC64_XZ,
        ] {
            for &clmul in &tiers {
                let longer = [
                    1023, 1024, 1025, 1087, 1279, 1295, 2047, 2048, 2999, 4173, 8191,
                ];
                for len in (16..=600).chain(longer) {
                    let start = len % 16;
                    let data = &data[start..start + len];
                    let crc = engine.tables.update(engine.init, b"a register");
                    assert_eq!(
                        clmul.update(crc, data, &engine.keys, &engine.tables, engine.reflected),
                        engine.tables.update(crc, data),
                        "length {len}"
                    );
                }
            }
        }
    }

    #[test]
    fn byte_order_is_dotnets() {
        let mut crc = Crc64::new();
        crc.append(b"123456789");
        assert_eq!(
            crc.current_hash_bytes(),
            0x6C40_DF5F_0B49_7347u64.to_be_bytes()
        );
        assert_eq!(Crc32::castagnoli().current_hash_bytes(), [0; 4]);
    }

    #[test]
    fn reset_keeps_the_parameter_set() {
        let mut crc = Crc64::nvme();
        crc.append(b"something else");
        crc.reset();
        crc.append(b"123456789");
        assert_eq!(crc.current_hash(), Crc64Variant::Nvme.check());
        assert_eq!(format!("{crc:?}"), "Crc64 { variant: Nvme }");
    }
}
