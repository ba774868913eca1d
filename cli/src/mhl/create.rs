//! `ascmhl create`: a new generation. Every file is hashed (in parallel), compared with what
//! earlier generations recorded (`verified` or `failed`; `original` the first time), and
//! recorded with every directory's content and structure hashes; files recorded before but
//! gone are reported; the manifest and the chain file are written. The reference's
//! `create_for_folder_subcommand` and `create_for_single_files_subcommand`, step for step.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use super::chain::{self, Link};
use super::history::History;
use super::ignore::{IgnoreSpec, DEFAULT};
use super::manifest::{Author, CreatorInfo, HashEntry, Manifest, MediaHash, Reference};
use super::time::Moment;
use super::tree::{DirectoryHash, MhlTree};
use super::walk::{self, Directory};
use super::write::{self, NewFiles};
use super::xml;
use super::FOLDER;
use super::{absolute, hash_file, hex, hostname, Failure, Format};
use crate::input::describe;
use crate::watch::Watch;

/// What `create` is asked to do.
#[derive(Debug, Default)]
pub struct CreateOptions {
    /// The directory whose history it is.
    pub root: PathBuf,
    pub verbose: bool,
    /// `-h`: empty for xxh128, ASC MHL's default.
    pub formats: Vec<Format>,
    /// `-n`: directories recorded without hashes.
    pub no_directory_hashes: bool,
    /// `-dr`.
    pub detect_renaming: bool,
    /// `-sf`: only these files (or the files in these folders), no completeness check.
    pub single_files: Vec<PathBuf>,
    /// `-i`.
    pub ignore: Vec<String>,
    /// `-ii`.
    pub ignore_spec: Option<PathBuf>,
    pub author: Option<Author>,
    pub location: Option<String>,
    pub comment: Option<String>,
    /// `-j`; `None`: one thread per CPU.
    pub threads: Option<usize>,
}

/// A file's hashes and what is recorded with them.
struct Hashed {
    size: u64,
    modified: Moment,
    hash_date: Moment,
    hashes: Vec<(Format, Vec<u8>)>,
}

impl Hashed {
    fn value(&self, format: &str) -> Option<String> {
        self.hashes
            .iter()
            .find(|(f, _)| f.name == format)
            .map(|(_, h)| hex(h))
    }
}

/// The generation being made: a new manifest for each history that gets one.
struct Session<'a> {
    history: &'a History,
    /// The formats asked for, sorted by name as the reference sorts them.
    formats: Vec<Format>,
    verbose: bool,
    /// By the history's `at`.
    manifests: HashMap<String, NewManifest>,
}

/// A manifest being made and where its records are.
#[derive(Default)]
struct NewManifest {
    manifest: Manifest,
    /// Path to index in `manifest.entries`.
    index: HashMap<String, usize>,
}

/// Runs `create`.
pub fn create(options: &CreateOptions) -> Result<(), Failure> {
    let root = absolute(&options.root)?;
    if !root.is_dir() {
        return Err(Failure::Io(format!("{}: not a directory", root.display())));
    }
    let mut formats = options.formats.clone();
    if formats.is_empty() {
        formats.push(Format::named("xxh128").map_err(Failure::Io)?);
    }
    formats.sort_by_key(|f| f.name);
    formats.dedup();
    check_options(options)?;
    let _one_at_a_time = lock_histories(&root)?;
    let history = History::load(&root)?;
    let mut session = Session {
        history: &history,
        formats,
        verbose: options.verbose,
        manifests: HashMap::new(),
    };
    if options.single_files.is_empty() {
        session.folder(&root, options)
    } else {
        session.single_files(&root, options)
    }
}

