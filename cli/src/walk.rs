//! The command's one directory walker: `-r` and `--audit` (`tree.rs`), `--tree`
//! (`mhl/tree.rs`) and the ASC MHL histories (`mhl/walk.rs`, `mhl/history.rs`) read
//! directories through it.
//!
//! Depth first; each directory is read whole and its entries sorted so that the whole paths
//! come in byte order (a directory's name compares as if followed by `/`, so `a.txt` comes
//! before `a/b`; a link by its name alone). Symbolic links are followed only when asked (then a
//! link back to an ancestor is an error, not followed); the root is always looked at through a
//! link.

use std::cmp::Ordering;
use std::ffi::OsStr;
use std::fs::{self, FileType};
use std::io;
use std::path::{Path, PathBuf};

/// A file, directory or anything else the walk met.
#[derive(Debug)]
pub struct Entry {
    path: PathBuf,
    depth: usize,
    /// As the directory lists it, or the link's target's when links are followed.
    file_type: FileType,
    link: bool,
}

impl Entry {
    /// The path: the root's, joined with the names on the way.
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn into_path(self) -> PathBuf {
        self.path
    }

    /// 0 for the root, 1 for what it holds, ...
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The last component of the path.
    pub fn file_name(&self) -> &OsStr {
        self.path.file_name().unwrap_or(self.path.as_os_str())
    }

    /// The entry's type; a symbolic link's own unless links are followed.
    pub fn file_type(&self) -> FileType {
        self.file_type
    }

    /// Whether the directory lists the entry as a symbolic link.
    pub fn is_link(&self) -> bool {
        self.link
    }
}

/// What could not be read; the walk goes on after it.
#[derive(Debug)]
pub enum WalkError {
    /// A directory that cannot be listed, or an entry that cannot be looked at.
    Io { path: PathBuf, error: io::Error },
    /// A followed link back to a directory it is in (`ancestor`), not followed again.
    Loop { path: PathBuf, ancestor: PathBuf },
}

impl WalkError {
    pub fn path(&self) -> &Path {
        match self {
            WalkError::Io { path, .. } | WalkError::Loop { path, .. } => path,
        }
    }
}

/// An open directory: its path as walked, and its entries not yet yielded.
struct Level {
    dir: PathBuf,
    /// Its path with every link resolved, for finding loops; computed when first needed.
    canonical: Option<Option<PathBuf>>,
    entries: std::vec::IntoIter<Result<Entry, WalkError>>,
}

/// Everything under a root, lazily (see the module's documentation).
pub struct Walk {
    root: Option<PathBuf>,
    follow_links: bool,
    levels: Vec<Level>,
    /// The directory yielded last, read on the next call unless skipped.
    pending: Option<(PathBuf, usize)>,
}

impl Walk {
    /// Walks `root` and everything under it, following symbolic links if `follow_links`.
    pub fn new(root: impl Into<PathBuf>, follow_links: bool) -> Walk {
        Walk {
            root: Some(root.into()),
            follow_links,
            levels: Vec::new(),
            pending: None,
        }
    }

    /// Leaves the directory yielded last unread: nothing under it is yielded.
    pub fn skip_directory(&mut self) {
        self.pending = None;
    }

    fn read(&self, dir: &Path, depth: usize) -> Result<Level, WalkError> {
        let io_error = |path: &Path, error| WalkError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut entries: Vec<Result<Entry, WalkError>> = fs::read_dir(dir)
            .map_err(|e| io_error(dir, e))?
            .map(|entry| {
                let entry = entry.map_err(|e| io_error(dir, e))?;
                let path = entry.path();
                let file_type = entry.file_type().map_err(|e| io_error(&path, e))?;
                Ok(Entry {
                    path,
                    depth,
                    file_type,
                    link: file_type.is_symlink(),
                })
            })
            .collect();
        // What could not be looked at first, then the entries in path order (a link sorts by
        // its name alone, followed or not: it is followed when its turn comes).
        entries.sort_by(|a, b| match (a, b) {
            (Ok(a), Ok(b)) => path_order(a, b),
            (Err(_), Err(_)) => Ordering::Equal,
            (Ok(_), Err(_)) => Ordering::Greater,
            (Err(_), Ok(_)) => Ordering::Less,
        });
        Ok(Level {
            dir: dir.to_path_buf(),
            canonical: None,
            entries: entries.into_iter(),
        })
    }

    /// The directory `path` (a directory met following links) is, if it is one it is in.
    fn loop_ancestor(&mut self, path: &Path) -> Option<PathBuf> {
        let target = fs::canonicalize(path).ok()?;
        self.levels.iter_mut().rev().find_map(|level| {
            let canonical = level
                .canonical
                .get_or_insert_with(|| fs::canonicalize(&level.dir).ok());
            (canonical.as_ref() == Some(&target)).then(|| level.dir.clone())
        })
    }
}

