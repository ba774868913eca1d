//! Checksum-file lines as `xxhsum` writes and reads them (0.8.1 to 0.8.3), plus iohash's CRC
//! tags: [`format_line`] writes one, [`parse_line`] reads one back.
//!
//! Two styles exist. GNU lines are `HASH  NAME`: XXH3-64 hashes carry an `XXH3_` prefix, as
//! xxhsum 0.8.2+ writes them, and every CRC its tag the same way (`CRC32C_e3069283  NAME`), so
//! that no line is read as another algorithm of the same length ([`hash_prefix`]); XXH32, XXH64
//! and XXH128 are told apart by length. BSD lines (`--tag`) are `TAG (NAME) = HASH`, with `_LE`
//! after the tag when the hash is written little-endian. A name holding `\`, LF or CR is escaped
//! (`\\`, `\n`, `\r`) and the line starts with a `\`. A hash may also be read in base64 (the
//! big-endian bytes, RFC 4648 with padding, as S3 shows checksums: the library's
//! `iohash::cloud::base64` writes it).
//!
//! The command's format, kept here as b3sum keeps its check lines. It uses only `std` and the
//! library's public API, so the fuzz target `check_parser` (`fuzz/fuzz_targets/`) and the
//! command's replay of its corpus (`cli/tests/fuzz_replay.rs`) include this file as it is.

use std::borrow::Cow;
use std::fmt;

use iohash::{Algorithm, HashValue, MAX_HASH_LEN};

/// The two line formats of `xxhsum`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineStyle {
    /// `HASH  NAME`, the default (as `md5sum`).
    #[default]
    Gnu,
    /// `TAG (NAME) = HASH`, with `--tag` (as `md5sum --tag`).
    Bsd,
}

/// The tag a GNU line puts before this algorithm's hash, with a `_` after it: XXH3-64's (as
/// xxhsum 0.8.2+ writes `XXH3_...`) and every CRC's, whose lengths are those of XXH32 and
/// XXH64; `None` for XXH32, XXH64 and XXH128, which xxhsum writes bare (`XXH3`, `CRC32C`).
pub fn hash_prefix(algorithm: Algorithm) -> Option<&'static str> {
    match algorithm {
        Algorithm::Xxh32 | Algorithm::Xxh64 | Algorithm::Xxh128 => None,
        _ => Some(algorithm.tag()),
    }
}

/// The `len` bytes (at most [`MAX_HASH_LEN`]) `text` encodes in padded base64, in order, or
/// `None`: another length, another alphabet, or bits set past the end (so every value has one
/// spelling).
fn from_base64(text: &[u8], len: usize) -> Option<[u8; MAX_HASH_LEN]> {
    if text.len() != len.div_ceil(3) * 4 {
        return None;
    }
    let padding = (3 - len % 3) % 3;
    let (digits, pad) = text.split_at(text.len() - padding);
    if pad.iter().any(|&b| b != b'=') {
        return None;
    }
    let mut bytes = [0u8; MAX_HASH_LEN.div_ceil(3) * 3];
    for (group, out) in digits.chunks(4).zip(bytes.chunks_mut(3)) {
        let mut n = 0u32;
        for (i, &digit) in group.iter().enumerate() {
            n |= u32::from(base64_digit(digit)?) << (18 - 6 * i);
        }
        out.copy_from_slice(&n.to_be_bytes()[1..]);
    }
    // The bytes the padding stands for must be zero.
    if bytes[len..].iter().any(|&b| b != 0) {
        return None;
    }
    let mut out = [0u8; MAX_HASH_LEN];
    out[..len].copy_from_slice(&bytes[..len]);
    Some(out)
}

/// The value of one digit of standard base64 (RFC 4648: `A-Z`, `a-z`, `0-9`, `+`, `/`).
fn base64_digit(digit: u8) -> Option<u8> {
    match digit {
        b'A'..=b'Z' => Some(digit - b'A'),
        b'a'..=b'z' => Some(digit - b'a' + 26),
        b'0'..=b'9' => Some(digit - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Whether a file name must be escaped in a checksum line.
pub fn needs_escape(file_name: &[u8]) -> bool {
    file_name.iter().any(|b| matches!(b, b'\\' | b'\n' | b'\r'))
}

/// `\` as `\\`, LF as `\n`, CR as `\r`; other bytes unchanged.
pub fn escape_file_name(file_name: &[u8]) -> Cow<'_, [u8]> {
    if !needs_escape(file_name) {
        return Cow::Borrowed(file_name);
    }
    let mut out = Vec::with_capacity(file_name.len() + 8);
    for &b in file_name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(b),
        }
    }
    Cow::Owned(out)
}

