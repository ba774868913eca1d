//! The `iohash` binary against the real `xxhsum` 0.8.3 (Debian trixie's `xxhash` package, which
//! `.ci/xxhsum-0.8.3` installs), and on every kind of bad input.
//!
//! What xxhsum prints is committed under `cli/tests/data/xxhsum/` (`cli/tests/data/gen_xxhsum_golden.sh`
//! rewrites it), so these tests pass on a machine with only Rust. Where `xxhsum` is installed it
//! is also run live and must still print the committed bytes; the tests that need it live (it
//! checking what iohash writes) print one line and skip where it is missing, unless
//! `IOHASH_REQUIRE_XXHSUM=1` (which `.ci/run` sets) turns the skip into a failure.
//!
//! Unix only: the cases use non-UTF-8 names, FIFOs, symlinks, `setpriv` and `script`.
#![cfg(unix)]

use std::ffi::OsStr;
use std::fs;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

mod common;
use common::{build_mhl_tree, splitmix_bytes};

const IOHASH: &str = env!("CARGO_BIN_EXE_iohash");

fn iohash(dir: &Path, args: &[&OsStr]) -> Output {
    run(Command::new(IOHASH).current_dir(dir).args(args), None).unwrap()
}

/// Runs `command`, feeding it `stdin` if given.
fn run(command: &mut Command, stdin: Option<&[u8]>) -> std::io::Result<Output> {
    let mut child = command
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input)?;
    }
    child.wait_with_output()
}

/// Whether `xxhsum` can be run here. With `IOHASH_REQUIRE_XXHSUM=1` (set by `.ci/run`) a
/// missing `xxhsum` fails the test instead.
fn xxhsum_installed() -> bool {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // The golden outputs are 0.8.3's; 0.8.1 (Debian bookworm's) writes -H3 lines otherwise.
    let installed = *INSTALLED.get_or_init(|| {
        Command::new("xxhsum")
            .arg("-V")
            .output()
            .is_ok_and(|out| out.stderr.starts_with(b"xxhsum 0.8.3 "))
    });
    if !installed && std::env::var_os("IOHASH_REQUIRE_XXHSUM").is_some_and(|v| v == "1") {
        panic!("IOHASH_REQUIRE_XXHSUM=1 but xxhsum 0.8.3 is not first on PATH (.ci/xxhsum-0.8.3)");
    }
    installed
}

/// Prints one line saying what is skipped for want of `xxhsum`, straight to the process's
/// stderr (the test harness captures `eprintln!`).
fn say_skipped(what: &str) {
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {what} (xxhsum 0.8.3 not first on PATH; .ci/xxhsum-0.8.3 installs it)"
    );
}

/// What `xxhsum ARGS` printed (stdout and exit code) when run in `dir`, read from
/// `tests/data/xxhsum/NAME.{stdout,status}`. Where xxhsum is installed it is run too and must
/// print the same; with `IOHASH_REGENERATE_GOLDEN=1` its output replaces the committed files.
fn xxhsum_golden(name: &str, dir: &Path, args: &[&OsStr], stdin: Option<&[u8]>) -> (Vec<u8>, i32) {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/xxhsum");
    let (stdout_path, status_path) = (
        golden.join(format!("{name}.stdout")),
        golden.join(format!("{name}.status")),
    );
    let live = if xxhsum_installed() {
        let out = run(Command::new("xxhsum").current_dir(dir).args(args), stdin).unwrap();
        Some((
            out.stdout,
            out.status.code().expect("xxhsum exited normally"),
        ))
    } else {
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| say_skipped("live xxhsum runs beside the golden outputs"));
        None
    };
    if std::env::var_os("IOHASH_REGENERATE_GOLDEN").is_some_and(|v| v == "1") {
        let (stdout, code) = live.expect("regenerating golden outputs needs xxhsum");
        fs::create_dir_all(&golden).unwrap();
        fs::write(&stdout_path, &stdout).unwrap();
        fs::write(&status_path, format!("{code}\n")).unwrap();
        return (stdout, code);
    }
    let read = |path: &Path| {
        fs::read(path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (cli/tests/data/gen_xxhsum_golden.sh makes it)",
                path.display()
            )
        })
    };
    let stdout = read(&stdout_path);
    let code = String::from_utf8(read(&status_path))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    if let Some(live) = live {
        assert_eq!(
            live,
            (stdout.clone(), code),
            "xxhsum no longer prints tests/data/xxhsum/{name}.*: run cli/tests/data/gen_xxhsum_golden.sh"
        );
    }
    (stdout, code)
}

/// Arguments as `OsStr`s, from anything string-like.
macro_rules! args {
    ($($a:expr),* $(,)?) => { &[$(OsStr::new($a)),*] };
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Succeeded or not, and never a panic.
fn assert_status(output: &Output, ok: bool) {
    let err = stderr(output);
    assert!(!err.contains("panicked"), "iohash panicked: {err}");
    assert_eq!(
        output.status.success(),
        ok,
        "status {:?}, stderr: {err}",
        output.status
    );
    if !ok {
        assert_eq!(output.status.code(), Some(1), "stderr: {err}");
    }
}

/// Files of many sizes (around XXH3's 240-byte and 1 KiB block edges, xxhsum's 64 KiB reads)
/// and awkward names, all of which xxhsum prints unescaped.
fn sample_files(dir: &Path) -> Vec<PathBuf> {
    let sizes = [
        0usize, 1, 3, 16, 17, 128, 129, 240, 241, 1024, 1025, 65_535, 65_536, 300_001,
    ];
    let names = [
        "plain.bin",
        "with space.bin",
        "-leading-dash",
        "paren (1) = x",
        "ünïcödé.txt",
        "tab\there",
        "sum*star",
        "#hash",
        "a  b",
    ];
    let mut paths = Vec::new();
    for (i, size) in sizes.iter().enumerate() {
        let name = format!("{}-{size}", names[i % names.len()]);
        let data: Vec<u8> = (0..*size).map(|j| (j * 31 + i * 7) as u8).collect();
        fs::write(dir.join(&name), data).unwrap();
        paths.push(PathBuf::from(name));
    }
    let non_utf8 = PathBuf::from(OsStr::from_bytes(b"latin1-\xe9t\xe9"));
    fs::write(dir.join(&non_utf8), b"bytes").unwrap();
    paths.push(non_utf8);
    paths
}

#[test]
fn lines_are_byte_for_byte_those_of_xxhsum() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_files(dir.path());
    for flags in LINE_FLAGS {
        let (theirs, code) = xxhsum_lines(dir.path(), &files, flags);
        assert_eq!(code, 0);
        let ours = iohash(dir.path(), &with_files(flags, &files));
        assert_status(&ours, true);
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs),
            "flags {flags:?}"
        );
        assert_eq!(ours.stdout, theirs, "flags {flags:?}");
    }
}

/// The flag sets whose output lines are compared with xxhsum's.
const LINE_FLAGS: [&[&str]; 13] = [
    &["-H3"],
    &["-H0"],
    &["-H1"],
    &["-H2"],
    &["-H32"],
    &["-H64"],
    &["-H128"],
    &["--tag", "-H3"],
    &["--tag", "-H0"],
    &["--tag", "-H1"],
    &["--tag", "-H2"],
    &["--little-endian", "--tag", "-H2"],
    &["--little-endian", "-H1"],
];

/// `flags -- FILES...` as arguments.
fn with_files<'a>(flags: &'a [&'a str], files: &'a [PathBuf]) -> Vec<&'a OsStr> {
    let mut args: Vec<&OsStr> = flags.iter().map(OsStr::new).collect();
    args.push(OsStr::new("--"));
    args.extend(files.iter().map(|f| f.as_os_str()));
    args
}

/// What `xxhsum FLAGS -- FILES` prints for the sample files (golden, and live where installed).
fn xxhsum_lines(dir: &Path, files: &[PathBuf], flags: &[&str]) -> (Vec<u8>, i32) {
    let name = format!("lines{}", flags.concat());
    xxhsum_golden(&name, dir, &with_files(flags, files), None)
}

#[test]
fn stdin_is_hashed_and_named_as_xxhsum_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = [42u8; 100_000];
    for flags in [&["-H1"][..], &["-H1", "-"][..], &["-H0", "-"][..]] {
        let args: Vec<&OsStr> = flags.iter().map(OsStr::new).collect();
        let ours = run(Command::new(IOHASH).args(&args), Some(&input)).unwrap();
        let name = format!("stdin{}", flags.concat());
        let (theirs, _) = xxhsum_golden(&name, dir.path(), &args, Some(&input));
        assert_eq!(ours.stdout, theirs, "{args:?}");
        assert!(ours.stdout.ends_with(b"  stdin\n"));
    }
}

#[test]
fn xxhsum_checks_what_iohash_writes() {
    if !xxhsum_installed() {
        return say_skipped("xxhsum_checks_what_iohash_writes");
    }
    let dir = tempfile::tempdir().unwrap();
    let files = sample_files(dir.path());
    // GNU lines and BSD lines for all four.
    for flags in [
        &["-H0"][..],
        &["-H1"],
        &["-H2"],
        &["-H3"],
        &["--tag", "-H0"],
        &["--tag", "-H1"],
        &["--tag", "-H2"],
        &["--tag", "-H3"],
    ] {
        let sums = iohash(dir.path(), &with_files(flags, &files));
        assert_status(&sums, true);
        fs::write(dir.path().join("sums.txt"), &sums.stdout).unwrap();
        let check = run(
            Command::new("xxhsum")
                .current_dir(dir.path())
                .args(["-c", "sums.txt"]),
            None,
        )
        .unwrap();
        assert_status(&check, true);
        let ok_lines = check
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| l.ends_with(b": OK"))
            .count();
        assert_eq!(
            ok_lines,
            files.len(),
            "flags {flags:?}: {}",
            String::from_utf8_lossy(&check.stdout)
        );
    }
}

#[test]
fn iohash_checks_what_xxhsum_writes() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_files(dir.path());
    for flags in [
        &["-H0"][..],
        &["-H1"],
        &["-H2"],
        &["-H3"],
        &["--tag", "-H1"],
        &["--tag", "--little-endian", "-H2"],
    ] {
        let (sums, _) = xxhsum_lines(dir.path(), &files, flags);
        // CRLF line ends and comments read too.
        let mut list = b"# written by xxhsum\r\n".to_vec();
        for line in sums.split_inclusive(|&b| b == b'\n') {
            list.extend_from_slice(&line[..line.len() - 1]);
            list.extend_from_slice(b"\r\n");
        }
        fs::write(dir.path().join("sums.txt"), &list).unwrap();
        let ours = iohash(dir.path(), args!["-c", "sums.txt"]);
        assert_status(&ours, true);
        let ok_lines = ours
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| l.ends_with(b": OK"))
            .count();
        assert_eq!(
            ok_lines,
            files.len(),
            "{flags:?}: {}",
            String::from_utf8_lossy(&ours.stdout)
        );
    }
}

#[test]
fn check_reports_like_xxhsum() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("good"), b"good").unwrap();
    fs::write(dir.path().join("bad"), b"bad").unwrap();
    let mut list = format!(
        "{:016x}  good\n{:016x}  bad\n",
        iohash::XxHash64::hash(b"good"),
        iohash::XxHash64::hash(b"bad")
    )
    .into_bytes();
    list.extend_from_slice(b"0000000000000000  missing\nnot a checksum line\n");
    fs::write(dir.path().join("sums.txt"), &list).unwrap();
    fs::write(dir.path().join("bad"), b"changed").unwrap();
    for flags in [&[][..], &["-q"][..], &["--status"][..], &["--strict"][..]] {
        let mut args: Vec<&OsStr> = flags.iter().map(OsStr::new).collect();
        args.extend(args!["-c", "sums.txt"]);
        let ours = iohash(dir.path(), &args);
        let name = format!("check{}", flags.concat());
        let (theirs, code) = xxhsum_golden(&name, dir.path(), &args, None);
        assert_status(&ours, false);
        assert_eq!(ours.status.code(), Some(code), "{flags:?}");
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs),
            "{flags:?}"
        );
    }
    let warn = iohash(dir.path(), args!["-c", "-w", "sums.txt"]);
    assert!(
        stderr(&warn).contains("sums.txt:4: Error: Improperly formatted checksum line"),
        "{}",
        stderr(&warn)
    );

    // --ignore-missing: the missing file is neither an error nor reported.
    fs::write(dir.path().join("bad"), b"bad").unwrap();
    let ours = iohash(dir.path(), args!["-c", "--ignore-missing", "sums.txt"]);
    assert_status(&ours, true);
    assert!(!String::from_utf8_lossy(&ours.stdout).contains("missing"));
    fs::write(
        dir.path().join("only-missing.txt"),
        b"0000000000000000  missing\n",
    )
    .unwrap();
    let ours = iohash(
        dir.path(),
        args!["-c", "--ignore-missing", "only-missing.txt"],
    );
    assert_status(&ours, false);
    assert!(
        String::from_utf8_lossy(&ours.stdout).contains("only-missing.txt: no file was verified")
    );
}

