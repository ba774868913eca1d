//! The tree as ASC MHL walks it: each directory after everything under it (post order), its
//! children sorted by name, ignored names left out, as the reference's
//! `post_order_lexicographic` yields them.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use super::ignore::IgnoreSpec;
use super::{Failure, FOLDER};
use crate::walk::{Walk, WalkError};

/// A directory and its children, relative to the history's root (`""` is the root).
#[derive(Debug)]
pub struct Directory {
    pub path: String,
    pub children: Vec<Child>,
    /// The paths left out by the ignore patterns that the reference reports (with `-v`) just
    /// before this directory: those it met listing the directories since the last one.
    pub ignored: Vec<String>,
}

/// A file or directory in a directory.
#[derive(Debug)]
pub struct Child {
    pub name: String,
    pub is_dir: bool,
}

impl Directory {
    /// A child's path relative to the root.
    pub fn child_path(&self, name: &str) -> String {
        join(&self.path, name)
    }

    /// The files among the children, with their paths relative to the root.
    pub fn files(&self) -> impl Iterator<Item = String> + '_ {
        self.children
            .iter()
            .filter(|c| !c.is_dir)
            .map(|c| self.child_path(&c.name))
    }
}

/// `directory/name`, or `name` at the root.
pub fn join(directory: &str, name: &str) -> String {
    if directory.is_empty() {
        name.to_owned()
    } else {
        format!("{directory}/{name}")
    }
}

/// Every directory under `root/start` (`start` relative to the root, `""` for all of it), in
/// post order.
///
/// Errors: a name that is not UTF-8 (a manifest is UTF-8 XML), a symbolic link to a directory (which the reference neither follows
/// nor can hash), anything that is neither file nor directory, and what cannot be read. As the
/// reference meets them: a directory's own before anything under its subdirectories.
pub fn post_order(
    root: &Path,
    start: &str,
    ignore: &IgnoreSpec,
) -> Result<Vec<Directory>, Failure> {
    let mut listings: HashMap<String, Listing> = HashMap::new();
    listings.insert(start.to_owned(), Listing::default());
    let mut walk = Walk::new(root.join(start), false);
    while let Some(found) = walk.next() {
        let entry = match found {
            Ok(entry) => entry,
            Err(e) => {
                // A directory that cannot be listed fails when the reference lists it; an entry
                // that cannot be looked at, when its directory is listed.
                let (directory, failure) = match e {
                    WalkError::Io { path, error } => {
                        let failure = io_error(&path, error);
                        (path, failure)
                    }
                    WalkError::Loop { path, .. } => {
                        let message = format!("{}: symbolic link loop", path.display());
                        (path, Failure::Io(message))
                    }
                };
                let listed = relative(root, &directory).unwrap_or_default();
                let (at, name) = match listed.rsplit_once('/') {
                    _ if listings.contains_key(&listed) => (listed, String::new()),
                    Some((parent, name)) => (parent.to_owned(), name.to_owned()),
                    None => (String::new(), listed),
                };
                listings.entry(at).or_default().fail(name, failure);
                continue;
            }
        };
        if entry.depth() == 0 {
            if !entry.file_type().is_dir() {
                let message = format!("{}: Not a directory", entry.path().display());
                listings
                    .entry(start.to_owned())
                    .or_default()
                    .fail(String::new(), Failure::Io(message));
            }
            continue;
        }
        let full = entry.path();
        let name = entry.file_name().to_owned();
        let parent = relative(root, full.parent().unwrap_or(root)).unwrap_or_default();
        let Some(name) = name.to_str() else {
            walk.skip_directory();
            let failure = Failure::Io(format!(
                "{}: the name is not UTF-8, which an ASC MHL manifest cannot record",
                full.display()
            ));
            // Before anything else in its directory, as the reference reads the names first.
            listings
                .entry(parent)
                .or_default()
                .fail(String::new(), failure);
            continue;
        };
        let listing = listings.entry(parent.clone()).or_default();
        let path = join(&parent, name);
        // The directory listing says what each entry is (no `stat`, which the hash's `fstat`
        // makes up for); a link is looked at through, as the reference's `isdir` does.
        let file_type = if entry.is_link() {
            match fs::metadata(full) {
                Ok(metadata) => metadata.file_type(),
                Err(e) => {
                    listing.fail(name.to_owned(), io_error(full, e));
                    continue;
                }
            }
        } else {
            entry.file_type()
        };
        let is_dir = file_type.is_dir();
        if ignore.matches(&path, is_dir) {
            walk.skip_directory();
            if name != FOLDER {
                listing.ignored.push(path);
            }
            continue;
        }
        if is_dir {
            if entry.is_link() {
                let failure = Failure::Io(format!(
                    "{}: a symbolic link to a directory, which ASC MHL does not follow",
                    full.display()
                ));
                listing.fail(name.to_owned(), failure);
                continue;
            }
            listings.entry(path).or_default();
        } else if !file_type.is_file() {
            let failure = Failure::Io(format!(
                "{}: not a regular file or directory",
                full.display()
            ));
            listing.fail(name.to_owned(), failure);
            continue;
        }
        let listing = listings.entry(parent).or_default();
        listing.children.push(Child {
            name: name.to_owned(),
            is_dir,
        });
    }
    let mut out = Vec::new();
    assemble(start, &mut listings, &mut Vec::new(), &mut out)?;
    Ok(out)
}

/// What the walk found in one directory.
#[derive(Default)]
struct Listing {
    children: Vec<Child>,
    /// Ignored paths, reported before the directory.
    ignored: Vec<String>,
    /// The first failure by name (`""` for the directory's own), if any.
    failure: Option<(String, Failure)>,
}

impl Listing {
    fn fail(&mut self, name: String, failure: Failure) {
        if self.failure.as_ref().is_none_or(|(first, _)| name < *first) {
            self.failure = Some((name, failure));
        }
    }
}

/// The directories at and under `relative` in post order, as the reference's recursion meets
/// them: each directory's children (and the ignored among them) listed before any
/// subdirectory is entered.
fn assemble(
    relative: &str,
    listings: &mut HashMap<String, Listing>,
    ignored: &mut Vec<String>,
    out: &mut Vec<Directory>,
) -> Result<(), Failure> {
    let mut listing = listings.remove(relative).unwrap_or_default();
    if let Some((_, failure)) = listing.failure {
        return Err(failure);
    }
    listing.children.sort_by(|a, b| a.name.cmp(&b.name));
    listing.ignored.sort();
    ignored.append(&mut listing.ignored);
    for child in listing.children.iter().filter(|c| c.is_dir) {
        assemble(&join(relative, &child.name), listings, ignored, out)?;
    }
    out.push(Directory {
        path: relative.to_owned(),
        children: listing.children,
        ignored: std::mem::take(ignored),
    });
    Ok(())
}

fn io_error(path: &Path, e: std::io::Error) -> Failure {
    Failure::Io(format!(
        "{}: {}",
        path.display(),
        crate::input::describe(&e)
    ))
}

/// `path` relative to `root`, `/`-separated; `Err` if it is not UTF-8.
fn relative(root: &Path, path: &Path) -> Result<String, ()> {
    let relative = path.strip_prefix(root).map_err(|_| ())?;
    let names: Option<Vec<&str>> = relative.iter().map(|name| name.to_str()).collect();
    names.map(|names| names.join("/")).ok_or(())
}