/// The inverse of [`escape_file_name`]; `None` for any other `\` sequence or a trailing `\`.
pub fn unescape_file_name(escaped: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(escaped.len());
    let mut bytes = escaped.iter();
    while let Some(&b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        out.push(match bytes.next()? {
            b'\\' => b'\\',
            b'n' => b'\n',
            b'r' => b'\r',
            _ => return None,
        });
    }
    Some(out)
}

/// The hash as hex digits: big-endian (the integer as written) or byte-reversed.
fn hash_hex(hash: HashValue, little_endian: bool) -> String {
    let bytes = hash.as_be_bytes();
    let mut hex = String::with_capacity(2 * bytes.len());
    let mut push = |b: &u8| hex.push_str(&format!("{b:02x}"));
    if little_endian {
        bytes.iter().rev().for_each(&mut push);
    } else {
        bytes.iter().for_each(&mut push);
    }
    hex
}

/// One checksum line, newline included, exactly as `xxhsum` 0.8.3 writes it for the same
/// algorithm and flags (`style` is `--tag`, `little_endian` is `--little-endian`).
///
/// `hash` is the algorithm's integer hash (`AnyHasher::current_hash`).
pub fn format_line(
    algorithm: Algorithm,
    hash: HashValue,
    file_name: &[u8],
    style: LineStyle,
    little_endian: bool,
) -> Vec<u8> {
    let escaped = escape_file_name(file_name);
    let hex = hash_hex(hash, little_endian);
    let mut line = Vec::with_capacity(escaped.len() + hex.len() + 24);
    if matches!(escaped, Cow::Owned(_)) {
        line.push(b'\\');
    }
    match style {
        LineStyle::Gnu => {
            if let Some(tag) = hash_prefix(algorithm) {
                line.extend_from_slice(tag.as_bytes());
                line.push(b'_');
            }
            line.extend_from_slice(hex.as_bytes());
            line.extend_from_slice(b"  ");
            line.extend_from_slice(&escaped);
        }
        LineStyle::Bsd => {
            line.extend_from_slice(algorithm.tag().as_bytes());
            if little_endian {
                line.extend_from_slice(b"_LE");
            }
            line.extend_from_slice(b" (");
            line.extend_from_slice(&escaped);
            line.extend_from_slice(b") = ");
            line.extend_from_slice(hex.as_bytes());
        }
    }
    line.push(b'\n');
    line
}

/// How [`parse_line`] reads what a line leaves open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// GNU lines do not say their byte order: read their hashes little-endian
    /// (`xxhsum -c --little-endian`). BSD lines say it with `_LE`.
    pub little_endian: bool,
    /// Accept only lines of this algorithm, as `xxh64sum -c` accepts only XXH64 lines.
    pub only: Option<Algorithm>,
    /// Read untagged (GNU) hashes of this algorithm's length as this algorithm. GNU lines carry
    /// no tag, so an 8-digit hash is XXH32 unless this says e.g. CRC-32.
    pub untagged: Option<Algorithm>,
}

/// A checksum line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLine {
    /// The algorithm, from the tag, the `XXH3_` prefix or the hash's length.
    pub algorithm: Algorithm,
    /// The expected hash as the algorithm's integer.
    pub hash: HashValue,
    /// For S3's composite checksum of a multipart upload (`ROC8NA==-2`, CRC-32 and CRC-32C
    /// only), the number of parts; `hash` is then the composite CRC
    /// (`iohash::cloud::S3Composite`).
    pub parts: Option<u64>,
    /// The file name, unescaped.
    pub file_name: Vec<u8>,
}

