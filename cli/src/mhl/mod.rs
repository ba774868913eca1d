//! ASC MHL histories: run through a link named `ascmhl`, the command stands in for the
//! reference `ascmhl` 1.2's `create`, `diff` and `info` (same options, output lines and exit
//! codes); as `iohash --mhl DIR` it makes a new generation the same way.
//!
//! The directory hashes (`tree.rs`, which `--tree` prints too), the manifests' XML, the
//! chain's C4 ids (SHA-512) and the ignore patterns are the command's: ASC MHL is a format of
//! its own, as xxhsum's lines are (`crate::sumfile`). Directories are read through the command's
//! one walker (`crate::walk`).

/// `println!` that never panics: a line that cannot be written is dropped, with every line
/// after it, and the first error is kept for [`main`] to report once the work is done (a
/// `create` whose listing fails still writes its generation).
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::mhl::write_line(format_args!($($arg)*))
    };
}

mod chain;
mod create;
mod history;
mod ignore;
mod manifest;
mod report;
mod time;
pub mod tree;
mod walk;
mod write;
mod xml;

use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use iohash::{Algorithm, DynHasher, FileJob, FileRead};

use manifest::HashEntry;

pub use create::{create, CreateOptions};

/// The folder a history lives in, in the directory it records.
pub const FOLDER: &str = "ascmhl";

/// Why a command failed, with the reference's exit code and message.
#[derive(Debug)]
pub enum Failure {
    /// Files in the history are not in the file system.
    Completeness,
    /// A file's hash differs from the one recorded.
    Verification,
    /// Files in the file system are not in the history (`diff`).
    NewFiles,
    NoHistory(String),
    ModifiedManifest(PathBuf),
    NoChain(PathBuf),
    MissingManifest(PathBuf),
    /// Anything else: a file that cannot be read, a bad option.
    Io(String),
}

impl Failure {
    /// The reference's exit codes (`ascmhl/errors.py`); 1 for everything it has none for.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Completeness => 10,
            Failure::Verification => 11,
            Failure::NewFiles => 21,
            Failure::NoHistory(_) => 30,
            Failure::ModifiedManifest(_) => 31,
            Failure::NoChain(_) => 32,
            Failure::MissingManifest(_) => 33,
            Failure::Io(_) => 1,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Completeness => {
                write!(f, "Files referenced in the ASC MHL history are missing")
            }
            Failure::Verification => write!(
                f,
                "Verification of files referenced in the ASC MHL history failed"
            ),
            Failure::NewFiles => write!(
                f,
                "New files not referenced in the ASC MHL history have been found"
            ),
            Failure::NoHistory(path) => write!(f, "Missing ASC MHL history at path {path}"),
            Failure::ModifiedManifest(path) => write!(
                f,
                "Modified ASC MHL manifest in history at path {}",
                path.display()
            ),
            Failure::NoChain(path) => {
                write!(f, "Missing ASC MHL chain file for path {}", path.display())
            }
            Failure::MissingManifest(path) => write!(
                f,
                "Missing ASC MHL manifest in history at path {}",
                path.display()
            ),
            Failure::Io(message) => write!(f, "{message}"),
        }
    }
}

/// A hash format ASC MHL names and iohash computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub name: &'static str,
    pub algorithm: Algorithm,
}

impl Format {
    /// The formats iohash computes, by ASC MHL's names.
    pub const ALL: [Format; 3] = [
        Format {
            name: "xxh128",
            algorithm: Algorithm::Xxh128,
        },
        Format {
            name: "xxh3",
            algorithm: Algorithm::Xxh3,
        },
        Format {
            name: "xxh64",
            algorithm: Algorithm::Xxh64,
        },
    ];

    /// The format named `name`, or an error saying which iohash has.
    pub fn named(name: &str) -> Result<Format, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name == name)
            .ok_or_else(|| {
                format!(
                    "hash format '{name}': iohash records xxh128, xxh3 and xxh64 (ASC MHL's md5, \
                     sha1 and c4 are not among its algorithms)"
                )
            })
    }

    /// The format of `algorithm`, if ASC MHL has one iohash writes.
    pub fn of(algorithm: Algorithm) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.algorithm == algorithm)
    }
}

