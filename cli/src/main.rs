//! `iohash`: a faster drop-in for `xxhsum`, with CRCs, parallel hashing and a progress bar.
//!
//! Invoked through a link named `xxhsum`, `xxh32sum`, `xxh64sum`, `xxh128sum` or `xxh3sum`, it
//! takes that command's default algorithm (and `-c` accepts only that algorithm's lines where
//! the C tool does), so it can stand in for `xxhsum` on a `PATH`.

// On Linux with glibc the process starts in `start`'s `main`, the C runtime's.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

mod advice;
mod algorithm_arg;
mod bench;
mod check;
mod glob;
mod hash;
mod input;
mod mhl;
mod output;
mod progress;
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
mod start;
mod stdout_at_start;
mod sumfile;
mod tree;
mod tree_hash;
mod walk;
mod watch;

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::num::NonZeroU64;
use std::path::PathBuf;

use clap::{CommandFactory, Parser};
use iohash::{Algorithm, Crc64Variant};

use input::Input;
use sumfile::LineStyle;

/// A size in bytes, or with a binary unit: `8MiB`, `8M` and `8MB` are 8 × 2^20.
fn parse_size(text: &str) -> Result<NonZeroU64, String> {
    NonZeroU64::new(parse_bytes(text)?).ok_or_else(|| format!("'{text}' is not a size above 0"))
}

/// `-B#`: the benchmark's sample size, below 4 GiB as xxhsum reads it (a 32-bit number), with
/// xxhsum's words for a larger one.
fn parse_sample_len(text: &str) -> Result<usize, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("not a size: expected a whole number of bytes".to_owned());
    }
    text.parse::<u32>()
        .ok()
        .and_then(|len| usize::try_from(len).ok())
        .ok_or_else(|| {
            "numeric value too large (the sample is at most 4294967295 bytes)".to_owned()
        })
}

/// `--offset` and `--length`: a size that may be 0 (`0`, `0KiB`).
///
/// Anything but digits and letters after them (` 5`, `1.5`, `-5`) is not a size at all, and
/// says what one is; only letters that are no unit (`5X`) are an unknown unit.
fn parse_bytes(text: &str) -> Result<u64, String> {
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    if number.is_empty() || !unit.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(
            "not a size: expected a whole number of bytes, with an optional unit such as 4K \
             or 1MiB"
                .to_owned(),
        );
    }
    let shift = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => {
            return Err(format!(
                "unknown unit '{unit}' (bytes, KiB, MiB, GiB or TiB)"
            ))
        }
    };
    // Only digits are left: what does not parse is too large.
    number
        .parse::<u64>()
        .ok()
        .and_then(|number| number.checked_mul(1 << shift))
        .ok_or_else(|| format!("'{text}' does not fit 64 bits"))
}

/// How hash lines are written, from `--tag`, `--little-endian`, `-z`, `--no-names` and
/// `--base64` (which `--part-size` implies: S3 shows base64).
fn line_format(args: &Args) -> output::LineFormat {
    output::LineFormat {
        style: if args.tag {
            LineStyle::Bsd
        } else {
            LineStyle::Gnu
        },
        little_endian: args.little_endian,
        zero: args.zero,
        no_names: args.no_names,
        base64: args.base64 || args.part_size.is_some(),
    }
}

/// How `-r` and `-c --audit` walk a tree: `--exclude`'s patterns, links followed or not.
fn tree_options(exclude: &[OsString], follow_links: bool) -> Result<tree::TreeOptions, String> {
    Ok(tree::TreeOptions {
        follow_links,
        exclude: exclude
            .iter()
            .map(glob::Glob::new)
            .collect::<Result<_, _>>()?,
    })
}

/// Print or check xxHash and CRC checksums, as xxhsum does, faster.
///
/// With no FILE, or when FILE is -, read standard input.
#[derive(Parser, Debug, Default)]
#[command(name = "iohash", version, disable_version_flag = true)]
struct Args {
    // The help lists the library's table of algorithms (`algorithm_arg::help`).
    // Given twice, the last wins, as in xxhsum (wrappers append their own -H).
    #[arg(short = 'H', value_name = "ALGORITHM", value_parser = algorithm_arg::parse, help = algorithm_arg::help(), overrides_with = "algorithm")]
    algorithm: Option<Algorithm>,

    /// Read checksums from the FILEs and check them
    #[arg(short = 'c', long)]
    check: bool,