impl Session<'_> {
    fn say(&self, line: &str) {
        if self.verbose {
            say!("{line}");
        }
    }

    /// The whole folder: the reference's `create_for_folder_subcommand`.
    fn folder(&mut self, root: &Path, options: &CreateOptions) -> Result<(), Failure> {
        self.say(&format!(
            "Creating new generation for folder at path: {} ...",
            root.display()
        ));
        let ignore = ignore_spec(
            self.history,
            &options.ignore,
            options.ignore_spec.as_deref(),
        )?;
        for pattern in ignore.patterns() {
            xml::check_text(&format!("the ignore pattern '{pattern}'"), pattern)
                .map_err(Failure::Io)?;
        }
        let walk_ignore = with_nested_patterns(&ignore, self.history)?;
        let directories = walk::post_order(root, "", &walk_ignore)?;
        for directory in &directories {
            for child in &directory.children {
                let path = root.join(directory.child_path(&child.name));
                check_name(&path, &child.name)?;
            }
        }
        let files: Vec<String> = directories.iter().flat_map(Directory::files).collect();
        let hashed = self.hash_all(root, &files, options.threads)?;
        let directory_hashes = if options.no_directory_hashes {
            HashMap::new()
        } else {
            self.directory_hashes(&directories, &files, &hashed)
        };

        let mut not_found: HashSet<String> = self.history.recorded_paths().into_iter().collect();
        let mut new_paths = Vec::new();
        let mut failures = 0;
        let mut hashed = files.iter().zip(&hashed);
        for directory in &directories {
            for path in &directory.ignored {
                self.say(&format!("ignoring filepath {}", root.join(path).display()));
            }
            for child in &directory.children {
                let path = directory.child_path(&child.name);
                if !not_found.remove(&path) {
                    new_paths.push(path.clone());
                }
                if !child.is_dir {
                    let (_, file) = hashed.next().expect("one result a file");
                    failures += self.seal(&path, file).iter().filter(|ok| !**ok).count();
                }
            }
            let modified = modified(&root.join(&directory.path))?;
            self.record_directory(directory, modified, directory_hashes.get(&directory.path));
        }
        if options.detect_renaming {
            self.detect_renaming(root, &new_paths, &mut not_found)?;
        }
        self.commit(&ignore, options)?;
        let missing = report_missing(not_found, &walk_ignore);
        if failures > 0 {
            return Err(Failure::Verification);
        }
        if missing {
            return Err(Failure::Completeness);
        }
        // Histories the last generation referred to that are gone.
        let gone: Vec<String> = self
            .history
            .generations
            .last()
            .into_iter()
            .flat_map(|g| &g.manifest.references)
            .filter_map(|reference| {
                let history = Path::new(&reference.path).parent()?.parent()?;
                let relative = history.to_string_lossy().replace('\\', "/");
                let gone = !root.join(history).join(FOLDER).exists()
                    && !walk_ignore.matches(&relative, true);
                gone.then(|| root.join(history).display().to_string())
            })
            .collect();
        if !gone.is_empty() {
            return Err(Failure::NoHistory(gone.join(", ")));
        }
        Ok(())
    }

    /// Only the files named: the reference's `create_for_single_files_subcommand`.
    fn single_files(&mut self, root: &Path, options: &CreateOptions) -> Result<(), Failure> {
        let mut files = Vec::new();
        // As the reference: only the default patterns apply here.
        let ignore = IgnoreSpec::new(DEFAULT).map_err(Failure::Io)?;
        for given in &options.single_files {
            let full = absolute(given)?;
            let path = relative_to(root, &full)?;
            if full.is_dir() {
                for directory in walk::post_order(root, &path, &ignore)? {
                    files.extend(directory.files());
                }
            } else {
                files.push(path);
            }
        }
        for path in &files {
            check_name(&root.join(path), path)?;
        }
        let hashed = self.hash_all(root, &files, options.threads)?;
        let mut failures = 0;
        for (path, file) in files.iter().zip(&hashed) {
            // As the reference: the first format decides.
            if self.seal(path, file).first() == Some(&false) {
                failures += 1;
            }
        }
        self.commit(&ignore, options)?;
        if failures > 0 {
            return Err(Failure::Verification);
        }
        Ok(())
    }

    /// The formats to hash `path` in: those it was recorded in that are asked for (or, if
    /// none is, the first it was recorded in, to verify it by), then the others asked for.
    fn formats_for(&self, path: &str) -> Result<Vec<Format>, Failure> {
        let (histories, relative) = self.history.locate(path);
        let existing = histories[histories.len() - 1].formats(&relative);
        let mut names: Vec<&str> = existing
            .iter()
            .map(String::as_str)
            .filter(|name| self.formats.iter().any(|f| f.name == *name))
            .collect();
        if names.is_empty() {
            if let Some(first) = existing.first() {
                names.push(first);
            }
        }
        for format in &self.formats {
            if !names.contains(&format.name) {
                names.push(format.name);
            }
        }
        names
            .into_iter()
            .map(|name| {
                Format::named(name).map_err(|e| {
                    Failure::Io(format!(
                        "{path}: recorded before in a format it cannot verify: {e}"
                    ))
                })
            })
            .collect()
    }

    /// Every file's hashes, on several threads, in order.
    fn hash_all(
        &self,
        root: &Path,
        files: &[String],
        threads: Option<usize>,
    ) -> Result<Vec<Hashed>, Failure> {
        let work: Vec<(&str, Vec<Format>)> = files
            .iter()
            .map(|path| Ok((path.as_str(), self.formats_for(path)?)))
            .collect::<Result<_, Failure>>()?;
        let mut out = Vec::with_capacity(files.len());
        let mut first_error = None;
        // A `Watch` never fails its check, so the run always goes to its end.
        let _ = iohash::hash_files(
            work,
            threads.unwrap_or(0),
            &mut Watch::default(),
            |(path, formats), job| {
                let full = root.join(path);
                let (size, modified, hashes) = hash_file(&full, formats, Some(job))
                    .map_err(|e| Failure::Io(format!("{}: {}", full.display(), describe(&e))))?;
                Ok(Hashed {
                    size,
                    modified: Moment::from(modified),
                    hash_date: Moment::now(),
                    hashes: formats.iter().copied().zip(hashes).collect(),
                })
            },
            |_, result: Result<Hashed, Failure>| {
                match result {
                    Ok(hashed) => out.push(hashed),
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
                std::ops::ControlFlow::Continue(())
            },
        );
        match first_error {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }

    /// Every directory's hashes in every format asked for, by path.
    fn directory_hashes(
        &self,
        directories: &[Directory],
        files: &[String],
        hashed: &[Hashed],
    ) -> HashMap<String, Vec<(Format, DirectoryHash)>> {
        let mut out: HashMap<String, Vec<(Format, DirectoryHash)>> = HashMap::new();
        for format in &self.formats {
            let mut tree = MhlTree::new(format.algorithm);
            for directory in directories {
                tree.add_directory(Path::new(&directory.path));
            }
            for (path, file) in files.iter().zip(hashed) {
                if let Some((_, hash)) = file.hashes.iter().find(|(f, _)| f == format) {
                    tree.add_file(Path::new(path), hash);
                }
            }
            for (path, hash) in tree.directories() {
                let path: Vec<&str> = path
                    .components()
                    .filter_map(|c| c.as_os_str().to_str())
                    .collect();
                out.entry(path.join("/")).or_default().push((*format, hash));
            }
        }
        out
    }

    /// Hashes a file's record in this generation: the reference's `seal_file_path`. The
    /// result: for each format asked for, whether it verified.
    fn seal(&mut self, path: &str, file: &Hashed) -> Vec<bool> {
        let (histories, relative) = self.history.locate(path);
        let existing = histories[histories.len() - 1].formats(&relative);
        let asked_for: Vec<&str> = self.formats.iter().map(|f| f.name).collect();
        let asked = |name: &str| asked_for.contains(&name);
        let mut results = Vec::new();
        let mut existing_verified = true;
        for format in &existing {
            let Some(value) = file.value(format) else {
                continue;
            };
            let ok = self.append_file_hash(path, file, format, value);
            existing_verified &= ok;
            if asked(format) {
                results.push(ok);
            }
        }
        for (format, hash) in &file.hashes {
            if existing.iter().any(|e| e == format.name) {
                continue;
            }
            // A format new for this file is recorded only once the recorded ones verified.
            let ok = existing_verified && self.append_file_hash(path, file, format.name, hex(hash));
            if asked(format.name) {
                results.push(ok);
            }
        }
        results
    }

    /// Records one hash of a file, compared with the history; false if it differs.
    fn append_file_hash(&mut self, path: &str, file: &Hashed, format: &str, value: String) -> bool {
        let (histories, relative) = self.history.locate(path);
        let history = histories[histories.len() - 1];
        let action = match history.original(&relative) {
            None => {
                self.say(&format!(
                    "  created original hash for     {path}  {format}: {value}"
                ));
                "original"
            }
            Some(_) => match history.first_in_format(&relative, format) {
                Some(recorded) if recorded.value == value => {
                    self.say(&format!(
                        "  verified                      {path}  {format}: OK"
                    ));
                    "verified"
                }
                Some(recorded) => {
                    eprintln!(
                        "ERROR: hash mismatch for        {path}  {format} (old): {}, {format} (new): {value}",
                        recorded.value
                    );
                    "failed"
                }
                None => {
                    self.say(&format!(
                        "  created new (verif.) hash for {path}  {format}: {value}"
                    ));
                    // The reference marks it `new`, then `verified` once the original format
                    // verified, which is what led here.
                    "verified"
                }
            },
        };
        let entry = self.entry(
            &history.at,
            &relative,
            Some(file.size),
            file.modified,
            false,
        );
        entry.hashes.push(HashEntry {
            format: format.to_owned(),
            value,
            structure: None,
            action: Some(action.to_owned()),
            hash_date: Some(file.hash_date.iso_micros()),
        });
        action != "failed"
    }

    /// Records a directory (the root as the manifest's root hash) with its hashes, if made.
    fn record_directory(
        &mut self,
        directory: &Directory,
        modified: Moment,
        hashes: Option<&Vec<(Format, DirectoryHash)>>,
    ) {
        let shown = if directory.path.is_empty() {
            "."
        } else {
            directory.path.as_str()
        };
        let now = Moment::now().iso_micros();
        let mut entries = Vec::new();
        for (format, hash) in hashes.into_iter().flatten() {
            let (content, structure) = (hex(&hash.content), hex(&hash.structure));
            if directory.path.is_empty() {
                self.say(&format!(
                    "  calculated root hash  {}: {content} (content), {structure} (structure)",
                    format.name
                ));
            } else {
                self.say(&format!(
                    "  calculated directory hash for {shown}  {}: {content} (content), {structure} (structure)",
                    format.name
                ));
            }
            entries.push(HashEntry {
                format: format.name.to_owned(),
                value: content,
                structure: Some(structure),
                action: None,
                hash_date: Some(now.clone()),
            });
        }
        if entries.is_empty() {
            self.say(&format!("  added directory entry for     {shown}"));
        }
        let (histories, relative) = self.history.locate(&directory.path);
        let history = histories[histories.len() - 1];
        if relative.is_empty() || relative == "." {
            // A history's own directory: its manifest's root hash, and in the history it is
            // nested in (if any) a directory like any other.
            if let [.., parent, _] = histories.as_slice() {
                let in_parent = directory
                    .path
                    .strip_prefix(parent.at.as_str())
                    .unwrap_or(&directory.path)
                    .trim_start_matches('/');
                self.entry(&parent.at, in_parent, None, modified, true)
                    .hashes
                    .extend(entries.iter().cloned());
            }
            self.manifests
                .entry(history.at.clone())
                .or_default()
                .manifest
                .root = entries;
        } else {
            self.entry(&history.at, &relative, None, modified, true)
                .hashes
                .extend(entries);
        }
    }

    /// The record of `path` in the new manifest of the history at `at`, made on first use.
    fn entry(
        &mut self,
        at: &str,
        path: &str,
        size: Option<u64>,
        modified: Moment,
        directory: bool,
    ) -> &mut MediaHash {
        let new = self.manifests.entry(at.to_owned()).or_default();
        let i = *new.index.entry(path.to_owned()).or_insert_with(|| {
            new.manifest.entries.push(MediaHash {
                path: path.to_owned(),
                size,
                modified: Some(modified.iso()),
                directory,
                hashes: Vec::new(),
                previous_path: None,
            });
            new.manifest.entries.len() - 1
        });
        &mut new.manifest.entries[i]
    }

    /// The new record of `path` (under the outermost history's directory), if there is one.
    fn new_entry(&mut self, path: &str) -> Option<&mut MediaHash> {
        let (histories, relative) = self.history.locate(path);
        let new = self.manifests.get_mut(&histories[histories.len() - 1].at)?;
        let i = *new.index.get(&relative)?;
        Some(&mut new.manifest.entries[i])
    }

    /// `-dr`: a new path whose hash is that of a path gone missing is that path renamed.
    fn detect_renaming(
        &mut self,
        root: &Path,
        new_paths: &[String],
        not_found: &mut HashSet<String>,
    ) -> Result<(), Failure> {
        let mut missing: Vec<String> = not_found.iter().cloned().collect();
        missing.sort();
        for new_path in new_paths {
            for old_path in &missing {
                if !not_found.contains(old_path) {
                    continue;
                }
                let (histories, old_relative) = self.history.locate(old_path);
                let Some(old) = histories[histories.len() - 1].first_in_any_format(&old_relative)
                else {
                    continue;
                };
                let Some(entry) = self.new_entry(new_path) else {
                    break;
                };
                let current = match entry.hashes.iter().find(|h| h.format == old.format) {
                    Some(hash) => hash.value.clone(),
                    None if !entry.directory => {
                        let Ok(format) = Format::named(&old.format) else {
                            continue;
                        };
                        let full = root.join(new_path);
                        let (_, _, hashes) = hash_file(&full, &[format], None).map_err(|e| {
                            Failure::Io(format!("{}: {}", full.display(), describe(&e)))
                        })?;
                        hex(&hashes[0])
                    }
                    None => continue,
                };
                if current != old.value {
                    continue;
                }
                let kind = if entry.directory { "folder" } else { "file" };
                if base_name(new_path) != base_name(old_path) {
                    say!("a renamed {kind} was detected: from {old_relative} to {new_path}");
                }
                if let Some(entry) = self.new_entry(new_path) {
                    entry.previous_path = Some(old_relative);
                }
                not_found.remove(old_path);
                break;
            }
        }
        Ok(())
    }

    /// Writes a new generation of every history that has something new (the nested ones
    /// first, each referred to by the next one out) and its chain file: all made in memory
    /// and checked first, then written whole or not at all ([`write::write_all`]).
    fn commit(&mut self, ignore: &IgnoreSpec, options: &CreateOptions) -> Result<(), Failure> {
        let now = Moment::now();
        let creator = CreatorInfo {
            creation_date: now.iso(),
            hostname: hostname(),
            tool: "iohash".to_owned(),
            tool_version: Some(env!("CARGO_PKG_VERSION").to_owned()),
            authors: options.author.iter().cloned().collect(),
            location: options.location.clone(),
            comment: options.comment.clone(),
        };
        // Manifests made, by the `at` of the history they belong to.
        let mut written: HashMap<String, (String, String)> = HashMap::new();
        // Each history's new files, with the name they are reported by.
        let mut made: Vec<(String, NewFiles)> = Vec::new();
        for history in self.history.post_order() {
            let references: Vec<Reference> = history
                .children
                .iter()
                .filter_map(|child| {
                    let (file_name, c4) = written.get(&child.at)?;
                    let under = child.at.strip_prefix(history.at.as_str())?;
                    Some(Reference {
                        path: format!("{}/{FOLDER}/{file_name}", under.trim_start_matches('/')),
                        c4: c4.clone(),
                    })
                })
                .collect();
            let Some(mut new) = self
                .manifests
                .remove(&history.at)
                .or_else(|| (!references.is_empty()).then(NewManifest::default))
            else {
                continue;
            };
            let manifest = &mut new.manifest;
            manifest.creator = creator.clone();
            manifest.process = "in-place".to_owned();
            manifest.references = references;
            manifest.ignore = if history.at.is_empty() {
                ignore.patterns().to_vec()
            } else {
                nested_patterns(history, ignore)
            };
            let number = history.latest_number() + 1;
            let name = fs::canonicalize(&history.root)
                .ok()
                .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .unwrap_or_default();
            let file_name = format!("{number:04}_{name}_{}.mhl", now.file_name());
            let manifest_xml = manifest.to_xml();
            let c4 = chain::c4(manifest_xml.as_bytes());
            let mut links = history.chain.clone();
            links.push(Link {
                sequence: number.to_string(),
                path: file_name.clone(),
                format: "c4".to_owned(),
                hash: c4.clone(),
            });
            let new = NewFiles {
                folder: history.root.join(FOLDER),
                manifest_name: file_name.clone(),
                manifest: manifest_xml,
                chain: chain::to_xml(&links),
            };
            // What no check before caught (a name from the history, this machine's): refused
            // here, before anything is written.
            for document in [&new.manifest, &new.chain] {
                if let Some(c) = xml::unwritable(document) {
                    return Err(Failure::Io(format!(
                        "{}: the new generation would hold U+{:04X}, a character XML 1.0 \
                         cannot hold; nothing was written",
                        xml::shown(&new.folder.join(&file_name).display().to_string()),
                        u32::from(c)
                    )));
                }
            }
            made.push((history.outer_path(&format!("{FOLDER}/{file_name}")), new));
            written.insert(history.at.clone(), (file_name, c4));
        }
        let (shown, files): (Vec<String>, Vec<NewFiles>) = made.into_iter().unzip();
        write::write_all(&files)?;
        for shown in &shown {
            self.say(&format!("Created new generation {shown}"));
        }
        Ok(())
    }
}

/// Refuses what the options would write into the manifest that XML 1.0 cannot hold (a
/// control character in `--comment`), before anything is read or written: the reference
/// refuses it too, when it writes, and leaves a cut manifest behind.
fn check_options(options: &CreateOptions) -> Result<(), Failure> {
    let author = options.author.clone().unwrap_or_default();
    let texts = [
        ("--author_name", &author.name),
        ("--author_email", &author.email),
        ("--author_phone", &author.phone),
        ("--author_role", &author.role),
        ("--location", &options.location),
        ("--comment", &options.comment),
    ];
    for (option, text) in texts {
        if let Some(text) = text {
            xml::check_text(option, text).map_err(Failure::Io)?;
        }
    }
    Ok(())
}

/// Refuses a file or directory whose name (`recorded`, as the manifest would record it)
/// holds a character XML 1.0 cannot hold, such as U+0001, as the reference refuses it.
///
/// The whole generation is refused, not made without the file (as `--tree` leaves out what
/// ASC MHL cannot record, with a warning): `create` refuses every other path it cannot
/// record too (a name that is not UTF-8, a link to a directory, a FIFO), since a generation
/// that silently lacks a file would vouch for a folder it does not cover. Checked after the
/// walk and before any file is hashed, so a large tree fails at once.
fn check_name(path: &Path, recorded: &str) -> Result<(), Failure> {
    xml::check_text(&format!("{}: the name", path.display()), recorded).map_err(Failure::Io)
}

/// The locks a generation of `root` holds, taken outermost first: every folder above `root`
/// that has a history (a reel's run writes a generation into each card's history nested in
/// it, so a card's run must wait for the reel's), `root`, then every history nested in it,
/// which this run writes into. Two runs therefore take the locks they share in one order, and
/// the second waits for the first, as the reference's runs are serialized. A history nested
/// in `root` made while this run waited is locked too: the run loads what it found after the
/// wait.
fn lock_histories(root: &Path) -> Result<Vec<fs::File>, Failure> {
    let mut folders: Vec<PathBuf> = root
        .ancestors()
        .skip(1)
        .filter(|folder| folder.join(super::FOLDER).is_dir())
        .map(Path::to_path_buf)
        .collect();
    folders.reverse();
    folders.push(root.to_path_buf());
    let mut locks = Vec::new();
    for folder in &folders {
        locks.extend(lock_folder(folder)?);
    }
    // The nested histories as they are now; a run that held them has finished once they lock.
    let mut nested = Vec::new();
    nested_history_folders(&History::load(root)?, &mut nested);
    for folder in nested.iter().filter(|f| !folders.contains(f)) {
        locks.extend(lock_folder(folder)?);
    }
    Ok(locks)
}

/// The folders of the histories nested in `history`, outer ones before those in them.
fn nested_history_folders(history: &History, out: &mut Vec<PathBuf>) {
    for child in &history.children {
        out.push(child.root.clone());
        nested_history_folders(child, out);
    }
}

/// An exclusive lock on the folder (its directory, opened and `flock`ed), held while a new
/// generation is made: a second `create` of the same folder waits, then makes the next
/// generation, where both would have read the same history and one generation been lost. No
/// lock where the system has none for directories (Windows, some network file systems).
fn lock_folder(root: &Path) -> Result<Option<fs::File>, Failure> {
    let failed = |e: &std::io::Error| Failure::Io(format!("{}: {}", root.display(), describe(e)));
    let Ok(folder) = fs::File::open(root) else {
        return Ok(None);
    };
    match folder.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            eprintln!(
                "Waiting for another process making a generation of {} ...",
                root.display()
            );
            folder.lock().map_err(|e| failed(&e))?;
        }
        Err(fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
            return Ok(None)
        }
        Err(fs::TryLockError::Error(e)) => return Err(failed(&e)),
    }
    Ok(Some(folder))
}

