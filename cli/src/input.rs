//! What to hash: a path or standard input, and the bytes its name is printed as.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, ErrorKind, Read};
use std::path::{Path, PathBuf};

/// A file named on the command line, in a `--files-from` list or in a checksum line.
#[derive(Clone, Debug)]
pub enum Input {
    Stdin,
    Path(PathBuf),
}

impl Input {
    /// `-` is standard input, as in xxhsum.
    pub fn from_arg(arg: OsString) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(PathBuf::from(arg))
        }
    }

    /// The name as printed in checksum lines: the path's own bytes, or `stdin`.
    pub fn display_name(&self) -> Vec<u8> {
        match self {
            Input::Stdin => b"stdin".to_vec(),
            Input::Path(path) => path_bytes(path),
        }
    }

    /// The size to expect, for the progress bar: regular files only.
    pub fn len_hint(&self) -> u64 {
        match self {
            Input::Path(path) => std::fs::metadata(path)
                .ok()
                .filter(|m| m.is_file())
                .map_or(0, |m| m.len()),
            Input::Stdin => 0,
        }
    }

    /// Opens the input as a `File`: standard input is its file descriptor, so a regular file
    /// redirected in gets the same checks as one named.
    pub fn open(&self) -> io::Result<File> {
        match self {
            Input::Path(path) => File::open(path),
            Input::Stdin => stdin_file(),
        }
    }
}

#[cfg(unix)]
fn stdin_file() -> io::Result<File> {
    use std::os::fd::AsFd;
    Ok(File::from(io::stdin().as_fd().try_clone_to_owned()?))
}

#[cfg(windows)]
fn stdin_file() -> io::Result<File> {
    use std::os::windows::io::AsHandle;
    Ok(File::from(io::stdin().as_handle().try_clone_to_owned()?))
}

/// A path as the bytes printed in checksum lines: exact everywhere. On Unix, the name's own
/// bytes; elsewhere its WTF-8 form (UTF-8, plus any unpaired UTF-16 surrogates of a Windows
/// name), which [`path_from_bytes`] turns back into the same name.
pub fn path_bytes(path: &Path) -> Vec<u8> {
    path.as_os_str().as_encoded_bytes().to_vec()
}

/// A path from bytes read from a checksum file or a file list; `None` if they can name no
/// file here (not WTF-8, on Windows), rather than a path to some other file.
#[cfg(unix)]
pub fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(bytes)))
}

#[cfg(windows)]
pub fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    use std::os::windows::ffi::OsStringExt;
    decode_wtf8(bytes).map(|wide| PathBuf::from(OsString::from_wide(&wide)))
}

#[cfg(not(any(unix, windows)))]
pub fn path_from_bytes(bytes: &[u8]) -> Option<PathBuf> {
    std::str::from_utf8(bytes).ok().map(PathBuf::from)
}

/// WTF-8 (UTF-8 that may also encode lone surrogates) to UTF-16; `None` if `bytes` is not WTF-8.
/// Windows names are UTF-16 that need not be valid, which is how [`path_bytes`] writes them.
#[cfg_attr(not(windows), allow(dead_code))]
fn decode_wtf8(bytes: &[u8]) -> Option<Vec<u16>> {
    let mut wide = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some(&first) = rest.first() {
        let (len, min, initial) = match first {
            0x00..=0x7F => (1, 0, u32::from(first)),
            0xC2..=0xDF => (2, 0x80, u32::from(first & 0x1F)),
            0xE0..=0xEF => (3, 0x800, u32::from(first & 0x0F)),
            0xF0..=0xF4 => (4, 0x1_0000, u32::from(first & 0x07)),
            _ => return None,
        };
        let sequence = rest.get(..len)?;
        let mut code = initial;
        for &b in &sequence[1..] {
            if b & 0xC0 != 0x80 {
                return None;
            }
            code = (code << 6) | u32::from(b & 0x3F);
        }
        if code < min || code > 0x10_FFFF {
            return None;
        }
        match char::from_u32(code) {
            Some(c) => wide.extend_from_slice(c.encode_utf16(&mut [0; 2])),
            // A lone surrogate: kept as the one UTF-16 unit it is.
            None => wide.push(code as u16),
        }
        rest = &rest[len..];
    }
    Some(wide)
}

