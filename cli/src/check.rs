//! Check mode (`-c`): read checksum lines, hash the files they name, report as xxhsum does.
//!
//! The rules, from xxhsum 0.8.3 (after GNU md5sum): `#` lines are comments; a line that does
//! not parse is counted as improperly formatted (shown with `-w`, fatal with `--strict`); a line
//! over 32 KiB stops the file; the file fails if any hash differs, any named file cannot be read
//! (unless missing and `--ignore-missing`), or no line was well formed. An ASC MHL manifest is
//! read as a list of its files' entries (`crate::mhl::manifest_as_list`), numbered as lines
//! are, under the same rules; an entry naming a file outside its folder counts as unreadable.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, ErrorKind, Read, Write};
use std::num::NonZeroU64;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use iohash::cloud::S3Composite;
use iohash::{hash_files, Algorithm, AnyHasher, FileJob, FileRead, NonCryptographicHasher};

use crate::hash::Range;
use crate::input::{describe, path_from_bytes, read_line, Input};
use crate::mhl::ListEntry;
use crate::sumfile::{escape_file_name, needs_escape, parse_line, ParseOptions, ParsedLine};
use crate::watch::Watch;

pub struct CheckOptions {
    pub seed: u64,
    pub little_endian: bool,
    pub only: Option<Algorithm>,
    pub untagged: Option<Algorithm>,
    pub quiet: bool,
    pub status: bool,
    pub strict: bool,
    pub warn: bool,
    pub ignore_missing: bool,
    /// `-j`; `None`: one per CPU.
    pub threads: Option<usize>,
    /// `-z`: the list's lines end with NUL, as `-z` writes them (names raw, never escaped).
    pub zero: bool,
    /// `--part-size`: what S3 composite checksums (`base64-N`) are checked with.
    pub part_size: Option<NonZeroU64>,
    /// `--offset` and `--length`: the range of each file the list's hashes are of.
    pub range: Option<crate::hash::Range>,
    /// Run through an xxhsum link: `-w` warnings in xxhsum's words.
    pub xxhsum_words: bool,
    /// `--audit`: also report the files under the list's directory that it does not name,
    /// walked with these options (`--exclude`).
    pub audit: Option<crate::tree::TreeOptions>,
}

/// One line of a checksum file (or a file's entry in an ASC MHL manifest), as read.
enum Item {
    Check(ParsedLine),
    /// Why the line is not one to check.
    Improper(String),
    /// A manifest's entry naming a file outside its folder: not read (`ListEntry::Outside`).
    Outside(Vec<u8>),
    /// Reading stopped here: a line too long, or a read error.
    Stop(String),
}

#[derive(Default)]
struct Report {
    proper: u64,
    improper: u64,
    matched: u64,
    mismatched: u64,
    unreadable: u64,
    /// `--audit`: files under the list's directory that it does not name.
    unlisted: u64,
    /// `--audit`: what the walk could not read (a directory, mostly).
    unwalked: u64,
    stopped: bool,
}

/// Checks every checksum file; `false` if any fails.
pub fn run(program: &str, inputs: &[Input], options: &CheckOptions) -> bool {
    let mut ok = true;
    for input in inputs {
        ok &= check_file(program, input, options);
    }
    ok
}

