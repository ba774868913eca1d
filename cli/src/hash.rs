//! Hash mode: one checksum line per input, in argument order (directory trees, with `-r`, in
//! byte order of their paths), hashed in parallel.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use indicatif::ProgressBar;
use iohash::cloud::S3Composite;
use iohash::{
    hash_files, Algorithm, AnyHasher, DynHasher, FileRead, HashValue, NonCryptographicHasher,
};

use crate::input::{describe, FileList, Input};
use crate::output::LineFormat;
use crate::progress;
use crate::tree::{self, Found, TreeOptions};
use crate::watch::Watch;

pub struct HashOptions {
    pub algorithm: Algorithm,
    /// A new hasher of `algorithm` with the seed, cloned for each input (a catalogue CRC's
    /// engine takes tens of microseconds to build).
    pub hasher: AnyHasher,
    /// `--part-size` with CRC-32 or CRC-32C: S3's composite checksum instead of the CRC.
    pub s3_composite: Option<S3Composite>,
    /// `--offset` and `--length`: hash that range of each file.
    pub range: Option<Range>,
    /// Run through an xxhsum link: errors in xxhsum's words (`Error: Could not open 'NAME':
    /// ...`).
    pub xxhsum_words: bool,
    pub format: LineFormat,
    /// `-j`; `None`: one per CPU.
    pub threads: Option<usize>,
    /// Whether a progress bar may be shown (stderr is a terminal, not --quiet or --status).
    pub progress: bool,
    /// `--drop-cache`: each file's pages leave the page cache once it is hashed.
    pub drop_cache: bool,
    /// `-r`: directories are walked (`None`: a directory is an error, as in xxhsum).
    pub trees: Option<TreeOptions>,
}

/// `--offset` and `--length`: the bytes of each file to hash.
#[derive(Clone, Copy, Debug)]
pub struct Range {
    pub offset: u64,
    /// `None`: to the end of the file.
    pub length: Option<u64>,
}

impl Range {
    /// `read` limited to the range: the library checks it against the file, with its words.
    pub fn of<'a>(range: Option<&Self>, read: FileRead<'a>) -> FileRead<'a> {
        match range {
            Some(range) => read.range(range.offset, range.length),
            None => read,
        }
    }
}

/// An input that could not be opened (as opposed to read): xxhsum words the two apart.
#[derive(Debug)]
struct CouldNotOpen(io::Error);

impl std::fmt::Display for CouldNotOpen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for CouldNotOpen {}

/// Writes `message` on stderr, around the progress bar if there is one.
fn say(bar: Option<&ProgressBar>, message: &[u8]) {
    let say = || io::stderr().write_all(message);
    let _ = match bar {
        Some(bar) => bar.suspend(say),
        None => say(),
    };
}

/// The parts of S3's composite checksum of one file.
#[derive(Clone, Copy)]
struct Parts {
    count: u64,
    /// Whether S3 takes an upload in such parts (`S3Composite::is_uploadable`).
    uploadable: bool,
}

/// One thing to do, in output order.
enum Job {
    Hash(Input),
    /// A special file in a tree: a warning.
    Skip(PathBuf),
    /// What a walk could not read: an error.
    Fail(String),
}

