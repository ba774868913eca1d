//! The one answer to "has this file changed since I opened it": what its metadata said when a
//! hash began, compared with what it says when the hash is done.

use std::fs::{File, Metadata};
use std::io;
use std::time::SystemTime;

/// What an open file's metadata said when its hash began: its length, modification time and,
/// on Unix, its status-change time, device and inode, and its creation time where the
/// platform keeps one (Linux, through `statx`). [`check`](Self::check) compares them with the file's
/// metadata after the hash, which is how [`append_file`](crate::HasherExt::append_file),
/// every [`FileRead`](crate::FileRead) and the `iohash` command tell that a file was written to while it was hashed: the hash
/// would then describe no version of it, and they return an error instead.
///
/// # What is caught, and what is not
/// A change of length is always caught. A write in place that keeps the length is caught when
/// it moves the modification or status-change time, which a write does, as far as the
/// filesystem's timestamps can tell: on one whose timestamps are coarse (whole seconds on some
/// network filesystems; one kernel tick on ext4, xfs and tmpfs before Linux 6.13), two writes
/// within one tick of the snapshot can leave both times as they were. A write already under
/// way when the snapshot is taken is not caught either: the kernel moves the times when a
/// write begins, so its last bytes can still land, in bytes the hash has yet to read, with the
/// times as the snapshot saw them (`tests/faults.rs` shows the race). Changes of length
/// (truncation, extension) and files renamed over the path are always caught or harmless: the
/// open handle keeps reading the file it opened. Bytes are not compared:
/// that would mean reading the file twice. The times of files in `/proc` and `/sys` do not
/// move, and their lengths are not their contents' (0 or 4096), so they pass.
///
/// On Unix a change of the file's owner or permissions during the hash moves the status-change
/// time too, and is reported as a change. The device, inode and creation time cannot change
/// under an open handle (every hash here reads the one handle it opened first); they make a
/// snapshot of one file fail against another.
///
/// ```
/// use iohash::FileSnapshot;
/// use std::io::Write;
///
/// # fn main() -> std::io::Result<()> {
/// # let dir = tempfile::tempdir()?;
/// # let path = dir.path().join("f");
/// std::fs::write(&path, b"version one")?;
/// let file = std::fs::File::open(&path)?;
/// let before = FileSnapshot::of(&file)?;
/// assert!(before.check(&file).is_ok());
///
/// std::fs::OpenOptions::new().append(true).open(&path)?.write_all(b", and more")?;
/// let err = before.check(&file).unwrap_err();
/// assert!(err.to_string().contains("file changed while it was being hashed"));
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileSnapshot {
    len: u64,
    is_file: bool,
    modified: Option<SystemTime>,
    /// Seconds and nanoseconds of the last status change (Unix only).
    changed: Option<(i64, i64)>,
    /// Device and inode (Unix only): which file it is.
    identity: Option<(u64, u64)>,
    /// When the file was made, where the platform says (Linux through `statx`).
    created: Option<SystemTime>,
}

impl FileSnapshot {
    /// The snapshot of `file` now.
    ///
    /// # Errors
    /// The error from asking the file's metadata.
    pub fn of(file: &File) -> io::Result<FileSnapshot> {
        Ok(FileSnapshot::from_metadata(&file.metadata()?))
    }

    /// The snapshot that `metadata` describes, for a caller that has asked for it already.
    pub fn from_metadata(metadata: &Metadata) -> FileSnapshot {
        #[cfg(unix)]
        let (changed, identity) = {
            use std::os::unix::fs::MetadataExt;
            (
                Some((metadata.ctime(), metadata.ctime_nsec())),
                Some((metadata.dev(), metadata.ino())),
            )
        };
        #[cfg(not(unix))]
        let (changed, identity) = (None, None);
        FileSnapshot {
            len: metadata.len(),
            is_file: metadata.is_file(),
            modified: metadata.modified().ok(),
            changed,
            identity,
            created: metadata.created().ok(),
        }
    }

    /// The file's length when the snapshot was taken.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the file was empty when the snapshot was taken.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether it is a regular file: the only kind whose length and times say anything of its
    /// contents. A pipe, socket or device is read to its end, and [`check`](Self::check)
    /// passes it.
    pub fn is_file(&self) -> bool {
        self.is_file
    }

    /// An error if the regular file `file` (the same file, still open) is not as the snapshot
    /// found it: the hash just made describes no version of it.
    ///
    /// # Errors
    /// The error from asking the file's metadata, or one of kind
    /// [`ErrorKind::Other`](io::ErrorKind::Other) saying "file changed while it was being
    /// hashed", with the lengths before and after.
    pub fn check(&self, file: &File) -> io::Result<()> {
        if !self.is_file {
            return Ok(());
        }
        let after = FileSnapshot::of(file)?;
        if after != *self {
            return Err(io::Error::other(format!(
                "file changed while it was being hashed (size {} bytes before, {} after)",
                self.len, after.len
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_snapshot_of_one_file_fails_against_another_of_the_same_size() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        std::fs::write(&a, b"same").unwrap();
        std::fs::write(&b, b"same").unwrap();
        let a = File::open(&a).unwrap();
        let b = File::open(&b).unwrap();
        let before = FileSnapshot::of(&a).unwrap();
        assert!(before.check(&a).is_ok());
        assert!(before.check(&b).is_err());
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_file_that_shrinks_is_a_changed_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shrinks");
        std::fs::write(&path, vec![1u8; 100_000]).unwrap();
        let file = File::open(&path).unwrap();
        let before = FileSnapshot::of(&file).unwrap();
        assert_eq!(before.len(), 100_000);
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len(10)
            .unwrap();
        let err = before.check(&file).unwrap_err();
        assert!(
            err.to_string()
                .contains("changed while it was being hashed (size 100000 bytes before, 10 after)"),
            "{err}"
        );
    }

    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "WASI has no temporary directory")]
    fn a_write_in_place_that_moves_the_times_is_a_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rewritten");
        std::fs::write(&path, b"aaaa").unwrap();
        let file = File::open(&path).unwrap();
        let before = FileSnapshot::of(&file).unwrap();
        // Same length; the times set apart from the snapshot's, as a later write leaves them
        // on a filesystem with fine timestamps.
        let writer = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        std::io::Write::write_all(&mut &writer, b"bbbb").unwrap();
        let later = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
        writer.set_modified(later).unwrap();
        assert!(before.check(&file).is_err());
    }

    #[test]
    fn pipes_and_devices_pass() {
        let file = File::open(if cfg!(windows) { "NUL" } else { "/dev/null" }).unwrap();
        let before = FileSnapshot::of(&file).unwrap();
        assert!(!before.is_file());
        assert!(before.check(&file).is_ok());
    }
}
