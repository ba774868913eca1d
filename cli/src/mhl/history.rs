//! A directory's ASC MHL history: the generations in its `ascmhl` folder, checked against the
//! chain file as they are loaded, and the questions `create`, `diff` and `info` ask of them.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::chain::{self, Link};
use super::manifest::{HashEntry, Manifest, MediaHash};
use super::walk::join;
use super::{Failure, FOLDER};
use crate::walk::{Walk, WalkError};

/// One generation: a manifest and its number.
#[derive(Debug)]
pub struct Generation {
    pub number: u32,
    pub manifest: Manifest,
    /// Path (and previous path) to the index of its record in `manifest.entries`.
    index: HashMap<String, usize>,
}

impl Generation {
    /// The record for `path` in this generation, by its path or its previous path.
    pub fn find(&self, path: &str) -> Option<&MediaHash> {
        self.index.get(path).map(|&i| &self.manifest.entries[i])
    }
}

/// A history: empty when the directory has no `ascmhl` folder yet. Histories of directories
/// below it (a card's history inside a reel's) are its children: each records what is under
/// its directory, and the parent records the child's directory as a directory, with a
/// reference to the child's new manifest.
#[derive(Debug)]
pub struct History {
    /// The directory it records.
    pub root: PathBuf,
    /// That directory's path under the outermost history's (`""` for the outermost).
    pub at: String,
    pub chain: Vec<Link>,
    pub generations: Vec<Generation>,
    /// The histories nested in it, by path.
    pub children: Vec<History>,
}

impl History {
    /// Loads the history of `root` and those nested in it: every manifest named as ASC MHL
    /// names them (`NNNN_name.mhl`), in generation order, each checked against its C4 id in
    /// the chain.
    pub fn load(root: &Path) -> Result<History, Failure> {
        History::load_at(root, String::new())
    }

    fn load_at(root: &Path, at: String) -> Result<History, Failure> {
        let mut history = History::load_own(root, at)?;
        let mut children = Vec::new();
        find_children(root, &history.at, &mut children)?;
        history.children = children;
        Ok(history)
    }

    /// The generations in `root/ascmhl`.
    fn load_own(root: &Path, at: String) -> Result<History, Failure> {
        let folder = root.join(FOLDER);
        let mut history = History {
            root: root.to_path_buf(),
            at,
            chain: Vec::new(),
            generations: Vec::new(),
            children: Vec::new(),
        };
        if !folder.exists() {
            return Ok(history);
        }
        history.chain = verified_chain(&folder)?;
        let entries =
            fs::read_dir(&folder).map_err(|e| Failure::Io(format!("{}: {e}", folder.display())))?;
        for entry in entries {
            let entry = entry.map_err(|e| Failure::Io(format!("{}: {e}", folder.display())))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            // `._` files are what macOS leaves on other file systems.
            if name.starts_with("._") || !name.ends_with(".mhl") {
                continue;
            }
            let Some(number) = generation_number(&name) else {
                eprintln!("name of ascmhl file {name} does not conform to naming convention");
                continue;
            };
            let path = entry.path();
            let manifest = Manifest::parse(&read(&path)?)
                .map_err(|e| Failure::Io(format!("{}: {e}", path.display())))?;
            let mut index = HashMap::new();
            for (i, media) in manifest.entries.iter().enumerate() {
                if let Some(previous) = &media.previous_path {
                    index.insert(previous.clone(), i);
                }
                index.insert(media.path.clone(), i);
            }
            history.generations.push(Generation {
                number,
                manifest,
                index,
            });
        }
        history.generations.sort_by_key(|g| g.number);
        Ok(history)
    }

