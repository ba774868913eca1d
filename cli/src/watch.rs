//! The command's observer of the library's reads: it moves the progress bar and warns, once a
//! run, of a thread the system refused.

use std::io;
use std::path::Path;
use std::sync::Once;

use indicatif::ProgressBar;
use iohash::ReadObserver;

/// Watches the library read files: each byte hashed moves the bar, if there is one, and a
/// refused thread is one warning on stderr.
#[derive(Clone, Copy, Default)]
pub struct Watch<'a> {
    pub bar: Option<&'a ProgressBar>,
}

impl ReadObserver for Watch<'_> {
    fn progress(&mut self, bytes: u64) {
        if let Some(bar) = self.bar {
            bar.inc(bytes);
        }
    }

    fn thread_refused(&mut self, asked: usize, started: usize, error: &io::Error) {
        warn_refused_thread(asked, started, error);
    }
}

/// Says on stderr that the system refused a thread and that the work goes on with `working`
/// of the `asked` threads: slower, but the same output. Said once a run, however many reads
/// come short, so a long list of directories gives one line, not one each.
fn warn_refused_thread(asked: usize, working: usize, error: &io::Error) {
    static SAID: Once = Once::new();
    SAID.call_once(|| {
        let program = std::env::args_os()
            .next()
            .and_then(|argv0| {
                let name = Path::new(&argv0)
                    .file_name()?
                    .to_string_lossy()
                    .into_owned();
                Some(name)
            })
            .unwrap_or_else(|| "iohash".to_owned());
        let threads = if working == 1 { "thread" } else { "threads" };
        eprintln!(
            "{program}: warning: the system refused a thread ({}); going on with {working} \
             {threads} of the {asked} asked for",
            crate::input::describe(error)
        );
    });
}