fn check_file(program: &str, input: &Input, options: &CheckOptions) -> bool {
    let list_name = String::from_utf8_lossy(&input.display_name()).into_owned();
    // An ASC MHL manifest is read as the list of its files' hashes; an audit walks its
    // history's folder, leaving out what the manifest's ignore patterns leave out.
    let mut audit_root = None;
    let mut audit_options = options.audit.clone();
    // An MHL manifest's nested histories' files: listed for the audit, not checked here.
    let mut nested_recorded = Vec::new();
    let parse_options = ParseOptions {
        little_endian: options.little_endian,
        only: options.only,
        untagged: options.untagged,
    };
    // Lines are read as they are checked: memory stays flat however long the list is.
    let end = if options.zero { b'\0' } else { b'\n' };
    let items: Box<dyn Iterator<Item = (u64, Item)> + Send> = match input {
        Input::Path(path) if path.extension().is_some_and(|e| e == "mhl") => {
            match crate::mhl::manifest_as_list(path) {
                Ok(crate::mhl::ManifestList {
                    root,
                    entries,
                    ignore,
                    nested,
                }) => {
                    nested_recorded = nested;
                    if let Some(audit) = &mut audit_options {
                        // The history's own folders, whatever the manifest's list says.
                        let patterns = ignore.iter().map(String::as_str).chain(["ascmhl"]);
                        audit.exclude.extend(patterns.filter_map(|pattern| {
                            let pattern = pattern.trim_start_matches('/').trim_end_matches('/');
                            crate::glob::Glob::new(pattern).ok()
                        }));
                    }
                    audit_root = Some(root);
                    Box::new(manifest_items(entries, parse_options))
                }
                Err(e) => {
                    eprintln!("{program}: {list_name}: {}", describe(&e));
                    return false;
                }
            }
        }
        Input::Stdin => Box::new(Items::new(io::stdin(), parse_options, end)),
        Input::Path(path) => match File::open(path) {
            Ok(file) => Box::new(Items::new(file, parse_options, end)),
            Err(e) => {
                eprintln!("{program}: {list_name}: {}", describe(&e));
                return false;
            }
        },
    };
    let mut out = BufWriter::new(io::stdout().lock());
    // The first error writing standard output: it stops the check (what follows would be lost).
    let mut write_error: Option<io::Error> = None;
    let mut report = Report::default();
    let hashers = Hashers::new(options.seed);
    // With --audit, every name the list holds (a set as large as the list).
    let mut listed: HashSet<Vec<u8>> = HashSet::new();
    if audit_options.is_some() {
        for path in &nested_recorded {
            let name = crate::input::path_bytes(path);
            listed.insert(normalized(&name).to_vec());
        }
    }
    // The run ends early only by `done`'s Break: a `Watch` never fails its check.
    let _ = hash_files(
        items,
        options.threads.unwrap_or(0),
        &mut Watch::default(),
        |(_, item), job| match item {
            Item::Check(line) => Some(verify(
                line,
                hashers.new_hasher(line.algorithm),
                options,
                job,
            )),
            _ => None,
        },
        |(number, item), mut result| {
            // A line naming a directory: said on stderr, in order with the lines before it.
            let directory = match &mut result {
                Some(Ok(verdict)) => verdict.directory.take(),
                _ => None,
            };
            if let (Some(left_out), Item::Check(line), false) = (directory, &item, options.status) {
                let _ = out.flush();
                let name = String::from_utf8_lossy(&line.file_name);
                eprintln!(
                    "{program}: {list_name}:{number}: {name} is a directory: checked as --tree \
                     hashes it (its ASC MHL content or structure hash)"
                );
                for message in left_out {
                    eprintln!("{program}: {message}, left out");
                }
            }
            let mut print = |text: &[u8]| {
                if !options.status && write_error.is_none() {
                    if let Err(e) = out.write_all(text) {
                        write_error = Some(e);
                    }
                }
            };
            match (item, result) {
                (Item::Check(line), Some(result)) => {
                    report.proper += 1;
                    if options.audit.is_some() {
                        listed.insert(normalized(&line.file_name).to_vec());
                    }
                    match result.map(|verdict| verdict.matched) {
                        Ok(true) => {
                            report.matched += 1;
                            if !options.quiet {
                                print(&[&shown_name(&line.file_name)[..], b": OK\n"].concat());
                            }
                        }
                        Ok(false) => {
                            report.mismatched += 1;
                            print(&[&shown_name(&line.file_name)[..], b": FAILED\n"].concat());
                        }
                        Err(e) if options.ignore_missing && e.kind() == ErrorKind::NotFound => {}
                        Err(e) => {
                            report.unreadable += 1;
                            let e = describe(&e);
                            print(
                                &[
                                    format!("{list_name}:{number}: Could not open or read '")
                                        .as_bytes(),
                                    &line.file_name,
                                    format!("': {e}.\n").as_bytes(),
                                ]
                                .concat(),
                            );
                        }
                    }
                }
                (Item::Outside(name), _) => {
                    // Counted as a file that could not be read, as the reference counts it
                    // missing; even with --ignore-missing, since the manifest is at fault.
                    report.proper += 1;
                    report.unreadable += 1;
                    print(
                        &[
                            format!("{list_name}:{number}: Could not open or read '").as_bytes(),
                            &name,
                            b"': outside the folder the manifest records; not read.\n",
                        ]
                        .concat(),
                    );
                }
                (Item::Improper(error), _) => {
                    report.improper += 1;
                    if options.warn {
                        let _ = out.flush();
                        // xxhsum's words through its links; iohash adds what is wrong.
                        if options.xxhsum_words {
                            eprintln!(
                                "{list_name}:{number}: Error: Improperly formatted checksum line."
                            );
                        } else {
                            eprintln!(
                                "{list_name}:{number}: Error: Improperly formatted checksum line ({error})."
                            );
                        }
                    }
                }
                (Item::Stop(message), _) => {
                    report.stopped = true;
                    let _ = out.flush();
                    eprintln!("{list_name}:{number}: Error: {message}.");
                }
                (Item::Check(_), None) => unreachable!("every check line is verified"),
            }
            match write_error {
                None => ControlFlow::Continue(()),
                Some(_) => ControlFlow::Break(()),
            }
        },
    );

    if let (Some(tree_options), true, None) = (&audit_options, report.proper > 0, &write_error) {
        let root = audit_root.or_else(|| common_directory(listed.iter().map(Vec::as_slice)));
        let Some(root) = root else {
            let _ = out.flush();
            eprintln!(
                "{program}: {list_name}: --audit: the listed files share no directory but / \
                 (or mix absolute and relative names), and an audit does not walk all of /"
            );
            return false;
        };
        let list_dir = match input {
            Input::Path(path) => path.parent().map(Path::to_path_buf),
            _ => None,
        };
        if let Some(why) = audit_refusal(&root, list_dir.as_deref()) {
            let _ = out.flush();
            eprintln!("{program}: {list_name}: --audit: {why}");
            return false;
        }
        for found in crate::tree::walk(root, tree_options) {
            match found {
                crate::tree::Found::File(path) => {
                    let name = crate::input::path_bytes(&path);
                    if !listed.contains(normalized(&name)) {
                        report.unlisted += 1;
                        if !options.status {
                            let line = [&shown_name(&name)[..], b": NEW\n"].concat();
                            if let Err(e) = out.write_all(&line) {
                                write_error = Some(e);
                                break;
                            }
                        }
                    }
                }
                crate::tree::Found::Special(_) => {}
                crate::tree::Found::Error(message) => {
                    report.unwalked += 1;
                    let _ = out.flush();
                    eprintln!("{program}: {message}");
                }
            }
        }
    }
    if report.proper == 0 {
        let _ = out.flush();
        eprintln!("{list_name}: no properly formatted xxHash checksum lines found");
    } else if !options.status {
        let plural =
            |n: u64, one: &'static str, many: &'static str| if n == 1 { one } else { many };
        let mut summary = String::new();
        if report.improper > 0 {
            let is = plural(report.improper, "line is", "lines are");
            summary += &format!("{} {is} improperly formatted\n", report.improper);
        }
        if report.unreadable > 0 {
            let files = plural(report.unreadable, "file", "files");
            summary += &format!("{} listed {files} could not be read\n", report.unreadable);
        }
        if report.mismatched > 0 {
            let sums = plural(report.mismatched, "checksum", "checksums");
            summary += &format!("{} computed {sums} did NOT match\n", report.mismatched);
        }
        if report.unlisted > 0 {
            let files = plural(report.unlisted, "file is", "files are");
            summary += &format!("{} {files} not in the list\n", report.unlisted);
        }
        if report.unwalked > 0 {
            let places = plural(report.unwalked, "place", "places");
            summary += &format!(
                "{} {places} under the audit could not be read\n",
                report.unwalked
            );
        }
        if write_error.is_none() {
            write_error = out.write_all(summary.as_bytes()).err();
        }
    }
    let mut ok = report.proper > 0
        && report.mismatched == 0
        && report.unreadable == 0
        && report.unlisted == 0
        && report.unwalked == 0
        && (!options.strict || report.improper == 0)
        && !report.stopped;
    if options.ignore_missing && report.matched == 0 {
        if write_error.is_none() {
            write_error = writeln!(out, "{list_name}: no file was verified").err();
        }
        ok = false;
    }
    let flushed = out.flush();
    if let Some(e) = write_error.or(flushed.err()) {
        // A reader that went away (`| head`) needs no word; any other failure does.
        if e.kind() != ErrorKind::BrokenPipe {
            eprintln!("{program}: standard output: {}", describe(&e));
        }
        return false;
    }
    ok
}