#[test]
fn escaped_names_round_trip_through_check() {
    let dir = tempfile::tempdir().unwrap();
    let names = ["back\\slash", "new\nline", "carriage\rreturn"];
    for name in names {
        fs::write(dir.path().join(name), name).unwrap();
    }
    for flags in [
        &["-H0"][..],
        &["-H3"],
        &["--tag", "-H2"],
        &["-H", "crc64"],
        &["--tag", "-H", "crc32c"],
    ] {
        let mut args: Vec<&OsStr> = flags.iter().map(OsStr::new).collect();
        args.extend(names.iter().map(OsStr::new));
        let sums = iohash(dir.path(), &args);
        assert_status(&sums, true);
        assert!(
            sums.stdout.starts_with(b"\\"),
            "escaped lines start with a backslash"
        );
        fs::write(dir.path().join("sums.txt"), &sums.stdout).unwrap();
        // GNU lines carry no tag: an untagged CRC-64 line is read as one when -H says so.
        let check = if flags == ["-H", "crc64"] {
            iohash(dir.path(), args!["-c", "-H", "crc64", "sums.txt"])
        } else {
            iohash(dir.path(), args!["-c", "sums.txt"])
        };
        assert_status(&check, true);
        assert_eq!(
            check
                .stdout
                .split(|&b| b == b'\n')
                .filter(|l| l.ends_with(b": OK"))
                .count(),
            3,
            "{flags:?}"
        );
    }
}

#[test]
fn crc_and_adler32_lines_are_tagged_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("check"), b"123456789").unwrap();
    let expected = [
        ("crc32", "CRC32 (check) = cbf43926\n"),
        ("crc32c", "CRC32C (check) = e3069283\n"),
        ("crc64", "CRC64 (check) = 6c40df5f0b497347\n"),
        ("crc64nvme", "CRC64NVME (check) = ae8b14860a799888\n"),
        ("crc64xz", "CRC64XZ (check) = 995dc9bbdf1939fa\n"),
        // zlib.adler32(b"123456789"), as RFC 1950 defines it.
        ("adler32", "ADLER32 (check) = 091e01de\n"),
    ];
    let mut all = Vec::new();
    for (algorithm, line) in expected {
        let out = iohash(dir.path(), args!["--tag", "-H", algorithm, "check"]);
        assert_status(&out, true);
        assert_eq!(String::from_utf8_lossy(&out.stdout), line);
        all.extend_from_slice(&out.stdout);
    }
    fs::write(dir.path().join("sums.txt"), &all).unwrap();
    let check = iohash(dir.path(), args!["-c", "sums.txt"]);
    assert_status(&check, true);
    assert_eq!(check.stdout, b"check: OK\n".repeat(6));
    let seeded = iohash(dir.path(), args!["-H", "crc32", "--seed", "1", "check"]);
    assert_status(&seeded, false);
    assert!(stderr(&seeded).contains("CRC32 takes no seed"));
}

#[test]
fn quickxor_lines_are_what_rclone_and_microsoft_graph_show() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("hw"), b"hello world").unwrap();
    // `rclone hashsum quickxor` (hex) and `--base64` (Graph's quickXorHash) of "hello world".
    let hex = "6828031bd8f00610dce10d726b03190000000000";
    let graph = "aCgDG9jwBhDc4Q1yawMZAAAAAAA=";
    let mut all = Vec::new();
    for (flag, line) in [
        ("--binary", format!("QUICKXOR_{hex}  hw\n")),
        ("--tag", format!("QUICKXOR (hw) = {hex}\n")),
        ("--base64", format!("QUICKXOR_{graph}  hw\n")),
    ] {
        let out = iohash(dir.path(), args!["-H", "quickxor", flag, "hw"]);
        assert_status(&out, true);
        assert_eq!(String::from_utf8_lossy(&out.stdout), line);
        all.extend_from_slice(&out.stdout);
    }
    fs::write(dir.path().join("sums.txt"), &all).unwrap();
    let check = iohash(dir.path(), args!["-c", "sums.txt"]);
    assert_status(&check, true);
    assert_eq!(check.stdout, b"hw: OK\n".repeat(3));
    fs::write(dir.path().join("hw"), b"hello worle").unwrap();
    let changed = iohash(dir.path(), args!["-c", "sums.txt"]);
    assert_status(&changed, false);
}

#[test]
fn every_crc_of_the_catalogue_hashes_lists_and_checks_by_its_name() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("check"), b"123456789").unwrap();
    let list = iohash(dir.path(), args!["--list"]);
    assert_status(&list, true);
    let list = String::from_utf8(list.stdout).unwrap();
    assert!(
        list.starts_with("XXH32      XXH32              -H 0, 32\n"),
        "{list}"
    );
    let mut sums = Vec::new();
    for params in iohash::crc_catalogue::ALL {
        let name = params.name().unwrap();
        // The built-in five are listed (and tagged) by their short tags.
        let algorithm: iohash::Algorithm = name.parse().unwrap();
        let tag = algorithm.tag();
        assert!(list
            .lines()
            .any(|line| line.split_whitespace().any(|word| word == name)));
        let hex = format!("{:0w$x}", params.check(), w = 2 * params.hash_len());
        let gnu = iohash(dir.path(), args!["-H", &name.to_lowercase(), "check"]);
        assert_status(&gnu, true);
        assert_eq!(
            String::from_utf8_lossy(&gnu.stdout),
            format!("{tag}_{hex}  check\n")
        );
        let bsd = iohash(dir.path(), args!["--tag", "-H", name, "check"]);
        assert_status(&bsd, true);
        assert_eq!(
            String::from_utf8_lossy(&bsd.stdout),
            format!("{tag} (check) = {hex}\n")
        );
        sums.extend_from_slice(&gnu.stdout);
        sums.extend_from_slice(&bsd.stdout);
    }
    fs::write(dir.path().join("sums.txt"), &sums).unwrap();
    let check = iohash(dir.path(), args!["-c", "sums.txt"]);
    assert_status(&check, true);
    assert_eq!(
        check.stdout,
        b"check: OK\n".repeat(2 * iohash::crc_catalogue::ALL.len())
    );
    // A wrong CRC-16/ARC is caught.
    fs::write(dir.path().join("bad.txt"), b"CRC-16/ARC (check) = bb3e\n").unwrap();
    let bad = iohash(dir.path(), args!["-c", "bad.txt"]);
    assert_status(&bad, false);
    assert!(bad.stdout.starts_with(b"check: FAILED\n"));
    let unknown = iohash(dir.path(), args!["-H", "CRC-16/NOPE", "check"]);
    assert_status(&unknown, false);
    assert!(
        stderr(&unknown).contains("CRC-16/ARC"),
        "{}",
        stderr(&unknown)
    );
}

#[test]
fn the_catalogues_aliases_name_their_sets_in_h_list_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("check"), b"123456789").unwrap();
    let list = iohash(dir.path(), args!["--list"]);
    assert_status(&list, true);
    let list = String::from_utf8(list.stdout).unwrap();
    // Each set's line holds its aliases; a built-in set's, its tag's line.
    let line_of = |name: &str| {
        list.lines()
            .find(|line| line.split_whitespace().any(|word| word == name))
            .unwrap_or_else(|| panic!("no line for {name}:\n{list}"))
            .to_owned()
    };
    for &(alias, params) in iohash::crc_catalogue::ALIASES {
        let line = line_of(params.name().unwrap());
        assert!(
            line.split([' ', ',']).any(|word| word == alias),
            "{alias} not on {line}"
        );
    }
    assert!(line_of("CRC-32/ISO-HDLC").starts_with("CRC32 "));
    // `-H` takes them in any case; the lines name the set as its own name does.
    for (alias, line) in [
        ("crc-32", "CRC32_cbf43926  check\n"),
        ("PKZIP", "CRC32_cbf43926  check\n"),
        ("CRC-32C", "CRC32C_e3069283  check\n"),
        ("x-25", "CRC-16/IBM-SDLC_906e  check\n"),
        ("modbus", "CRC-16/MODBUS_4b37  check\n"),
    ] {
        let out = iohash(dir.path(), args!["-H", alias, "check"]);
        assert_status(&out, true);
        assert_eq!(String::from_utf8_lossy(&out.stdout), line, "{alias}");
    }
    // A BSD line tagged with an alias is checked as its set.
    fs::write(
        dir.path().join("sums.txt"),
        b"PKZIP (check) = cbf43926\nKERMIT (check) = 2189\nkermit (check) = 2188\n",
    )
    .unwrap();
    let check = iohash(dir.path(), args!["-c", "sums.txt"]);
    assert_status(&check, false);
    assert!(
        check
            .stdout
            .starts_with(b"check: OK\ncheck: OK\ncheck: FAILED\n"),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
}

#[test]
fn s3_and_azure_forms_print_what_the_clouds_code_computes_and_check_back() {
    // Written by tests/data/gen_cloud_golden.py with awscrt and azure-storage-extensions.
    let golden = include_str!("../../tests/data/cloud_golden.txt");
    let dir = tempfile::tempdir().unwrap();
    let mut list = Vec::new();
    for line in golden.lines().filter(|line| !line.starts_with('#')) {
        let f: Vec<&str> = line.split(' ').collect();
        let name = format!("f{}", f[0]);
        let data = splitmix_bytes(f[0].parse().unwrap(), f[1].parse().unwrap());
        fs::write(dir.path().join(&name), data).unwrap();
        let part_size = f[2];
        let run = |args: &[&str]| {
            let mut all: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
            all.push(OsStr::new(&name));
            let out = iohash(dir.path(), &all);
            assert_status(&out, true);
            String::from_utf8(out.stdout).unwrap()
        };
        let composite = run(&["-H", "crc32c", "--part-size", part_size]);
        assert_eq!(composite, format!("CRC32C_{}  {name}\n", f[4]));
        list.extend_from_slice(composite.as_bytes());
        let composite = run(&["-H", "crc32", "--part-size", part_size, "--tag"]);
        assert_eq!(composite, format!("CRC32 ({name}) = {}\n", f[3]));
        list.extend_from_slice(composite.as_bytes());
        let full = run(&[
            "-H",
            "crc32c",
            "--part-size",
            part_size,
            "--full-object",
            "--no-names",
        ]);
        assert_eq!(full, format!("{}\n", f[6]));
        let nvme = run(&["-H", "crc64nvme", "--part-size", "8MiB", "--no-names"]);
        assert_eq!(nvme, format!("{}\n", f[7]));
        let azure = run(&[
            "-H",
            "crc64nvme",
            "--base64",
            "--little-endian",
            "--no-names",
        ]);
        assert_eq!(azure, format!("{}\n", f[8]));
    }
    // Composite lines check with the part size they were made with, and fail with another.
    fs::write(dir.path().join("list"), &list).unwrap();
    let lines = list.iter().filter(|&&b| b == b'\n').count();
    let check = |part_size: &str| {
        let mut ok = 0;
        for line in golden.lines().filter(|line| !line.starts_with('#')) {
            let f: Vec<&str> = line.split(' ').collect();
            let sums = format!("CRC32C_{}  f{}\n", f[4], f[0]);
            fs::write(dir.path().join("one"), sums).unwrap();
            let size = if part_size.is_empty() {
                f[2]
            } else {
                part_size
            };
            let out = iohash(dir.path(), args!["-c", "--part-size", size, "one"]);
            ok += usize::from(out.status.success());
        }
        ok
    };
    assert_eq!(check(""), lines / 2);
    // A part size that cuts the files elsewhere (but the one-part files, which any size
    // larger than them leaves whole).
    assert!(check("3") < lines / 2);
    let without = iohash(dir.path(), args!["-c", "list"]);
    assert_status(&without, false);
    assert!(String::from_utf8_lossy(&without.stdout).contains("--part-size"));
}

