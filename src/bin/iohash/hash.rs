//! Hash mode: one checksum line per input, in argument order, hashed in parallel.

use std::io::{self, BufWriter, Write};

use iohash::Algorithm;

use crate::input::{describe, Input};
use crate::ordered::{for_each_ordered, threads_for};
use crate::output::LineFormat;
use crate::progress::{self, ProgressSink};

pub struct HashOptions {
    pub algorithm: Algorithm,
    pub seed: u64,
    pub format: LineFormat,
    /// `-j`; `None`: one per CPU.
    pub threads: Option<usize>,
    /// Whether a progress bar may be shown (stderr is a terminal, not --quiet or --status).
    pub progress: bool,
}

/// Prints a checksum line for every input, an error on stderr for each that fails; `false` if
/// any failed.
pub fn run(program: &str, inputs: &[Input], options: &HashOptions) -> bool {
    let bar = if options.progress {
        progress::bar(inputs.iter().map(Input::len_hint).sum())
    } else {
        None
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut ok = true;
    let mut write_error = None;
    for_each_ordered(
        inputs.iter(),
        threads_for(options.threads, inputs.len()),
        |input| {
            let mut hasher = options.algorithm.hasher(options.seed);
            let mut sink = ProgressSink {
                hasher: &mut hasher,
                bar: bar.as_ref(),
            };
            iohash::append_open_file(&mut sink, input.open()?)?;
            Ok::<_, io::Error>(hasher.current_hash())
        },
        |input, result| {
            let name = input.display_name();
            match result {
                Ok(hash) => {
                    let line = options.format.line(options.algorithm, hash, &name);
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
                    let name = String::from_utf8_lossy(&name);
                    let message = format!("{program}: {name}: {}", describe(&e));
                    match &bar {
                        Some(bar) => bar.suspend(|| eprintln!("{message}")),
                        None => eprintln!("{message}"),
                    }
                }
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
