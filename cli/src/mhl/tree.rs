//! Directory trees as a unit: the directory hashes of ASC MHL v2.0 (the American Society of
//! Cinematographers' Media Hash List), as its reference implementation (`ascmhl` 1.2) computes
//! them, for any of iohash's algorithms (ASC MHL itself names XXH32, XXH64, XXH3-64 and
//! XXH3-128 as `xxh32`, `xxh64`, `xxh3` and `xxh128`).
//!
//! A directory has two hashes, each the hash of its children's, sorted:
//!
//! - its **content hash**: the hash of the concatenated hashes (bytes, in canonical order) of
//!   its files and the content hashes of its subdirectories, sorted as byte strings. It changes
//!   when any byte of any file under it changes, not when a file is renamed or moved.
//! - its **structure hash**: the same over, for each child, the hash of its name (UTF-8) followed
//!   by its hash (a file's hash, a subdirectory's structure hash). It changes when anything
//!   under it is added, removed or renamed.
//!
//! A directory with no children hashes the empty input for both. Files named `.DS_Store` and
//! anything named `ascmhl` are left out, as the reference's default ignore list leaves them.
//!
//! `--tree` prints a directory's root hash from here ([`hash_tree`]); `ascmhl create` records
//! every directory's ([`MhlTree`]).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use iohash::{Algorithm, DynHasher, FileRead, NonCryptographicHasher};

use crate::input::describe;
use crate::walk::{Walk, WalkError};
use crate::watch::Watch;

/// A directory's two ASC MHL hashes, as bytes in the algorithm's canonical order (big-endian
/// for the xxHash family: what `ascmhl` writes in hex).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DirectoryHash {
    /// The hash of what the files under it hold.
    pub content: Vec<u8>,
    /// The hash of what the files under it hold and of every name on the way to them.
    pub structure: Vec<u8>,
}

/// A directory tree's files and their hashes, from which every directory's ASC MHL hashes
/// follow: fill it with [`add_file`](Self::add_file) (and [`add_directory`](Self::add_directory)
/// for empty ones), in any order, or let [`hash_tree`] walk a directory.
///
#[derive(Clone, Debug)]
pub struct MhlTree {
    algorithm: Algorithm,
    root: Node,
    /// What [`hash_tree`] found but left out, each with why (a FIFO, a dangling link, ...).
    pub left_out: Vec<String>,
}

/// A directory: its files' hashes and its subdirectories, by name.
#[derive(Clone, Debug, Default)]
struct Node {
    files: BTreeMap<OsString, Vec<u8>>,
    directories: BTreeMap<OsString, Node>,
}

impl MhlTree {
    /// An empty tree whose hashes are `algorithm`'s (seed 0).
    pub fn new(algorithm: Algorithm) -> MhlTree {
        MhlTree {
            algorithm,
            root: Node::default(),
            left_out: Vec::new(),
        }
    }

    /// Records the file at `path` (relative to the tree's root, `/`-separated components) with
    /// its hash, and every directory on the way to it.
    pub fn add_file(&mut self, path: &Path, hash: &[u8]) {
        let mut components: Vec<OsString> = names(path);
        let Some(name) = components.pop() else {
            return;
        };
        self.node(&components).files.insert(name, hash.to_vec());
    }

    /// Records the directory at `path` (relative to the root), which may be empty.
    pub fn add_directory(&mut self, path: &Path) {
        self.node(&names(path));
    }

    fn node(&mut self, components: &[OsString]) -> &mut Node {
        components.iter().fold(&mut self.root, |node, name| {
            node.directories.entry(name.clone()).or_default()
        })
    }

    /// The root directory's hashes: its ASC MHL root hash (`roothash`).
    pub fn root(&self) -> DirectoryHash {
        self.visit(&self.root, Path::new(""), &mut None)
    }

    /// Every directory's hashes, below the root first (post order, siblings by name), the root
    /// (the empty path) last: the `directoryhash` entries of an ASC MHL file, then its
    /// `roothash`.
    pub fn directories(&self) -> Vec<(PathBuf, DirectoryHash)> {
        let mut out = Some(Vec::new());
        self.visit(&self.root, Path::new(""), &mut out);
        out.unwrap_or_default()
    }

    /// The hashes of `node` (at `path`), each directory's under it pushed to `out` if given.
    fn visit(
        &self,
        node: &Node,
        path: &Path,
        out: &mut Option<Vec<(PathBuf, DirectoryHash)>>,
    ) -> DirectoryHash {
        let mut contents = Vec::new();
        let mut structures = Vec::new();
        for (name, hash) in &node.files {
            contents.push(hash.clone());
            structures.push(self.hash(&[name.as_encoded_bytes(), hash]));
        }
        for (name, child) in &node.directories {
            let child_hash = self.visit(child, &path.join(name), out);
            structures.push(self.hash(&[name.as_encoded_bytes(), &child_hash.structure]));
            contents.push(child_hash.content);
        }
        let hash = DirectoryHash {
            content: self.hash_of_sorted(contents),
            structure: self.hash_of_sorted(structures),
        };
        if let Some(out) = out {
            out.push((path.to_path_buf(), hash.clone()));
        }
        hash
    }

    /// The hash of `hashes`, sorted, one after the other.
    fn hash_of_sorted(&self, mut hashes: Vec<Vec<u8>>) -> Vec<u8> {
        hashes.sort_unstable();
        let parts: Vec<&[u8]> = hashes.iter().map(Vec::as_slice).collect();
        self.hash(&parts)
    }