#[test]
fn a_part_size_s3_cannot_take_is_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("small"), [1; 3000]).unwrap();
    let warned = |part_size: &str| {
        let out = iohash(
            dir.path(),
            args!["-H", "crc32c", "--part-size", part_size, "small"],
        );
        assert_status(&out, true);
        stderr(&out)
    };
    // Three parts of 1 KiB: S3's parts (but the last) are 5 MiB at least.
    let message = warned("1KiB");
    assert!(
        message.contains("small: S3 takes no upload of these 3 parts"),
        "{message}"
    );
    // One part, shorter than the part size, is any upload's.
    assert_eq!(warned("4KiB"), "");
    assert_eq!(warned("5MiB"), "");
}

#[test]
fn tree_lines_are_the_reference_ascmhl_root_hashes_and_check_back() {
    // The tree of cli/tests/data/mhl_tree.txt, whose hashes the reference recorded in
    // cli/tests/data/mhl_golden.txt (gen_mhl_golden.py).
    let golden = include_str!("data/mhl_golden.txt");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("tree");
    build_mhl_tree(&root);
    for (algorithm, tag) in [("xxh64", ""), ("xxh3", "XXH3_"), ("xxh128", "")] {
        let expected: Vec<&str> = golden
            .lines()
            .find(|l| l.starts_with(&format!("{algorithm}\t.\t")))
            .unwrap()
            .split('\t')
            .collect();
        let content = iohash(dir.path(), args!["--tree", "-H", algorithm, "tree"]);
        assert_status(&content, true);
        assert_eq!(
            content.stdout,
            format!("{tag}{}  tree\n", expected[2]).as_bytes()
        );
        let structure = iohash(
            dir.path(),
            args!["--tree", "--structure", "-H", algorithm, "tree"],
        );
        assert_eq!(
            structure.stdout,
            format!("{tag}{}  tree\n", expected[3]).as_bytes()
        );
        fs::write(dir.path().join("sums"), &content.stdout).unwrap();
        let check = iohash(dir.path(), args!["-c", "sums"]);
        assert_status(&check, true);
        assert_eq!(check.stdout, b"tree: OK\n");
    }
    // A structure line checks too, and a line naming a directory says how it was checked.
    let structure = iohash(
        dir.path(),
        args!["--tree", "--structure", "-H", "xxh3", "tree"],
    );
    fs::write(dir.path().join("structure"), &structure.stdout).unwrap();
    let check = iohash(dir.path(), args!["-c", "structure"]);
    assert_status(&check, true);
    assert_eq!(check.stdout, b"tree: OK\n");
    assert!(
        stderr(&check).contains("structure:1: tree is a directory: checked as --tree hashes it"),
        "{}",
        stderr(&check)
    );
    // What ASC MHL cannot record is left out with a warning, as -r skips it: the hashes stand.
    std::os::unix::fs::symlink("nowhere", root.join("dangling")).unwrap();
    std::os::unix::fs::symlink("self", root.join("A001/self")).unwrap();
    assert!(Command::new("mkfifo")
        .arg(root.join("fifo"))
        .status()
        .unwrap()
        .success());
    let with_specials = iohash(
        dir.path(),
        args!["--tree", "--structure", "-H", "xxh3", "tree"],
    );
    assert_status(&with_specials, true);
    assert_eq!(with_specials.stdout, structure.stdout);
    for left_out in [
        "dangling: a symbolic link to nothing",
        "A001/self: a symbolic link loop",
        "fifo: not a regular file",
    ] {
        assert!(
            stderr(&with_specials).contains(left_out),
            "{}",
            stderr(&with_specials)
        );
    }
    let check = iohash(dir.path(), args!["-c", "structure"]);
    assert_status(&check, true);
    assert!(stderr(&check).contains("fifo"), "{}", stderr(&check));
    // A changed byte anywhere under it fails the check.
    fs::write(root.join("A001/sub/deeper/ü.txt"), b"new").unwrap();
    let check = iohash(dir.path(), args!["-c", "sums"]);
    assert_status(&check, false);
    assert!(check.stdout.starts_with(b"tree: FAILED\n"));
    // Files are no directories; CRCs are not ASC MHL's.
    let file = iohash(dir.path(), args!["--tree", "sums"]);
    assert_status(&file, false);
    assert!(
        stderr(&file).contains("sums: not a directory"),
        "{}",
        stderr(&file)
    );
    let crc = iohash(dir.path(), args!["--tree", "-H", "crc32", "tree"]);
    assert_status(&crc, false);
    assert!(stderr(&crc).contains("xxh64"), "{}", stderr(&crc));
}

#[test]
fn offset_and_length_hash_that_range_and_check_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = splitmix_bytes(77, 300_000);
    fs::write(dir.path().join("f"), &data).unwrap();
    let mut state = 5u64;
    let mut below = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    for _ in 0..20 {
        let offset = below(data.len() as u64 + 1);
        let length = below(data.len() as u64 - offset + 1);
        let slice = &data[offset as usize..(offset + length) as usize];
        let out = iohash(
            dir.path(),
            args![
                "-H",
                "xxh64",
                "--offset",
                &offset.to_string(),
                "--length",
                &length.to_string(),
                "f"
            ],
        );
        assert_status(&out, true);
        let expected = format!("{:016x}  f\n", iohash::XxHash64::hash(slice));
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
        // Without --length: to the end.
        let out = iohash(
            dir.path(),
            args!["-H", "xxh3", "--offset", &offset.to_string(), "f"],
        );
        let rest = &data[offset as usize..];
        let expected = format!("XXH3_{:016x}  f\n", iohash::XxHash3::hash(rest));
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    }
    // As `dd` would cut it for xxhsum.
    if xxhsum_installed() {
        fs::write(dir.path().join("cut"), &data[1000..1000 + 65536]).unwrap();
        let theirs = Command::new("xxhsum")
            .current_dir(dir.path())
            .arg("cut")
            .output()
            .unwrap();
        let ours = iohash(
            dir.path(),
            args!["-H1", "--offset", "1000", "--length", "64KiB", "f"],
        );
        assert_eq!(
            String::from_utf8_lossy(&theirs.stdout).replace("cut", "f"),
            String::from_utf8_lossy(&ours.stdout)
        );
    } else {
        say_skipped("--offset/--length against xxhsum on the cut bytes");
    }
    // A list made of ranges checks with the same range.
    let out = iohash(dir.path(), args!["--offset", "7", "--length", "1000", "f"]);
    fs::write(dir.path().join("sums"), &out.stdout).unwrap();
    assert_status(
        &iohash(
            dir.path(),
            args!["-c", "--offset", "7", "--length", "1000", "sums"],
        ),
        true,
    );
    assert_status(&iohash(dir.path(), args!["-c", "sums"]), false);
    // Past the end: an error naming the file's length.
    let past = iohash(
        dir.path(),
        args!["--offset", "299999", "--length", "2", "f"],
    );
    assert_status(&past, false);
    assert!(
        stderr(&past).contains("300000 bytes long"),
        "{}",
        stderr(&past)
    );
    let past = iohash(dir.path(), args!["--offset", "300001", "f"]);
    assert!(
        stderr(&past).contains("300000 bytes long"),
        "{}",
        stderr(&past)
    );
    // Zero takes a unit as any size does; a range ending past 2^64 - 1 is refused, not cut.
    let zero = iohash(
        dir.path(),
        args!["--offset", "0KiB", "--length", "0MiB", "f"],
    );
    assert_status(&zero, true);
    assert_eq!(
        zero.stdout,
        iohash(dir.path(), args!["--offset", "0", "--length", "0", "f"]).stdout
    );
    let max = u64::MAX.to_string();
    let over = iohash(dir.path(), args!["--offset", "1", "--length", &max, "f"]);
    assert_status(&over, false);
    assert!(
        stderr(&over).contains("past byte 2^64 - 1"),
        "{}",
        stderr(&over)
    );
    // A size is a whole number with an optional unit; anything else says so, naming the
    // option and what was given (not "unknown unit ' 5'").
    for (option, value) in [
        ("--offset", " 5"),
        ("--offset", "1.5"),
        ("--length", "-5"),
        ("--part-size", "5 MiB"),
    ] {
        let out = iohash(dir.path(), args![&format!("{option}={value}"), "f"]);
        assert_status(&out, false);
        let expected = format!("invalid value '{value}' for '{option} <");
        assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(
                "not a size: expected a whole number of bytes, with an \
                                   optional unit such as 4K or 1MiB"
            ),
            "{}",
            stderr(&out)
        );
    }
    let unit = iohash(dir.path(), args!["--length", "5X", "f"]);
    assert!(
        stderr(&unit).contains("unknown unit 'X'"),
        "{}",
        stderr(&unit)
    );
    let long = iohash(dir.path(), args!["--length", &max, "f"]);
    assert!(
        stderr(&long).contains("300000 bytes long"),
        "{}",
        stderr(&long)
    );
    // --no-mmap reads instead, with the same result.
    let mapped = iohash(dir.path(), args!["f"]);
    let read = iohash(dir.path(), args!["--no-mmap", "f"]);
    assert_eq!(mapped.stdout, read.stdout);
}

#[test]
fn audit_finds_an_added_a_removed_and_a_changed_file_among_ten_thousand() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..10_000 {
        let sub = dir.path().join(format!("media/d{}", i % 50));
        if i < 50 {
            fs::create_dir_all(&sub).unwrap();
        }
        fs::write(sub.join(format!("f{i}")), i.to_string()).unwrap();
    }
    let list = iohash(dir.path(), args!["-r", "-H", "xxh128", "media"]);
    assert_status(&list, true);
    fs::write(dir.path().join("list"), &list.stdout).unwrap();
    let clean = iohash(dir.path(), args!["-c", "--audit", "-q", "list"]);
    assert_status(&clean, true);
    assert!(
        clean.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&clean.stdout)
    );

    fs::write(dir.path().join("media/d7/added"), b"new").unwrap();
    fs::remove_file(dir.path().join("media/d3/f3")).unwrap();
    fs::write(dir.path().join("media/d9/f9"), b"changed").unwrap();
    let audit = iohash(dir.path(), args!["-c", "--audit", "-q", "list"]);
    assert_status(&audit, false);
    let report = String::from_utf8_lossy(&audit.stdout);
    assert!(report.contains("media/d9/f9: FAILED\n"), "{report}");
    assert!(report.contains("'media/d3/f3'"), "{report}");
    assert!(report.contains("media/d7/added: NEW\n"), "{report}");
    assert!(report.ends_with(
        "1 listed file could not be read\n1 computed checksum did NOT match\n1 file is not in the list\n"
    ), "{report}");
    // Without --audit the added file goes unseen; --exclude leaves it out of the audit too.
    let plain = iohash(dir.path(), args!["-c", "-q", "list"]);
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("NEW"));
    let excluded = iohash(
        dir.path(),
        args!["-c", "--audit", "-q", "--exclude", "added", "list"],
    );
    assert!(!String::from_utf8_lossy(&excluded.stdout).contains("NEW"));
    let misplaced = iohash(dir.path(), args!["--exclude", "x", "list"]);
    assert!(stderr(&misplaced).contains("--exclude needs -r or -c --audit"));
}

#[test]
fn an_audit_refuses_names_that_climb_to_the_root_or_above_the_list() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("proj/sub")).unwrap();
    fs::write(dir.path().join("proj/a"), b"a").unwrap();
    fs::write(dir.path().join("proj/sub/b"), b"b").unwrap();
    let deep = "../".repeat(dir.path().components().count() + 3);
    let hostname = fs::read("/etc/hostname").unwrap_or_default();
    let line = |name: &str, data: &[u8]| {
        let hash = <iohash::XxHash3 as iohash::NonCryptographicHasher>::hash(data);
        format!("XXH3_{hash:016x}  {name}\n")
    };
    // `..` and `.` taken out, each list's names share / alone: never walked.
    for names in [
        [format!("{deep}etc/hostname"), format!("{deep}usr/x")],
        ["/./etc/hostname".to_owned(), "/./usr/x".to_owned()],
    ] {
        let list = names
            .iter()
            .map(|name| line(name, &hostname))
            .collect::<String>();
        fs::write(dir.path().join("proj/list"), list).unwrap();
        let audit = iohash(&dir.path().join("proj"), args!["-c", "--audit", "list"]);
        assert_status(&audit, false);
        assert!(stderr(&audit).contains("--audit:"), "{}", stderr(&audit));
        assert!(!String::from_utf8_lossy(&audit.stdout).contains("NEW"));
    }
    // Names that climb above the list's directory: refused. The same tree named from the
    // list's own directory, or by absolute names, is audited.
    fs::write(
        dir.path().join("proj/sub/list"),
        line("../a", b"a") + &line("../sub/b", b"b"),
    )
    .unwrap();
    let above = iohash(&dir.path().join("proj/sub"), args!["-c", "--audit", "list"]);
    assert_status(&above, false);
    assert!(
        stderr(&above).contains("above the list's directory"),
        "{}",
        stderr(&above)
    );
    fs::write(
        dir.path().join("proj/list"),
        line("a", b"a") + &line("sub/b", b"b"),
    )
    .unwrap();
    let here = iohash(&dir.path().join("proj"), args!["-c", "--audit", "list"]);
    assert!(
        String::from_utf8_lossy(&here.stdout).contains("list: NEW"),
        "{}",
        stderr(&here)
    );
    let a = dir.path().join("proj/a").display().to_string();
    let b = dir.path().join("proj/sub/b").display().to_string();
    fs::write(
        dir.path().join("proj/sub/list"),
        line(&a, b"a") + &line(&b, b"b"),
    )
    .unwrap();
    let absolute = iohash(&dir.path().join("proj/sub"), args!["-c", "--audit", "list"]);
    assert!(stderr(&absolute).is_empty(), "{}", stderr(&absolute));
}