/// A file's hashes in `formats` (bytes, canonical order), read once, with its length and its
/// modification time when opened. Read as `job` says (one of many files), or alone on every
/// CPU.
pub fn hash_file(
    path: &Path,
    formats: &[Format],
    job: Option<FileJob<'_>>,
) -> io::Result<(u64, std::time::SystemTime, Vec<Vec<u8>>)> {
    let file = File::open(path)?;
    let modified = file.metadata()?.modified()?;
    let hashers: Vec<_> = formats.iter().map(|f| f.algorithm.hasher(0)).collect();
    let mut fanout = Fanout(hashers);
    let mut job = job;
    let read = match &mut job {
        Some(job) => job.read(FileRead::file(&file)),
        None => FileRead::file(&file),
    };
    let len = match fanout.0.as_mut_slice() {
        [one] => read.append_to(one)?,
        _ => read.append_to(&mut fanout)?,
    };
    let hashes = fanout
        .0
        .iter()
        .map(|hasher| {
            let mut out = [0; 16];
            let n = hasher.current_hash_into(&mut out);
            out[..n].to_vec()
        })
        .collect();
    Ok((len, modified, hashes))
}

/// Several hashers fed at once, so that a file is read once for all its formats. Its own
/// hash, length and name are the first hasher's.
#[derive(Clone)]
struct Fanout(Vec<iohash::AnyHasher>);

impl DynHasher for Fanout {
    fn append(&mut self, data: &[u8]) {
        for hasher in &mut self.0 {
            hasher.append(data);
        }
    }

    fn reset(&mut self) {
        self.0.iter_mut().for_each(DynHasher::reset);
    }

    fn hash_len(&self) -> usize {
        self.0.first().map_or(0, DynHasher::hash_len)
    }

    fn current_hash_into(&self, out: &mut [u8]) -> usize {
        self.0
            .first()
            .map_or(0, |first| first.current_hash_into(out))
    }

    fn name(&self) -> &'static str {
        self.0.first().map_or("", DynHasher::name)
    }

    fn box_clone(&self) -> Box<dyn DynHasher + Send> {
        Box::new(self.clone())
    }
}

/// One file a manifest records, as `-c` takes it.
#[derive(Debug, PartialEq, Eq)]
pub enum ListEntry {
    /// A tagged checksum line (newline included) naming the file under the history's folder.
    Line(Vec<u8>),
    /// An entry that cannot be checked, and why (a hash that is not one, no hash iohash
    /// computes): `-c` counts it as an improperly formatted line.
    Unusable(String),
    /// An entry whose path leaves the history's folder (absolute, or up through `..`), by the
    /// name it would have: never read, and counted as a file that could not be, as the
    /// reference counts it missing.
    Outside(Vec<u8>),
}

/// A manifest (`.mhl`) as a checksum list for `-c`: an entry for each file it records, in
/// its order, named under the history's folder (the one holding `ascmhl/`, or the manifest's
/// own for one elsewhere), so `-c` checks the files and `--audit` walks that folder. A file's
/// line has its hash in the first of xxh128, xxh3 and xxh64 it records (a `failed` one never).
/// Also returns the folder and the manifest's ignore patterns, which the audit leaves out as
/// it does.
///
/// A manifest in a history's `ascmhl` folder is read only if the history's chain checks
/// (every manifest it names is there with its C4 id, this one included), as the reference
/// reads a history.
pub fn manifest_as_list(path: &Path) -> io::Result<ManifestList> {
    let bytes = std::fs::read(path)?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let in_history = folder.file_name().is_some_and(|name| name == FOLDER);
    if in_history {
        verify_in_chain(folder, path, &bytes)
            .map_err(|failure| io::Error::other(failure.to_string()))?;
    }
    let manifest = manifest::Manifest::parse(&bytes)?;
    let root = match folder.parent() {
        Some(parent) if in_history => parent,
        _ => folder,
    };
    let entries = manifest
        .entries
        .iter()
        .filter(|e| !e.directory)
        .map(|entry| list_entry(root, entry))
        .collect();
    let root = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root
    };
    // The files the histories nested in this one record: what their own manifests cover, as
    // the reference's `diff` counts them, so an audit calls none of them new.
    let nested = match in_history {
        true => history::History::load(root)
            .map(|history| {
                history
                    .children
                    .iter()
                    .flat_map(history::History::recorded_paths)
                    .map(|path| root.join(path))
                    .collect()
            })
            .unwrap_or_default(),
        false => Vec::new(),
    };
    Ok(ManifestList {
        root: root.to_path_buf(),
        entries,
        ignore: manifest.ignore,
        nested,
    })
}