/// Prints a checksum line for every input, then for every name of `list` (read as it is
/// hashed), an error on stderr for each that fails; `false` if any failed.
pub fn run(
    program: &str,
    inputs: Vec<Input>,
    list: Option<FileList>,
    options: &HashOptions,
) -> bool {
    let bar = match (options.progress, &list) {
        (false, _) => None,
        (true, None) => progress::bar(Some(inputs.iter().map(Input::len_hint).sum())),
        (true, Some(_)) => progress::bar(None),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut ok = true;
    let mut write_error = None;
    let list = list.into_iter().flatten();
    let jobs = inputs.into_iter().map(Ok).chain(list).flat_map(
        |input| -> Box<dyn Iterator<Item = Job> + Send + '_> {
            match (input, &options.trees) {
                (Err(message), _) => Box::new(std::iter::once(Job::Fail(message))),
                (Ok(Input::Path(root)), Some(trees)) if root.is_dir() => {
                    Box::new(tree::walk(root, trees).map(|found| match found {
                        Found::File(path) => Job::Hash(Input::Path(path)),
                        Found::Special(path) => Job::Skip(path),
                        Found::Error(message) => Job::Fail(message),
                    }))
                }
                (Ok(input), _) => Box::new(std::iter::once(Job::Hash(input))),
            }
        },
    );
    // A large file hashed alone is read on `-j` threads while this one hashes it in order,
    // whatever the algorithm (the library reads a small one on this thread); files hashed
    // side by side take a thread each.
    let mut watch = Watch { bar: bar.as_ref() };
    // The run ends early only by `done`'s Break: a `Watch` never fails its check.
    let _ = hash_files(
        jobs,
        options.threads.unwrap_or(0),
        &mut watch,
        |job, mut reading| {
            let Job::Hash(input) = job else {
                return Ok(None);
            };
            let file = input
                .open()
                .map_err(|e| io::Error::new(e.kind(), CouldNotOpen(e)))?;
            let mut hash_into = |hasher: &mut dyn DynHasher, file: File| {
                let read = Range::of(options.range.as_ref(), FileRead::file(&file));
                reading.read(read).append_to(hasher)?;
                if options.drop_cache && options.range.is_none() {
                    crate::advice::drop_pages(&file);
                }
                Ok::<_, io::Error>(())
            };
            if let Some(s3) = &options.s3_composite {
                let mut s3 = s3.clone();
                hash_into(&mut s3, file)?;
                let parts = Parts {
                    count: s3.parts(),
                    uploadable: s3.is_uploadable(),
                };
                let checksum = HashValue::from_be_bytes(&s3.checksum().to_be_bytes());
                return Ok(checksum.map(|checksum| (checksum, Some(parts))));
            }
            let mut hasher = options.hasher.clone();
            hash_into(&mut hasher, file)?;
            Ok::<_, io::Error>(Some((hasher.current_hash(), None)))
        },
        |job, result| {
            let (input, result) = match (job, result) {
                (Job::Hash(input), result) => (input, result),
                (Job::Skip(path), _) => {
                    let _ = out.flush();
                    let path = path.to_string_lossy();
                    let message = format!("{program}: {path}: not a regular file, skipped\n");
                    say(bar.as_ref(), message.as_bytes());
                    return ControlFlow::Continue(());
                }
                (Job::Fail(message), _) => {
                    ok = false;
                    let _ = out.flush();
                    say(bar.as_ref(), format!("{program}: {message}\n").as_bytes());
                    return ControlFlow::Continue(());
                }
            };
            let name = input.display_name();
            // A file's job always gives a hash; only skipped and failed jobs give none.
            let result = result.and_then(|hash| hash.ok_or_else(|| io::Error::other("no hash")));
            match result {
                Ok((hash, parts)) => {
                    if let Some(Parts {
                        count,
                        uploadable: false,
                    }) = parts
                    {
                        let _ = out.flush();
                        let message = [
                            format!("{program}: warning: ").as_bytes(),
                            &name,
                            format!(
                                ": S3 takes no upload of these {count} parts (at most 10,000, \
                                 each of 5 MiB to 5 GiB but the last): choose another \
                                 --part-size\n"
                            )
                            .as_bytes(),
                        ]
                        .concat();
                        say(bar.as_ref(), &message);
                    }
                    let parts = parts.map(|parts| parts.count);
                    let line = options.format.line(options.algorithm, hash, parts, &name);
                    // With a bar on the terminal, each line goes out at once, around the bar.
                    let written = match &bar {
                        Some(bar) => {
                            bar.suspend(|| out.write_all(&line).and_then(|()| out.flush()))
                        }
                        None => out.write_all(&line),
                    };
                    if let Err(e) = written {
                        write_error.get_or_insert(e);
                    }
                }
                Err(e) => {
                    ok = false;
                    let _ = out.flush();
                    // The name's own bytes, as in the checksum lines.
                    let could_not_open = e.get_ref().and_then(|e| e.downcast_ref::<CouldNotOpen>());
                    let message = match could_not_open {
                        Some(CouldNotOpen(e)) if options.xxhsum_words => [
                            &b"Error: Could not open '"[..],
                            &name,
                            // xxhsum ends the line with a space.
                            format!("': {}. \n", describe(e)).as_bytes(),
                        ]
                        .concat(),
                        _ => [
                            format!("{program}: ").as_bytes(),
                            &name,
                            format!(": {}\n", describe(could_not_open.map_or(&e, |o| &o.0)))
                                .as_bytes(),
                        ]
                        .concat(),
                    };
                    say(bar.as_ref(), &message);
                }
            }
            // Output that cannot be written ends the run: the rest would be lost.
            match write_error {
                None => ControlFlow::Continue(()),
                Some(_) => ControlFlow::Break(()),
            }
        },
    );
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let flushed = out.flush();
    if let Some(e) = write_error.or(flushed.err()) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("{program}: standard output: {}", describe(&e));
        }
        return false;
    }
    ok
}