/// The patterns a nested history records: its own latest ones (or the default ones), and
/// those in force that name no path (`*.tmp`, not `clips/*.tmp`), as the reference keeps them.
fn nested_patterns(history: &History, ignore: &IgnoreSpec) -> Vec<String> {
    let mut patterns: Vec<String> = match history.latest_ignore_patterns() {
        Some(latest) if !latest.is_empty() => latest.to_vec(),
        _ => DEFAULT.iter().map(|p| (*p).to_owned()).collect(),
    };
    for pattern in ignore.patterns() {
        if !pattern.contains('/') && !patterns.contains(pattern) {
            patterns.push(pattern.clone());
        }
    }
    patterns
}

/// What the walk leaves out: the patterns in force and those of every nested history, under
/// its directory.
pub fn with_nested_patterns(ignore: &IgnoreSpec, history: &History) -> Result<IgnoreSpec, Failure> {
    let mut spec = ignore.clone();
    for nested in history.post_order() {
        if nested.at.is_empty() {
            continue;
        }
        for pattern in nested.latest_ignore_patterns().unwrap_or_default() {
            if DEFAULT.contains(&pattern.as_str()) || pattern.starts_with('!') {
                continue;
            }
            let anchored = match pattern.trim_start_matches('/') {
                p if pattern.contains('/') => format!("/{}/{p}", nested.at),
                p => format!("/{}/**/{p}", nested.at),
            };
            spec.push(&anchored).map_err(Failure::Io)?;
        }
    }
    Ok(spec)
}