/// A manifest read as a checksum list (`manifest_as_list`).
pub struct ManifestList {
    /// The folder the manifest records, which `--audit` walks.
    pub root: PathBuf,
    /// Its files, as `-c` checks them.
    pub entries: Vec<ListEntry>,
    /// Its ignore patterns, which the audit leaves out.
    pub ignore: Vec<String>,
    /// The files histories nested in its folder record, under `root`.
    pub nested: Vec<PathBuf>,
}

/// Checks the chain of the history in `folder`, and the manifest at `path` (read as `bytes`)
/// against its own link, so that what `-c` reads is what was verified.
fn verify_in_chain(folder: &Path, path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let links = history::verified_chain(folder)?;
    let name = path.file_name().unwrap_or_default();
    let link = links
        .iter()
        .find(|link| link.format == "c4" && std::ffi::OsStr::new(&link.path) == name);
    match link {
        Some(link) if chain::c4(bytes) != link.hash => {
            Err(Failure::ModifiedManifest(path.to_path_buf()))
        }
        _ => Ok(()),
    }
}

/// What `-c` makes of a file's record in a manifest of the folder `root`.
fn list_entry(root: &Path, entry: &manifest::MediaHash) -> ListEntry {
    let relative = Path::new(&entry.path);
    let mut names_a_file = false;
    for component in relative.components() {
        match component {
            std::path::Component::Normal(_) => names_a_file = true,
            std::path::Component::CurDir => {}
            // `/etc/passwd`, `../x` (and on Windows `C:x`).
            _ => return ListEntry::Outside(crate::input::path_bytes(&root.join(relative))),
        }
    }
    if !names_a_file {
        return ListEntry::Unusable("a path that names no file".to_owned());
    }
    let checkable = |h: &&HashEntry| h.action.as_deref() != Some("failed");
    let mut chosen = None;
    for format in Format::ALL {
        let Some(hash) = entry
            .hashes
            .iter()
            .filter(checkable)
            .find(|h| h.format == format.name)
        else {
            continue;
        };
        let digits = 2 * format.algorithm.hash_len();
        let value = Some(&hash.value)
            .filter(|v| v.len() == digits && v.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|v| u128::from_str_radix(v, 16).ok())
            .and_then(|v| iohash::HashValue::from_be_bytes(&v.to_be_bytes()[16 - digits / 2..]));
        let Some(value) = value else {
            return ListEntry::Unusable(format!(
                "{} hash of the wrong length or not hexadecimal",
                format.name
            ));
        };
        chosen.get_or_insert((format.algorithm, value));
    }
    let Some((algorithm, value)) = chosen else {
        let recorded: Vec<String> = entry
            .hashes
            .iter()
            .map(|h| match h.action.as_deref() {
                Some("failed") => format!("{} failed", h.format),
                _ => h.format.clone(),
            })
            .collect();
        let recorded = if recorded.is_empty() {
            "none".to_owned()
        } else {
            recorded.join(", ")
        };
        return ListEntry::Unusable(format!(
            "no xxh128, xxh3 or xxh64 hash to check; recorded: {recorded}"
        ));
    };
    let name = crate::input::path_bytes(&root.join(relative));
    ListEntry::Line(crate::sumfile::format_line(
        algorithm,
        value,
        &name,
        crate::sumfile::LineStyle::Bsd,
        false,
    ))
}

/// Lower-case hex, as ASC MHL writes xxHash values.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(2 * bytes.len());
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 15)]));
    }
    out
}

/// `ascmhl`'s command line, as the reference's `click` definition has it (`-h` is the hash
/// format there, so help is `--help` only).
#[derive(Parser, Debug)]
#[command(
    name = "ascmhl",
    version,
    disable_help_flag = true,
    about = "ASC MHL histories, as the reference ascmhl 1.2 makes them (iohash's drop-in)"
)]
struct AscMhl {
    #[command(subcommand)]
    command: Verb,
    #[arg(long, action = clap::ArgAction::Help, global = true, help = "Print help")]
    help: Option<bool>,
}