/// An I/O error as `strerror` says it, without Rust's " (os error N)": how every message of the
/// command words an I/O error, in hash mode and check mode alike.
pub fn describe(error: &io::Error) -> String {
    let text = error.to_string();
    match text.find(" (os error ") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

/// The names in `--files-from` lists, read as they are hashed (memory stays flat however long
/// the lists): one a line, `\n` or `\r\n` ended (or each ended by `separator`, NUL for `-0`),
/// empty ones skipped. An error (a list that cannot be opened, a line over 32 KiB, a name this
/// system cannot have, a read error) is an item naming the list, which ends there.
pub struct FileList {
    lists: std::vec::IntoIter<PathBuf>,
    /// The list being read, and its name.
    current: Option<(BufReader<Box<dyn Read + Send>>, String)>,
    separator: u8,
}

impl FileList {
    /// The names in `lists`, one after the other (`-`: standard input).
    pub fn new(lists: Vec<PathBuf>, separator: u8) -> FileList {
        FileList {
            lists: lists.into_iter(),
            current: None,
            separator,
        }
    }
}

impl Iterator for FileList {
    type Item = Result<Input, String>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let Some((reader, name)) = &mut self.current else {
                let path = self.lists.next()?;
                let name = path.display().to_string();
                let reader: Box<dyn Read + Send> = if path == Path::new("-") {
                    Box::new(io::stdin())
                } else {
                    match File::open(&path) {
                        Ok(file) => Box::new(file),
                        Err(e) => return Some(Err(format!("{name}: {}", describe(&e)))),
                    }
                };
                self.current = Some((BufReader::new(reader), name));
                continue;
            };
            match next_name(reader, self.separator) {
                Ok(Some(path)) => return Some(Ok(Input::Path(path))),
                Ok(None) => self.current = None,
                Err(e) => {
                    let message = format!("{name}: {}", describe(&e));
                    self.current = None;
                    return Some(Err(message));
                }
            }
        }
    }
}

/// The next name of a list, `None` at its end.
fn next_name(reader: &mut impl BufRead, separator: u8) -> io::Result<Option<PathBuf>> {
    let mut line = Vec::new();
    loop {
        line.clear();
        // A line within the limit of a checksum line's: a list with no end of line
        // (`/dev/zero`) is refused, not read into memory.
        if !read_line(reader, &mut line, separator)? {
            return Ok(None);
        }
        let name = match separator {
            b'\n' => line.strip_suffix(b"\r").unwrap_or(&line),
            _ => &line,
        };
        if name.is_empty() {
            continue;
        }
        return path_from_bytes(name).map(Some).ok_or_else(|| {
            let shown = String::from_utf8_lossy(name);
            io::Error::new(
                ErrorKind::InvalidData,
                format!("'{shown}' is not a file name here"),
            )
        });
    }
}

/// xxhsum's limit on a checksum line, and ours on a line of `--files-from`.
pub const MAX_LINE_LEN: usize = 32 * 1024;

/// Reads one line ended by `end` (`\n`, or NUL) into `line` (without its end), refusing lines
/// over 32 KiB so a binary file cannot make it allocate without bound; `Ok(false)` at end of
/// input.
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>, end: u8) -> io::Result<bool> {
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(!line.is_empty());
        }
        let (take, done) = match buf.iter().position(|&b| b == end) {
            Some(end) => (end, true),
            None => (buf.len(), false),
        };
        if line.len() + take > MAX_LINE_LEN {
            return Err(io::Error::new(ErrorKind::InvalidData, "line too long"));
        }
        line.extend_from_slice(&buf[..take]);
        reader.consume(take + usize::from(done));
        if done {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_like_strerror() {
        let e = io::Error::from_raw_os_error(2);
        assert_eq!(describe(&e), "No such file or directory");
    }

    #[test]
    fn wtf8_round_trips_every_utf16_name_windows_can_have() {
        // Valid text, and lone surrogates as Windows allows in names.
        let names: [&[u16]; 4] = [
            &[0x61, 0x62],
            &[0xE9, 0x4E2D, 0xD83D, 0xDE00],
            &[0x61, 0xD800, 0x62],
            &[0xDC00],
        ];
        for name in names {
            let mut wtf8 = Vec::new();
            for unit in char::decode_utf16(name.iter().copied()) {
                match unit {
                    Ok(c) => wtf8.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
                    Err(lone) => {
                        let u = u32::from(lone.unpaired_surrogate());
                        wtf8.extend([
                            0xE0 | (u >> 12) as u8,
                            0x80 | ((u >> 6) & 0x3F) as u8,
                            0x80 | (u & 0x3F) as u8,
                        ]);
                    }
                }
            }
            assert_eq!(decode_wtf8(&wtf8).as_deref(), Some(name));
        }
        for bad in [
            &b"\xff"[..],
            b"\xc0\x80",
            b"\xe2\x82",
            b"\xf5\x80\x80\x80",
            b"a\x80",
        ] {
            assert_eq!(decode_wtf8(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn lines_are_split_and_limited() {
        let mut reader = io::Cursor::new(b"one\r\ntwo\n\nlast".to_vec());
        let mut lines = Vec::new();
        let mut line = Vec::new();
        while read_line(&mut reader, &mut line, b'\n').unwrap() {
            lines.push(std::mem::take(&mut line));
        }
        assert_eq!(lines, [&b"one\r"[..], b"two", b"", b"last"]);

        let mut huge = io::Cursor::new(vec![b'x'; MAX_LINE_LEN + 1]);
        let err = read_line(&mut huge, &mut Vec::new(), b'\n').unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidData);
    }
}
