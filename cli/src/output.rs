//! The lines hash mode prints: xxhsum's own (through [`crate::sumfile`]), or the forms for
//! programs: NUL-ended with raw names (`-z`), the hash alone (`--no-names`), base64 (`--base64`).

use std::borrow::Cow;

use iohash::cloud::base64;
use iohash::{Algorithm, HashValue};

use crate::sumfile::{escape_file_name, format_line, hash_prefix, needs_escape, LineStyle};

/// How hash lines are written.
#[derive(Clone, Copy, Debug, Default)]
pub struct LineFormat {
    /// `--tag`.
    pub style: LineStyle,
    /// `--little-endian`.
    pub little_endian: bool,
    /// `-z`: end lines with NUL and write names as they are, never escaped.
    pub zero: bool,
    /// `--no-names`: the hash alone.
    pub no_names: bool,
    /// `--base64`: the hash's bytes in base64 (big-endian, as S3 and GCS show their CRCs;
    /// little-endian with `little_endian`, as Azure shows its CRC64).
    pub base64: bool,
}

impl LineFormat {
    /// The line for one file, its end included; `parts` is the number of parts of S3's
    /// composite checksum, which `hash` then is (written base64-N).
    pub fn line(
        &self,
        algorithm: Algorithm,
        hash: HashValue,
        parts: Option<u64>,
        name: &[u8],
    ) -> Vec<u8> {
        if !self.zero && !self.no_names && !self.base64 {
            return format_line(algorithm, hash, name, self.style, self.little_endian);
        }
        let end = if self.zero { b'\0' } else { b'\n' };
        let mut text = self.hash_text(algorithm, hash);
        if let Some(parts) = parts {
            text = format!("{text}-{parts}");
        }
        let mut line = Vec::with_capacity(text.len() + name.len() + 24);
        if self.no_names {
            line.extend_from_slice(text.as_bytes());
            line.push(end);
            return line;
        }
        // NUL-ended lines carry names as they are; newline-ended ones keep xxhsum's escaping,
        // so that each stays one line.
        let name = if self.zero {
            Cow::Borrowed(name)
        } else {
            if needs_escape(name) {
                line.push(b'\\');
            }
            escape_file_name(name)
        };
        match self.style {
            LineStyle::Gnu => {
                line.extend_from_slice(text.as_bytes());
                line.extend_from_slice(b"  ");
                line.extend_from_slice(&name);
            }
            LineStyle::Bsd => {
                line.extend_from_slice(algorithm.tag().as_bytes());
                if self.little_endian {
                    line.extend_from_slice(b"_LE");
                }
                line.extend_from_slice(b" (");
                line.extend_from_slice(&name);
                line.extend_from_slice(b") = ");
                line.extend_from_slice(text.as_bytes());
            }
        }
        line.push(end);
        line
    }

    /// The hash as these lines write it: hex or base64, after the algorithm's `TAG_` prefix in
    /// GNU lines that carry a name (XXH3's, as xxhsum writes it, and the CRCs'), so that `-c`
    /// reads every line back as its algorithm.
    fn hash_text(&self, algorithm: Algorithm, hash: HashValue) -> String {
        let bytes = hash.as_be_bytes();
        let text: String = if self.base64 && self.little_endian {
            base64(&bytes.iter().rev().copied().collect::<Vec<u8>>())
        } else if self.base64 {
            base64(bytes)
        } else if self.little_endian {
            bytes.iter().rev().map(|b| format!("{b:02x}")).collect()
        } else {
            bytes.iter().map(|b| format!("{b:02x}")).collect()
        };
        match hash_prefix(algorithm) {
            Some(tag) if self.style == LineStyle::Gnu && !self.no_names => format!("{tag}_{text}"),
            _ => text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iohash::{Crc32, Crc64, NonCryptographicHasher};

    /// The checksums S3 returns for these bodies, as the AWS SDK for JavaScript v3 publishes
    /// them in its flexible-checksums integration tests (botocore's tests agree on "Hello world").
    #[test]
    fn base64_crcs_are_what_s3_shows() {
        let format = LineFormat {
            no_names: true,
            base64: true,
            ..LineFormat::default()
        };
        let crc = |algorithm: Algorithm, data: &[u8]| {
            let mut hasher = algorithm.hasher(0);
            iohash::DynHasher::append(&mut hasher, data);
            let line = format.line(algorithm, hasher.current_hash(), None, b"");
            String::from_utf8(line).unwrap().trim_end().to_owned()
        };
        let crc32 = Algorithm::Crc32(iohash::Crc32Variant::IsoHdlc);
        let crc32c = Algorithm::Crc32(iohash::Crc32Variant::Iscsi);
        let nvme = Algorithm::Crc64(iohash::Crc64Variant::Nvme);
        for (data, algorithm, s3) in [
            ("", crc32, "AAAAAA=="),
            ("abc", crc32, "NSRBwg=="),
            ("Hello world", crc32, "i9aeUg=="),
            ("", crc32c, "AAAAAA=="),
            ("abc", crc32c, "Nks/tw=="),
            ("Hello world", crc32c, "crUfeA=="),
            ("", nvme, "AAAAAAAAAAA="),
            ("abc", nvme, "BeXKuz/B+us="),
            ("Hello world", nvme, "OOJZ0D8xKts="),
        ] {
            assert_eq!(crc(algorithm, data.as_bytes()), s3, "{algorithm} {data:?}");
        }
        assert_eq!(Crc32::hash(b"Hello world"), 0x8bd6_9e52);
        assert_eq!(
            Crc64::with_variant(iohash::Crc64Variant::Nvme).current_hash(),
            0
        );
    }

    #[test]
    fn program_forms() {
        let name = b"new\nline";
        let hash = HashValue::from_be_bytes(&0x0123_4567_89ab_cdef_u64.to_be_bytes()).unwrap();
        let gnu = |f: LineFormat| f.line(Algorithm::Xxh64, hash, None, name);
        let zero = LineFormat {
            zero: true,
            ..LineFormat::default()
        };
        assert_eq!(gnu(zero), b"0123456789abcdef  new\nline\0");
        let bare = LineFormat {
            no_names: true,
            ..LineFormat::default()
        };
        assert_eq!(gnu(bare), b"0123456789abcdef\n");
        let b64 = LineFormat {
            base64: true,
            ..LineFormat::default()
        };
        assert_eq!(gnu(b64), b"\\ASNFZ4mrze8=  new\\nline\n");
        let tagged = LineFormat {
            base64: true,
            zero: true,
            style: LineStyle::Bsd,
            ..LineFormat::default()
        };
        assert_eq!(gnu(tagged), b"XXH64 (new\nline) = ASNFZ4mrze8=\0");
        let xxh3 = LineFormat {
            zero: true,
            ..LineFormat::default()
        };
        assert_eq!(
            xxh3.line(
                Algorithm::Xxh3,
                HashValue::from_be_bytes(&1u64.to_be_bytes()).unwrap(),
                None,
                b"a"
            ),
            b"XXH3_0000000000000001  a\0"
        );
    }
}