/// Why a line is not a checksum line.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LineError {
    /// Neither `HASH  NAME` nor `TAG (NAME) = HASH`.
    Malformed,
    /// A BSD tag that names no algorithm iohash knows.
    UnknownTag(String),
    /// The hash has the wrong number of digits for its algorithm, or is not hexadecimal.
    BadHash,
    /// A `\` sequence other than `\\`, `\n` and `\r` in an escaped name.
    BadEscape,
    /// An empty file name, or one holding a NUL byte.
    BadFileName,
    /// A well-formed line of an algorithm this check does not accept (see [`ParseOptions::only`]).
    NotAccepted(Algorithm),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Malformed => f.write_str("not 'HASH  NAME' nor 'TAG (NAME) = HASH'"),
            LineError::UnknownTag(tag) => write!(f, "unknown algorithm tag '{tag}'"),
            LineError::BadHash => f.write_str("hash of the wrong length or not hexadecimal"),
            LineError::BadEscape => f.write_str("bad escape sequence in the file name"),
            LineError::BadFileName => f.write_str("empty file name or one holding a NUL byte"),
            LineError::NotAccepted(a) => write!(f, "{a} lines are not accepted here"),
        }
    }
}

impl std::error::Error for LineError {}

/// Parses hex digits or base64 (of the bytes in the order `little_endian` says) into the
/// algorithm's integer, and S3's composite form (base64, `-`, the number of parts) for CRC-32
/// and CRC-32C. Neither can pass for the other: hex has no `=` or `-`, base64 no `-`, and
/// base64 of the hash's length is never as long as its hex unless it ends in `=`.
fn parse_hash(
    algorithm: Algorithm,
    hex: &[u8],
    little_endian: bool,
) -> Result<(HashValue, Option<u64>), LineError> {
    let len = algorithm.hash_len();
    let in_order = |mut bytes: [u8; MAX_HASH_LEN]| {
        if little_endian {
            bytes[..len].reverse();
        }
        HashValue::from_be_bytes(&bytes[..len]).ok_or(LineError::BadHash)
    };
    if let Some(dash) = hex.iter().rposition(|&b| b == b'-') {
        let (text, count) = (&hex[..dash], &hex[dash + 1..]);
        let parts = std::str::from_utf8(count)
            .ok()
            .filter(|count| count.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|count| count.parse::<u64>().ok())
            .filter(|&parts| parts > 0);
        return match (algorithm, parts, from_base64(text, len)) {
            (Algorithm::Crc32(_), Some(parts), Some(value)) => Ok((in_order(value)?, Some(parts))),
            _ => Err(LineError::BadHash),
        };
    }
    if let Some(value) = from_base64(hex, len) {
        return Ok((in_order(value)?, None));
    }
    if hex.len() != 2 * len || !hex.iter().all(u8::is_ascii_hexdigit) {
        return Err(LineError::BadHash);
    }
    let digit = |b: u8| (b as char).to_digit(16).unwrap_or(0) as u8;
    let mut bytes = [0u8; MAX_HASH_LEN];
    for (out, pair) in bytes.iter_mut().zip(hex.chunks_exact(2)) {
        *out = digit(pair[0]) << 4 | digit(pair[1]);
    }
    Ok((in_order(bytes)?, None))
}