    /// Write BSD-style lines: TAG (NAME) = HASH
    #[arg(long)]
    tag: bool,

    /// Write (and read) hashes as little-endian hex
    #[arg(long)]
    little_endian: bool,

    /// Seed for the xxHash algorithms, decimal; -c needs the same seed
    #[arg(short = 's', long, value_name = "SEED")]
    seed: Option<u64>,

    /// The FILEs are lists of the names of the files to hash, one a line (- or none: standard
    /// input), as in xxhsum 0.8.3; --files-from=LIST names one more. Also --filelist
    #[arg(long = "files-from", alias = "filelist", value_name = "LIST", num_args = 0..=1, require_equals = true)]
    files_from: Option<Option<PathBuf>>,

    /// With --files-from: names are NUL-separated (as find -print0 writes them)
    #[arg(short = '0', long = "null", requires = "files_from")]
    null: bool,

    /// End each line with NUL instead of newline, and write names as they are (not escaped);
    /// with -c, read such lines
    #[arg(short = 'z', long = "zero")]
    zero: bool,

    /// Print the hash alone on each line, without the name
    #[arg(long, conflicts_with = "check")]
    no_names: bool,

    /// Print the hash's bytes in base64 (big-endian; little-endian with --little-endian), as
    /// S3 and GCS show their CRCs (and Azure its CRC64, little-endian)
    #[arg(long, conflicts_with = "check")]
    base64: bool,

    /// S3's checksum of a multipart upload in parts of SIZE bytes (or KiB, MiB, GiB, TiB; K, M,
    /// G, T and KB, MB, GB, TB mean the same, as in the AWS CLI): with CRC-32 and CRC-32C its
    /// composite checksum, base64-N; with CRC-64/NVME the whole file's (S3's full-object type).
    /// With -c, the part size composite lines are checked with
    #[arg(long, value_name = "SIZE", value_parser = parse_size, conflicts_with = "little_endian")]
    part_size: Option<NonZeroU64>,

    /// Hash each file from byte N (bytes, or KiB, MiB, ... as --part-size); with -c, check
    /// that range
    #[arg(long, value_name = "N", value_parser = parse_bytes)]
    offset: Option<u64>,

    /// Hash N bytes of each file (from --offset; to the end without it); a range past the end
    /// of a file is an error naming its length
    #[arg(long, value_name = "N", value_parser = parse_bytes)]
    length: Option<u64>,

    /// Accepted and ignored: files are always read, never memory-mapped
    #[arg(long, hide = true)]
    no_mmap: bool,

    /// Drop each file's pages from the page cache once it is hashed (Linux), so that hashing
    /// a tree larger than memory leaves the cache to other programs
    #[arg(long, conflicts_with = "check")]
    drop_cache: bool,

    /// With --part-size and CRC-32 or CRC-32C: the full-object checksum (the whole file's CRC,
    /// S3's FULL_OBJECT type), not the composite
    #[arg(long, requires = "part_size", conflicts_with = "check")]
    full_object: bool,

    /// Hash this many files at once, or read one large file on this many threads [default: the
    /// number of CPUs]
    #[arg(short = 'j', long = "threads", value_name = "N")]
    threads: Option<usize>,

    /// With -c: do not print OK for each file that matches
    #[arg(short = 'q', long, action = clap::ArgAction::Count)]
    quiet: u8,

    /// With -c: print nothing; the exit code tells
    #[arg(long)]
    status: bool,

    /// With -c: fail on improperly formatted lines
    #[arg(long)]
    strict: bool,

    /// With -c: warn about improperly formatted lines
    #[arg(short = 'w', long)]
    warn: bool,

    /// With -c: do not fail or report for missing files
    #[arg(long)]
    ignore_missing: bool,

    /// Measure each algorithm's speed on this machine (on the FILEs' contents if given, else a
    /// 100 KiB sample); -b# (--bench-id) only the benchmark numbered #, as xxhsum numbers them
    /// (1 XXH32, 3 XXH64, 5 XXH3, 11 XXH128, each plus one unaligned; 0 the aligned ones),
    /// -b1,2,3 several; -i# rounds (0: one short round); -B# the sample's size
    #[arg(short = 'b', long, overrides_with = "bench")]
    bench: bool,

    /// With -b: only the benchmarks numbered N (see -b)
    #[arg(long, value_name = "N", value_delimiter = ',', hide = true)]
    bench_id: Vec<u32>,