#[test]
fn an_audit_never_walks_all_of_the_root_and_counts_unreadable_directories_apart() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("media/locked")).unwrap();
    fs::write(dir.path().join("media/a"), b"a").unwrap();
    fs::write(dir.path().join("media/locked/b"), b"b").unwrap();
    // Names whose only shared directory is / (or absolute beside relative): refused, at once.
    let absolute = dir.path().join("media/a");
    let lists = [
        [absolute.as_os_str(), OsStr::new("/etc/hostname")],
        [absolute.as_os_str(), OsStr::new("media/a")],
    ];
    for names in lists {
        let list = iohash(dir.path(), &names);
        assert_status(&list, true);
        fs::write(dir.path().join("list"), &list.stdout).unwrap();
        let audit = iohash(dir.path(), args!["-c", "--audit", "list"]);
        assert_status(&audit, false);
        assert!(
            stderr(&audit).contains("share no directory but /"),
            "{}",
            stderr(&audit)
        );
        assert!(!String::from_utf8_lossy(&audit.stdout).contains("NEW"));
    }
    // A directory the audit cannot read is no listed file that could not be read.
    let list = iohash(dir.path(), args!["-r", "media"]);
    fs::write(dir.path().join("list"), &list.stdout).unwrap();
    let mut permissions = fs::metadata(dir.path()).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    fs::set_permissions(dir.path(), permissions).unwrap();
    fs::set_permissions(
        dir.path().join("media/locked"),
        std::os::unix::fs::PermissionsExt::from_mode(0o311),
    )
    .unwrap();
    fs::write(dir.path().join("list-a"), b"").unwrap();
    let only_a: Vec<u8> = list
        .stdout
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| line.ends_with(b"media/a\n"))
        .flatten()
        .copied()
        .collect();
    fs::write(dir.path().join("list-a"), only_a).unwrap();
    let audit = run(
        as_nobody(dir.path())
            .current_dir(dir.path())
            .args(["-c", "--audit", "list-a"]),
        None,
    )
    .unwrap();
    fs::set_permissions(
        dir.path().join("media/locked"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    assert_status(&audit, false);
    let report = String::from_utf8_lossy(&audit.stdout);
    assert!(
        report.ends_with("1 place under the audit could not be read\n"),
        "{report}"
    );
    assert!(!report.contains("listed file"), "{report}");
}

#[test]
fn a_file_cut_extended_or_replaced_while_the_command_hashes_it_is_one_version_or_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f");
    let base = splitmix_bytes(91, 4 << 20);
    let other = splitmix_bytes(92, 4 << 20);
    let short = &base[..base.len() - 4096];
    let mut zeros = short.to_vec();
    zeros.resize(base.len(), 0);
    let versions: Vec<String> = [&base[..], short, &zeros, &other]
        .iter()
        .map(|v| format!("{:016x}  f\n", iohash::XxHash64::hash(v)))
        .collect();
    fs::write(&path, &base).unwrap();
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let staged = dir.path().join("staged");
            let mut turn = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let open = || fs::File::options().write(true).open(&path).unwrap();
                match turn % 4 {
                    0 => open().set_len(base.len() as u64 - 4096).unwrap(),
                    1 => open().set_len(base.len() as u64).unwrap(),
                    2 => {
                        fs::write(&staged, &other).unwrap();
                        fs::rename(&staged, &path).unwrap();
                    }
                    _ => {
                        fs::write(&staged, &base).unwrap();
                        fs::rename(&staged, &path).unwrap();
                    }
                }
                turn += 1;
                std::thread::sleep(Duration::from_millis(1));
            }
        });
        let mut bad = None;
        for args in [
            &["-H1", "f"][..],
            &["-H1", "--no-mmap", "f"],
            &["-H1", "-j", "2", "f", "f"],
        ] {
            for _ in 0..15 {
                let out = iohash(dir.path(), &args.iter().map(OsStr::new).collect::<Vec<_>>());
                let text = String::from_utf8_lossy(&out.stdout).into_owned();
                // Each line printed is one version's; a failure prints none for that file.
                for line in text.split_inclusive('\n') {
                    if !versions.iter().any(|v| v == line) {
                        bad = Some((args.to_vec(), line.to_owned()));
                    }
                }
            }
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(bad, None, "a hash of no version");
    });
}

#[test]
fn a_bare_h_is_xxh32_as_in_xxhsum() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"hello").unwrap();
    let bare = iohash(dir.path(), args!["-H", "f"]);
    assert_status(&bare, true);
    assert_eq!(bare.stdout, iohash(dir.path(), args!["-H0", "f"]).stdout);
    // A name after it is still an algorithm.
    let named = iohash(dir.path(), args!["-H", "xxh64", "f"]);
    assert_eq!(named.stdout, iohash(dir.path(), args!["-H1", "f"]).stdout);
    if xxhsum_installed() {
        let theirs = Command::new("xxhsum")
            .current_dir(dir.path())
            .args(["-H", "f"])
            .output()
            .unwrap();
        assert_eq!(bare.stdout, theirs.stdout);
    } else {
        say_skipped("a bare -H against xxhsum");
    }
}

/// A sample size past 32 bits is refused with xxhsum's words, and one there is no memory for
/// is an error: both aborted (`capacity overflow`, SIGABRT) before.
#[cfg(target_os = "linux")]
#[test]
fn a_benchmark_sample_too_large_is_an_error_not_an_abort() {
    use common::{run_limited, Limit};
    let dir = tempfile::tempdir().unwrap();
    for sample in ["-B18446744073709551615", "-B4294967296"] {
        let out = iohash(dir.path(), args!["-b", sample]);
        assert_eq!(out.status.code(), Some(1), "{sample}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("numeric value too large"),
            "{}",
            stderr(&out)
        );
    }
    // 4 GiB less a byte fits the number, not 64 MiB of address space.
    let limited = run_limited(
        Command::new(IOHASH)
            .current_dir(dir.path())
            .args(["-b", "-B4294967295"]),
        Limit::AddressSpace(64 << 20),
        Duration::from_secs(60),
    );
    assert_eq!(limited.status.code(), Some(1), "{}", stderr(&limited));
    assert!(
        stderr(&limited).contains("no memory for a sample"),
        "{}",
        stderr(&limited)
    );
}

#[test]
fn benchmarks_take_xxhsum_numbers_rounds_and_files() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("sample"), vec![7u8; 4096]).unwrap();
    let one = iohash(dir.path(), args!["-b3", "-i1"]);
    assert_status(&one, true);
    let text = String::from_utf8_lossy(&one.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.starts_with(" 3#XXH64 ") && text.contains(":     102400 ->"),
        "{text}"
    );
    // Speeds in xxhsum's MB, 2^20 bytes: the sample's length times the iterations a second.
    let numbers: Vec<f64> = text
        .split(|c: char| c.is_whitespace() || c == '(')
        .filter_map(|word| word.parse().ok())
        .collect();
    let [len, per_second, mb_per_second] = numbers[numbers.len() - 3..] else {
        panic!("{text}")
    };
    let expected = len * per_second / f64::from(1 << 20);
    assert!((mb_per_second / expected - 1.0).abs() < 0.01, "{text}");
    let file = iohash(dir.path(), args!["-b12", "-i1", "sample"]);
    let text = String::from_utf8_lossy(&file.stdout);
    assert!(text.starts_with("sample:\n12#XXH128 unaligned"), "{text}");
    assert!(text.contains(":       4096 ->"), "{text}");
    // xxhsum's spellings from its own tests: options in one word, a number left out is 0,
    // several numbers, every benchmark, the sample's size.
    let ids = |args: &[&OsStr]| -> Vec<String> {
        let out = iohash(dir.path(), args);
        assert_status(&out, true);
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|line| line.split_once('#').map(|(id, _)| id.trim().to_owned()))
            .collect()
    };
    let aligned = ids(args!["-bi0"]);
    assert_eq!(aligned[..4], ["1", "3", "5", "11"]);
    assert_eq!(ids(args!["-b1,2,3", "-i0"]), ["1", "2", "3"]);
    let all = ids(args!["--benchmark-all", "-i0"]);
    assert!(all.len() > aligned.len() && all.contains(&"12".to_owned()));
    assert_eq!(ids(args!["-bi0", "sample"]), aligned);
    let sized = iohash(dir.path(), args!["-B1000", "-b5", "-i0"]);
    assert!(
        String::from_utf8_lossy(&sized.stdout).contains(":       1000 ->"),
        "{}",
        String::from_utf8_lossy(&sized.stdout)
    );
    let unknown = iohash(dir.path(), args!["-b7"]);
    assert_status(&unknown, false);
    assert!(
        stderr(&unknown).contains("-b7: no such benchmark"),
        "{}",
        stderr(&unknown)
    );
    let missing = iohash(dir.path(), args!["-b", "-i1", "missing"]);
    assert_status(&missing, false);
    assert!(
        stderr(&missing).contains("missing: No such file"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn seeds_hash_and_check() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"seeded").unwrap();
    let out = iohash(dir.path(), args!["-H1", "--seed", "12345", "f"]);
    let expected = format!(
        "{:016x}  f\n",
        iohash::XxHash64::hash_with_seed(b"seeded", 12345)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    fs::write(dir.path().join("sums.txt"), &out.stdout).unwrap();
    assert_status(
        &iohash(dir.path(), args!["-c", "-s", "12345", "sums.txt"]),
        true,
    );
    assert_status(&iohash(dir.path(), args!["-c", "sums.txt"]), false);
    let too_big = iohash(dir.path(), args!["-H0", "-s", "4294967296", "f"]);
    assert_status(&too_big, false);
    assert!(stderr(&too_big).contains("does not fit XXH32"));
}

#[test]
fn parallel_output_is_in_argument_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for i in 0..200 {
        let name = format!("f{i}");
        // Large files first, so later ones finish earlier.
        fs::write(dir.path().join(&name), vec![i as u8; (200 - i) * 4000]).unwrap();
        names.push(name);
    }
    let mut args: Vec<&OsStr> = vec![OsStr::new("-j4")];
    args.extend(names.iter().map(OsStr::new));
    let parallel = iohash(dir.path(), &args);
    args[0] = OsStr::new("-j1");
    let serial = iohash(dir.path(), &args);
    assert_status(&parallel, true);
    assert_eq!(parallel.stdout, serial.stdout);
    let list: String = names.iter().map(|n| format!("{n}\n")).collect();
    fs::write(dir.path().join("list"), list).unwrap();
    let from_list = iohash(dir.path(), args!["--files-from", "list"]);
    assert_eq!(from_list.stdout, serial.stdout);
    let from_alias = iohash(dir.path(), args!["--filelist", "list"]);
    assert_eq!(from_alias.stdout, serial.stdout);
    // As in xxhsum 0.8.3, every FILE is a list, and none is standard input.
    let (first, second) = names.split_at(100);
    fs::write(dir.path().join("list1"), first.join("\n")).unwrap();
    fs::write(dir.path().join("list2"), second.join("\n")).unwrap();
    for args in [
        &args!["--files-from", "list1", "list2"][..],
        args!["--files-from=list1", "list2"],
    ] {
        assert_eq!(iohash(dir.path(), args).stdout, serial.stdout);
    }
    let piped = run(
        Command::new(IOHASH)
            .arg("--filelist")
            .current_dir(dir.path()),
        Some(&fs::read(dir.path().join("list")).unwrap()),
    )
    .unwrap();
    assert_eq!(piped.stdout, serial.stdout);
    // A list that cannot be opened is an error; the other lists are still read.
    let missing = iohash(dir.path(), args!["--files-from", "missing", "list2"]);
    assert_status(&missing, false);
    assert!(stderr(&missing).contains("missing: No such file"));
    let second_lines: Vec<&[u8]> = serial
        .stdout
        .split_inclusive(|&b| b == b'\n')
        .skip(100)
        .collect();
    assert_eq!(missing.stdout, second_lines.concat());
}