/// Reads one checksum line (without its `\n`; a trailing `\r` is dropped, for CRLF files).
///
/// Accepts everything `xxhsum` 0.8.1 to 0.8.3 writes and everything [`format_line`] writes.
/// The caller skips `#` comment lines.
///
/// # Errors
/// A [`LineError`] saying what is wrong; never a panic, whatever the bytes.
pub fn parse_line(line: &[u8], options: &ParseOptions) -> Result<ParsedLine, LineError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let (escaped, line) = match line.strip_prefix(b"\\") {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let first_space = line
        .iter()
        .position(|&b| b == b' ')
        .ok_or(LineError::Malformed)?;
    if first_space + 1 >= line.len() {
        return Err(LineError::Malformed);
    }

    let (algorithm, hash, parts, name) = if line[first_space + 1] == b'(' {
        // BSD: TAG (NAME) = HASH, split at the last space so names may hold spaces.
        let last_space = line.iter().rposition(|&b| b == b' ').unwrap_or(first_space);
        if last_space < first_space + 5 || &line[last_space - 3..last_space] != b") =" {
            return Err(LineError::Malformed);
        }
        let tag = std::str::from_utf8(&line[..first_space]).map_err(|_| LineError::Malformed)?;
        let (tag, little_endian) = match tag.strip_suffix("_LE") {
            Some(tag) => (tag, true),
            None => (tag, false),
        };
        // Any case, as xxhsum reads `xxh64 (NAME) = ...`; the CRC catalogue's names and aliases
        // too, as [`Algorithm::from_tag`] reads a catalogue name.
        let algorithm = Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.tag().eq_ignore_ascii_case(tag))
            .or_else(|| iohash::crc_catalogue::find(tag).map(Algorithm::Crc))
            .ok_or_else(|| LineError::UnknownTag(String::from(tag)))?;
        let (hash, parts) = parse_hash(algorithm, &line[last_space + 1..], little_endian)?;
        (
            algorithm,
            hash,
            parts,
            &line[first_space + 2..last_space - 3],
        )
    } else {
        // GNU: HASH, a space, any one byte (md5sum's '*' binary marker among them), NAME.
        // HASH is `TAG_` and the hash for XXH3 and the CRCs, the hash alone for the others.
        let hex = &line[..first_space];
        let prefixed = hex
            .iter()
            .position(|&b| b == b'_')
            .map(|cut| hex.split_at(cut));
        let (algorithm, hex) = match prefixed {
            Some((tag, rest)) => {
                let tag = std::str::from_utf8(tag).map_err(|_| LineError::Malformed)?;
                let algorithm = Algorithm::from_tag(tag)
                    .ok_or_else(|| LineError::UnknownTag(String::from(tag)))?;
                (algorithm, &rest[1..])
            }
            None => {
                // The length of the hex, or of the base64, of 4, 8 or 16 bytes.
                let by_length = match hex.len() {
                    8 => Algorithm::Xxh32,
                    12 | 16 => Algorithm::Xxh64,
                    24 | 32 => Algorithm::Xxh128,
                    _ => return Err(LineError::BadHash),
                };
                // `-H crc32 -c` reads bare lines of that length as CRC-32 (as iohash wrote
                // them before CRC lines were prefixed); XXH3 lines always carry theirs.
                match options.untagged {
                    Some(a) if a.hash_len() == by_length.hash_len() && a != Algorithm::Xxh3 => {
                        (a, hex)
                    }
                    _ => (by_length, hex),
                }
            }
        };
        let (hash, parts) = parse_hash(algorithm, hex, options.little_endian)?;
        (algorithm, hash, parts, &line[first_space + 2..])
    };

    if let Some(only) = options.only {
        if only != algorithm {
            return Err(LineError::NotAccepted(algorithm));
        }
    }
    let file_name = if escaped {
        unescape_file_name(name).ok_or(LineError::BadEscape)?
    } else {
        name.to_vec()
    };
    if file_name.is_empty() || file_name.contains(&0) {
        return Err(LineError::BadFileName);
    }
    Ok(ParsedLine {
        algorithm,
        hash,
        parts,
        file_name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use iohash::cloud::base64;
    use iohash::{Crc32Variant, Crc64Variant};

    /// The built-in algorithms, then every CRC of the catalogue (of 1 to 8 bytes).
    fn every_algorithm() -> impl Iterator<Item = Algorithm> {
        let catalogue = iohash::crc_catalogue::ALL.iter();
        (Algorithm::ALL.iter().copied()).chain(catalogue.map(|&params| Algorithm::Crc(params)))
    }

    fn parse(line: &str) -> Result<ParsedLine, LineError> {
        parse_line(line.as_bytes(), &ParseOptions::default())
    }

    /// `value` as a hash of `algorithm`'s length.
    fn int(algorithm: Algorithm, value: u128) -> HashValue {
        let len = algorithm.hash_len();
        HashValue::from_be_bytes(&value.to_be_bytes()[16 - len..]).unwrap()
    }

    /// A hash of `algorithm`'s length whose every byte differs: the first bytes of
    /// 01 23 45 ... (QuickXorHash's 20 too).
    fn sample(algorithm: Algorithm) -> HashValue {
        let bytes: Vec<u8> = (0..20u8)
            .map(|i| i.wrapping_mul(0x23).wrapping_add(1))
            .collect();
        HashValue::from_be_bytes(&bytes[..algorithm.hash_len()]).unwrap()
    }

    #[test]
    fn xxh3_and_crc_hashes_carry_their_tag_in_gnu_lines() {
        assert_eq!(hash_prefix(Algorithm::Xxh3), Some("XXH3"));
        let crc32c = Algorithm::Crc32(Crc32Variant::Iscsi);
        assert_eq!(hash_prefix(crc32c), Some("CRC32C"));
        assert_eq!(hash_prefix(Algorithm::Xxh64), None);
    }

    #[test]
    fn lines_are_written_as_xxhsum_writes_them() {
        let gnu = |a, h, name: &str| {
            let line = format_line(a, int(a, h), name.as_bytes(), LineStyle::Gnu, false);
            String::from_utf8(line).unwrap()
        };
        let bsd = |a, h, name: &str, le| {
            let line = format_line(a, int(a, h), name.as_bytes(), LineStyle::Bsd, le);
            String::from_utf8(line).unwrap()
        };
        assert_eq!(gnu(Algorithm::Xxh32, 0xfb0077f9, "a"), "fb0077f9  a\n");
        assert_eq!(
            gnu(Algorithm::Xxh3, 0x9555e8555c62dcfd, "a b"),
            "XXH3_9555e8555c62dcfd  a b\n"
        );
        assert_eq!(
            gnu(Algorithm::Xxh64, 1, "x\\y"),
            "\\0000000000000001  x\\\\y\n"
        );
        assert_eq!(
            bsd(Algorithm::Xxh64, 0x26c7827d889f6da3, "a", false),
            "XXH64 (a) = 26c7827d889f6da3\n"
        );
        assert_eq!(
            bsd(
                Algorithm::Xxh128,
                0xb5e9c1ad071b3e7fc779cfaa5e523818,
                "a",
                true
            ),
            "XXH128_LE (a) = 1838525eaacf79c77f3e1b07adc1e9b5\n"
        );
        assert_eq!(
            bsd(
                Algorithm::Crc32(Crc32Variant::Iscsi),
                0xE3069283,
                "n\nl",
                false
            ),
            "\\CRC32C (n\\nl) = e3069283\n"
        );
        assert_eq!(
            gnu(Algorithm::Crc32(Crc32Variant::Iscsi), 0xE3069283, "a"),
            "CRC32C_e3069283  a\n"
        );
    }

    #[test]
    fn crc_lines_read_as_their_crc_and_base64_hashes_read_back() {
        let crc32c = Algorithm::Crc32(Crc32Variant::Iscsi);
        let parsed = parse("CRC32C_e3069283  a").unwrap();
        assert_eq!(
            (parsed.algorithm, parsed.hash),
            (crc32c, int(crc32c, 0xE3069283))
        );
        assert_eq!(
            parse("MD5_e3069283  a"),
            Err(LineError::UnknownTag("MD5".into()))
        );
        // S3's ChecksumCRC32C of "123456789", as it shows it.
        assert_eq!(base64(&0xE3069283u32.to_be_bytes()), "4waSgw==");
        let parsed = parse("CRC32C (a) = 4waSgw==").unwrap();
        assert_eq!(
            (parsed.algorithm, parsed.hash),
            (crc32c, int(crc32c, 0xE3069283))
        );
        for algorithm in every_algorithm() {
            let hash = sample(algorithm);
            let text = base64(hash.as_be_bytes());
            let gnu = match hash_prefix(algorithm) {
                Some(tag) => format!("{tag}_{text}  name"),
                None => format!("{text}  name"),
            };
            let bsd = format!("{} (name) = {text}", algorithm.tag());
            for line in [gnu, bsd] {
                let parsed = parse(&line).unwrap();
                assert_eq!((parsed.algorithm, parsed.hash), (algorithm, hash), "{line}");
            }
        }
        // Little-endian base64 (Azure's x-ms-content-crc64) with --little-endian.
        let nvme = Algorithm::Crc64(Crc64Variant::Nvme);
        let le = base64(&0xAE8B_1486_0A79_9888u64.to_le_bytes());
        let options = ParseOptions {
            little_endian: true,
            ..ParseOptions::default()
        };
        let parsed = parse_line(format!("CRC64NVME_{le}  a").as_bytes(), &options).unwrap();
        assert_eq!(
            (parsed.algorithm, parsed.hash),
            (nvme, int(nvme, 0xAE8B_1486_0A79_9888))
        );
        // S3's composite checksums: base64, `-`, the number of parts; CRC-32s only.
        let parsed = parse("CRC32C_ROC8NA==-2  a").unwrap();
        assert_eq!(
            (parsed.algorithm, parsed.hash, parsed.parts),
            (crc32c, int(crc32c, 0x44E0_BC34), Some(2))
        );
        let parsed = parse("CRC32 (a b) = R/nORQ==-10000").unwrap();
        assert_eq!(parsed.parts, Some(10_000));
        assert_eq!(parsed.file_name, b"a b");
        for bad in [
            "CRC32C_ROC8NA==-0  a",
            "CRC32C_ROC8NA==-  a",
            "CRC32C_ROC8NA==-+2  a",
            "CRC32C_ROC8NA=-2  a",
            "CRC32C_44e0bc34-2  a",
            "CRC64NVME_r/7LBH/0eeA=-2  a",
            "XXH64 (a) = r/7LBH/0eeA=-2",
        ] {
            assert_eq!(parse(bad), Err(LineError::BadHash), "{bad}");
        }
        // Padding that is not zero, or in the wrong place, is not base64.
        assert_eq!(parse("CRC32C (a) = 4waSgx=="), Err(LineError::BadHash));
        assert_eq!(parse("CRC32C (a) = 4waS==gw"), Err(LineError::BadHash));
        assert_eq!(parse("XXH64 (a) = 4waSgw=="), Err(LineError::BadHash));
    }

    #[test]
    fn every_written_line_reads_back() {
        let names: [&[u8]; 5] = [
            b"a",
            b"with space",
            b"back\\slash\nnew\rline",
            b"(paren) = x",
            b"\xff\xfe",
        ];
        for algorithm in every_algorithm() {
            let hash = sample(algorithm);
            for name in names {
                for style in [LineStyle::Gnu, LineStyle::Bsd] {
                    for little_endian in [false, true] {
                        let line = format_line(algorithm, hash, name, style, little_endian);
                        let options = ParseOptions {
                            little_endian,
                            untagged: Some(algorithm),
                            only: None,
                        };
                        let parsed = parse_line(&line[..line.len() - 1], &options).unwrap();
                        assert_eq!(
                            parsed,
                            ParsedLine {
                                algorithm,
                                hash,
                                parts: None,
                                file_name: name.to_vec()
                            },
                            "{line:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        assert_eq!(parse(""), Err(LineError::Malformed));
        assert_eq!(parse("garbage"), Err(LineError::Malformed));
        assert_eq!(parse("0123 "), Err(LineError::Malformed));
        assert_eq!(parse("0123456  file"), Err(LineError::BadHash));
        assert_eq!(parse("0123456z  file"), Err(LineError::BadHash));
        assert_eq!(
            parse("MD5 (file) = 0123456789abcdef"),
            Err(LineError::UnknownTag("MD5".into()))
        );
        assert_eq!(parse("XXH64 (file) = 0123"), Err(LineError::BadHash));
        assert_eq!(
            parse("XXH64 (file) 0123456789abcdef"),
            Err(LineError::Malformed)
        );
        assert_eq!(parse("\\01234567  bad\\x"), Err(LineError::BadEscape));
        assert_eq!(parse("\\01234567  trailing\\"), Err(LineError::BadEscape));
        assert_eq!(parse("01234567  "), Err(LineError::BadFileName));
        assert_eq!(parse("01234567  nul\0"), Err(LineError::BadFileName));
        let only = ParseOptions {
            only: Some(Algorithm::Xxh64),
            ..Default::default()
        };
        assert_eq!(
            parse_line(b"01234567  f", &only),
            Err(LineError::NotAccepted(Algorithm::Xxh32))
        );
    }

    #[test]
    fn what_xxhsum_0_8_1_wrote_reads_too() {
        // 0.8.1 wrote XXH3 as a BSD line even without --tag, and did not escape names.
        let parsed = parse("XXH3 (a) = 9555e8555c62dcfd").unwrap();
        assert_eq!(
            (parsed.algorithm, parsed.hash),
            (Algorithm::Xxh3, int(Algorithm::Xxh3, 0x9555e8555c62dcfd))
        );
        let parsed = parse("xxh64 (a) = 26c7827d889f6da3").unwrap();
        assert_eq!(
            (parsed.algorithm, parsed.file_name),
            (Algorithm::Xxh64, b"a".to_vec())
        );
        let parsed = parse("26c7827d889f6da3 *binary marker\r").unwrap();
        assert_eq!(parsed.file_name, b"binary marker");
        let le = ParseOptions {
            little_endian: true,
            ..Default::default()
        };
        assert_eq!(
            parse_line(b"a36d9f887d82c726  a", &le).unwrap().hash,
            0x26c7827d889f6da3
        );
    }
}