    /// With -b: every benchmark, unaligned ones too (xxhsum's --benchmark-all)
    #[arg(long, alias = "benchmark-all", hide = true)]
    bench_all: bool,

    /// With -b: rounds per algorithm, the best counts (xxhsum's -i#; 0: one short round)
    /// [default: 3]
    #[arg(long, value_name = "N", hide = true)]
    bench_rounds: Option<u32>,

    /// With -b and no FILE: the made-up sample's size in bytes (xxhsum's -B#) [default: 102400]
    #[arg(long, value_name = "N", hide = true, value_parser = parse_sample_len)]
    bench_sample: Option<usize>,

    /// Print every algorithm -H takes, with its names, and exit
    #[arg(long, exclusive = true)]
    list: bool,

    /// Ignored: files are always read as binary (accepted for xxhsum compatibility)
    #[arg(long, hide = true)]
    binary: bool,

    /// Print version
    #[arg(short = 'V', long, action = clap::ArgAction::Version)]
    version: (),

    /// Hash every regular file under each directory FILE, in byte order of their paths
    #[arg(short = 'r', long, conflicts_with = "check")]
    recursive: bool,

    /// Print one line per directory FILE: its ASC MHL root hash (the content hash the reference
    /// ascmhl records for it: the hash of its files' hashes, sorted; xxh32, xxh64, xxh3 or
    /// xxh128). -c checks such a line back
    #[arg(long, conflicts_with_all = ["check", "recursive", "part_size", "offset", "length"])]
    tree: bool,

    /// With --tree: the ASC MHL structure hash instead (which also covers every name under
    /// the directory)
    #[arg(long, requires = "tree")]
    structure: bool,

    /// Make a new generation of each directory FILE's ASC MHL history (its `ascmhl` folder),
    /// as the reference's `ascmhl create DIR` does: every file hashed (in parallel) and
    /// compared with earlier generations, directory hashes, missing files reported (exit 10),
    /// mismatches (exit 11). Hashes with -H's xxh64, xxh3 or xxh128 (default: xxh128, ASC
    /// MHL's). Run through a link named `ascmhl` for create, diff and info with the
    /// reference's options
    #[arg(long, conflicts_with_all = ["check", "recursive", "tree", "part_size", "offset", "length"])]
    mhl: bool,

    /// With -r: follow symbolic links (loops are reported, not followed)
    #[arg(short = 'L', long = "dereference", requires = "recursive")]
    follow_links: bool,

    /// With -r (or -c --audit): leave out files and directories whose name, or path under the
    /// directory given, matches GLOB (*, ?, [...]); repeatable
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<OsString>,

    /// With -c: also report, as NEW, every file under the list's directory (the deepest one
    /// holding every file it names) that the list does not name; any is a failure
    #[arg(long, requires = "check")]
    audit: bool,

    /// Print the completion script for SHELL (bash, zsh, fish, powershell, elvish) and exit
    #[arg(long, value_name = "SHELL", exclusive = true)]
    completions: Option<clap_complete::Shell>,

    /// Print the man page (roff, for man -l) and exit
    #[arg(long, exclusive = true)]
    man: bool,

    /// Files to hash, or checksum files to check with -c
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
}

/// How the binary behaves under the name it was invoked by.
struct Personality {
    /// For messages: `iohash: NAME: error`.
    name: String,
    default_algorithm: Algorithm,
    /// `xxh64sum -c` reads only XXH64 lines.
    only: Option<Algorithm>,
    /// Run through a link named like xxhsum: its messages in its words.
    xxhsum_words: bool,
}

impl Personality {
    fn from_argv0(argv0: Option<OsString>) -> Personality {
        let name = argv0
            .map(PathBuf::from)
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "iohash".to_owned());
        let single = [
            ("xxh32sum", Algorithm::Xxh32),
            ("xxh64sum", Algorithm::Xxh64),
            ("xxh128sum", Algorithm::Xxh128),
            ("xxh3sum", Algorithm::Xxh3),
        ]
        .into_iter()
        .find(|(link, _)| name.contains(link))
        .map(|(_, algorithm)| algorithm);
        let default_algorithm = match single {
            Some(algorithm) => algorithm,
            None if name.contains("xxhsum") => Algorithm::Xxh64,
            None => Algorithm::Xxh3,
        };
        Personality {
            xxhsum_words: name.contains("xxh"),
            name,
            default_algorithm,
            only: single,
        }
    }
}