impl Iterator for Walk {
    type Item = Result<Entry, WalkError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(root) = self.root.take() {
            let entry = fs::metadata(&root).map(|metadata| Entry {
                link: fs::symlink_metadata(&root).is_ok_and(|m| m.file_type().is_symlink()),
                file_type: metadata.file_type(),
                depth: 0,
                path: root.clone(),
            });
            return Some(match entry {
                Ok(entry) => {
                    if entry.file_type.is_dir() {
                        self.pending = Some((root, 1));
                    }
                    Ok(entry)
                }
                Err(error) => Err(WalkError::Io { path: root, error }),
            });
        }
        if let Some((dir, depth)) = self.pending.take() {
            match self.read(&dir, depth) {
                Ok(level) => self.levels.push(level),
                Err(e) => return Some(Err(e)),
            }
        }
        loop {
            let next = self.levels.last_mut()?.entries.next();
            let next = match next {
                Some(Ok(mut entry)) if entry.link && self.follow_links => {
                    match fs::metadata(&entry.path) {
                        Ok(target) => {
                            entry.file_type = target.file_type();
                            Some(Ok(entry))
                        }
                        Err(error) => Some(Err(WalkError::Io {
                            path: entry.path,
                            error,
                        })),
                    }
                }
                next => next,
            };
            match next {
                None => {
                    self.levels.pop();
                }
                Some(Ok(entry)) if entry.file_type.is_dir() => {
                    // Only a link can lead back to an ancestor.
                    if entry.link && self.follow_links {
                        if let Some(ancestor) = self.loop_ancestor(&entry.path) {
                            let path = entry.path;
                            return Some(Err(WalkError::Loop { path, ancestor }));
                        }
                    }
                    self.pending = Some((entry.path.clone(), entry.depth + 1));
                    return Some(Ok(entry));
                }
                Some(found) => return Some(found),
            }
        }
    }
}

/// Siblings in the order that puts the whole paths in byte order: a directory's name compares
/// as if followed by `/`, so `a.txt` (`.` is 0x2E) comes before `a/b` (`/` is 0x2F). Sorted
/// as listed: a link by its name alone.
fn path_order(a: &Entry, b: &Entry) -> Ordering {
    // Compared in place: a key allocated per comparison cost the walk of a tree of small
    // files a tenth of its time.
    fn key(e: &Entry) -> impl Iterator<Item = u8> + '_ {
        let slash: &[u8] = if e.file_type.is_dir() { b"/" } else { b"" };
        e.file_name()
            .as_encoded_bytes()
            .iter()
            .chain(slash)
            .copied()
    }
    key(a).cmp(key(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walked(root: &Path, follow_links: bool) -> Vec<String> {
        Walk::new(root, follow_links)
            .map(|found| match found {
                Ok(entry) => {
                    let relative = entry.path().strip_prefix(root).unwrap();
                    relative.to_string_lossy().replace('\\', "/")
                }
                Err(WalkError::Io { path, .. }) => format!("error {}", path.display()),
                Err(WalkError::Loop { path, .. }) => {
                    let relative = path.strip_prefix(root).unwrap();
                    format!("loop {}", relative.display())
                }
            })
            .collect()
    }

    #[test]
    fn whole_paths_come_in_byte_order_and_skipped_directories_stay_unread() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for path in ["a/b", "a/c", "b"] {
            fs::create_dir_all(root.join(path)).unwrap();
        }
        for file in ["a.txt", "a/b/x", "a/c/y", "a0", "b/z"] {
            fs::write(root.join(file), b"").unwrap();
        }
        assert_eq!(
            walked(root, false),
            ["", "a.txt", "a", "a/b", "a/b/x", "a/c", "a/c/y", "a0", "b", "b/z"]
        );
        let mut walk = Walk::new(root, false);
        let mut seen = Vec::new();
        while let Some(Ok(entry)) = walk.next() {
            if entry.file_name() == "a" {
                walk.skip_directory();
            }
            seen.push(entry.depth());
        }
        assert_eq!(seen, [0, 1, 1, 1, 1, 2]);
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_only_when_asked_and_a_loop_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("d/e")).unwrap();
        fs::write(root.join("d/e/f"), b"").unwrap();
        std::os::unix::fs::symlink(root.join("d"), root.join("d/e/up")).unwrap();
        std::os::unix::fs::symlink(root.join("d/e"), root.join("l")).unwrap();
        assert_eq!(
            walked(root, false),
            ["", "d", "d/e", "d/e/f", "d/e/up", "l"]
        );
        assert_eq!(
            walked(root, true),
            [
                "",
                "d",
                "d/e",
                "d/e/f",
                "loop d/e/up",
                "l",
                "l/f",
                "l/up",
                "l/up/e",
                "l/up/e/f",
                "loop l/up/e/up"
            ]
        );
    }
}