#[test]
fn links_named_like_xxhsum_behave_like_it() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"link").unwrap();
    for (link, flag) in [
        ("xxhsum", "-H1"),
        ("xxh32sum", "-H0"),
        ("xxh64sum", "-H1"),
        ("xxh128sum", "-H2"),
        ("xxh3sum", "-H3"),
    ] {
        let path = dir.path().join(link);
        std::os::unix::fs::symlink(IOHASH, &path).unwrap();
        let ours = Command::new(&path)
            .arg("f")
            .current_dir(dir.path())
            .output()
            .unwrap();
        let explicit = iohash(dir.path(), args![flag, "f"]);
        assert_eq!(ours.stdout, explicit.stdout, "{link}");
    }
    // xxh32sum -c reads only XXH32 lines, as the C tool's does.
    let xxh64_line = iohash(dir.path(), args!["-H1", "f"]).stdout;
    fs::write(dir.path().join("sums.txt"), xxh64_line).unwrap();
    let check = Command::new(dir.path().join("xxh32sum"))
        .args(["-c", "sums.txt"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_status(&check, false);
    assert_status(
        &Command::new(dir.path().join("xxhsum"))
            .args(["-c", "sums.txt"])
            .current_dir(dir.path())
            .output()
            .unwrap(),
        true,
    );
    // Through the link, errors in xxhsum's words (iohash's own name the reason).
    fs::write(dir.path().join("bad.txt"), b"garbage\n").unwrap();
    let run = |program: &Path, args: &[&str]| {
        let out = Command::new(program)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        // xxhsum clears its progress line with `\r`, spaces and `\r`: not words.
        let text = String::from_utf8_lossy(&out.stderr).into_owned();
        text.split('\r')
            .filter(|part| !part.trim().is_empty())
            .collect::<String>()
    };
    let link = dir.path().join("xxhsum");
    // -V through the link: on stderr, as xxhsum prints it, the version it stands in for first.
    let version = Command::new(&link).arg("-V").output().unwrap();
    assert_status(&version, true);
    assert!(version.stdout.is_empty());
    assert!(
        stderr(&version).starts_with("xxhsum 0.8.3 (iohash "),
        "{}",
        stderr(&version)
    );
    let own = iohash(dir.path(), args!["-V"]);
    assert!(String::from_utf8_lossy(&own.stdout).starts_with("iohash "));
    let missing = run(&link, &["missing"]);
    assert_eq!(
        missing,
        "Error: Could not open 'missing': No such file or directory. \n"
    );
    let warned = run(&link, &["-c", "-w", "bad.txt"]);
    assert!(
        warned.starts_with("bad.txt:1: Error: Improperly formatted checksum line.\n"),
        "{warned}"
    );
    let ours = run(Path::new(IOHASH), &["missing"]);
    assert_eq!(ours, "iohash: missing: No such file or directory\n");
    if xxhsum_installed() {
        let theirs = run(Path::new("xxhsum"), &["missing"]);
        assert_eq!(theirs.trim_end(), missing.trim_end());
        let theirs = run(Path::new("xxhsum"), &["-c", "-w", "bad.txt"]);
        assert!(
            theirs.starts_with("bad.txt:1: Error: Improperly formatted checksum line.\n"),
            "{theirs}"
        );
    } else {
        say_skipped("xxhsum's error wording");
    }
}

#[test]
fn default_is_xxh3() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"hello").unwrap();
    let out = iohash(dir.path(), args!["f"]);
    assert_eq!(out.stdout, b"XXH3_9555e8555c62dcfd  f\n");
}

// ---- bad input: each gets a clear message naming the file, exit 1, and the rest still runs.

/// Runs iohash on `bad` between two good files; checks the message and that both good files
/// were still hashed.
fn bad_among_good(dir: &Path, bad: &OsStr, message: &str) {
    fs::write(dir.join("good1"), b"1").unwrap();
    fs::write(dir.join("good2"), b"2").unwrap();
    let out = iohash(dir, &[OsStr::new("good1"), bad, OsStr::new("good2")]);
    assert_status(&out, false);
    let err = stderr(&out);
    let expected = format!("iohash: {}: {message}", bad.to_string_lossy());
    assert!(err.contains(&expected), "expected {expected:?} in {err:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("  good1\n") && stdout.contains("  good2\n"),
        "{stdout}"
    );
}

#[test]
fn a_missing_file_is_reported_and_the_others_hashed() {
    let dir = tempfile::tempdir().unwrap();
    bad_among_good(
        dir.path(),
        OsStr::new("missing"),
        "No such file or directory",
    );
    bad_among_good(
        dir.path(),
        OsStr::new("no/such/dir/file"),
        "No such file or directory",
    );
}

#[test]
fn a_directory_is_reported_and_the_others_hashed() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("subdir")).unwrap();
    bad_among_good(dir.path(), OsStr::new("subdir"), "Is a directory");
}

/// The command, run so that permissions apply: as nobody, from a copy of the binary in `dir`
/// (where nobody can reach it, wherever the checkout is), when the tests run as root, who
/// reads anything.
fn as_nobody(dir: &Path) -> Command {
    let is_root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    if !is_root {
        return Command::new(IOHASH);
    }
    let binary = dir.join("iohash");
    fs::copy(IOHASH, &binary).unwrap();
    let mut command = Command::new("setpriv");
    command
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&binary);
    command
}

#[test]
fn an_unreadable_file_is_reported_and_the_others_hashed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    for name in ["good1", "good2", "secret"] {
        fs::write(dir.path().join(name), name).unwrap();
    }
    fs::set_permissions(dir.path().join("secret"), fs::Permissions::from_mode(0o000)).unwrap();
    let out = as_nobody(dir.path())
        .args(["good1", "secret", "good2"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_status(&out, false);
    assert!(
        stderr(&out).contains("iohash: secret: Permission denied"),
        "{}",
        stderr(&out)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("  good1\n") && stdout.contains("  good2\n"),
        "{stdout}"
    );
}

#[test]
fn a_fifo_is_hashed_as_a_stream() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let writer = std::thread::spawn({
        let fifo = fifo.clone();
        move || fs::write(fifo, vec![7u8; 300_000]).unwrap()
    });
    let out = iohash(dir.path(), args!["-H1", "fifo"]);
    writer.join().unwrap();
    assert_status(&out, true);
    let expected = format!("{:016x}  fifo\n", iohash::XxHash64::hash(&[7u8; 300_000]));
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

#[test]
fn an_empty_file_and_a_non_utf8_name_are_fine() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("empty"), b"").unwrap();
    let name = OsStr::from_bytes(b"caf\xe9");
    fs::write(dir.path().join(name), b"x").unwrap();
    let args = [OsStr::new("-H1"), OsStr::new("empty"), name];
    let ours = iohash(dir.path(), &args);
    assert_status(&ours, true);
    assert_eq!(
        ours.stdout,
        xxhsum_golden("empty-and-non-utf8", dir.path(), &args, None).0
    );
    assert!(ours.stdout.ends_with(b"  caf\xe9\n"));
}

/// `iohash -c` on a checksum file with these contents: exit code, stdout and stderr.
fn check_list(contents: &[u8], extra: &[&str]) -> (Output, String, String) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("file"), b"file").unwrap();
    fs::write(dir.path().join("sums.txt"), contents).unwrap();
    let mut args: Vec<&OsStr> = extra.iter().map(OsStr::new).collect();
    args.extend(args!["-c", "-w", "sums.txt"]);
    let out = iohash(dir.path(), &args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = stderr(&out);
    (out, stdout, err)
}

#[test]
fn malformed_check_lines_are_counted_and_named() {
    let good = format!("{:016x}  file\n", iohash::XxHash64::hash(b"file"));
    for (bad_line, reason) in [
        ("garbage\n", "not 'HASH  NAME'"),
        ("0123456789abcde  file\n", "wrong length"),
        ("0123456789abcdef0  file\n", "wrong length"),
        (
            "MD5 (file) = 0123456789abcdef\n",
            "unknown algorithm tag 'MD5'",
        ),
        ("XXH64 (file) = 0123\n", "wrong length"),
        ("\\0123456789abcdef  bad\\escape\n", "bad escape"),
    ] {
        let (out, stdout, err) = check_list(format!("{good}{bad_line}").as_bytes(), &[]);
        assert_status(&out, true); // a bad line alone does not fail the check...
        assert!(
            stdout.contains("file: OK") && stdout.contains("1 line is improperly formatted"),
            "{stdout}"
        );
        assert!(
            err.contains("sums.txt:2: Error: Improperly formatted checksum line")
                && err.contains(reason),
            "{err}"
        );
        let (strict, _, _) = check_list(format!("{good}{bad_line}").as_bytes(), &["--strict"]);
        assert_status(&strict, false); // ...unless --strict.
    }
}

#[test]
fn an_empty_or_binary_check_file_has_no_checksum_lines() {
    for contents in [
        &b""[..],
        b"\x00\x01\x02\xff\xfe binary \x00 (junk) = zz\n\x7fELF\x02\x01",
    ] {
        let (out, _, err) = check_list(contents, &[]);
        assert_status(&out, false);
        assert!(
            err.contains("sums.txt: no properly formatted xxHash checksum lines found"),
            "{err}"
        );
    }
    let elf = fs::read(IOHASH).unwrap();
    let (out, _, err) = check_list(&elf, &[]);
    assert_status(&out, false);
    assert!(err.contains("sums.txt"), "{err}");
}

#[test]
fn a_huge_check_line_stops_that_file_with_an_error() {
    let good = format!("{:016x}  file\n", iohash::XxHash64::hash(b"file"));
    let mut contents = good.clone().into_bytes();
    contents.extend(std::iter::repeat_n(b'a', 10 << 20));
    contents.push(b'\n');
    contents.extend(good.as_bytes());
    let (out, stdout, err) = check_list(&contents, &[]);
    assert_status(&out, false);
    assert!(err.contains("sums.txt:2: Error: Line too long."), "{err}");
    assert_eq!(stdout.matches("file: OK").count(), 1, "{stdout}");
}

#[test]
fn a_missing_check_file_and_a_directory_as_check_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = iohash(dir.path(), args!["-c", "nothere.txt"]);
    assert_status(&out, false);
    assert!(
        stderr(&out).contains("iohash: nothere.txt: No such file or directory"),
        "{}",
        stderr(&out)
    );
    fs::create_dir(dir.path().join("d")).unwrap();
    let out = iohash(dir.path(), args!["-c", "d"]);
    assert_status(&out, false);
    assert!(stderr(&out).contains("Is a directory"), "{}", stderr(&out));
}

/// Runs iohash with `args` in `dir` while a 64 GiB sparse file `big` there (no disk, seconds to
/// hash) is cut to 1 MiB 300 ms in, so the truncation lands mid-hash.
fn truncated_while_hashed(dir: &Path, args: &[&str]) -> Output {
    let big = dir.join("big");
    fs::File::create(&big).unwrap().set_len(64 << 30).unwrap();
    let child = Command::new(IOHASH)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(1 << 20)
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_file_truncated_while_hashed_is_an_error_not_a_wrong_hash() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("good1"), b"1").unwrap();
    fs::write(dir.path().join("good2"), b"2").unwrap();
    let out = truncated_while_hashed(dir.path(), &["-j1", "good1", "big", "good2"]);
    assert_status(&out, false);
    assert!(
        stderr(&out).contains("iohash: big: file changed while it was being hashed"),
        "{}",
        stderr(&out)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("  good1\n") && stdout.contains("  good2\n") && !stdout.contains("big"),
        "{stdout}"
    );
}

#[test]
fn bad_usage_exits_1_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    for args in [&["-H7", "f"][..], &["--no-such-flag"], &["-j0", "f"]] {
        let out = iohash(dir.path(), &args.iter().map(OsStr::new).collect::<Vec<_>>());
        assert_status(&out, false);
        assert!(!stderr(&out).is_empty());
    }
    assert_status(&iohash(dir.path(), args!["--help"]), true);
    assert_status(&iohash(dir.path(), args!["-V"]), true);
}

