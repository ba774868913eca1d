//! `-r`: the regular files under a directory, in byte order of their paths, without following
//! symbolic links unless `-L`; special files skipped with a warning, errors reported in place.

use std::cmp::Ordering;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use walkdir::{DirEntry, WalkDir};

use crate::glob::Glob;
use crate::input::describe;

/// How directory trees are walked.
#[derive(Clone, Debug, Default)]
pub struct TreeOptions {
    /// `-L`: follow symbolic links (a link back to an ancestor is reported, not followed).
    pub follow_links: bool,
    /// `--exclude`: files and directories whose name, or path under the argument, matches one
    /// of these are left out (a directory with all it holds).
    pub exclude: Vec<Glob>,
}

/// What a walk finds, in order.
#[derive(Debug)]
pub enum Found {
    /// A regular file (or, with `-L`, a link to one), named as `find ROOT -type f` names it.
    File(PathBuf),
    /// A FIFO, socket or device: not hashed, a warning.
    Special(PathBuf),
    /// What could not be read (an unreadable directory, a link loop): an error, and the walk
    /// goes on.
    Error(String),
}

/// Everything under `root`, lazily.
pub fn walk<'a>(root: &'a Path, options: &'a TreeOptions) -> impl Iterator<Item = Found> + 'a {
    WalkDir::new(root)
        .follow_links(options.follow_links)
        .sort_by(path_order)
        .into_iter()
        .filter_entry(move |entry| entry.depth() == 0 || !excluded(entry, root, options))
        .filter_map(|entry| match entry {
            Ok(entry) if entry.file_type().is_file() => Some(Found::File(entry.into_path())),
            Ok(entry) if entry.file_type().is_dir() || entry.path_is_symlink() => None,
            Ok(entry) => Some(Found::Special(entry.into_path())),
            Err(e) => Some(Found::Error(walk_error(&e))),
        })
}

/// Siblings in the order that puts the whole paths in byte order: a directory's name compares
/// as if followed by `/`, so `a.txt` (`.` is 0x2E) comes before `a/b` (`/` is 0x2F).
fn path_order(a: &DirEntry, b: &DirEntry) -> Ordering {
    let key = |e: &DirEntry| {
        let name = e.file_name().as_encoded_bytes();
        let slash = if e.file_type().is_dir() {
            &b"/"[..]
        } else {
            b""
        };
        name.iter().chain(slash).copied().collect::<Vec<u8>>()
    };
    key(a).cmp(&key(b))
}

fn excluded(entry: &DirEntry, root: &Path, options: &TreeOptions) -> bool {
    let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
    options.exclude.iter().any(|glob| {
        glob.matches(entry.file_name().as_encoded_bytes())
            || glob.matches(relative.as_os_str().as_encoded_bytes())
    })
}

fn walk_error(error: &walkdir::Error) -> String {
    let path = error.path().unwrap_or(Path::new(OsStr::new("?")));
    let path = path.to_string_lossy();
    if let Some(ancestor) = error.loop_ancestor() {
        return format!(
            "{path}: symbolic link loop (back to {}), not followed",
            ancestor.display()
        );
    }
    match error.io_error() {
        Some(e) => format!("{path}: {}", describe(e)),
        None => format!("{path}: {error}"),
    }
}