#[derive(Subcommand, Debug)]
enum Verb {
    /// Create a new generation for a folder or file(s): hash every file, compare with earlier
    /// generations, record new ones, report missing ones.
    Create(Box<CreateArgs>),
    /// Compare the folder with the history without hashing: report new and missing files.
    Diff {
        root_path: PathBuf,
        #[arg(short, long)]
        verbose: bool,
        #[arg(short = 'i', long = "ignore")]
        ignore: Vec<String>,
        /// `-ii`.
        #[arg(long = "ignore_spec")]
        ignore_spec: Option<PathBuf>,
    },
    /// Print the generations of a history, or what it records of single files.
    Info {
        root_path: Option<PathBuf>,
        #[arg(short, long)]
        verbose: bool,
        /// `-sf`.
        #[arg(long = "single_file")]
        single_file: Vec<PathBuf>,
    },
}

/// `create`'s options.
#[derive(clap::Args, Debug)]
struct CreateArgs {
    root_path: PathBuf,
    #[arg(short, long)]
    verbose: bool,
    /// Hash format: xxh128 (default), xxh3 or xxh64; repeat for several.
    #[arg(short = 'h', long = "hash_format")]
    hash_format: Vec<String>,
    /// Skip directory hashes: directories are recorded without.
    #[arg(short = 'n', long = "no_directory_hashes")]
    no_directory_hashes: bool,
    /// Detect renamed files (a new file with a missing file's hash). `-dr`.
    #[arg(long = "detect_renaming")]
    detect_renaming: bool,
    #[arg(long = "author_name")]
    author_name: Option<String>,
    #[arg(long = "author_email")]
    author_email: Option<String>,
    #[arg(long = "author_phone")]
    author_phone: Option<String>,
    #[arg(long = "author_role")]
    author_role: Option<String>,
    #[arg(long)]
    location: Option<String>,
    #[arg(long)]
    comment: Option<String>,
    /// Record only this file or folder, no completeness check (repeatable). `-sf`.
    #[arg(long = "single_file")]
    single_file: Vec<PathBuf>,
    /// A pattern to ignore (gitignore syntax; repeatable).
    #[arg(short = 'i', long = "ignore")]
    ignore: Vec<String>,
    /// A file of patterns to ignore, one a line. `-ii`.
    #[arg(long = "ignore_spec")]
    ignore_spec: Option<PathBuf>,
    /// Threads that hash files (iohash's; default: one per CPU).
    #[arg(short = 'j', long)]
    threads: Option<usize>,
}

/// The reference's two-letter short options, which clap cannot declare, as long ones.
fn long_forms(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    args.map(|arg| {
        let long = match arg.to_str() {
            Some("-sf") => "--single_file",
            Some("-dr") => "--detect_renaming",
            Some("-ii") => "--ignore_spec",
            _ => return arg,
        };
        OsString::from(long)
    })
    .collect()
}

