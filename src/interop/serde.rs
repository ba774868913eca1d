//! `serde` (feature `serde`): a [`SavedState`] as its bytes, an [`Algorithm`] as its tag.
//!
//! A saved state is a byte string in binary formats (postcard, bincode, CBOR) and a string of
//! lowercase hex digits in human-readable ones (JSON, TOML), which reads back either way.
//! Reading it checks what [`SavedState::from_bytes`] checks, and a state that fails gives the
//! same [`StateError`](crate::StateError)'s words as the deserializer's error.

use core::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::{Algorithm, SavedState};

/// Bytes in binary formats, hex in human-readable ones.
impl Serialize for SavedState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let mut hex = [0u8; 2 * SavedState::CAPACITY];
            for (pair, byte) in hex.chunks_exact_mut(2).zip(self.as_bytes()) {
                pair[0] = HEX[usize::from(byte >> 4)];
                pair[1] = HEX[usize::from(byte & 15)];
            }
            let hex = &hex[..2 * self.len()];
            serializer.serialize_str(core::str::from_utf8(hex).unwrap_or_default())
        } else {
            serializer.serialize_bytes(self.as_bytes())
        }
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

impl<'de> Deserialize<'de> for SavedState {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Human-readable formats can say what they hold (hex, or numbers written by other
        // code); binary ones are asked for bytes.
        if deserializer.is_human_readable() {
            deserializer.deserialize_any(StateVisitor)
        } else {
            deserializer.deserialize_bytes(StateVisitor)
        }
    }
}

struct StateVisitor;

impl StateVisitor {
    fn state<E: de::Error>(bytes: &[u8]) -> Result<SavedState, E> {
        SavedState::from_bytes(bytes).map_err(E::custom)
    }
}

impl<'de> Visitor<'de> for StateVisitor {
    type Value = SavedState;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an iohash saved state: its bytes, or them in hex")
    }

    fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<SavedState, E> {
        StateVisitor::state(bytes)
    }

    fn visit_str<E: de::Error>(self, hex: &str) -> Result<SavedState, E> {
        let mut bytes = [0u8; SavedState::CAPACITY];
        if !hex.len().is_multiple_of(2) || hex.len() > 2 * bytes.len() {
            return Err(E::invalid_length(hex.len() / 2, &self));
        }
        let digit = |c: u8| match c {
            b'0'..=b'9' => Ok(c - b'0'),
            b'a'..=b'f' => Ok(c - b'a' + 10),
            b'A'..=b'F' => Ok(c - b'A' + 10),
            _ => Err(E::invalid_value(de::Unexpected::Str(hex), &self)),
        };
        for (byte, pair) in bytes.iter_mut().zip(hex.as_bytes().chunks_exact(2)) {
            *byte = digit(pair[0])? << 4 | digit(pair[1])?;
        }
        StateVisitor::state(&bytes[..hex.len() / 2])
    }

    /// A format that writes bytes as a sequence of numbers (JSON written by other code).
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<SavedState, A::Error> {
        let mut bytes = [0u8; SavedState::CAPACITY];
        let mut len = 0;
        while let Some(byte) = seq.next_element::<u8>()? {
            let slot = bytes
                .get_mut(len)
                .ok_or_else(|| de::Error::invalid_length(len + 1, &self))?;
            *slot = byte;
            len += 1;
        }
        StateVisitor::state(&bytes[..len])
    }
}

/// Its [tag](Algorithm::tag): `"XXH3"`, `"CRC32C"`, `"CRC-16/ARC"`, ... A CRC of parameters
/// outside the catalogue has no name that reads back, and is an error.
impl Serialize for Algorithm {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.tag().parse::<Algorithm>() != Ok(*self) {
            return Err(serde::ser::Error::custom(
                "a CRC outside the CRC catalogue has no name that reads back",
            ));
        }
        serializer.serialize_str(self.tag())
    }
}