/// xxhsum's benchmark options in one word, as xxhsum reads them (`-b`, `-b5`, `-b1,2,3`,
/// `-bi0`, `-i0`, `-B4096`, `-bq`), as the long options clap reads; `None` for any other word.
fn bench_cluster(arg: &OsString) -> Option<Vec<OsString>> {
    let mut rest = arg.to_str()?.strip_prefix('-')?.as_bytes();
    if !rest.starts_with(b"b") && !rest.starts_with(b"i") && !rest.starts_with(b"B") {
        return None;
    }
    let mut long = Vec::new();
    while let Some((&flag, tail)) = rest.split_first() {
        let end = tail
            .iter()
            .position(|&b| !(b.is_ascii_digit() || (flag == b'b' && b == b',')))
            .unwrap_or(tail.len());
        let (value, tail) = tail.split_at(end);
        let value = std::str::from_utf8(value).ok()?;
        // As xxhsum: a number left out is 0 (`-bi0` is `-b0 -i0`).
        let number = if value.is_empty() { "0" } else { value };
        match flag {
            b'b' => long.extend(["--bench".to_owned(), format!("--bench-id={number}")]),
            b'i' => long.push(format!("--bench-rounds={number}")),
            b'B' => long.push(format!("--bench-sample={number}")),
            b'q' if value.is_empty() => long.push("-q".to_owned()),
            _ => return None,
        }
        rest = tail;
    }
    Some(long.into_iter().map(OsString::from).collect())
}

/// xxhsum's short forms that clap does not read: a bare `-H` (not followed by a number) is
/// `-H0`, XXH32, and the next word a file, as xxhsum reads it (when that word names no
/// algorithm and is a file: `-H xxh3 FILE` keeps taking `xxh3`, `-H crc32x` is an unknown
/// algorithm); the benchmark's options, alone or together in one word (`bench_cluster`).
fn xxhsum_short_forms(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut args: Vec<OsString> = args.collect();
    let mut i = 1;
    while i < args.len() {
        if args[i] == "--" {
            break;
        }
        if let Some(long) = bench_cluster(&args[i]) {
            let added = long.len();
            args.splice(i..=i, long);
            i += added;
            continue;
        }
        if args[i] == "-H" {
            // A word that is a file (or `-`, standard input), or none: xxhsum's bare -H. A
            // word that is neither an algorithm nor a file stays -H's, so that a misspelt
            // algorithm is reported as one.
            let next_is_input = match args.get(i + 1) {
                None => true,
                Some(next) => {
                    let names_algorithm = next
                        .to_str()
                        .is_some_and(|n| algorithm_arg::parse(n).is_ok());
                    !names_algorithm && (next == "-" || std::path::Path::new(next).exists())
                }
            };
            if next_is_input {
                args[i] = OsString::from("-H0");
            }
        }
        i += 1;
    }
    args
}

/// The common call, `[-H ALGORITHM] FILE...`, read without clap: building clap's parser costs
/// more than hashing a small file, and scripts run the command once per file. Any other word
/// (another option, `--`, a name starting with `-` but `-`) gives `None`, and clap reads the
/// whole line, so both readings agree wherever this one answers (a test holds them together).
fn plain_args(words: &[OsString]) -> Option<Args> {
    let mut args = Args::default();
    let mut words = words.iter().skip(1);
    while let Some(word) = words.next() {
        let bytes = word.as_encoded_bytes();
        if bytes == b"-H" {
            let name = words.next()?.to_str()?;
            if name.starts_with('-') {
                return None;
            }
            args.algorithm = Some(algorithm_arg::parse(name).ok()?);
        } else if let Some(name) = bytes.strip_prefix(b"-H") {
            let name = std::str::from_utf8(name).ok()?;
            if name.starts_with('=') {
                return None;
            }
            args.algorithm = Some(algorithm_arg::parse(name).ok()?);
        } else if bytes == b"-" || !(bytes.is_empty() || bytes.starts_with(b"-")) {
            args.files.push(word.clone());
        } else {
            return None;
        }
    }
    Some(args)
}

/// Rust's `main` where `start` does not stand in for it.
#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(command())
}