// ---- the progress bar: on a terminal, never in a pipe.

#[test]
fn the_progress_bar_shows_on_a_terminal_only() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big");
    fs::File::create(&big).unwrap().set_len(2 << 30).unwrap();
    // `script` runs the command under a pseudo-terminal and copies what it drew to stdout.
    let command = format!("{IOHASH} big");
    let tty = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .expect("script(1) from util-linux runs the pseudo-terminal test");
    let drawn = String::from_utf8_lossy(&tty.stdout);
    assert!(
        drawn.contains("GiB"),
        "no progress bar on a terminal: {drawn:?}"
    );
    assert!(drawn.contains("  big"), "{drawn:?}");

    let piped = iohash(dir.path(), args!["big"]);
    assert_status(&piped, true);
    assert!(piped.stderr.is_empty(), "{}", stderr(&piped));
    let quiet = Command::new("script")
        .args(["-qec", &format!("{IOHASH} -q big"), "/dev/null"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&quiet.stdout).contains("GiB"));

    // The CRC of one large file, read ahead on two threads, moves the bar too, and gives the
    // hash one thread gives.
    let tty = Command::new("script")
        .args([
            "-qec",
            &format!("{IOHASH} -j2 -H crc64nvme big"),
            "/dev/null",
        ])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let drawn = String::from_utf8_lossy(&tty.stdout);
    assert!(
        drawn.contains("GiB"),
        "no progress bar on two threads: {drawn:?}"
    );
    let one_thread = iohash(dir.path(), args!["-j1", "-H", "crc64nvme", "big"]);
    assert_status(&one_thread, true);
    let line = String::from_utf8(one_thread.stdout).unwrap();
    assert!(drawn.contains(line.trim_end()), "{drawn:?} {line:?}");
}

// ---- check mode streams its list; both modes word I/O errors alike.

/// Peak resident memory of a running child, polled from `/proc` until it exits (the high-water
/// mark only grows, so the last reading is the peak to within one poll).
fn peak_rss_kib(mut child: std::process::Child) -> (std::process::ExitStatus, u64) {
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(status) = fs::read_to_string(&status_path) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok());
            peak = peak.max(hwm.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().unwrap() {
            return (status, peak);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn check_streams_a_long_list_in_flat_memory() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"x").unwrap();
    let line = format!("{:016x}  f\n", iohash::XxHash64::hash(b"x"));
    // 500,000 lines: kept whole in memory, as the checker once did, they take about 50 MB.
    let lines = 500_000;
    fs::write(dir.path().join("sums.txt"), line.repeat(lines)).unwrap();
    let child = Command::new(IOHASH)
        .args(["-c", "-q", "sums.txt"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let (status, peak) = peak_rss_kib(child);
    assert!(status.success());
    assert!(peak > 0, "no reading of the child's memory");
    assert!(peak < 16 * 1024, "peak RSS {peak} KiB for {lines} lines");
}

#[test]
fn a_long_file_list_is_hashed_as_it_is_read_in_flat_memory() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"x").unwrap();
    // Names of about 4,000 bytes (`./././.../f`), 20,000 of them: 80 MB kept whole.
    let line = format!("{}f\n", "./".repeat(2000));
    let lines = 20_000;
    fs::write(dir.path().join("list"), line.repeat(lines)).unwrap();
    let child = Command::new(IOHASH)
        .args(["--files-from", "list", "--no-names", "-j", "2"])
        .current_dir(dir.path())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let (status, peak) = peak_rss_kib(child);
    assert!(status.success());
    assert!(peak > 0, "no reading of the child's memory");
    assert!(peak < 24 * 1024, "peak RSS {peak} KiB for {lines} names");
    // An error in the list ends it where it stands, after the names before it.
    let mut list = b"f\nf\n".to_vec();
    list.extend(vec![b'x'; 40 << 10]);
    fs::write(dir.path().join("list"), list).unwrap();
    let out = iohash(dir.path(), args!["--files-from", "list", "--no-names"]);
    assert_status(&out, false);
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 2);
    assert!(
        stderr(&out).contains("list: line too long"),
        "{}",
        stderr(&out)
    );
}

/// Run with standard output closed (`>&-`), which Rust's runtime would quietly replace with
/// `/dev/null`: an error, not lines lost with exit 0; `-c --status` writes nothing, so it runs.
#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"x").unwrap();
    let sums = iohash(dir.path(), args!["f"]);
    fs::write(dir.path().join("sums"), &sums.stdout).unwrap();
    let closed = |args: &[&str]| {
        let out = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(IOHASH)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for args in [&["f"][..], &["-c", "sums"], &["--help"], &["--list"]] {
        let (code, stderr) = closed(args);
        assert_eq!(code, Some(1), "{args:?}");
        assert!(
            stderr.contains("standard output: Bad file descriptor"),
            "{args:?}: {stderr}"
        );
    }
    assert_eq!(
        closed(&["-c", "--status", "sums"]),
        (Some(0), String::new())
    );
}

/// A closed standard input or error is `/dev/null`, as Rust's runtime makes it (the command
/// starts without that runtime on Linux with glibc, and does this itself): `-` reads nothing,
/// and a failure still exits 1 with nowhere to say why.
#[cfg(target_os = "linux")]
#[test]
fn closed_standard_input_and_error_are_dev_null() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("empty"), b"").unwrap();
    let run_closed = |redirect: &str, args: &[&str]| {
        Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" \"$@\" {redirect}"))
            .arg(IOHASH)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let empty = iohash(dir.path(), args!["empty"]);
    let stdin = run_closed("<&-", &["-"]);
    assert_eq!(stdin.status.code(), Some(0), "{}", stderr(&stdin));
    assert_eq!(
        String::from_utf8_lossy(&stdin.stdout)
            .split_whitespace()
            .next(),
        String::from_utf8_lossy(&empty.stdout)
            .split_whitespace()
            .next()
    );
    let missing = run_closed("2>&-", &["missing", "empty"]);
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(missing.stdout, empty.stdout);
}

/// `--drop-cache` leaves no page of the files it hashed in the page cache; without it, they
/// stay (`fincore` from util-linux tells).
#[cfg(target_os = "linux")]
#[test]
fn drop_cache_leaves_the_hashed_files_out_of_the_page_cache() {
    let dir = tempfile::tempdir().unwrap();
    let cached = |name: &str| -> Option<u64> {
        let out = Command::new("fincore")
            .args(["--bytes", "--noheadings", "--output", "RES"])
            .arg(dir.path().join(name))
            .output()
            .ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    for name in ["big", "small"] {
        let len = if name == "big" { 40 << 20 } else { 100 << 10 };
        let mut file = fs::File::create(dir.path().join(name)).unwrap();
        file.write_all(&splitmix_bytes(3, len)).unwrap();
        // Written back, so that its pages are clean and can be dropped.
        file.sync_all().unwrap();
    }
    let Some(before) = cached("big") else {
        return say_skipped("--drop-cache (no fincore)");
    };
    assert!(before > 0, "a file just written is in the cache");
    let dropped = iohash(dir.path(), args!["--drop-cache", "big", "small"]);
    assert_status(&dropped, true);
    assert_eq!((cached("big"), cached("small")), (Some(0), Some(0)));
    let kept = iohash(dir.path(), args!["big"]);
    assert_eq!(
        kept.stdout,
        iohash(dir.path(), args!["--drop-cache", "big"]).stdout
    );
    iohash(dir.path(), args!["big", "small"]);
    assert!(cached("big").unwrap() > 0 && cached("small").unwrap() > 0);
}

#[test]
fn hash_and_check_modes_word_io_errors_alike() {
    let dir = tempfile::tempdir().unwrap();
    let hashed = iohash(dir.path(), args!["missing"]);
    fs::write(dir.path().join("sums.txt"), b"0000000000000000  missing\n").unwrap();
    let checked = iohash(dir.path(), args!["-c", "sums.txt"]);
    let listed = iohash(dir.path(), args!["-c", "nothere.txt"]);
    for out in [&hashed, &checked, &listed] {
        assert_status(out, false);
        let text = format!("{}{}", stderr(out), String::from_utf8_lossy(&out.stdout));
        assert!(text.contains("No such file or directory"), "{text}");
        assert!(!text.contains("os error"), "{text}");
    }
}

// ---- output for programs: -z, --files-from -0, --no-names, --base64.

#[test]
fn nul_ended_lines_carry_raw_names_that_xargs_0_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let names = ["plain", "new\nline", "back\\slash", "two  spaces"];
    for name in names {
        fs::write(dir.path().join(name), name).unwrap();
    }
    let listed = iohash(
        dir.path(),
        &[&[OsStr::new("-z")][..], &names.map(OsStr::new)].concat(),
    );
    assert_status(&listed, true);
    assert!(listed.stdout.ends_with(b"\0"));
    // Each record is `HASH  NAME`: hand the names to xargs -0, which must find every file.
    let names_only: Vec<u8> = listed
        .stdout
        .split(|&b| b == 0)
        .filter(|r| !r.is_empty())
        .flat_map(|r| {
            let name = &r[r.windows(2).position(|w| w == b"  ").unwrap() + 2..];
            name.iter().copied().chain([0])
        })
        .collect();
    let mut xargs = Command::new("xargs")
        .args(["-0", "cat"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    xargs.stdin.take().unwrap().write_all(&names_only).unwrap();
    let catted = xargs.wait_with_output().unwrap();
    assert!(catted.status.success());
    assert_eq!(catted.stdout, names.concat().as_bytes());
}

#[test]
fn files_from_reads_nul_separated_names() {
    let dir = tempfile::tempdir().unwrap();
    let names = ["a", "new\nline", "c"];
    let mut list = Vec::new();
    for name in names {
        fs::write(dir.path().join(name), name).unwrap();
        list.extend_from_slice(name.as_bytes());
        list.push(0);
    }
    fs::write(dir.path().join("list0"), &list).unwrap();
    let from_list = iohash(
        dir.path(),
        args!["--files-from", "list0", "-0", "--no-names"],
    );
    assert_status(&from_list, true);
    let direct = iohash(
        dir.path(),
        &[&[OsStr::new("--no-names")][..], &names.map(OsStr::new)].concat(),
    );
    assert_eq!(from_list.stdout, direct.stdout);
    let expected: String = names
        .iter()
        .map(|n| format!("{:016x}\n", iohash::XxHash3::hash(n.as_bytes())))
        .collect();
    assert_eq!(String::from_utf8_lossy(&from_list.stdout), expected);
}

#[test]
fn base64_crcs_match_what_s3_shows() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("hello"), b"Hello world").unwrap();
    // The AWS SDK for JavaScript v3's flexible-checksums tests: S3's values for "Hello world".
    for (algorithm, tag, s3) in [
        ("crc32", "CRC32", "i9aeUg=="),
        ("crc32c", "CRC32C", "crUfeA=="),
        ("crc64nvme", "CRC64NVME", "OOJZ0D8xKts="),
    ] {
        let out = iohash(dir.path(), args!["-H", algorithm, "--base64", "hello"]);
        assert_status(&out, true);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            format!("{tag}_{s3}  hello\n")
        );
        let bare = iohash(
            dir.path(),
            args!["-H", algorithm, "--base64", "--no-names", "hello"],
        );
        assert_eq!(String::from_utf8_lossy(&bare.stdout), format!("{s3}\n"));
    }
    let bad = iohash(dir.path(), args!["--base64", "-c", "hello"]);
    assert_status(&bad, false);
}

// ---- directory trees: -r, -L, --exclude.

/// A tree with nested directories, names that sort differently by component and by path
/// (`a.txt` before `a/`), a non-UTF-8 name, a FIFO, a link to a file and a link loop.
fn sample_tree(root: &Path) -> Vec<PathBuf> {
    let files = [
        "a.txt",
        "a/b",
        "a/c/d",
        "a-z",
        "b/skip.o",
        "b/keep",
        "target/junk",
        "Z",
    ];
    let mut made = Vec::new();
    for file in files {
        let path = root.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, file).unwrap();
        made.push(PathBuf::from(file));
    }
    let odd = PathBuf::from(OsStr::from_bytes(b"a/caf\xe9"));
    fs::write(root.join(&odd), b"latin-1").unwrap();
    made.push(odd);
    assert!(Command::new("mkfifo")
        .arg(root.join("b/fifo"))
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("../a.txt", root.join("b/link")).unwrap();
    std::os::unix::fs::symlink("..", root.join("a/c/up")).unwrap();
    made
}

