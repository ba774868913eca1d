//! `-r`: the regular files under a directory, in byte order of their paths, without following
//! symbolic links unless `-L`; special files skipped with a warning, errors reported in place.

use std::path::{Path, PathBuf};

use crate::glob::Glob;
use crate::input::describe;
use crate::walk::{Entry, Walk, WalkError};

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
pub fn walk(root: PathBuf, options: &TreeOptions) -> impl Iterator<Item = Found> + '_ {
    let mut walk = Walk::new(&root, options.follow_links);
    std::iter::from_fn(move || loop {
        let entry = match walk.next()? {
            Ok(entry) => entry,
            Err(e) => return Some(Found::Error(walk_error(&e))),
        };
        if entry.depth() > 0 && excluded(&entry, &root, options) {
            walk.skip_directory();
            continue;
        }
        let file_type = entry.file_type();
        if file_type.is_file() {
            return Some(Found::File(entry.into_path()));
        }
        if !(file_type.is_dir() || entry.is_link()) {
            return Some(Found::Special(entry.into_path()));
        }
    })
}

fn excluded(entry: &Entry, root: &Path, options: &TreeOptions) -> bool {
    let relative = entry.path().strip_prefix(root).unwrap_or(entry.path());
    options.exclude.iter().any(|glob| {
        glob.matches(entry.file_name().as_encoded_bytes())
            || glob.matches(relative.as_os_str().as_encoded_bytes())
    })
}

fn walk_error(error: &WalkError) -> String {
    let path = error.path().to_string_lossy();
    match error {
        WalkError::Loop { ancestor, .. } => format!(
            "{path}: symbolic link loop (back to {}), not followed",
            ancestor.display()
        ),
        WalkError::Io { error, .. } => format!("{path}: {}", describe(error)),
    }
}
