//! `--tree`: one line per directory argument, whose hash is its ASC MHL root hash (content, or
//! with `--structure` structure), as the reference `ascmhl` records it for the directory
//! (`crate::mhl::tree`); `-c` checks a line of a directory back.

use std::io::{self, Write};
use std::path::Path;

use iohash::{Algorithm, HashValue};

use crate::input::{describe, path_bytes};
use crate::mhl::tree::hash_tree;
use crate::output::LineFormat;

pub struct TreeHashOptions {
    pub algorithm: Algorithm,
    pub format: LineFormat,
    /// `--structure`: the structure hash, not the content hash.
    pub structure: bool,
    /// `-j`; `None`: one per CPU.
    pub threads: Option<usize>,
}

/// Whether ASC MHL has `algorithm` (the xxHash family), which `--tree` needs.
pub fn supported(algorithm: Algorithm) -> bool {
    matches!(
        algorithm,
        Algorithm::Xxh32 | Algorithm::Xxh64 | Algorithm::Xxh3 | Algorithm::Xxh128
    )
}

/// A directory's two ASC MHL root hashes, as the algorithm's integers, and what was left out.
pub struct RootHashes {
    pub content: HashValue,
    pub structure: HashValue,
    /// What ASC MHL cannot record (a FIFO, a dangling link, ...), each with why.
    pub left_out: Vec<String>,
}

/// The directory's ASC MHL root hashes (from one walk: `-c` takes either).
pub fn root_hashes(dir: &Path, algorithm: Algorithm, threads: usize) -> io::Result<RootHashes> {
    let tree = hash_tree(dir, algorithm, threads)?;
    let root = tree.root();
    // The xxHash family's canonical bytes are big-endian: the integer's.
    let integer = |bytes: &[u8]| {
        HashValue::from_be_bytes(bytes).ok_or_else(|| io::Error::other("a root hash of no bytes"))
    };
    Ok(RootHashes {
        content: integer(&root.content)?,
        structure: integer(&root.structure)?,
        left_out: tree.left_out,
    })
}

/// Prints a line for every directory; an error on stderr for each that fails; `false` if any
/// failed.
pub fn run(program: &str, dirs: &[&Path], options: &TreeHashOptions) -> bool {
    let mut out = io::stdout().lock();
    let mut ok = true;
    for dir in dirs {
        let name = path_bytes(dir);
        let result = if dir.is_dir() {
            root_hashes(dir, options.algorithm, options.threads.unwrap_or(0)).map(|hashes| {
                for message in &hashes.left_out {
                    eprintln!("{program}: {message}, left out");
                }
                if options.structure {
                    hashes.structure
                } else {
                    hashes.content
                }
            })
        } else {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a directory (--tree hashes directories)",
            ))
        };
        match result {
            Ok(hash) => {
                let line = options.format.line(options.algorithm, hash, None, &name);
                if let Err(e) = out.write_all(&line).and_then(|()| out.flush()) {
                    if e.kind() != io::ErrorKind::BrokenPipe {
                        eprintln!("{program}: standard output: {}", describe(&e));
                    }
                    return false;
                }
            }
            Err(e) => {
                ok = false;
                let message = [
                    format!("{program}: ").as_bytes(),
                    &name,
                    format!(": {}\n", describe(&e)).as_bytes(),
                ]
                .concat();
                let _ = io::stderr().write_all(&message);
            }
        }
    }
    ok
}