/// The names of the lines of `stdout`, in order.
fn names_of(stdout: &[u8]) -> Vec<Vec<u8>> {
    stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| l[l.windows(2).position(|w| w == b"  ").unwrap() + 2..].to_vec())
        .collect()
}

#[test]
fn a_tree_is_hashed_in_byte_order_of_its_paths_without_following_links() {
    let dir = tempfile::tempdir().unwrap();
    let files = sample_tree(&dir.path().join("t"));
    let mut expected: Vec<Vec<u8>> = files
        .iter()
        .map(|f| [b"t/", f.as_os_str().as_bytes()].concat())
        .collect();
    expected.sort();
    for threads in ["-j1", "-j3"] {
        let out = iohash(dir.path(), args!["-r", threads, "-H1", "t"]);
        // The FIFO is skipped with a warning, not an error; the link loop is not reached.
        assert_status(&out, true);
        assert!(
            stderr(&out).contains("t/b/fifo: not a regular file, skipped"),
            "{}",
            stderr(&out)
        );
        assert_eq!(names_of(&out.stdout), expected, "{threads}");
    }
    // Each line is the file's hash.
    let out = iohash(dir.path(), args!["-r", "-H1", "t"]);
    for line in String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_hexdigit()))
    {
        let (hash, name) = line.split_once("  ").unwrap();
        if name.is_ascii() {
            let data = fs::read(dir.path().join(name)).unwrap();
            assert_eq!(hash, format!("{:016x}", iohash::XxHash64::hash(&data)));
        }
    }
    // And -c checks it.
    fs::write(dir.path().join("sums.txt"), &out.stdout).unwrap();
    let check = iohash(dir.path(), args!["-c", "sums.txt"]);
    assert_status(&check, true);
    assert_eq!(
        check
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| l.ends_with(b": OK"))
            .count(),
        files.len()
    );
    fs::remove_file(dir.path().join("t/Z")).unwrap();
    assert_status(&iohash(dir.path(), args!["-c", "sums.txt"]), false);
    assert_status(
        &iohash(dir.path(), args!["-c", "--ignore-missing", "sums.txt"]),
        true,
    );
}

#[test]
fn dereference_follows_links_and_reports_loops() {
    let dir = tempfile::tempdir().unwrap();
    sample_tree(&dir.path().join("t"));
    let out = iohash(dir.path(), args!["-r", "-L", "t"]);
    assert_status(&out, false);
    assert!(
        stderr(&out).contains("t/a/c/up: symbolic link loop"),
        "{}",
        stderr(&out)
    );
    let names = names_of(&out.stdout);
    assert!(names.contains(&b"t/b/link".to_vec()), "{names:?}");
    assert!(names.contains(&b"t/a.txt".to_vec()));
}

#[test]
fn exclude_leaves_out_names_and_paths() {
    let dir = tempfile::tempdir().unwrap();
    sample_tree(&dir.path().join("t"));
    let out = iohash(
        dir.path(),
        args![
            "-r",
            "--exclude",
            "*.o",
            "--exclude",
            "target",
            "--exclude",
            "a/c",
            "t"
        ],
    );
    assert_status(&out, true);
    let names = names_of(&out.stdout);
    for gone in ["t/b/skip.o", "t/target/junk", "t/a/c/d"] {
        assert!(
            !names.contains(&gone.as_bytes().to_vec()),
            "{gone} in {names:?}"
        );
    }
    assert!(names.contains(&b"t/b/keep".to_vec()));
    // A name that is not UTF-8 (sample_tree's `a/caf\xe9`) is excluded by its own bytes.
    let all = names_of(&iohash(dir.path(), args!["-r", "t"]).stdout);
    assert!(all.contains(&b"t/a/caf\xe9".to_vec()));
    for pattern in [&b"caf\xe9"[..], b"*\xe9", b"a/caf[\xe0-\xef]"] {
        let out = iohash(
            dir.path(),
            &[
                OsStr::new("-r"),
                OsStr::new("--exclude"),
                OsStr::from_bytes(pattern),
                OsStr::new("t"),
            ],
        );
        assert_status(&out, true);
        let names = names_of(&out.stdout);
        assert!(!names.contains(&b"t/a/caf\xe9".to_vec()), "{names:?}");
        assert_eq!(names.len() + 1, all.len(), "{names:?}");
    }
    let bad = iohash(dir.path(), args!["-r", "--exclude", "[oops", "t"]);
    assert_status(&bad, false);
    assert!(stderr(&bad).contains("unclosed '['"), "{}", stderr(&bad));
}

#[test]
fn an_unreadable_directory_is_reported_and_the_rest_hashed() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let root = dir.path().join("t");
    for file in ["a/1", "locked/2", "z/3"] {
        let path = root.join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, file).unwrap();
    }
    for d in [&root, &root.join("a"), &root.join("z")] {
        fs::set_permissions(d, fs::Permissions::from_mode(0o755)).unwrap();
    }
    fs::set_permissions(root.join("locked"), fs::Permissions::from_mode(0o000)).unwrap();
    let out = as_nobody(dir.path())
        .args(["-r", "t"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    fs::set_permissions(root.join("locked"), fs::Permissions::from_mode(0o755)).unwrap();
    assert_status(&out, false);
    assert!(
        stderr(&out).contains("t/locked: Permission denied"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        names_of(&out.stdout),
        [b"t/a/1".to_vec(), b"t/z/3".to_vec()]
    );
}

#[test]
fn a_large_file_truncated_under_its_map_is_named_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    // Hashed alone, so the command maps it.
    let out = truncated_while_hashed(dir.path(), &["big"]);
    assert_eq!(out.status.code(), Some(1), "stderr: {}", stderr(&out));
    assert!(
        stderr(&out).contains("iohash: big: file changed while it was being hashed"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn a_large_files_crc_read_ahead_on_threads_is_the_same_value() {
    let dir = tempfile::tempdir().unwrap();
    // Large enough to be read ahead on threads (from 64 MiB), with a tail past its chunks.
    let data: Vec<u8> = (0..(64 << 20) + 12_345)
        .map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    fs::write(dir.path().join("large"), &data).unwrap();
    for (algorithm, expected) in [
        (
            "crc32",
            format!(
                "CRC32_{:08x}",
                iohash::Crc32Variant::IsoHdlc.checksum(&data)
            ),
        ),
        (
            "crc32c",
            format!("CRC32C_{:08x}", iohash::Crc32Variant::Iscsi.checksum(&data)),
        ),
        (
            "crc64nvme",
            format!(
                "CRC64NVME_{:016x}",
                iohash::Crc64Variant::Nvme.checksum(&data)
            ),
        ),
    ] {
        for jobs in ["-j1", "-j2", "-j3", "-j8"] {
            let out = iohash(dir.path(), args!["-H", algorithm, jobs, "large"]);
            assert_status(&out, true);
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                format!("{expected}  large\n"),
                "{algorithm} {jobs}"
            );
        }
    }
}

#[test]
fn a_large_file_truncated_while_its_crc_is_read_ahead_fails() {
    let dir = tempfile::tempdir().unwrap();
    let out = truncated_while_hashed(dir.path(), &["-H", "crc64", "-j2", "big"]);
    assert_eq!(out.status.code(), Some(1), "stderr: {}", stderr(&out));
    assert!(
        stderr(&out).contains("iohash: big: file changed while it was being hashed"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
}

// ---- completions, the man page, NO_COLOR.

#[test]
fn completion_scripts_load_and_the_man_page_has_every_option() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = iohash(dir.path(), args!["--completions", shell]);
        assert_status(&out, true);
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("iohash"),
            "{shell}"
        );
    }
    let loaded = Command::new("bash")
        .args([
            "-c",
            &format!("source <({IOHASH} --completions bash); complete -p iohash"),
        ])
        .output()
        .unwrap();
    assert!(loaded.status.success(), "{}", stderr(&loaded));
    assert!(
        String::from_utf8_lossy(&loaded.stdout).contains("-F _iohash iohash"),
        "{}",
        String::from_utf8_lossy(&loaded.stdout)
    );

    let man = iohash(dir.path(), args!["--man"]);
    assert_status(&man, true);
    // roff writes a `-` as `\-`.
    let man = String::from_utf8(man.stdout).unwrap().replace("\\-", "-");
    assert!(
        man.starts_with(".ie") && man.contains(".TH iohash 1"),
        "{man}"
    );
    let help = String::from_utf8(iohash(dir.path(), args!["--help"]).stdout).unwrap();
    let options: Vec<&str> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .collect();
    assert!(options.len() > 20, "{options:?}");
    for option in options {
        assert!(man.contains(option), "{option} is not in the man page");
    }
    // The synopsis names no option without its value (clap_mangen's own wrote `[-H ]`), and
    // the options say what each takes.
    let synopsis = man
        .split(".SH SYNOPSIS")
        .nth(1)
        .unwrap()
        .split(".SH")
        .next()
        .unwrap();
    assert!(
        !synopsis.contains("-H \\fR]") && !synopsis.contains("[\\fB-H \\fR]"),
        "{synopsis}"
    );
    assert!(synopsis.contains("[OPTIONS] [FILE]..."), "{synopsis}");
    assert!(man.contains("ALGORITHM"), "the options name no value");
    let both = iohash(dir.path(), args!["--man", "README.md"]);
    assert_status(&both, false);
}

#[test]
fn no_color_leaves_the_help_plain_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let run = |no_color: bool| {
        let mut command = Command::new("script");
        command
            .args(["-qec", &format!("{IOHASH} --help"), "/dev/null"])
            .current_dir(dir.path())
            .stdin(Stdio::null());
        if no_color {
            command.env("NO_COLOR", "1");
        } else {
            command.env_remove("NO_COLOR");
        }
        String::from_utf8(command.output().unwrap().stdout).unwrap()
    };
    assert!(
        run(false).contains('\x1b'),
        "clap colours help on a terminal"
    );
    let plain = run(true);
    assert!(plain.contains("Usage: iohash"), "{plain}");
    assert!(!plain.contains('\x1b'), "{plain:?}");
}

// ---- every line the command prints, -c reads back.

#[test]
fn every_algorithm_and_line_format_checks_back_and_a_changed_file_fails() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("a.txt"), b"first file").unwrap();
    fs::write(dir.path().join("b c"), b"second, its name with a space").unwrap();
    let name = OsStr::from_bytes(b"non-utf8-\xff");
    fs::write(dir.path().join(name), b"third").unwrap();
    let formats: [(&[&str], &[&str]); 6] = [
        (&[], &[]),
        (&["--tag"], &[]),
        (&["--little-endian"], &["--little-endian"]),
        (&["--tag", "--little-endian"], &[]),
        (&["--base64"], &[]),
        (&["--base64", "--tag"], &[]),
    ];
    let algorithms = [
        "0",
        "1",
        "2",
        "3",
        "crc32",
        "crc32c",
        "crc64",
        "crc64nvme",
        "crc64xz",
    ];
    for algorithm in algorithms {
        for (write, read) in formats.iter().chain([(&["-z"][..], &["-z"][..])].iter()) {
            let mut args: Vec<&OsStr> = vec![OsStr::new("-H"), OsStr::new(algorithm)];
            args.extend(write.iter().map(OsStr::new));
            args.extend([OsStr::new("a.txt"), OsStr::new("b c"), name]);
            let sums = iohash(dir.path(), &args);
            assert_status(&sums, true);
            fs::write(dir.path().join("sums"), &sums.stdout).unwrap();
            let mut check: Vec<&OsStr> = vec![OsStr::new("-c")];
            check.extend(read.iter().map(OsStr::new));
            check.push(OsStr::new("sums"));
            let checked = iohash(dir.path(), &check);
            assert!(
                checked.status.success(),
                "-H {algorithm} {write:?}: {:?} {}",
                String::from_utf8_lossy(&sums.stdout),
                String::from_utf8_lossy(&checked.stdout)
            );
            let out = String::from_utf8_lossy(&checked.stdout);
            assert_eq!(
                out.matches(": OK").count(),
                3,
                "-H {algorithm} {write:?}: {out}"
            );
        }
        // A changed file fails, whichever the format.
        let sums = iohash(dir.path(), args!["-H", algorithm, "--tag", "a.txt"]);
        fs::write(dir.path().join("sums"), &sums.stdout).unwrap();
        fs::write(dir.path().join("a.txt"), b"first file, changed").unwrap();
        let checked = iohash(dir.path(), args!["-c", "sums"]);
        assert_status(&checked, false);
        assert!(String::from_utf8_lossy(&checked.stdout).contains("a.txt: FAILED"));
        fs::write(dir.path().join("a.txt"), b"first file").unwrap();
    }
}