/// The patterns in force: the latest generation's (or the default ones), then `-i`, then the
/// lines of `-ii`'s file.
pub fn ignore_spec(
    history: &History,
    patterns: &[String],
    file: Option<&Path>,
) -> Result<IgnoreSpec, Failure> {
    let mut spec = IgnoreSpec::new(match history.latest_ignore_patterns() {
        Some(latest) if !latest.is_empty() => latest.iter().map(String::as_str).collect(),
        _ => DEFAULT.to_vec(),
    })
    .map_err(Failure::Io)?;
    let from_file = match file {
        Some(file) => fs::read_to_string(file)
            .map_err(|e| Failure::Io(format!("{}: {}", file.display(), describe(&e))))?,
        None => String::new(),
    };
    for pattern in patterns
        .iter()
        .map(String::as_str)
        .chain(from_file.lines().filter(|l| !l.is_empty()))
    {
        spec.push(pattern).map_err(Failure::Io)?;
    }
    Ok(spec)
}

/// Reports the paths the history has that were not found (and are not ignored), as the
/// reference does; whether there were any.
pub fn report_missing(not_found: HashSet<String>, ignore: &IgnoreSpec) -> bool {
    let mut missing: Vec<String> = not_found
        .into_iter()
        .filter(|p| !ignore.matches(p, false))
        .collect();
    if missing.is_empty() {
        return false;
    }
    missing.sort();
    eprintln!("ERROR: {} missing file(s):", missing.len());
    for path in missing {
        eprintln!("  {path}");
    }
    true
}

/// A file's modification time.
fn modified(path: &Path) -> Result<Moment, Failure> {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .map(Moment::from)
        .map_err(|e| Failure::Io(format!("{}: {}", path.display(), describe(&e))))
}

/// `full`'s path under `root`, `/`-separated.
fn relative_to(root: &Path, full: &Path) -> Result<String, Failure> {
    let canonical = |p: &Path| {
        fs::canonicalize(p).map_err(|e| Failure::Io(format!("{}: {}", p.display(), describe(&e))))
    };
    let (root_c, full_c) = (canonical(root)?, canonical(full)?);
    let relative = full_c.strip_prefix(&root_c).map_err(|_| {
        Failure::Io(format!(
            "{}: not inside the history's folder {}",
            full.display(),
            root.display()
        ))
    })?;
    let parts: Vec<&str> = relative
        .components()
        .map(|c| {
            c.as_os_str()
                .to_str()
                .ok_or_else(|| Failure::Io(format!("{}: the name is not UTF-8", full.display())))
        })
        .collect::<Result<_, _>>()?;
    Ok(parts.join("/"))
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}