/// A file name as OK/FAILED lines show it: its own bytes (as xxhsum writes them), escaped,
/// with a leading `\`, when it must be.
fn shown_name(name: &[u8]) -> Vec<u8> {
    let prefix: &[u8] = if needs_escape(name) { b"\\" } else { b"" };
    [prefix, &escape_file_name(name)].concat()
}

/// A listed or walked name without a leading `./`, so that `a` and `./a` are one file.
fn normalized(name: &[u8]) -> &[u8] {
    let mut name = name;
    while let Some(rest) = name.strip_prefix(b"./") {
        name = rest;
    }
    name
}

/// Why an audit must not walk `root`, the listed names' common directory: `root` is `/` once
/// `.` and `..` are resolved (the whole system, `/proc` too), or it climbs with `..` above
/// the list's own directory (`list_dir`; the working directory for standard input), where a
/// list names no tree it was made from. A root the names give outright, absolute, is walked.
fn audit_refusal(root: &Path, list_dir: Option<&Path>) -> Option<String> {
    // A root that does not resolve is left to the walk, which reports it.
    let resolved = std::fs::canonicalize(root).ok()?;
    if resolved.parent().is_none() {
        return Some(format!(
            "the listed names lead to {} ({}), and an audit does not walk all of it",
            root.display(),
            resolved.display()
        ));
    }
    let climbs = root
        .components()
        .any(|part| part == std::path::Component::ParentDir);
    let home = match list_dir {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::canonicalize(dir).ok()?,
        _ => std::env::current_dir().ok()?,
    };
    (climbs && home != resolved && home.starts_with(&resolved)).then(|| {
        format!(
            "the listed names climb with .. to {}, above the list's directory {}; an audit \
             walks no further up than the list (name the files from there, or audit with -r)",
            resolved.display(),
            home.display()
        )
    })
}

