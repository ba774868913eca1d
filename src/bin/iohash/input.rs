//! What to hash: a path or standard input, and the bytes its name is printed as.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// A file named on the command line, in a `--files-from` list or in a checksum line.
#[derive(Debug)]
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

/// A path as bytes: exact on Unix, where names need not be UTF-8.
#[cfg(unix)]
pub fn path_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
pub fn path_bytes(path: &Path) -> Vec<u8> {
    path.to_string_lossy().into_owned().into_bytes()
}

/// A path from bytes read from a checksum file or a file list.
#[cfg(unix)]
pub fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
pub fn path_from_bytes(bytes: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(bytes).into_owned())
}

/// The names in a `--files-from` list: one a line, `\n` or `\r\n` ended, empty lines skipped.
pub fn read_file_list(list: &Path) -> io::Result<Vec<Input>> {
    let reader: Box<dyn Read> = if list == Path::new("-") {
        Box::new(io::stdin())
    } else {
        Box::new(File::open(list)?)
    };
    let mut inputs = Vec::new();
    for line in BufReader::new(reader).split(b'\n') {
        let line = line?;
        let name = line.strip_suffix(b"\r").unwrap_or(&line);
        if !name.is_empty() {
            inputs.push(Input::Path(path_from_bytes(name)));
        }
    }
    Ok(inputs)
}