#[test]
fn names_that_are_not_utf8_are_printed_as_their_own_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let name = OsStr::from_bytes(b"caf\xe9");
    fs::write(dir.path().join(name), b"x").unwrap();
    let sums = iohash(dir.path(), &[name]);
    assert_status(&sums, true);
    assert!(sums.stdout.ends_with(b"  caf\xe9\n"));
    fs::write(dir.path().join("sums"), &sums.stdout).unwrap();
    let checked = iohash(dir.path(), args!["-c", "sums"]);
    assert_status(&checked, true);
    assert_eq!(checked.stdout, b"caf\xe9: OK\n");
    fs::write(dir.path().join(name), b"y").unwrap();
    let failed = iohash(dir.path(), args!["-c", "sums"]);
    assert!(failed.stdout.starts_with(b"caf\xe9: FAILED\n"));
    fs::remove_file(dir.path().join(name)).unwrap();
    let missing = iohash(dir.path(), args!["-c", "sums"]);
    assert!(
        missing.stdout.windows(7).any(|w| w == b"'caf\xe9':"),
        "{:?}",
        String::from_utf8_lossy(&missing.stdout)
    );
    let error = iohash(dir.path(), &[name]);
    assert_status(&error, false);
    assert!(
        error.stderr.starts_with(b"iohash: caf\xe9: "),
        "{:?}",
        error.stderr
    );
}

#[test]
fn the_last_algorithm_given_wins_as_in_xxhsum() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"hello").unwrap();
    let out = iohash(dir.path(), args!["-H1", "-H2", "f"]);
    assert_status(&out, true);
    let expected = format!("{:032x}  f\n", iohash::XxHash128::hash(b"hello"));
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
}

/// A pseudo-file that reports a size of 0 hashes as its bytes through every form, the parallel
/// CRC path included: as the same bytes on standard input.
#[cfg(target_os = "linux")]
#[test]
fn a_pseudo_file_hashes_as_its_bytes_on_stdin() {
    let Ok(bytes) = fs::read("/proc/version") else {
        eprintln!("skipped: no /proc/version");
        return;
    };
    let dir = std::env::temp_dir();
    for args in [
        &["-H", "crc32"][..],
        &["-H", "crc64nvme", "--no-mmap"],
        &["-H", "crc32c", "--base64"],
        &["-H", "crc32c", "--part-size", "5MiB"],
        &["-H3"],
    ] {
        let hash_of = |out: Output| {
            assert!(out.status.success(), "{args:?}: {out:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            text.split_whitespace().next().unwrap().to_owned()
        };
        let mut file_args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        file_args.push(OsStr::new("/proc/version"));
        let from_file = hash_of(iohash(&dir, &file_args));
        let piped = run(Command::new(IOHASH).args(args), Some(&bytes)).unwrap();
        assert_eq!(from_file, hash_of(piped), "{args:?}");
    }
}

/// Output that cannot be written is an error on every path that writes: a message naming the
/// cause, exit 1, never a panic or an abort.
#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_an_error_not_an_abort() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"data").unwrap();
    let list = iohash(dir.path(), &[OsStr::new("f")]);
    fs::write(dir.path().join("list"), &list.stdout).unwrap();
    for args in [
        &["--list"][..],
        &["--completions", "bash"],
        &["--man"],
        &["--help"],
        &["--version"],
        &["f"],
        &["-c", "list"],
        &["-b", "-i1", "-b1"],
    ] {
        let full = fs::File::create("/dev/full").unwrap();
        let out = Command::new(IOHASH)
            .current_dir(dir.path())
            .args(args)
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

/// `-c` stops at the first line it cannot write: a reader that went away (`| head -1`) ends
/// the check with a failure, not a full run that exits 0.
#[cfg(unix)]
#[test]
fn a_check_stops_when_its_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f"), b"data").unwrap();
    let line = iohash(dir.path(), &[OsStr::new("f")]).stdout;
    fs::write(dir.path().join("list"), line.repeat(20_000)).unwrap();
    let mut child = Command::new(IOHASH)
        .current_dir(dir.path())
        .args(["-c", "list"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "f: OK\n");
    // The pipe is closed here, with 19,999 lines still to write.
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(1));
}

/// A `--files-from` list is read a bounded line at a time: one without an end of line
/// (`/dev/zero`) is refused at once, as `-c` refuses such a list, not read until memory ends.
#[cfg(target_os = "linux")]
#[test]
fn a_file_list_without_line_ends_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = iohash(
        dir.path(),
        &[OsStr::new("--files-from"), OsStr::new("/dev/zero")],
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("/dev/zero: line too long"), "{stderr}");
}

/// The files of the thread-limit tests, in `dir`: 300 small files in 7 folders under `d`, a
/// list of them (`list`), their sums (`sums`) and a sparse 160 MiB file (`big`), large enough
/// for 32 readers of one file, which the library starts as it can.
#[cfg(target_os = "linux")]
fn thread_limit_files(dir: &Path) {
    let mut list = String::new();
    for i in 0..300 {
        let name = format!("d/sub{}/f{i}", i % 7);
        fs::create_dir_all(dir.join(&name).parent().unwrap()).unwrap();
        fs::write(dir.join(&name), splitmix_bytes(i, 100 + i as usize)).unwrap();
        list.push_str(&name);
        list.push('\n');
    }
    fs::write(dir.join("list"), list).unwrap();
    fs::write(
        dir.join("sums"),
        iohash(dir, args!["--files-from", "list"]).stdout,
    )
    .unwrap();
    fs::File::create(dir.join("big"))
        .unwrap()
        .set_len(160 << 20)
        .unwrap();
}

/// The thread-limit tests' runs: lists, a walk, a tree, a check and one large file.
#[cfg(target_os = "linux")]
const THREAD_LIMIT_RUNS: [&[&str]; 6] = [
    &["-j", "32", "--files-from", "list"],
    &["-j", "64", "--files-from", "list"],
    &["-j", "64", "-r", "d"],
    &["-j", "64", "--tree", "d"],
    &["-j", "64", "-c", "sums"],
    &["-j", "32", "-H", "crc32c", "big"],
];

/// What a run under a thread limit wrote to stderr: at most one line, the warning.
#[cfg(target_os = "linux")]
fn refused_thread_warnings(args: &[&str], output: &Output) -> usize {
    let warnings = stderr(output);
    let lines: Vec<&str> = warnings.lines().collect();
    assert!(lines.len() <= 1, "{args:?}: {warnings}");
    assert!(
        lines
            .iter()
            .all(|line| line.starts_with("iohash: warning: the system refused a thread (")),
        "{args:?}: {warnings}"
    );
    lines.len()
}

/// Under `ulimit -v` (64 MiB), 32 or 64 threads do not fit: the work goes on with the threads
/// that could be had, every line printed as without the limit, at most one warning and exit 0,
/// where `-j 32` once panicked ("failed to spawn thread"), aborted and printed nothing.
#[cfg(target_os = "linux")]
#[test]
fn threads_the_system_refuses_leave_the_work_to_those_it_gives() {
    use common::{run_limited, Limit};
    let dir = tempfile::tempdir().unwrap();
    thread_limit_files(dir.path());
    for args in THREAD_LIMIT_RUNS {
        let unlimited = iohash(dir.path(), &args.iter().map(OsStr::new).collect::<Vec<_>>());
        assert_status(&unlimited, true);
        let limited = run_limited(
            Command::new(IOHASH).current_dir(dir.path()).args(args),
            Limit::AddressSpace(64 << 20),
            Duration::from_secs(60),
        );
        assert_status(&limited, true);
        assert_eq!(limited.stdout, unlimited.stdout, "{args:?}");
        refused_thread_warnings(args, &limited);
    }
}

/// Under `ulimit -u 8` (processes and threads of one user), as under `ulimit -v`: every line
/// as without the limit, exit 0, and where a pool of 32 or 64 comes short exactly one warning:
/// the command's (lists, `-r`, `-c`: the reader and workers all wait for the last to start).
/// One large file's readers, no more than the CPUs, may all fit, and `--tree`'s workers may
/// end before the last is started: at most one line for those two.
/// The limit does not hold for root, so as root the command runs as a user no other process
/// has (the limit counts them all, and other tests run as nobody meanwhile), from a copy in
/// `dir` over files anyone may read.
#[cfg(target_os = "linux")]
#[test]
fn threads_a_process_limit_refuses_leave_the_work_to_those_it_gives() {
    use common::{run_limited, Limit};
    use std::os::unix::fs::PermissionsExt;
    const UNUSED_UID: &str = "65533";
    let is_root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    if is_root && Command::new("setpriv").arg("--version").output().is_err() {
        let _ = writeln!(
            std::io::stderr(),
            "skipped: ulimit -u as root needs setpriv (util-linux) to run as another user"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    thread_limit_files(dir.path());
    let binary = dir.path().join("iohash");
    fs::copy(IOHASH, &binary).unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    for entry in fs::read_dir(dir.path().join("d")).unwrap() {
        let folder = entry.unwrap().path();
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).unwrap();
        for file in fs::read_dir(&folder).unwrap() {
            fs::set_permissions(file.unwrap().path(), fs::Permissions::from_mode(0o644)).unwrap();
        }
    }
    fs::set_permissions(dir.path().join("d"), fs::Permissions::from_mode(0o755)).unwrap();
    for name in ["list", "sums", "big"] {
        fs::set_permissions(dir.path().join(name), fs::Permissions::from_mode(0o644)).unwrap();
    }
    for args in THREAD_LIMIT_RUNS {
        let unlimited = iohash(dir.path(), &args.iter().map(OsStr::new).collect::<Vec<_>>());
        assert_status(&unlimited, true);
        let mut command = if is_root {
            let mut setpriv = Command::new("setpriv");
            setpriv
                .arg(format!("--reuid={UNUSED_UID}"))
                .args(["--regid=65534", "--clear-groups"])
                .arg(&binary);
            setpriv
        } else {
            Command::new(&binary)
        };
        let limited = run_limited(
            command.current_dir(dir.path()).args(args),
            Limit::Processes(8),
            Duration::from_secs(60),
        );
        assert_status(&limited, true);
        assert_eq!(limited.stdout, unlimited.stdout, "{args:?}");
        let warnings = refused_thread_warnings(args, &limited);
        // One file gets no more readers than the machine has CPUs, which a limit of 8 may
        // not refuse (the library's tests refuse them through a hook instead).
        if args.contains(&"--tree") || args.contains(&"big") {
            continue;
        }
        if warnings == 0 && !is_root {
            let _ = writeln!(
                std::io::stderr(),
                "skipped: ulimit -u does not hold for this user (CAP_SYS_RESOURCE?)"
            );
            return;
        }
        assert_eq!(
            warnings, 1,
            "{args:?}: no warning, so the limit did not hold"
        );
    }
}

/// cli/README.md's sessions (lines `$ COMMAND` and the output after them), run as written by
/// `sh` in a folder holding the file they name: f8, the S3 golden file's 9,000,000 bytes of
/// seed 8, so the composite is the one awscrt computed (tests/data/cloud_golden.txt).
#[test]
fn the_readmes_sessions_print_what_they_show() {
    let readme = include_str!("../README.md");
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("f8"), splitmix_bytes(8, 9_000_000)).unwrap();
    let bin = Path::new(IOHASH).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut sessions = 0;
    for block in readme.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap();
        if !block.starts_with("$ ") {
            continue;
        }
        sessions += 1;
        let mut lines = block.lines().peekable();
        while let Some(line) = lines.next() {
            let command = line
                .strip_prefix("$ ")
                .expect("a session starts each run with $");
            let mut want = String::new();
            while let Some(output) = lines.next_if(|line| !line.starts_with("$ ")) {
                want.push_str(output);
                want.push('\n');
            }
            let out = Command::new("sh")
                .args(["-c", command])
                .current_dir(dir.path())
                .env("PATH", &path)
                .output()
                .unwrap();
            assert_status(&out, true);
            assert_eq!(String::from_utf8_lossy(&out.stdout), want, "$ {command}");
        }
    }
    assert!(sessions >= 1, "no session found in cli/README.md");
}