/// The deepest directory that holds every name (`.` if relative names share none): what
/// `--audit` walks. A list made by `iohash -r DIR` names `DIR/...`, so this is `DIR` (or a
/// directory under it, if every file lies there). `None` when absolute names share only `/`,
/// or absolute and relative names mix: an audit would walk the whole system (`/proc` too).
fn common_directory<'a>(names: impl Iterator<Item = &'a [u8]>) -> Option<PathBuf> {
    let mut common: Option<Vec<&[u8]>> = None;
    for name in names {
        let mut parts: Vec<&[u8]> = name.split(|&b| b == b'/').collect();
        parts.pop(); // the file's own name
        common = Some(match common {
            None => parts,
            // An absolute name starts with "", which no relative name's first part is.
            Some(common)
                if common.first().is_some_and(|p| p.is_empty()) != name.starts_with(b"/") =>
            {
                return None
            }
            Some(common) => common
                .iter()
                .zip(&parts)
                .take_while(|(a, b)| a == b)
                .map(|(a, _)| *a)
                .collect(),
        });
    }
    let common = common.unwrap_or_default();
    let joined = match common.as_slice() {
        // Names under the root directory: `/a` splits into "" and "a".
        [b""] => return None,
        [] => b".".to_vec(),
        parts => parts.join(&b'/'),
    };
    path_from_bytes(&joined)
}

/// New hashers for the lines' algorithms. A catalogue CRC's engine takes tens of microseconds
/// to build, so one hasher of each is kept and cloned (a list may name thousands of files).
struct Hashers {
    seed: u64,
    made: Mutex<Vec<AnyHasher>>,
}

impl Hashers {
    fn new(seed: u64) -> Self {
        Hashers {
            seed,
            made: Mutex::new(Vec::new()),
        }
    }

    fn new_hasher(&self, algorithm: Algorithm) -> AnyHasher {
        if !matches!(algorithm, Algorithm::Crc(_)) {
            return algorithm.hasher(self.seed);
        }
        let mut made = self
            .made
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(hasher) = made.iter().find(|h| h.algorithm() == algorithm) {
            return hasher.clone();
        }
        let hasher = algorithm.hasher(self.seed);
        made.push(hasher.clone());
        hasher
    }
}

/// What checking one line found.
struct Verdict {
    matched: bool,
    /// The line named a directory, checked as `--tree` hashes it; what that left out.
    directory: Option<Vec<String>>,
}

impl Verdict {
    fn file(matched: bool) -> Verdict {
        Verdict {
            matched,
            directory: None,
        }
    }
}

