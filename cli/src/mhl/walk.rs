//! The tree as ASC MHL walks it: each directory after everything under it (post order), its
//! children sorted by name, ignored names left out, as the reference's
//! `post_order_lexicographic` yields them.

use std::fs;
use std::path::Path;

use super::history::FOLDER;
use super::ignore::IgnoreSpec;
use super::Failure;

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
/// nor can hash), anything that is neither file nor directory, and what cannot be read.
pub fn post_order(
    root: &Path,
    start: &str,
    ignore: &IgnoreSpec,
) -> Result<Vec<Directory>, Failure> {
    let mut out = Vec::new();
    visit(root, start, ignore, &mut Vec::new(), &mut out)?;
    Ok(out)
}

fn visit(
    root: &Path,
    relative: &str,
    ignore: &IgnoreSpec,
    ignored: &mut Vec<String>,
    out: &mut Vec<Directory>,
) -> Result<(), Failure> {
    let directory = root.join(relative);
    let io_error = |path: &Path, e: std::io::Error| {
        Failure::Io(format!(
            "{}: {}",
            path.display(),
            crate::input::describe(&e)
        ))
    };
    let mut entries = Vec::new();
    for entry in fs::read_dir(&directory).map_err(|e| io_error(&directory, e))? {
        let entry = entry.map_err(|e| io_error(&directory, e))?;
        let name = entry.file_name().into_string().map_err(|name| {
            Failure::Io(format!(
                "{}: the name is not UTF-8, which an ASC MHL manifest cannot record",
                directory.join(name).display()
            ))
        })?;
        entries.push((name, entry));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut children = Vec::new();
    let mut subdirectories = Vec::new();
    for (name, entry) in entries {
        let path = join(relative, &name);
        let full = root.join(&path);
        // The directory listing says what each entry is (no `stat`, which the hash's `fstat`
        // makes up for); a link is looked at through, as the reference's `isdir` does.
        let file_type = entry.file_type().map_err(|e| io_error(&full, e))?;
        let is_link = file_type.is_symlink();
        let file_type = if is_link {
            fs::metadata(&full)
                .map_err(|e| io_error(&full, e))?
                .file_type()
        } else {
            file_type
        };
        let is_dir = file_type.is_dir();
        if ignore.matches(&path, is_dir) {
            if name != FOLDER {
                ignored.push(path);
            }
            continue;
        }
        if is_dir {
            if is_link {
                return Err(Failure::Io(format!(
                    "{}: a symbolic link to a directory, which ASC MHL does not follow",
                    full.display()
                )));
            }
            subdirectories.push(path);
        } else if !file_type.is_file() {
            return Err(Failure::Io(format!(
                "{}: not a regular file or directory",
                full.display()
            )));
        }
        children.push(Child { name, is_dir });
    }
    // As the reference: the children are listed (and the ignored ones reported) before any
    // subdirectory is entered.
    for path in subdirectories {
        visit(root, &path, ignore, ignored, out)?;
    }
    out.push(Directory {
        path: relative.to_owned(),
        children,
        ignored: std::mem::take(ignored),
    });
    Ok(())
}
