//! CRC-32 ([`Crc32`]) and CRC-64 ([`Crc64`]) in the parameter sets .NET offers, on `crc-fast`
//! (run-time PCLMULQDQ / VPCLMULQDQ / PMULL folding).

use core::fmt;

use crc_fast::{CrcAlgorithm, Digest};

use crate::hasher::impl_hasher;
use crate::state::{self, Kind, Resumable, StateError, StateReader, StateWriter};
#[cfg(test)]
use crate::DynHasher;
use crate::NonCryptographicHasher;

macro_rules! crc_hasher {
    (
        $(#[$doc:meta])*
        $name:ident, $family:literal, $variant:ident, $output:ty, $to_bytes:ident,
        variants {
            $(
                $(#[$vdoc:meta])*
                $v:ident => $algorithm:ident, $vname:literal, $vtag:literal, $check:literal,
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
            pub fn name(self) -> &'static str {
                match self {
                    $($variant::$v => $vname,)+
                }
            }

            /// The tag of `iohash --tag` lines, e.g. `"CRC32C"`.
            pub fn tag(self) -> &'static str {
                match self {
                    $($variant::$v => $vtag,)+
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

            /// The CRC of `data` in one call.
            #[inline]
            pub fn checksum(self, data: &[u8]) -> $output {
                crc_fast::checksum(self.algorithm(), data) as $output
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
            digest: Digest,
            /// Bytes hashed before `digest` was made: by the hasher a state was saved from,
            /// or by the parts [`combine`](Self::combine) took in.
            len_before: u64,
        }

        impl $name {
            #[doc = concat!("A hasher for the default set, ", stringify!($variant), "::default().")]
            pub fn new() -> Self {
                Self::with_variant($variant::default())
            }

            /// A hasher for the given parameter set; `reset` keeps it.
            pub fn with_variant(variant: $variant) -> Self {
                Self { variant, digest: Digest::new(variant.algorithm()), len_before: 0 }
            }

            /// A hasher of `variant` whose CRC register holds `register` after `len` bytes.
            fn with_register(variant: $variant, register: u64, len: u64) -> Self {
                Self {
                    variant,
                    digest: Digest::new_with_init_state(variant.algorithm(), register),
                    len_before: len,
                }
            }

            /// Bytes appended since the hasher was made or reset.
            fn len(&self) -> u64 {
                // Wrapping, as the xxHash lengths do: a restored state may say anything.
                self.len_before.wrapping_add(self.digest.get_amount())
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
                let len_b = next.len();
                let combined =
                    self.variant.combine(self.current_hash(), next.current_hash(), len_b);
                let xorout = {
                    let fresh = Digest::new(self.variant.algorithm());
                    fresh.finalize() ^ fresh.get_state()
                };
                *self = Self::with_register(
                    self.variant,
                    u64::from(combined) ^ xorout,
                    self.len().wrapping_add(len_b),
                );
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
                match self.variant {
                    $($variant::$v => Kind::$algorithm,)+
                }
            }

            fn write_fields(&self, w: &mut StateWriter) {
                w.u64(self.digest.get_state());
                w.u64(self.len());
            }

            fn read_fields(kind: Kind, r: &mut StateReader<'_>) -> Result<Self, StateError> {
                let variant = match kind {
                    $(Kind::$algorithm => $variant::$v,)+
                    _ => return Err(state::wrong_algorithm::<Self>(kind)),
                };
                let register = r.u64();
                let len = r.u64();
                state::check(<$output>::try_from(register).is_ok(), "register")?;
                Ok(Self::with_register(variant, register, len))
            }
        }

        impl_hasher! {
            $name => $output, $to_bytes, |self| self.variant.tag();
            fn append(&mut self, data: &[u8]) {
                self.digest.update(data);
            }
            fn reset(&mut self) {
                *self = Self::with_variant(self.variant);
            }
            fn current_hash(&self) -> $output {
                self.digest.finalize() as $output
            }
            fn hash(data: &[u8]) -> $output {
                $variant::default().checksum(data)
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
        IsoHdlc => Crc32IsoHdlc, "CRC-32/ISO-HDLC", "CRC32", 0xCBF4_3926,
            constructor: /// A CRC-32/ISO-HDLC hasher, the same as [`Crc32::new`].
            iso_hdlc;
        /// CRC-32/ISCSI, also called CRC-32C or Castagnoli: iSCSI, ext4, Btrfs.
        Iscsi => Crc32Iscsi, "CRC-32/ISCSI", "CRC32C", 0xE306_9283,
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
        Ecma182 => Crc64Ecma182, "CRC-64/ECMA-182", "CRC64", 0x6C40_DF5F_0B49_7347,
            constructor: /// A CRC-64/ECMA-182 hasher, the same as [`Crc64::new`].
            ecma_182;
        /// CRC-64/NVME: NVMe end-to-end data protection.
        Nvme => Crc64Nvme, "CRC-64/NVME", "CRC64NVME", 0xAE8B_1486_0A79_9888,
            constructor: /// A CRC-64/NVME hasher.
            nvme;
        /// CRC-64/XZ (also CRC-64/GO-ECMA): xz and Go's `crc64.ECMA` table.
        Xz => Crc64Xz, "CRC-64/XZ", "CRC64XZ", 0x995D_C9BB_DF19_39FA,
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
                variant.name()
            );
            let mut crc = Crc32::with_variant(variant);
            crc.append(b"123456789");
            assert_eq!(crc.current_hash(), variant.check(), "{}", variant.name());
        }
        for &variant in Crc64Variant::ALL {
            assert_eq!(
                variant.checksum(b"123456789"),
                variant.check(),
                "{}",
                variant.name()
            );
            let mut crc = Crc64::with_variant(variant);
            crc.append(b"123456789");
            assert_eq!(crc.current_hash(), variant.check(), "{}", variant.name());
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