    /// The histories from this (the outermost) one down to the one that records `path` (under
    /// the outermost's directory), and `path` under the last one's: `.` for its directory.
    pub fn locate<'a>(&'a self, path: &str) -> (Vec<&'a History>, String) {
        let mut chain = vec![self];
        while let Some(child) = chain.last().and_then(|h| {
            h.children.iter().find(|c| {
                path == c.at
                    || path
                        .strip_prefix(c.at.as_str())
                        .is_some_and(|rest| rest.starts_with('/'))
            })
        }) {
            chain.push(child);
        }
        let last = chain.last().expect("the outermost is there");
        let relative = match path.strip_prefix(last.at.as_str()) {
            _ if last.at.is_empty() => path.to_owned(),
            Some("") => ".".to_owned(),
            Some(rest) => rest.trim_start_matches('/').to_owned(),
            None => path.to_owned(),
        };
        (chain, relative)
    }

    /// This history and every one nested in it, the nested ones first (each before the one it
    /// is in), siblings by path.
    pub fn post_order(&self) -> Vec<&History> {
        let mut out: Vec<&History> = self.children.iter().flat_map(History::post_order).collect();
        out.push(self);
        out
    }

    /// `path` (under this history's directory) under the outermost history's.
    pub fn outer_path(&self, path: &str) -> String {
        match (self.at.as_str(), path) {
            ("", path) => path.to_owned(),
            (at, ".") => at.to_owned(),
            (at, path) => format!("{at}/{path}"),
        }
    }

    pub fn latest_number(&self) -> u32 {
        self.generations.last().map_or(0, |g| g.number)
    }

    /// The ignore patterns of the latest generation, if there is one.
    pub fn latest_ignore_patterns(&self) -> Option<&[String]> {
        self.generations
            .last()
            .map(|g| g.manifest.ignore.as_slice())
    }

    /// The records of `path`, oldest generation first.
    fn records<'a>(
        &'a self,
        path: &str,
    ) -> impl Iterator<Item = (&'a Generation, &'a MediaHash)> + use<'a> {
        let path = path.to_owned();
        self.generations
            .iter()
            .filter_map(move |g| g.find(&path).map(|m| (g, m)))
    }

    /// The first hash recorded for `path` as the original.
    pub fn original(&self, path: &str) -> Option<&HashEntry> {
        self.records(path)
            .flat_map(|(_, m)| &m.hashes)
            .find(|h| h.action.as_deref() == Some("original"))
    }

    /// The first hash recorded for `path` in `format`.
    pub fn first_in_format(&self, path: &str, format: &str) -> Option<&HashEntry> {
        self.records(path)
            .flat_map(|(_, m)| &m.hashes)
            .find(|h| h.format == format)
    }

    /// The first hash recorded for `path`, in whatever format.
    pub fn first_in_any_format(&self, path: &str) -> Option<&HashEntry> {
        self.records(path).flat_map(|(_, m)| &m.hashes).next()
    }

    /// Every format `path` has a hash in, in the order first recorded.
    pub fn formats(&self, path: &str) -> Vec<String> {
        let mut formats: Vec<String> = Vec::new();
        for hash in self.records(path).flat_map(|(_, m)| &m.hashes) {
            if !formats.contains(&hash.format) {
                formats.push(hash.format.clone());
            }
        }
        formats
    }

    /// Every path any generation of this history or one nested in it records (files and
    /// directories, under the outermost history's directory), under the name it has now where
    /// a later generation recorded a rename.
    pub fn recorded_paths(&self) -> Vec<String> {
        let mut paths: Vec<String> = self
            .own_recorded_paths()
            .iter()
            .map(|p| self.outer_path(p))
            .collect();
        for child in &self.children {
            paths.extend(child.recorded_paths());
        }
        paths.sort();
        paths.dedup();
        paths
    }

    fn own_recorded_paths(&self) -> Vec<String> {
        let renamed: HashMap<&str, &str> = self
            .generations
            .iter()
            .flat_map(|g| &g.manifest.entries)
            .filter_map(|m| m.previous_path.as_deref().map(|p| (p, m.path.as_str())))
            .collect();
        let mut paths: Vec<String> = self
            .generations
            .iter()
            .flat_map(|g| &g.manifest.entries)
            .map(|m| {
                renamed
                    .get(m.path.as_str())
                    .copied()
                    .unwrap_or(&m.path)
                    .to_owned()
            })
            .collect();
        paths.sort();
        paths.dedup();
        paths
    }

    /// The name a file recorded under `path` had when first recorded, following renames.
    pub fn original_path<'a>(&'a self, path: &'a str) -> &'a str {
        self.generations
            .iter()
            .find_map(|g| g.find(path))
            .and_then(|m| m.previous_path.as_deref())
            .unwrap_or(path)
    }
}

/// The chain of the history in `folder` (its `ascmhl` folder), each manifest it names
/// checked: there, and with the C4 id the chain gives it (as the reference loads a history).
pub fn verified_chain(folder: &Path) -> Result<Vec<Link>, Failure> {
    let chain_path = folder.join(chain::FILE_NAME);
    if !chain_path.exists() {
        return Err(Failure::NoChain(chain_path));
    }
    let chain = chain::parse(&read(&chain_path)?)
        .map_err(|e| Failure::Io(format!("{}: {e}", chain_path.display())))?;
    for link in &chain {
        let path = folder.join(&link.path);
        if !path.exists() {
            return Err(Failure::MissingManifest(path));
        }
        if link.format == "c4" && chain::c4(&read(&path)?) != link.hash {
            return Err(Failure::ModifiedManifest(path));
        }
    }
    Ok(chain)
}

fn read(path: &Path) -> Result<Vec<u8>, Failure> {
    fs::read(path).map_err(|e| Failure::Io(format!("{}: {e}", path.display())))
}

