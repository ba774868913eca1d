//! The one table of every algorithm and parameter set iohash computes: its number in saved
//! states, its `--tag` word (which [`DynHasher::name`](crate::DynHasher::name) returns), its
//! full name, and its hash length. [`Algorithm`](crate::Algorithm),
//! the saved-state format, every hasher's `name` and the CRC parameter sets read them from
//! here. Part of the core: known without `std`, so a `no_std` build names a CRC state it
//! cannot restore.

/// An algorithm and parameter set; its value is its number in the saved-state format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Xxh32 = 1,
    Xxh64 = 2,
    Xxh3 = 3,
    Xxh128 = 4,
    Crc32IsoHdlc = 5,
    Crc32Iscsi = 6,
    Crc64Ecma182 = 7,
    Crc64Nvme = 8,
    Crc64Xz = 9,
    /// A CRC of any parameters ([`Crc`](crate::Crc)), which its state carries.
    Crc = 10,
    Adler32 = 11,
    QuickXor = 12,
}

/// What names and measures one [`Kind`].
pub(crate) struct Row {
    pub(crate) kind: Kind,
    /// The word of BSD-style `--tag` lines, and [`DynHasher::name`](crate::DynHasher::name).
    pub(crate) tag: &'static str,
    /// The name in the xxHash specification or the CRC catalogue.
    pub(crate) full_name: &'static str,
    /// Bytes in the hash.
    pub(crate) hash_len: usize,
}

/// Every row, in the order of their numbers (a test checks it).
const TABLE: [Row; 12] = [
    row(Kind::Xxh32, "XXH32", "XXH32", 4),
    row(Kind::Xxh64, "XXH64", "XXH64", 8),
    row(Kind::Xxh3, "XXH3", "XXH3-64", 8),
    row(Kind::Xxh128, "XXH128", "XXH3-128", 16),
    row(Kind::Crc32IsoHdlc, "CRC32", "CRC-32/ISO-HDLC", 4),
    row(Kind::Crc32Iscsi, "CRC32C", "CRC-32/ISCSI", 4),
    row(Kind::Crc64Ecma182, "CRC64", "CRC-64/ECMA-182", 8),
    row(Kind::Crc64Nvme, "CRC64NVME", "CRC-64/NVME", 8),
    row(Kind::Crc64Xz, "CRC64XZ", "CRC-64/XZ", 8),
    // The tag of a CRC without a name; a named set's hashers report its name.
    row(Kind::Crc, "CRC", "CRC (any parameters)", 8),
    row(Kind::Adler32, "ADLER32", "Adler-32", 4),
    row(Kind::QuickXor, "QUICKXOR", "QuickXorHash", 20),
];

const fn row(kind: Kind, tag: &'static str, full_name: &'static str, hash_len: usize) -> Row {
    Row {
        kind,
        tag,
        full_name,
        hash_len,
    }
}

impl Kind {
    /// The kind numbered `id` in a saved state.
    pub(crate) fn from_id(id: u8) -> Option<Kind> {
        TABLE
            .iter()
            .map(|row| row.kind)
            .find(|kind| *kind as u8 == id)
    }

    /// The kind a name stands for: its tag or full name, case-insensitively.
    pub(crate) fn from_name(name: &str) -> Option<Kind> {
        TABLE
            .iter()
            .find(|row| {
                row.tag.eq_ignore_ascii_case(name) || row.full_name.eq_ignore_ascii_case(name)
            })
            .map(|row| row.kind)
    }

    pub(crate) const fn row(self) -> &'static Row {
        &TABLE[self as usize - 1]
    }

    /// The `--tag` word: what [`DynHasher::name`](crate::DynHasher::name) returns.
    pub(crate) const fn tag(self) -> &'static str {
        self.row().tag
    }

    /// Every kind, in the order of their numbers.
    #[cfg(test)]
    pub(crate) fn all() -> impl Iterator<Item = Kind> {
        TABLE.iter().map(|row| row.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_stand_in_the_order_of_their_numbers_and_no_name_is_taken_twice() {
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row.kind as usize, i + 1);
            assert_eq!(Kind::from_id(i as u8 + 1), Some(row.kind));
            for name in [row.tag, row.full_name] {
                assert_eq!(Kind::from_name(name), Some(row.kind), "{name}");
                assert_eq!(Kind::from_name(&name.to_lowercase()), Some(row.kind));
            }
        }
        assert_eq!(Kind::from_id(0), None);
        assert_eq!(Kind::from_id(TABLE.len() as u8 + 1), None);
    }
}