/// The command; its exit status.
fn command() -> u8 {
    let words: Vec<OsString> = std::env::args_os().collect();
    let personality = Personality::from_argv0(words.first().cloned());
    // Lines written to a closed standard output would be lost: refused, as coreutils refuse
    // it, unless nothing is to be written (`-c --status`).
    let closed_stdout = || {
        eprintln!("{}: standard output: Bad file descriptor", personality.name);
        1
    };
    if personality.name.starts_with("ascmhl") {
        if stdout_at_start::was_closed() {
            return closed_stdout();
        }
        return mhl::main(words.into_iter());
    }
    // Through an xxhsum link, -V says which xxhsum it stands in for, on stderr as xxhsum does
    // (a script that reads the version sees 0.8.3), and that it is iohash.
    let asks_version = words
        .iter()
        .skip(1)
        .take_while(|&arg| arg != "--")
        .any(|arg| arg == "-V" || arg == "--version");
    if personality.xxhsum_words && asks_version {
        eprintln!(
            "{} 0.8.3 (iohash {}, a drop-in for xxhsum 0.8.3 by Yann Collet)",
            personality.name,
            env!("CARGO_PKG_VERSION")
        );
        return 0;
    }
    let parsed = match plain_args(&words) {
        Some(args) => Ok(args),
        None => Args::try_parse_from(xxhsum_short_forms(words.into_iter())),
    };
    let args = match parsed {
        Ok(args) => args,
        Err(e) if !e.use_stderr() && stdout_at_start::was_closed() => return closed_stdout(),
        Err(e) => {
            // xxhsum exits 1 on bad usage; help and version are not errors, unless they
            // cannot be written.
            if let (false, Err(e)) = (e.use_stderr(), e.print()) {
                eprintln!(
                    "{}: standard output: {}",
                    personality.name,
                    input::describe(&e)
                );
                return 1;
            }
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    if stdout_at_start::was_closed() && !(args.check && args.status) {
        return closed_stdout();
    }
    match run(&personality, args) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(message) => {
            eprintln!("{}: {message}", personality.name);
            1
        }
    }
}

/// Runs the command; `Ok(false)` when some file failed (already reported), `Err` for bad usage.
fn run(personality: &Personality, args: Args) -> Result<bool, String> {
    let to_stdout = |bytes: &[u8]| {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)
            .and_then(|()| out.flush())
            .map(|()| true)
            .map_err(|e| format!("standard output: {}", input::describe(&e)))
    };
    if let Some(shell) = args.completions {
        // Made in memory first: clap_complete panics on a write error.
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Args::command(), "iohash", &mut script);
        return to_stdout(&script);
    }
    if args.list {
        return to_stdout(algorithm_arg::list().as_bytes());
    }
    if args.man {
        let mut page = Vec::new();
        // clap_mangen's own synopsis lists every option without its value (`[-H ]`); the
        // usage line says what a reader needs, and OPTIONS below gives each value's name.
        let command = Args::command().override_usage("iohash [OPTIONS] [FILE]...");
        clap_mangen::Man::new(command)
            .render(&mut page)
            .map_err(|e| format!("the man page: {e}"))?;
        return to_stdout(&page);
    }
    if !args.exclude.is_empty() && !args.recursive && !args.audit {
        return Err("--exclude needs -r or -c --audit".to_owned());
    }
    let algorithm = args.algorithm.unwrap_or(personality.default_algorithm);
    let seed = args.seed.unwrap_or(0);
    if args.seed.is_some() && !algorithm.takes_seed() && !args.check {
        return Err(format!("{algorithm} takes no seed"));
    }
    if algorithm == Algorithm::Xxh32 && seed > u64::from(u32::MAX) {
        return Err(format!("seed {seed} does not fit XXH32's 32 bits"));
    }
    let range = match (args.offset, args.length) {
        (Some(offset), Some(length)) if offset.checked_add(length).is_none() => {
            return Err(format!(
                "--offset {offset} and --length {length} end past byte 2^64 - 1"
            ))
        }
        (None, None) => None,
        (offset, length) => Some(hash::Range {
            offset: offset.unwrap_or(0),
            length,
        }),
    };
    // S3's checksums of a multipart upload: the composite of CRC-32 and CRC-32C's parts, or the
    // whole file's CRC (CRC-64/NVME's only form, and CRC-32's with --full-object).
    let s3_composite = match (args.part_size, algorithm) {
        (Some(_), _) if args.check => None,
        (Some(size), Algorithm::Crc32(variant)) if !args.full_object => {
            Some(iohash::cloud::S3Composite::new(variant, size))
        }
        (None, _) | (_, Algorithm::Crc32(_) | Algorithm::Crc64(Crc64Variant::Nvme)) => None,
        (Some(_), other) => {
            return Err(format!(
                "--part-size: S3 checksums multipart uploads with CRC-32, CRC-32C or \
                 CRC-64/NVME (-H crc32, crc32c, crc64nvme), not {other}"
            ))
        }
    };
    // The CPUs are counted only when there are several inputs (see `iohash::hash_files`).
    let threads = match args.threads {
        Some(0) => return Err("--threads must be at least 1".to_owned()),
        requested => requested,
    };
    if args.bench || !args.bench_id.is_empty() || args.bench_all {
        // The FILEs are the samples, as with xxhsum -b FILE.
        let samples = args
            .files
            .iter()
            .map(|name| {
                let path = PathBuf::from(name);
                std::fs::read(&path)
                    .map(|bytes| (path.display().to_string(), bytes))
                    .map_err(|e| format!("{}: {}", path.display(), input::describe(&e)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let choice = bench::Choice {
            ids: args.bench_id,
            all: args.bench_all,
            rounds: args.bench_rounds.unwrap_or(3),
            sample_len: args.bench_sample,
        };
        bench::run(&choice, &samples)?;
        return Ok(true);
    }

    let format = line_format(&args);
    let mut inputs: Vec<Input> = Vec::new();
    let mut list = None;
    if let Some(named) = args.files_from {
        let mut lists: Vec<PathBuf> = named
            .into_iter()
            .chain(args.files.into_iter().map(PathBuf::from))
            .collect();
        if lists.is_empty() {
            if std::io::stdin().is_terminal() {
                return Err(
                    "--files-from: no LIST given and standard input is a terminal \
                            (use - to read it)"
                        .into(),
                );
            }
            lists.push(PathBuf::from("-"));
        }
        let separator = if args.null { b'\0' } else { b'\n' };
        let names = input::FileList::new(lists, separator);
        // Hash mode reads the lists as it hashes; the others take their few names at once.
        if args.tree || args.mhl || args.check {
            inputs.extend(names.collect::<Result<Vec<_>, _>>()?);
        } else {
            list = Some(names);
        }
    } else {
        inputs.extend(args.files.into_iter().map(Input::from_arg));
    }
    if inputs.is_empty() && list.is_none() {
        if std::io::stdin().is_terminal() {
            return Err("no FILE given and standard input is a terminal (use - to read it)".into());
        }
        inputs.push(Input::Stdin);
    }

    if args.tree {
        if !tree_hash::supported(algorithm) {
            return Err(format!(
                "--tree: ASC MHL hashes with xxh32, xxh64, xxh3 or xxh128, not {algorithm}"
            ));
        }
        let dirs: Vec<&std::path::Path> = inputs
            .iter()
            .map(|input| match input {
                Input::Path(path) => Ok(path.as_path()),
                Input::Stdin => Err("--tree: standard input is no directory".to_owned()),
            })
            .collect::<Result<_, _>>()?;
        let options = tree_hash::TreeHashOptions {
            algorithm,
            format,
            structure: args.structure,
            threads,
        };
        return Ok(tree_hash::run(&personality.name, &dirs, &options));
    }
    if args.mhl {
        return mhl_generations(args.algorithm, &inputs, threads);
    }
    if args.check {
        let options = check::CheckOptions {
            seed,
            little_endian: args.little_endian,
            only: personality.only,
            untagged: args.algorithm,
            quiet: args.quiet > 0,
            status: args.status,
            strict: args.strict,
            warn: args.warn,
            ignore_missing: args.ignore_missing,
            threads,
            zero: args.zero,
            part_size: args.part_size,
            range,
            xxhsum_words: personality.xxhsum_words,
            // The audit walks as -r does without -L.
            audit: if args.audit {
                Some(tree_options(&args.exclude, false)?)
            } else {
                None
            },
        };
        Ok(check::run(&personality.name, &inputs, &options))
    } else {
        let options = hash::HashOptions {
            algorithm,
            hasher: algorithm.hasher(seed),
            s3_composite,
            range,
            xxhsum_words: personality.xxhsum_words,
            format,
            threads,
            drop_cache: args.drop_cache,
            progress: args.quiet == 0 && !args.status && std::io::stderr().is_terminal(),
            trees: if args.recursive {
                Some(tree_options(&args.exclude, args.follow_links)?)
            } else {
                None
            },
        };
        Ok(hash::run(&personality.name, inputs, list, &options))
    }
}

/// `--mhl DIR...`: a new generation of each directory's history, reported as `ascmhl create`
/// reports it; the first failure's exit code is the command's.
fn mhl_generations(
    algorithm: Option<Algorithm>,
    inputs: &[Input],
    threads: Option<usize>,
) -> Result<bool, String> {
    let formats = match algorithm {
        None => Vec::new(),
        Some(algorithm) => vec![mhl::Format::of(algorithm).ok_or_else(|| {
            format!("--mhl: ASC MHL records xxh128, xxh3 or xxh64 (-H), not {algorithm}")
        })?],
    };
    let mut options = mhl::CreateOptions {
        formats,
        threads,
        ..mhl::CreateOptions::default()
    };
    let mut status = 0;
    for input in inputs {
        let Input::Path(dir) = input else {
            return Err("--mhl: standard input is no directory".to_owned());
        };
        options.root = dir.clone();
        if let Err(failure) = mhl::create(&options) {
            eprintln!("Error: {}: {failure}", dir.display());
            if status == 0 {
                status = failure.exit_code();
            }
        }
    }
    match status {
        0 => Ok(true),
        code => std::process::exit(i32::from(code)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn sizes_are_whole_numbers_with_a_unit_and_anything_else_says_so() {
        assert_eq!(parse_bytes("0"), Ok(0));
        assert_eq!(parse_bytes("4K"), Ok(4096));
        assert_eq!(parse_bytes("1MiB"), Ok(1 << 20));
        assert_eq!(parse_bytes("2gb"), Ok(2 << 30));
        for text in [" 5", "5 ", "1.5", "-5", "+5", "", "K", "1,5", "5 K"] {
            let error = parse_bytes(text).unwrap_err();
            assert!(
                error.starts_with("not a size: expected a whole number of bytes"),
                "{text:?}: {error}"
            );
        }
        assert!(parse_bytes("5X")
            .unwrap_err()
            .starts_with("unknown unit 'X'"));
        assert!(parse_bytes("99999999999999999999")
            .unwrap_err()
            .contains("does not fit"));
        assert!(parse_bytes("16777216T")
            .unwrap_err()
            .contains("does not fit"));
        assert!(parse_size("0K").unwrap_err().contains("above 0"));
    }

    fn words(line: &[&str]) -> Vec<OsString> {
        std::iter::once("iohash")
            .chain(line.iter().copied())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn the_plain_reading_agrees_with_clap() {
        let plain = [
            &[][..],
            &["a"],
            &["-"],
            &["-H3", "a", "b"],
            &["-H", "xxh128", "a"],
            &["a", "-H", "crc32c", "b", "-H0"],
            &["-Hcrc-32/iscsi", "-H", "2", "a"],
            &["-H1", "-H", "CRC-64/NVME"],
            &["a b", "-", "./-x"],
        ];
        for line in plain {
            let ours = plain_args(&words(line)).expect("a plain line");
            let clap = Args::try_parse_from(xxhsum_short_forms(words(line).into_iter()))
                .expect("clap reads it");
            assert_eq!(format!("{ours:?}"), format!("{clap:?}"), "{line:?}");
        }
        // Anything else is left to clap, which may read it otherwise or refuse it.
        let other = [
            &["-c", "a"][..],
            &["-H"],
            &["a", "-H"],
            &["-H", "-1"],
            &["-H", "nope", "a"],
            &["-Hnope", "a"],
            &["-H=3", "a"],
            &["--", "-H3"],
            &["-x"],
            &["--tag", "a"],
            &[""],
            &["-q", "a"],
        ];
        for line in other {
            assert!(plain_args(&words(line)).is_none(), "{line:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn the_plain_reading_takes_names_that_are_not_utf8() {
        use std::os::unix::ffi::OsStringExt;
        let mut line = words(&["-H3"]);
        line.push(OsString::from_vec(b"caf\xe9".to_vec()));
        let ours = plain_args(&line).expect("a plain line");
        let clap = Args::try_parse_from(xxhsum_short_forms(line.into_iter())).expect("clap");
        assert_eq!(format!("{ours:?}"), format!("{clap:?}"));
    }
}