/// Any name [`Algorithm`]'s `FromStr` takes: a tag, a full name or an `xxhsum -H` number.
impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct NameVisitor;

        impl Visitor<'_> for NameVisitor {
            type Value = Algorithm;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an algorithm's name, such as \"XXH3\" or \"CRC32C\"")
            }

            fn visit_str<E: de::Error>(self, name: &str) -> Result<Algorithm, E> {
                name.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_str(NameVisitor)
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use crate::{Algorithm, AnyHasher, DynHasher, NonCryptographicHasher, SavedState, XxHash128};

    #[test]
    fn a_saved_state_round_trips_through_json_and_postcard_and_resumes() {
        let mut hasher = XxHash128::with_seed(5);
        hasher.append(b"before, ");
        let saved = hasher.save_state();

        let json = serde_json::to_string(&saved).unwrap();
        assert!(json.starts_with("\"494f4853"), "{json}"); // "IOHS" in hex
        let back: SavedState = serde_json::from_str(&json).unwrap();
        let mut resumed = XxHash128::restore_state(&back).unwrap();
        resumed.append(b"after");
        assert_eq!(
            resumed.current_hash(),
            XxHash128::hash_with_seed(b"before, after", 5)
        );

        let binary = postcard::to_allocvec(&saved).unwrap();
        assert!(binary.len() <= saved.len() + 3);
        let back: SavedState = postcard::from_bytes(&binary).unwrap();
        assert_eq!(back, saved);

        // Bytes written as a sequence of numbers read back too.
        let numbers = serde_json::to_string(&saved.to_vec()).unwrap();
        assert_eq!(serde_json::from_str::<SavedState>(&numbers).unwrap(), saved);
    }

    #[test]
    fn a_corrupted_serialized_state_is_the_state_error_of_the_same_bytes() {
        let mut hasher = Algorithm::Xxh3.hasher(0);
        hasher.append(b"abc");
        let mut bytes = hasher.save_state().to_vec();
        bytes[30] ^= 0x40;
        let expected = AnyHasher::restore_state(&bytes).unwrap_err().to_string();

        let json = serde_json::to_string(&serde_json::Value::String(
            bytes.iter().map(|b| format!("{b:02x}")).collect(),
        ))
        .unwrap();
        let err = serde_json::from_str::<SavedState>(&json).unwrap_err();
        assert!(err.to_string().starts_with(&expected), "{err} / {expected}");

        let binary = postcard::to_allocvec(&serde_bytes_like(&bytes)).unwrap();
        let err = postcard::from_bytes::<SavedState>(&binary).unwrap_err();
        assert!(matches!(err, postcard::Error::SerdeDeCustom), "{err}");

        assert!(serde_json::from_str::<SavedState>("\"494f48\"").is_err());
        assert!(serde_json::from_str::<SavedState>("\"zz\"").is_err());
        assert!(serde_json::from_str::<SavedState>(&format!("\"{}\"", "00".repeat(400))).is_err());
    }

    /// `bytes` serialized as a byte string, as a `SavedState` is.
    fn serde_bytes_like(bytes: &[u8]) -> impl serde::Serialize + '_ {
        struct Bytes<'a>(&'a [u8]);
        impl serde::Serialize for Bytes<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(self.0)
            }
        }
        Bytes(bytes)
    }

    #[test]
    fn an_algorithm_is_its_tag() {
        for &algorithm in Algorithm::ALL {
            let json = serde_json::to_string(&algorithm).unwrap();
            assert_eq!(json, format!("\"{}\"", algorithm.tag()));
            assert_eq!(serde_json::from_str::<Algorithm>(&json).unwrap(), algorithm);
        }
        assert_eq!(
            serde_json::from_str::<Algorithm>("\"xxh3-128\"").unwrap(),
            Algorithm::Xxh128
        );
        let err = serde_json::from_str::<Algorithm>("\"md5\"").unwrap_err();
        assert!(
            err.to_string().starts_with("unknown algorithm 'md5'"),
            "{err}"
        );
        // The catalogue's CRCs by name; a set outside it has no name to write.
        let arc = Algorithm::Crc(crate::crc_catalogue::CRC_16_ARC);
        assert_eq!(serde_json::to_string(&arc).unwrap(), "\"CRC-16/ARC\"");
        assert_eq!(
            serde_json::from_str::<Algorithm>("\"crc-16/arc\"").unwrap(),
            arc
        );
        let custom = crate::CrcParams::new(16, 0x1234, 0, false, false, 0);
        for params in [custom, custom.with_name("MINE")] {
            let err = serde_json::to_string(&Algorithm::Crc(params)).unwrap_err();
            assert!(err.to_string().contains("no name that reads back"), "{err}");
        }
    }
}
