//! Hashing a file by path: the read strategy by file kind, and detection of files that change
//! while they are hashed.

use std::fs::{File, Metadata};
use std::io::{self, ErrorKind, Write};
use std::path::Path;

use crate::NonCryptographicHasher;

/// Appends the contents of the file at `path` to `sink` (any hasher, or any other writer, such
/// as one that counts progress), returning the number of bytes.
///
/// A regular file is read [`LARGE_READ_LEN`](crate::LARGE_READ_LEN) bytes at a time, and its
/// size and modification time are compared before and after: if either changed, the file was
/// written to while it was hashed and the hash would describe no version of it, so this
/// returns an error instead. A pipe, FIFO, socket or device is read to its end.
///
/// # Errors
/// The error from opening or reading (with [`ErrorKind::NotFound`],
/// [`ErrorKind::PermissionDenied`]...), [`ErrorKind::IsADirectory`] for a directory, or an
/// error of kind [`ErrorKind::Other`] saying "file changed while it was being hashed".
///
/// # Example
/// ```
/// use iohash::{append_file, NonCryptographicHasher, XxHash3};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"contents")?;
/// let mut hasher = XxHash3::new();
/// append_file(&mut hasher, &path)?;
/// assert_eq!(hasher.current_hash(), XxHash3::hash(b"contents"));
///
/// let err = append_file(&mut hasher, dir.path()).unwrap_err();
/// assert_eq!(err.kind(), std::io::ErrorKind::IsADirectory);
/// # Ok(())
/// # }
/// ```
pub fn append_file<W: Write + ?Sized>(sink: &mut W, path: impl AsRef<Path>) -> io::Result<u64> {
    let file = File::open(path)?;
    append_open_file(sink, file)
}

/// [`append_file`] for a file that is already open.
pub fn append_open_file<W: Write + ?Sized>(sink: &mut W, mut file: File) -> io::Result<u64> {
    let before = file.metadata()?;
    if before.is_dir() {
        return Err(io::Error::new(ErrorKind::IsADirectory, "Is a directory"));
    }
    let len = crate::io::append_from_reader(sink, &mut file)?;
    if before.is_file() {
        check_unchanged(&before, &file.metadata()?)?;
    }
    Ok(len)
}

/// Size and modification time compared, not the bytes read against the size: files in `/proc`
/// and `/sys` report sizes that are not their length, and do not change.
fn check_unchanged(before: &Metadata, after: &Metadata) -> io::Result<()> {
    if before.len() != after.len() || before.modified().ok() != after.modified().ok() {
        return Err(io::Error::other(format!(
            "file changed while it was being hashed (size {} bytes before, {} after)",
            before.len(),
            after.len()
        )));
    }
    Ok(())
}

/// The hash of the file at `path`, with a new hasher of type `H`. See [`append_file`].
///
/// ```
/// use iohash::{hash_file, XxHash64};
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// # std::fs::write(&path, b"contents")?;
/// assert_eq!(hash_file::<XxHash64>(&path)?, XxHash64::hash(b"contents"));
/// # Ok(())
/// # }
/// ```
pub fn hash_file<H: NonCryptographicHasher + Default>(
    path: impl AsRef<Path>,
) -> io::Result<H::Output> {
    let mut hasher = H::default();
    append_file(&mut hasher, path)?;
    Ok(hasher.current_hash())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::XxHash3;

    #[test]
    fn a_file_that_shrinks_between_open_and_read_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shrinks");
        std::fs::write(&path, vec![1u8; 100_000]).unwrap();
        let file = File::open(&path).unwrap();
        let before = file.metadata().unwrap();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(10)
            .unwrap();
        let err = check_unchanged(&before, &file.metadata().unwrap()).unwrap_err();
        assert!(
            err.to_string()
                .contains("changed while it was being hashed"),
            "{err}"
        );
    }

    #[test]
    fn missing_files_and_directories_are_clear_errors() {
        let dir = tempfile::tempdir().unwrap();
        let err = hash_file::<XxHash3>(dir.path().join("missing")).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let err = hash_file::<XxHash3>(dir.path().join("missing/dir/file")).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound);
        let err = hash_file::<XxHash3>(dir.path()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::IsADirectory);
        assert_eq!(err.to_string(), "Is a directory");
    }
}