/// Hashes the file a line names with `hasher` (new) through `job`, or for an S3 composite
/// checksum in parts of `part_size`, or the directory it names as `--tree` does.
fn verify(
    line: &ParsedLine,
    mut hasher: AnyHasher,
    options: &CheckOptions,
    mut job: FileJob<'_>,
) -> io::Result<Verdict> {
    let part_size = options.part_size;
    // As xxhsum: the name "stdin" reads standard input.
    let input = if line.file_name == b"stdin" {
        Input::Stdin
    } else {
        Input::Path(path_from_bytes(&line.file_name).ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidData, "not a file name on this system")
        })?)
    };
    // A directory's line (`--tree`): its ASC MHL root hash, content or structure.
    if let Input::Path(path) = &input {
        if path.is_dir() && crate::tree_hash::supported(line.algorithm) {
            let hashes = crate::tree_hash::root_hashes(path, line.algorithm, 0)?;
            return Ok(Verdict {
                matched: line.hash == hashes.content || line.hash == hashes.structure,
                directory: Some(hashes.left_out),
            });
        }
    }
    if let (Some(parts), Algorithm::Crc32(variant)) = (line.parts, line.algorithm) {
        let part_size = part_size.ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                "an S3 composite checksum (base64-N): check it with --part-size, the size of \
                 its parts (S3 shows it as the ContentLength of head-object --part-number 1)",
            )
        })?;
        let mut s3 = S3Composite::new(variant, part_size);
        let file = input.open()?;
        let read = Range::of(options.range.as_ref(), FileRead::file(&file));
        job.read(read).append_to(&mut s3)?;
        return Ok(Verdict::file(
            line.hash == u128::from(s3.checksum()) && s3.parts() == parts,
        ));
    }
    // Lines are checked side by side, a thread each (one line alone on every CPU).
    let file = input.open()?;
    let read = Range::of(options.range.as_ref(), FileRead::file(&file));
    job.read(read).append_to(&mut hasher)?;
    Ok(Verdict::file(hasher.current_hash() == line.hash))
}

/// A line of a checksum file as an item to check, or an improper one.
fn parsed_item(line: &[u8], options: &ParseOptions) -> Item {
    match parse_line(line, options) {
        Ok(parsed) => Item::Check(parsed),
        Err(error) => Item::Improper(error.to_string()),
    }
}

/// A manifest's entries as items, numbered from 1 as the file entries it holds.
fn manifest_items(
    entries: Vec<ListEntry>,
    options: ParseOptions,
) -> impl Iterator<Item = (u64, Item)> + Send {
    (1..).zip(entries).map(move |(number, entry)| {
        let item = match entry {
            ListEntry::Line(line) => {
                parsed_item(line.strip_suffix(b"\n").unwrap_or(&line), &options)
            }
            ListEntry::Unusable(why) => Item::Improper(why),
            ListEntry::Outside(name) => Item::Outside(name),
        };
        (number, item)
    })
}

/// The lines of a checksum file, parsed as they are read and numbered from 1; comments are
/// skipped, and the items end after a [`Item::Stop`].
struct Items<R> {
    reader: BufReader<R>,
    options: ParseOptions,
    /// What ends a line: `\n`, or NUL with `-z`.
    end: u8,
    line: Vec<u8>,
    number: u64,
    stopped: bool,
}

impl<R: Read> Items<R> {
    fn new(reader: R, options: ParseOptions, end: u8) -> Self {
        Items {
            reader: BufReader::with_capacity(64 * 1024, reader),
            options,
            end,
            line: Vec::new(),
            number: 0,
            stopped: false,
        }
    }
}

impl<R: Read> Iterator for Items<R> {
    type Item = (u64, Item);

    fn next(&mut self) -> Option<(u64, Item)> {
        while !self.stopped {
            self.number += 1;
            self.line.clear();
            let item = match read_line(&mut self.reader, &mut self.line, self.end) {
                Ok(false) => return None,
                Ok(true) if self.line.starts_with(b"#") => continue,
                Ok(true) => parsed_item(&self.line, &self.options),
                Err(e) if e.kind() == ErrorKind::InvalidData => Item::Stop("Line too long".into()),
                Err(e) => Item::Stop(describe(&e)),
            };
            self.stopped = matches!(item, Item::Stop(_));
            return Some((self.number, item));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_audited_directory_holds_every_listed_name() {
        let dir = |names: &[&str]| common_directory(names.iter().map(|n| n.as_bytes()));
        assert_eq!(
            dir(&["media/d1/f", "media/d2/g"]),
            Some(PathBuf::from("media"))
        );
        assert_eq!(
            dir(&["media/d1/f", "media/d1/g"]),
            Some(PathBuf::from("media/d1"))
        );
        assert_eq!(dir(&["a", "b/c"]), Some(PathBuf::from(".")));
        assert_eq!(dir(&["./a/x", "./a/y"]), Some(PathBuf::from("./a")));
        assert_eq!(dir(&["/x", "/y/z"]), None);
        assert_eq!(dir(&["/etc/a", "b"]), None);
        assert_eq!(dir(&["b", "/etc/a"]), None);
        assert_eq!(dir(&["/etc/a"]), Some(PathBuf::from("/etc")));
        assert_eq!(
            dir(&["/data/p/a", "/data/p/b"]),
            Some(PathBuf::from("/data/p"))
        );
        assert_eq!(normalized(b"././a/b"), b"a/b");
    }
}