/// `ascmhl ARGS`: the drop-in; its exit status.
pub fn main(args: impl Iterator<Item = OsString>) -> u8 {
    let args = match AscMhl::try_parse_from(long_forms(args)) {
        Ok(args) => args,
        Err(e) => {
            let _ = e.print();
            // click exits 2 on bad usage.
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    if let Some(usage) = missing_path(&args.command) {
        eprint!("{usage}");
        return 2;
    }
    let result = match args.command {
        Verb::Create(create_args) => {
            let CreateArgs {
                root_path,
                verbose,
                hash_format,
                no_directory_hashes,
                detect_renaming,
                author_name,
                author_email,
                author_phone,
                author_role,
                location,
                comment,
                single_file,
                ignore,
                ignore_spec,
                threads,
            } = *create_args;
            hash_format
                .iter()
                .map(|name| Format::named(name))
                .collect::<Result<Vec<_>, _>>()
                .map_err(Failure::Io)
                .and_then(|formats| {
                    let author = manifest::Author {
                        name: author_name,
                        email: author_email,
                        phone: author_phone,
                        role: author_role,
                    };
                    let has_author = author != manifest::Author::default();
                    create(&CreateOptions {
                        root: root_path,
                        verbose,
                        formats,
                        no_directory_hashes,
                        detect_renaming,
                        single_files: single_file,
                        ignore,
                        ignore_spec,
                        author: has_author.then_some(author),
                        location,
                        comment,
                        threads,
                    })
                })
        }
        Verb::Diff {
            root_path,
            verbose,
            ignore,
            ignore_spec,
        } => report::diff(&root_path, verbose, &ignore, ignore_spec.as_deref()),
        Verb::Info {
            root_path,
            verbose,
            single_file,
        } => report::info(root_path.as_deref(), verbose, &single_file),
    };
    let code = match result {
        Ok(()) => 0,
        Err(failure) => {
            eprintln!("Error: {failure}");
            failure.exit_code()
        }
    };
    match STDOUT_ERROR.get() {
        // A reader that went away (`| head -1`) needs no word; any other failure does.
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => 1,
        Some(e) => {
            eprintln!("Error: standard output: {}", crate::input::describe(e));
            1
        }
        None => code,
    }
}

/// The first error writing standard output, if any.
static STDOUT_ERROR: std::sync::OnceLock<io::Error> = std::sync::OnceLock::new();

/// One line of output ([`say!`]): dropped after the first error, which is kept.
fn write_line(line: fmt::Arguments<'_>) {
    use std::io::Write;
    if STDOUT_ERROR.get().is_none() {
        let mut out = io::stdout().lock();
        if let Err(e) = out.write_fmt(line).and_then(|()| out.write_all(b"\n")) {
            let _ = STDOUT_ERROR.set(e);
        }
    }
}

/// click's usage error for a path argument or option that does not exist, which the reference
/// checks before anything else.
fn missing_path(verb: &Verb) -> Option<String> {
    let (name, paths): (&str, Vec<(&str, &Path)>) = match verb {
        Verb::Create(create) => (
            "create",
            std::iter::once(("ROOT_PATH", create.root_path.as_path()))
                .chain(
                    create
                        .single_file
                        .iter()
                        .map(|p| ("'--single_file' / '-sf'", p.as_path())),
                )
                .chain(
                    create
                        .ignore_spec
                        .iter()
                        .map(|p| ("'--ignore_spec' / '-ii'", p.as_path())),
                )
                .collect(),
        ),
        Verb::Diff {
            root_path,
            ignore_spec,
            ..
        } => (
            "diff",
            std::iter::once(("ROOT_PATH", root_path.as_path()))
                .chain(
                    ignore_spec
                        .iter()
                        .map(|p| ("'--ignore_spec' / '-ii'", p.as_path())),
                )
                .collect(),
        ),
        Verb::Info {
            root_path,
            single_file,
            ..
        } => (
            "info",
            root_path
                .iter()
                .map(|p| ("'[ROOT_PATH]'", p.as_path()))
                .chain(
                    single_file
                        .iter()
                        .map(|p| ("'--single_file' / '-sf'", p.as_path())),
                )
                .collect(),
        ),
    };
    let (option, path) = paths.into_iter().find(|(_, p)| !p.exists())?;
    let option = if option == "ROOT_PATH" {
        "'ROOT_PATH'"
    } else {
        option
    };
    let usage = if name == "info" {
        "[ROOT_PATH]"
    } else {
        "ROOT_PATH"
    };
    Some(format!(
        "Usage: ascmhl {name} [OPTIONS] {usage}\nTry 'ascmhl {name} --help' for help.\n\n\
         Error: Invalid value for {option}: Path '{}' does not exist.\n",
        path.display()
    ))
}

/// The path as the reference shows it: joined to the working directory when relative, as
/// given otherwise (`/data/./card` stays so).
fn absolute(path: &Path) -> Result<PathBuf, Failure> {
    if !path.exists() {
        return Err(Failure::Io(format!(
            "Path '{}' does not exist.",
            path.display()
        )));
    }
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    std::env::current_dir()
        .map(|cwd| cwd.join(path))
        .map_err(|e| Failure::Io(format!("the working directory: {e}")))
}

/// This machine's name, as the reference records it (`platform.node()`).
fn hostname() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .or_else(|| std::env::var("COMPUTERNAME").ok())
        .unwrap_or_else(|| "localhost".to_owned())
}