/// Adds the histories under `root/relative` (each with those nested in it) to `out`: every
/// directory below that has an `ascmhl` folder, not looking further into it.
fn find_children(root: &Path, at: &str, out: &mut Vec<History>) -> Result<(), Failure> {
    let mut found = Vec::new();
    let mut walk = Walk::new(root, false);
    while let Some(entry) = walk.next() {
        let entry = match entry {
            Ok(entry) => entry,
            // A directory that cannot be read fails the search; an entry that cannot be looked
            // at (gone since it was listed) holds no history.
            Err(WalkError::Io { path, error }) if path.is_dir() => {
                return Err(Failure::Io(format!("{}: {error}", path.display())))
            }
            Err(WalkError::Io { .. }) => continue,
            Err(WalkError::Loop { path, .. }) => {
                return Err(Failure::Io(path.display().to_string()))
            }
        };
        if entry.depth() == 0 || !entry.file_type().is_dir() {
            continue;
        }
        let relative: Option<Vec<&str>> = (entry.path().strip_prefix(root).ok())
            .map(|relative| relative.iter().map(|name| name.to_str()).collect())
            .unwrap_or_default();
        // A name that is not UTF-8 cannot be in a manifest: nothing under it is looked at.
        let Some(relative) = relative.filter(|names| !names.is_empty()) else {
            walk.skip_directory();
            continue;
        };
        if entry.file_name() == FOLDER {
            walk.skip_directory();
        } else if entry.path().join(FOLDER).is_dir() {
            walk.skip_directory();
            let relative = relative.join("/");
            found.push((entry.path().to_path_buf(), relative));
        }
    }
    found.sort_by(|a, b| a.1.cmp(&b.1));
    for (path, relative) in found {
        out.push(History::load_at(&path, join(at, &relative))?);
    }
    Ok(())
}

/// The generation number of a manifest's file name (`0001_name.mhl`: four digits or more).
fn generation_number(file_name: &str) -> Option<u32> {
    let stem = file_name.strip_suffix(".mhl")?;
    let digits = stem
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(stem.len());
    if digits < 4
        || !(digits == stem.len() || stem[digits..].starts_with('_') && stem.len() > digits + 1)
    {
        return None;
    }
    stem[..digits].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifests_are_numbered_by_their_names() {
        assert_eq!(
            generation_number("0001_A002R2EC_2020-01-16_091500Z.mhl"),
            Some(1)
        );
        assert_eq!(generation_number("0012.mhl"), Some(12));
        assert_eq!(generation_number("10000_x.mhl"), Some(10000));
        assert_eq!(generation_number("001_x.mhl"), None);
        assert_eq!(generation_number("0001_.mhl"), None);
        assert_eq!(generation_number("0001x.mhl"), None);
        assert_eq!(generation_number("packinglist_x.mhl"), None);
    }
}

#[cfg(test)]
mod scenario_tests {
    use super::*;

    /// Every history of the reference's published scenarios (tests/data/ascmhl/scenarios):
    /// chain and C4 ids check, every manifest reads, and writes back byte for byte.
    #[test]
    fn the_reference_scenario_histories_load_and_write_back() {
        let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ascmhl/scenarios");
        let mut roots = Vec::new();
        let mut stack = vec![scenarios];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.file_name().unwrap() == FOLDER {
                    roots.push(dir.clone());
                } else if path.is_dir() {
                    stack.push(path);
                }
            }
        }
        assert_eq!(roots.len(), 12, "{roots:?}");
        let mut manifests = 0;
        for root in &roots {
            let history = History::load(root).unwrap_or_else(|e| panic!("{root:?}: {e}"));
            assert!(!history.generations.is_empty());
            assert_eq!(history.chain.len(), history.generations.len());
            for link in &history.chain {
                let bytes = fs::read(root.join(FOLDER).join(&link.path)).unwrap();
                let manifest = Manifest::parse(&bytes).unwrap();
                assert_eq!(manifest.to_xml().as_bytes(), bytes, "{}", link.path);
                manifests += 1;
            }
            let chain = fs::read(root.join(FOLDER).join(chain::FILE_NAME)).unwrap();
            assert_eq!(chain::to_xml(&history.chain).as_bytes(), chain);
        }
        assert_eq!(manifests, 17);
    }

    #[test]
    fn a_changed_or_missing_manifest_or_chain_is_reported() {
        let scenario = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/ascmhl/scenarios/scenario_02/file_server/A002R2EC");
        let copy = tempfile::tempdir().unwrap();
        let folder = copy.path().join(FOLDER);
        fs::create_dir(&folder).unwrap();
        for entry in fs::read_dir(scenario.join(FOLDER)).unwrap() {
            let entry = entry.unwrap();
            fs::copy(entry.path(), folder.join(entry.file_name())).unwrap();
        }
        assert!(History::load(copy.path()).is_ok());
        let second = folder.join("0002_A002R2EC_2020-01-17_143000Z.mhl");
        let text = fs::read_to_string(&second).unwrap();
        fs::write(&second, text.replace("in-place", "transfer")).unwrap();
        let modified = History::load(copy.path()).unwrap_err();
        assert!(
            matches!(modified, Failure::ModifiedManifest(_)),
            "{modified:?}"
        );
        assert_eq!(modified.exit_code(), 31);
        fs::remove_file(&second).unwrap();
        assert_eq!(History::load(copy.path()).unwrap_err().exit_code(), 33);
        fs::remove_file(folder.join(chain::FILE_NAME)).unwrap();
        assert_eq!(History::load(copy.path()).unwrap_err().exit_code(), 32);
    }
}