    /// The hash of `parts`, one after the other, as bytes in canonical order.
    fn hash(&self, parts: &[&[u8]]) -> Vec<u8> {
        let mut hasher = self.algorithm.hasher(0);
        for part in parts {
            hasher.append(part);
        }
        let mut out = [0; 16];
        let len = hasher.current_hash_into(&mut out);
        out[..len].to_vec()
    }
}

/// A path's components, as names.
fn names(path: &Path) -> Vec<OsString> {
    path.components()
        .filter_map(|component| match component {
            std::path::Component::Normal(name) => Some(name.to_os_string()),
            _ => None,
        })
        .collect()
}

/// Whether ASC MHL's default ignore list leaves this name out.
fn ignored(name: &std::ffi::OsStr) -> bool {
    name == ".DS_Store" || name == "ascmhl"
}

/// Walks the directory `root`, hashes every regular file under it with `algorithm` on
/// `threads` threads (0: one per CPU), and returns the tree, whose [`MhlTree::root`] is the
/// root hash the reference's `ascmhl create` records for `root`.
///
/// Files named `.DS_Store` and anything named `ascmhl` are left out (the reference's default
/// ignore list). A symbolic link to a file is hashed as the file. What ASC MHL cannot record
/// is left out too, and named in [`MhlTree::left_out`] with why, as `-r` skips it with a
/// warning: a symbolic link to a directory (which the reference does not follow either), to
/// nothing or to itself, and anything that is neither a file nor a directory (a FIFO, a
/// socket, a device).
///
/// # Errors
/// The first error met: a directory or file that cannot be read (named in the message), or a
/// file that changes while it is hashed.
pub fn hash_tree(
    root: impl AsRef<Path>,
    algorithm: Algorithm,
    threads: usize,
) -> io::Result<MhlTree> {
    let root = root.as_ref();
    let mut tree = MhlTree::new(algorithm);
    let mut files = Vec::new();
    let context = |path: &Path, e: &io::Error| {
        io::Error::new(e.kind(), format!("{}: {}", path.display(), describe(e)))
    };
    let mut walk = Walk::new(root, false);
    while let Some(found) = walk.next() {
        let entry = found.map_err(|e| match e {
            WalkError::Io { path, error } => context(&path, &error),
            WalkError::Loop { path, .. } => io::Error::other(path.display().to_string()),
        })?;
        if entry.depth() == 0 && !entry.file_type().is_dir() {
            let message = format!("{}: not a directory", root.display());
            return Err(io::Error::new(io::ErrorKind::InvalidInput, message));
        }
        if entry.depth() > 0 && ignored(entry.file_name()) {
            walk.skip_directory();
            continue;
        }
        let path = entry.path().strip_prefix(root).unwrap_or(Path::new(""));
        let full = entry.path();
        let kind = if entry.depth() > 0 && entry.is_link() {
            match fs::metadata(full) {
                Ok(target) if target.is_dir() => {
                    let why = "a symbolic link to a directory, which ASC MHL does not follow";
                    tree.left_out.push(format!("{}: {why}", full.display()));
                    continue;
                }
                Ok(target) => target.file_type(),
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    let why = "a symbolic link to nothing";
                    tree.left_out.push(format!("{}: {why}", full.display()));
                    continue;
                }
                // A link to itself (or through others back to itself) leads nowhere either.
                Err(e) if is_link_loop(&e) => {
                    let why = "a symbolic link loop (it leads back to itself)";
                    tree.left_out.push(format!("{}: {why}", full.display()));
                    continue;
                }
                Err(e) => return Err(context(full, &e)),
            }
        } else {
            entry.file_type()
        };
        if kind.is_dir() {
            tree.add_directory(path);
        } else if kind.is_file() {
            files.push(path.to_path_buf());
        } else {
            let why = "not a regular file or directory";
            tree.left_out.push(format!("{}: {why}", full.display()));
        }
    }
    let hashes = hash_files(root, &files, algorithm, threads)?;
    for (path, hash) in files.iter().zip(hashes) {
        tree.add_file(path, &hash);
    }
    Ok(tree)
}

/// Whether following a link failed because it leads back to itself (`ELOOP`), which std
/// has no stable error kind for.
fn is_link_loop(error: &io::Error) -> bool {
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        false
    }
}

/// The hashes of `files` (under `root`) on `threads` threads (0: one per CPU), in the order of
/// `files`; the first error stops the others.
fn hash_files(
    root: &Path,
    files: &[PathBuf],
    algorithm: Algorithm,
    threads: usize,
) -> io::Result<Vec<Vec<u8>>> {
    let mut hashes = Vec::with_capacity(files.len());
    let mut failed = None;
    iohash::hash_files(
        files,
        threads,
        &mut Watch::default(),
        |path, mut job| {
            let full = root.join(path);
            let mut hasher = algorithm.hasher(0);
            match job.read(FileRead::path(&full)).append_to(&mut hasher) {
                Ok(_) => Ok(hasher.current_hash_bytes()[..].to_vec()),
                Err(e) => {
                    let message = format!("{}: {}", full.display(), describe(&e));
                    Err(io::Error::new(e.kind(), message))
                }
            }
        },
        |_, hash| match hash {
            Ok(hash) => {
                hashes.push(hash);
                ControlFlow::Continue(())
            }
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        },
    )?;
    match failed {
        Some(e) => Err(e),
        None => Ok(hashes),
    }
}
