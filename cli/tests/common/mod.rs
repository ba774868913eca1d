//! What the command's test files share: the splitmix64 bytes of the golden files' inputs and
//! the ASC MHL test tree.

use std::fs;
use std::path::Path;

/// `len` bytes of splitmix64 words from `seed`, little-endian: the files of
/// `tests/data/cloud_golden.txt` and `cli/tests/data/mhl_tree.txt` (as `tests/data/splitmix.py`
/// and `Rng::bytes` in the library's `src/testing.rs` make them).
pub fn splitmix_bytes(mut state: u64, len: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        out.extend_from_slice(&(z ^ (z >> 31)).to_le_bytes());
    }
    out.truncate(len);
    out
}

/// The tree of `cli/tests/data/mhl_tree.txt` at `root`, whose ASC MHL hashes the reference
/// recorded (`cli/tests/data/mhl_golden.txt`, `cli/tests/data/ascmhl/`).
pub fn build_mhl_tree(root: &Path) {
    let spec = include_str!("../data/mhl_tree.txt");
    for line in spec
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        if let Some(path) = line.strip_prefix("d ") {
            fs::create_dir_all(root.join(path)).unwrap();
            continue;
        }
        let f: Vec<&str> = line.splitn(4, ' ').collect();
        let path = root.join(f[3]);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(
            path,
            splitmix_bytes(f[2].parse().unwrap(), f[1].parse().unwrap()),
        )
        .unwrap();
    }
}

/// A resource limit for one child process, as `ulimit` sets it in a shell.
#[cfg(unix)]
#[allow(dead_code)] // Not every test file limits its children.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// `ulimit -v`: the address space, in bytes; threads beyond a few find no room for their
    /// stacks.
    AddressSpace(libc::rlim_t),
    /// `ulimit -u`: the processes and threads the child's real user may have, its own and
    /// every other. It does not hold for root: run the command as another user (`setpriv`).
    Processes(libc::rlim_t),
    /// `ulimit -f`: the largest file the child may write, in bytes, with `SIGXFSZ` ignored so
    /// that a write past it fails with `EFBIG`, as a write to a full disk fails.
    FileSize(libc::rlim_t),
}

/// Runs `command` under `limit`, killed if it has not ended after `timeout`, and returns what
/// it wrote and its status.
#[cfg(unix)]
#[allow(dead_code, unsafe_code)]
pub fn run_limited(
    command: &mut std::process::Command,
    limit: Limit,
    timeout: std::time::Duration,
) -> std::process::Output {
    use std::io::{Read, Seek};
    use std::os::unix::process::CommandExt;
    let set_limit = move || {
        let (resource, value) = match limit {
            Limit::AddressSpace(bytes) => (libc::RLIMIT_AS, bytes),
            Limit::Processes(count) => (libc::RLIMIT_NPROC, count),
            Limit::FileSize(bytes) => {
                // SAFETY: `signal` is async-signal-safe, so it may run between fork and exec;
                // ignoring a signal touches no memory of this process.
                if unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) } == libc::SIG_ERR {
                    return Err(std::io::Error::last_os_error());
                }
                (libc::RLIMIT_FSIZE, bytes)
            }
        };
        let rlimit = libc::rlimit {
            rlim_cur: value,
            rlim_max: value,
        };
        // SAFETY: `setrlimit` is async-signal-safe, and reads only `rlimit`, on this stack.
        if unsafe { libc::setrlimit(resource, &rlimit) } != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(())
    };
    // SAFETY: the closure calls only async-signal-safe functions and allocates nothing, as
    // code between fork and exec must.
    unsafe { command.pre_exec(set_limit) };
    // Files, not pipes: a child that hangs is killed without a reader thread to join.
    let mut stdout = tempfile::tempfile().unwrap();
    let mut stderr = tempfile::tempfile().unwrap();
    let mut child = command
        .stdin(std::process::Stdio::null())
        .stdout(stdout.try_clone().unwrap())
        .stderr(stderr.try_clone().unwrap())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} still ran after {timeout:?} under {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let read = |file: &mut fs::File| {
        let mut bytes = Vec::new();
        file.rewind().unwrap();
        file.read_to_end(&mut bytes).unwrap();
        bytes
    };
    std::process::Output {
        status,
        stdout: read(&mut stdout),
        stderr: read(&mut stderr),
    }
}
