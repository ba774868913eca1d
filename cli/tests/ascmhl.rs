//! The command through a link named `ascmhl`, against the reference ascmhl 1.2: its committed
//! history and outcomes (`tests/data/ascmhl/`, made by `tests/data/gen_ascmhl_golden.py`), its
//! published scenario histories, and, where the reference is installed (`IOHASH_PYTHON` names
//! a Python that has it; CI sets `IOHASH_REQUIRE_PYTHON_ORACLES=1`, which makes its absence a
//! failure), live on random trees, both ways.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;
use common::{build_mhl_tree, splitmix_bytes};

const IOHASH: &str = env!("CARGO_BIN_EXE_iohash");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// A link named `ascmhl` to the command, in `dir`.
fn ascmhl_link(dir: &Path) -> PathBuf {
    let link = dir.join(if cfg!(windows) {
        "ascmhl.exe"
    } else {
        "ascmhl"
    });
    if !link.exists() {
        #[cfg(unix)]
        std::os::unix::fs::symlink(IOHASH, &link).unwrap();
        #[cfg(not(unix))]
        fs::copy(IOHASH, &link).unwrap();
    }
    link
}

fn run(program: &Path, args: &[&OsStr]) -> Output {
    Command::new(program).args(args).output().unwrap()
}

/// What a run printed, as the golden file writes it: `exit CODE`, then `out` and `err` lines
/// with the tree's path as `{ROOT}` and dates as `{DATE}`.
fn outcome(output: &Output, root: &Path) -> Vec<String> {
    let mut lines = vec![format!("exit {}", output.status.code().unwrap_or(-1))];
    for (stream, bytes) in [("out", &output.stdout), ("err", &output.stderr)] {
        for line in String::from_utf8_lossy(bytes).lines() {
            lines.push(format!(
                "{stream} {}",
                normalized(&line.replace(&root.display().to_string(), "{ROOT}"))
            ));
        }
    }
    lines
}

/// Dates in a manifest's name (`_2026-12-01_180333Z.mhl`) and in `info`'s lines as `{DATE}`.
fn normalized(line: &str) -> String {
    let mut out = line.to_owned();
    if let Some(at) = out.find("Z.mhl") {
        if at >= 18 && out.is_char_boundary(at - 18) && out[at - 18..].starts_with('_') {
            out.replace_range(at - 18..at + 5, "_{DATE}.mhl");
        }
    }
    let mut from = 0;
    while let Some(open) = out[from..].find("(20").map(|i| i + from) {
        match out[open..].find(')') {
            Some(len) if out[open..open + len].contains('T') => {
                out.replace_range(open + 1..open + len, "{DATE}");
            }
            _ => {}
        }
        from = open + 1;
    }
    out
}

/// The golden file's outcome of `args`.
fn golden_outcome(golden: &str, args: &str) -> Vec<String> {
    golden
        .lines()
        .skip_while(|l| *l != format!("== {args}"))
        .skip(1)
        .take_while(|l| !l.starts_with("== "))
        .map(str::to_owned)
        .collect()
}

/// The changes of gen_ascmhl_golden.py's `change`: one file changed, one deleted, one added.
fn change_tree(root: &Path) {
    fs::write(root.join("A001/clip 1.mov"), splitmix_bytes(100, 1000)).unwrap();
    fs::remove_file(root.join("top level.txt")).unwrap();
    fs::write(root.join("B002/new.bin"), splitmix_bytes(101, 300)).unwrap();
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Holds iohash to the reference's `history` (its `ascmhl` folder for the tree of
/// mhl_tree.txt) and `golden` outcomes.
fn follows_the_reference(history: &Path, golden: &str) {
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let root = dir.path().join("tree");
    build_mhl_tree(&root);
    copy_dir(history, &root.join("ascmhl"));
    // Unchanged, the tree diffs clean and the generation verifies every file.
    let diff = run(&ascmhl, &["diff".as_ref(), root.as_os_str()]);
    assert_eq!(outcome(&diff, &root), ["exit 0"]);
    let pristine = dir.path().join("pristine");
    copy_dir(&root, &pristine);
    let create = run(&ascmhl, &["create".as_ref(), pristine.as_os_str()]);
    assert_eq!(outcome(&create, &pristine), ["exit 0"]);
    // Once changed, every command prints what the reference printed, with its exit code.
    change_tree(&root);
    for args in ["diff -v", "create -v", "info"] {
        let mut argv: Vec<&OsStr> = args.split(' ').map(OsStr::new).collect();
        argv.push(root.as_os_str());
        let ours = outcome(&run(&ascmhl, &argv), &root);
        assert_eq!(ours, golden_outcome(golden, args), "ascmhl {args}");
    }
}

#[test]
fn a_history_the_reference_made_is_continued_as_the_reference_continues_it() {
    let golden = fs::read_to_string(format!("{DATA}/ascmhl/outcomes.txt")).unwrap();
    follows_the_reference(Path::new(&format!("{DATA}/ascmhl/history")), &golden);
}

#[test]
fn the_reference_scenarios_verify() {
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let scenarios = Path::new(DATA).join("ascmhl/scenarios");
    copy_dir(&scenarios, &dir.path().join("s"));
    // Every history that is not nested: each file verifies against what the reference
    // recorded (in xxh64, the scenarios' format), but scenario 4's Sidecar.txt, which it
    // altered on purpose and recorded as failed.
    let histories = [
        ("scenario_01/travel_01/A002R2EC", 0),
        ("scenario_02/travel_01/A002R2EC", 0),
        ("scenario_02/file_server/A002R2EC", 0),
        ("scenario_03/travel_01/A002R2EC", 0),
        ("scenario_03/file_server/A002R2EC", 0),
        ("scenario_04/travel_01/A002R2EC", 0),
        ("scenario_04/file_server/A002R2EC", 11),
        ("scenario_05/travel_01/Reels/A002R2EC", 0),
        ("scenario_05/travel_01/Reels/A003R2EC", 0),
    ];
    for (path, code) in histories {
        let root = dir.path().join("s").join(path);
        let out = run(
            &ascmhl,
            &[
                "create".as_ref(),
                "-v".as_ref(),
                "-h".as_ref(),
                "xxh64".as_ref(),
                root.as_os_str(),
            ],
        );
        assert_eq!(
            out.status.code(),
            Some(code),
            "{path}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.contains("  verified                      Clips/A00"),
            "{stdout}"
        );
        // The root hash is the one the reference recorded for the same files.
        let log = fs::read_to_string(
            root.join("ascmhl")
                .read_dir()
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension() == Some(OsStr::new("mhl")))
                .min()
                .unwrap(),
        )
        .unwrap();
        let recorded = root_hash(&log);
        let ours = stdout
            .lines()
            .find(|l| l.starts_with("  calculated root hash  xxh64: "))
            .unwrap();
        if code == 0 {
            assert!(
                ours.contains(&format!("xxh64: {recorded} (content)")),
                "{path}: {ours} vs {recorded}"
            );
        }
    }
    let scenario_4 = String::from_utf8(
        run(
            &ascmhl,
            &[
                "create".as_ref(),
                dir.path()
                    .join("s/scenario_04/file_server/A002R2EC")
                    .as_os_str(),
            ],
        )
        .stderr,
    )
    .unwrap();
    assert!(scenario_4.starts_with("ERROR: hash mismatch for        Sidecar.txt  xxh64 (old): 3ab5a4166b9bde44, xxh64 (new): 70d2cf31aaa3eac4\n"), "{scenario_4}");
    // The reels' history, with the cards' histories nested in it: every file verifies,
    // each in its card's history, and the reel's root hash is the one recorded.
    let reels = dir.path().join("s/scenario_05/file_server/Reels");
    let out = run(
        &ascmhl,
        &[
            "create".as_ref(),
            "-h".as_ref(),
            "xxh64".as_ref(),
            reels.as_os_str(),
        ],
    );
    assert_eq!(outcome(&out, &reels), ["exit 0"]);
    for card in ["A002R2EC", "A003R2EC"] {
        let third = reels.join(card).join("ascmhl").read_dir().unwrap().count();
        assert_eq!(third, 4, "{card}: three generations and the chain");
    }
}

/// The first generation's root content hash in a manifest's text.
fn root_hash(manifest: &str) -> String {
    let root = &manifest[manifest.find("<roothash>").unwrap()..];
    let content = &root[root.find("<content>").unwrap()..];
    let value_start = content.find("\">").unwrap() + 2;
    let value_end = content[value_start..].find('<').unwrap() + value_start;
    content[value_start..value_end].to_owned()
}

/// The reference's `ascmhl` program, when its Python has it (`IOHASH_PYTHON`, else `python3`):
/// beside that Python, or on the `PATH`.
fn reference() -> Option<(String, PathBuf)> {
    let python = std::env::var("IOHASH_PYTHON").unwrap_or_else(|_| "python3".into());
    let found = Command::new(&python)
        .args(["-c", "import ascmhl"])
        .output()
        .is_ok_and(|out| out.status.success());
    if !found {
        let required = std::env::var_os("IOHASH_REQUIRE_PYTHON_ORACLES").is_some_and(|v| v == "1");
        assert!(
            !required,
            "IOHASH_REQUIRE_PYTHON_ORACLES=1 but {python} lacks ascmhl"
        );
        eprintln!(
            "skipped: {python} lacks ascmhl (the committed history and outcomes were checked)"
        );
        return None;
    }
    let beside = Path::new(&python).parent().map(|dir| dir.join("ascmhl"));
    let program = beside
        .filter(|p| p.exists())
        .unwrap_or_else(|| PathBuf::from("ascmhl"));
    Some((python, program))
}

#[test]
fn the_reference_makes_today_the_history_and_outcomes_committed() {
    let Some((python, _)) = reference() else {
        return;
    };
    let out = tempfile::tempdir().unwrap();
    let status = Command::new(&python)
        .arg(format!("{DATA}/gen_ascmhl_golden.py"))
        .arg(out.path())
        .status()
        .unwrap();
    assert!(status.success());
    let golden = fs::read_to_string(out.path().join("outcomes.txt")).unwrap();
    assert_eq!(
        golden,
        fs::read_to_string(format!("{DATA}/ascmhl/outcomes.txt")).unwrap()
    );
    follows_the_reference(&out.path().join("history"), &golden);
}

/// A random tree: nested and empty directories, an empty file, names with spaces and
/// non-ASCII letters, a `.DS_Store`, files of 0 bytes to 10 MiB.
fn random_tree(root: &Path, seed: u64) {
    let names = ["clip", "Ünïcode ü", "a b", "frame_0001.dpx", "z", "ça"];
    let sizes = [0, 1, 17, 1000, 4096, 65_537, 1 << 20, 3 << 20];
    let mut state = seed;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    for d in 0..6 {
        let depth = 1 + next(3);
        let dir: PathBuf = (0..depth)
            .map(|i| format!("{} {d}{i}", names[next(names.len())]))
            .collect();
        fs::create_dir_all(root.join(&dir)).unwrap();
        if d == 5 {
            continue; // an empty directory
        }
        for f in 0..1 + next(5) {
            let size = sizes[next(sizes.len())];
            let name = format!("{}{f}.bin", names[next(names.len())]);
            fs::write(
                root.join(&dir).join(name),
                splitmix_bytes(seed + f as u64, size),
            )
            .unwrap();
        }
    }
    fs::create_dir_all(root.join("reels/A001")).unwrap();
    fs::write(root.join("reels/A001/clip.mov"), splitmix_bytes(seed, 5000)).unwrap();
    fs::write(root.join("empty"), b"").unwrap();
    fs::write(root.join("big"), splitmix_bytes(seed, 10 << 20)).unwrap();
    fs::write(root.join(".DS_Store"), b"finder").unwrap();
}

/// A manifest's root content and structure hashes (the text between `<roothash>` and its end).
fn root_hashes(history: &Path, generation: &str) -> String {
    let manifest = history
        .join("ascmhl")
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(generation)
        })
        .unwrap();
    let text = fs::read_to_string(manifest).unwrap();
    let start = text.find("<roothash>").unwrap();
    let end = text.find("</roothash>").unwrap();
    // Without the hash dates, which differ.
    text[start..end]
        .lines()
        .map(|l| match (l.find(" hashdate="), l.find("\">")) {
            (Some(a), Some(b)) => format!("{}{}", &l[..a], &l[b + 1..]),
            _ => l.to_owned(),
        })
        .collect()
}

#[test]
fn histories_pass_between_iohash_and_the_reference_both_ways() {
    let Some((_, reference)) = reference() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let ours = ascmhl_link(dir.path());
    for (i, format) in ["xxh64", "xxh3", "xxh128"].into_iter().enumerate() {
        let a = dir.path().join(format!("a{i}")).join("card");
        let b = dir.path().join(format!("b{i}")).join("card");
        random_tree(&a, 7 + i as u64);
        copy_dir(&a, &b);
        let create = |program: &Path, root: &Path| {
            run(
                program,
                &[
                    "create".as_ref(),
                    "-h".as_ref(),
                    format.as_ref(),
                    root.as_os_str(),
                ],
            )
        };
        // iohash first, then the reference: every file verifies, nothing is reported.
        assert_eq!(outcome(&create(&ours, &a), &a), ["exit 0"]);
        assert_eq!(outcome(&create(&reference, &a), &a), ["exit 0"], "{format}");
        let second = fs::read_dir(a.join("ascmhl"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("0002"))
            .unwrap();
        let second = fs::read_to_string(second).unwrap();
        assert!(
            second.contains("action=\"verified\"")
                && !second.contains("action=\"original\"")
                && !second.contains("action=\"failed\"")
        );
        assert_eq!(root_hashes(&a, "0001"), root_hashes(&a, "0002"), "{format}");
        assert_eq!(
            outcome(&run(&reference, &["diff".as_ref(), a.as_os_str()]), &a),
            ["exit 0"]
        );
        assert_eq!(
            outcome(&run(&reference, &["info".as_ref(), a.as_os_str()]), &a)[0],
            "exit 0"
        );
        // The reference first, then iohash.
        assert_eq!(outcome(&create(&reference, &b), &b), ["exit 0"]);
        assert_eq!(outcome(&create(&ours, &b), &b), ["exit 0"], "{format}");
        assert_eq!(root_hashes(&b, "0001"), root_hashes(&b, "0002"), "{format}");
        assert_eq!(root_hashes(&a, "0001"), root_hashes(&b, "0001"), "{format}");
        assert_eq!(
            outcome(&run(&ours, &["diff".as_ref(), b.as_os_str()]), &b),
            ["exit 0"]
        );
        // A changed, a deleted and an added file: both report them alike, each on the
        // history the other began.
        for root in [&a, &b] {
            fs::write(root.join("big"), splitmix_bytes(99, 10 << 20)).unwrap();
            fs::remove_file(root.join("empty")).unwrap();
            fs::write(root.join("added file"), b"new").unwrap();
        }
        for args in [&["diff", "-v"][..], &["create", "-v", "-h", format]] {
            let run_on = |program: &Path, root: &Path| {
                let mut argv: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
                argv.push(root.as_os_str());
                outcome(&run(program, &argv), root)
            };
            let theirs = run_on(&reference, &a);
            assert_eq!(run_on(&ours, &b), theirs, "{args:?} {format}");
            assert_ne!(theirs[0], "exit 0");
        }
        assert_eq!(root_hashes(&a, "0003"), root_hashes(&b, "0003"), "{format}");
    }
}

#[test]
fn options_print_and_exit_as_the_reference() {
    let Some((_, reference)) = reference() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let ours = ascmhl_link(dir.path());
    let patterns = dir.path().join("patterns");
    fs::write(&patterns, "*.dpx0.bin\n\nz 30/\n").unwrap();
    let patterns = patterns.to_str().unwrap().to_owned();
    // (what happens before, as [command, args...] lists run by each tool on its own copy; the
    // run compared)
    type Step<'a> = &'a [&'a str];
    let cases: [(&[Step], Step); 14] = [
        (&[], &["create", "-v", "-n"]),
        (&[], &["create", "-v", "-i", "*.bin", "-i", "Ünïcode ü 10/"]),
        (&[], &["create", "-v", "-ii", &patterns]),
        (
            &[],
            &["create", "-v", "-h", "xxh64", "-h", "xxh128", "-h", "xxh3"],
        ),
        (
            &[&["create", "-h", "xxh64"]],
            &["create", "-v", "-h", "xxh128"],
        ),
        (
            &[],
            &["create", "-v", "-sf", "{ROOT}/big", "-sf", "{ROOT}/reels"],
        ),
        (&[], &["create", "-sf", "{ROOT}/nowhere"]),
        (
            &[&["create"], &["mv", "big", "big renamed"]],
            &["create", "-v", "-dr"],
        ),
        (
            &[&[
                "create",
                "--author_name",
                "Jo & <b>",
                "--author_email",
                "jo@example.com",
                "--author_role",
                "DIT",
                "--location",
                "Set 4",
                "--comment",
                "card 1",
            ]],
            &["info", "-v"],
        ),
        (
            &[&["create"], &["create", "-h", "xxh3"]],
            &["info", "-v", "-sf", "{ROOT}/big"],
        ),
        // A card's history nested in the tree's: made first, then the tree's.
        (&[&["create-in", "reels/A001"]], &["create", "-v"]),
        (
            &[&["create-in", "reels/A001"], &["create"], &["create"]],
            &["info", "-v"],
        ),
        (
            &[
                &["create-in", "reels/A001"],
                &["create"],
                &["rm", "reels/A001/clip.mov"],
            ],
            &["create", "-v"],
        ),
        (
            &[
                &["create-in", "reels/A001"],
                &["create"],
                &["rm", "reels/A001/clip.mov"],
            ],
            &["diff", "-v"],
        ),
    ];
    for (i, (before, args)) in cases.into_iter().enumerate() {
        let mut outcomes = Vec::new();
        for (tool, program) in [("reference", &reference), ("iohash", &ours)] {
            let root = dir.path().join(format!("{tool}{i}")).join("card");
            random_tree(&root, 40 + i as u64);
            let with_root = |step: Step| -> Vec<String> {
                step.iter()
                    .map(|a| a.replace("{ROOT}", root.to_str().unwrap()))
                    .collect()
            };
            for step in before {
                if step[0] == "mv" {
                    fs::rename(root.join(step[1]), root.join(step[2])).unwrap();
                    continue;
                }
                if step[0] == "rm" {
                    fs::remove_file(root.join(step[1])).unwrap();
                    continue;
                }
                let mut argv = with_root(step);
                if step[0] == "create-in" {
                    argv = vec![
                        "create".to_owned(),
                        root.join(step[1]).display().to_string(),
                    ];
                } else {
                    argv.push(root.display().to_string());
                }
                let out = Command::new(program).args(&argv).output().unwrap();
                assert!(
                    out.status.success(),
                    "{tool} {argv:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
            }
            let mut argv = with_root(args);
            if !argv.contains(&"-sf".to_owned()) || args[0] == "create" {
                argv.push(root.display().to_string());
            }
            let out = Command::new(program).args(&argv).output().unwrap();
            let mut lines = outcome(&out, &root);
            // Each tool names itself in the histories it writes.
            for line in &mut lines {
                *line = line
                    .replace("iohash 0.1.0", "TOOL")
                    .replace("ascmhl 1.2", "TOOL");
            }
            outcomes.push(lines);
        }
        assert_eq!(outcomes[1], outcomes[0], "{args:?}");
    }
}

#[test]
fn iohash_mhl_makes_generations_as_create_does() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("tree");
    build_mhl_tree(&root);
    let iohash = |args: &[&str]| {
        Command::new(IOHASH)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    assert_eq!(outcome(&iohash(&["--mhl", "tree"]), &root), ["exit 0"]);
    assert_eq!(
        outcome(&iohash(&["--mhl", "-H", "xxh64", "tree"]), &root),
        ["exit 0"]
    );
    let second = fs::read_dir(root.join("ascmhl"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("0002_tree_")
        })
        .unwrap();
    let second = fs::read_to_string(second).unwrap();
    // The xxh128 hashes of the first generation verified, xxh64 ones added.
    assert!(second.contains("<xxh128 action=\"verified\""), "{second}");
    assert!(second.contains("<xxh64 action=\"verified\""), "{second}");
    assert!(!second.contains("original"));
    // A changed file: the reference's message and exit code, and which directory it was.
    change_tree(&root);
    let changed = iohash(&["--mhl", "tree"]);
    assert_eq!(changed.status.code(), Some(11));
    let stderr = String::from_utf8_lossy(&changed.stderr);
    assert!(
        stderr.starts_with("ERROR: hash mismatch for        A001/clip 1.mov  xxh128 (old): "),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(
            "Error: tree: Verification of files referenced in the ASC MHL history failed\n"
        ),
        "{stderr}"
    );
    // What ASC MHL has no name for is refused before anything is written.
    let crc = iohash(&["--mhl", "-H", "crc32", "tree"]);
    assert_eq!(crc.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&crc.stderr).contains("xxh128"));
    // A history whose manifest was altered is reported, not extended.
    let first = fs::read_dir(root.join("ascmhl"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("0001_")
        })
        .unwrap();
    let text = fs::read_to_string(&first).unwrap();
    fs::write(&first, text.replacen("in-place", "transfer", 1)).unwrap();
    let altered = iohash(&["--mhl", "tree"]);
    assert_eq!(altered.status.code(), Some(31));
    assert!(String::from_utf8_lossy(&altered.stderr).contains("Modified ASC MHL manifest"));
}

#[test]
fn two_generations_made_at_once_are_two_generations() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("tree");
    for i in 0..3000 {
        let sub = root.join(format!("d{}", i % 30));
        fs::create_dir_all(&sub).unwrap();
        fs::write(sub.join(format!("f{i}")), i.to_string()).unwrap();
    }
    let start = || {
        Command::new(IOHASH)
            .args(["--mhl", "-j", "1", "tree"])
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (start(), start());
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{:?}", out);
    }
    let mut generations: Vec<String> = fs::read_dir(root.join("ascmhl"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy()[..4].to_owned())
        .filter(|name| name.starts_with("000"))
        .collect();
    generations.sort();
    assert_eq!(generations, ["0001", "0002"]);
    let chain = fs::read_to_string(root.join("ascmhl/ascmhl_chain.xml")).unwrap();
    assert_eq!(chain.matches("<hashlist ").count(), 2, "{chain}");
}

#[test]
fn a_manifest_is_a_checksum_list_for_check_and_audit() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("tree");
    build_mhl_tree(&root);
    copy_dir(
        Path::new(&format!("{DATA}/ascmhl/history")),
        &root.join("ascmhl"),
    );
    let iohash = |args: &[&str], cwd: &Path| {
        Command::new(IOHASH)
            .args(args)
            .current_dir(cwd)
            .output()
            .unwrap()
    };
    let manifests = manifests_of(&root);
    // The reference's first generation (xxh128) and second (xxh128 and xxh64): every file
    // it recorded checks OK, named under the history's folder; nothing is new.
    for manifest in &manifests {
        let list = format!("tree/ascmhl/{manifest}");
        let check = iohash(&["-c", &list, "--audit"], dir.path());
        let stdout = String::from_utf8_lossy(&check.stdout);
        assert!(
            check.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&check.stderr)
        );
        assert_eq!(stdout.lines().count(), 9, "{stdout}");
        assert!(stdout.contains("tree/A001/clip 1.mov: OK\n"), "{stdout}");
        assert!(!stdout.contains("DS_Store"), "{stdout}");
    }
    // From inside the folder, names are relative to it.
    let inside = iohash(&["-c", &format!("ascmhl/{}", manifests[0])], &root);
    assert!(String::from_utf8_lossy(&inside.stdout).contains("\ntop level.txt: OK\n"));
    // A changed, a deleted and an added file.
    change_tree(&root);
    let list = format!("tree/ascmhl/{}", manifests[1]);
    let audit = iohash(&["-c", &list, "--audit"], dir.path());
    assert_eq!(audit.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&audit.stdout);
    assert!(
        stdout.contains("tree/A001/clip 1.mov: FAILED\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Could not open or read 'tree/top level.txt'"),
        "{stdout}"
    );
    assert!(stdout.contains("tree/B002/new.bin: NEW\n"), "{stdout}");
    assert!(stdout.ends_with("1 listed file could not be read\n1 computed checksum did NOT match\n1 file is not in the list\n"), "{stdout}");
    // A manifest without an ignore list: the history's own folder is still left out.
    let text = fs::read_to_string(root.join("ascmhl").join(&manifests[0])).unwrap();
    let (start, end) = (
        text.find("    <ignore>").unwrap(),
        text.find("</ignore>\n").unwrap(),
    );
    let bare = format!("{}{}", &text[..start], &text[end + "</ignore>\n".len()..]);
    fs::write(dir.path().join("bare.mhl"), bare).unwrap();
    fs::create_dir(dir.path().join("ascmhl")).unwrap();
    fs::write(dir.path().join("ascmhl/0001_x.mhl"), "recorded elsewhere").unwrap();
    let audit = iohash(&["-c", "bare.mhl", "--audit"], dir.path());
    let stdout = String::from_utf8_lossy(&audit.stdout);
    assert!(!stdout.contains("ascmhl/"), "{stdout}");
    // A file that is not a manifest is an error naming it.
    fs::write(dir.path().join("bad.mhl"), "<hashlist><hashes>").unwrap();
    let bad = iohash(&["-c", "bad.mhl"], dir.path());
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("bad.mhl: "),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

/// `iohash ARGS` run in `cwd`.
fn iohash_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(IOHASH)
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap()
}

/// The tree of mhl_tree.txt at `dir/tree`, and the text of the reference's first manifest of
/// it (xxh128; nine files, `A001/sub/deeper/frames.raw` first, `top level.txt` last).
fn tree_and_first_manifest(dir: &Path) -> String {
    build_mhl_tree(&dir.join("tree"));
    let history = Path::new(DATA).join("ascmhl/history");
    fs::read_to_string(history.join("0001_tree_2026-12-01_180906Z.mhl")).unwrap()
}

#[test]
fn manifest_entries_that_cannot_be_checked_count_as_improperly_formatted() {
    let dir = tempfile::tempdir().unwrap();
    let text = tree_and_first_manifest(dir.path())
        // Entry 1: a hash that is not one.
        .replace("3ca6cd442c9dac25751e2a2a7833ecc3", "zzzz")
        // Entry 5: only the hash a failed verification recorded.
        .replace(
            "action=\"original\" hashdate=\"2026-12-01T18:09:06.812636+00:00\"",
            "action=\"failed\" hashdate=\"2026-12-01T18:09:06.812636+00:00\"",
        )
        // Entry 9: only formats iohash does not compute.
        .replace(
            "<xxh128 action=\"original\" hashdate=\"2026-12-01T18:09:06.816344+00:00\">be9052674d3a7ac4b564a48862bc4a0d</xxh128>",
            "<md5 action=\"original\">0cc175b9c0f1b6a831c399e269772661</md5>\n      <sha1>86f7e437faa5a7fce15d1ddcb9eaeaea377667b8</sha1>",
        );
    // Beside the files it records, outside any history.
    fs::write(dir.path().join("tree/check.mhl"), text).unwrap();

    // As for a plain list: the others are checked, the three counted.
    let check = iohash_in(dir.path(), &["-c", "tree/check.mhl"]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{stdout}");
    assert_eq!(stdout.matches(": OK\n").count(), 6, "{stdout}");
    for skipped in ["frames.raw", "clip 1.mov", "top level.txt"] {
        assert!(!stdout.contains(skipped), "{stdout}");
    }
    assert!(
        stdout.ends_with(": OK\n3 lines are improperly formatted\n"),
        "{stdout}"
    );
    assert!(check.stderr.is_empty());

    // -w names them and why; --strict fails the manifest.
    let strict = iohash_in(dir.path(), &["-c", "-w", "--strict", "tree/check.mhl"]);
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(strict.stdout, check.stdout);
    assert_eq!(
        String::from_utf8_lossy(&strict.stderr),
        "tree/check.mhl:1: Error: Improperly formatted checksum line (xxh128 hash of the \
         wrong length or not hexadecimal).\n\
         tree/check.mhl:5: Error: Improperly formatted checksum line (no xxh128, xxh3 or \
         xxh64 hash to check; recorded: xxh128 failed).\n\
         tree/check.mhl:9: Error: Improperly formatted checksum line (no xxh128, xxh3 or \
         xxh64 hash to check; recorded: md5, sha1).\n"
    );
}

#[test]
fn manifest_paths_that_leave_its_folder_are_refused_not_read() {
    let dir = tempfile::tempdir().unwrap();
    let text = tree_and_first_manifest(dir.path());
    // Files with the recorded contents outside the folder: read, they would check OK.
    fs::copy(
        dir.path().join("tree/top level.txt"),
        dir.path().join("outside.txt"),
    )
    .unwrap();
    let absolute = dir.path().join("clip.mov");
    fs::copy(dir.path().join("tree/A001/clip 1.mov"), &absolute).unwrap();
    let absolute = absolute.to_str().unwrap();
    let text = text
        .replace(">top level.txt<", ">../outside.txt<")
        .replace(">A001/clip 1.mov<", &format!(">{absolute}<"));
    fs::write(dir.path().join("tree/check.mhl"), text).unwrap();

    for args in [&["-c"][..], &["-c", "--ignore-missing"]] {
        let check = iohash_in(dir.path(), &[args, &["tree/check.mhl"]].concat());
        let stdout = String::from_utf8_lossy(&check.stdout);
        assert_eq!(check.status.code(), Some(1), "{args:?}: {stdout}");
        assert_eq!(stdout.matches(": OK\n").count(), 7, "{stdout}");
        assert!(stdout.contains(&format!(
            "tree/check.mhl:5: Could not open or read '{absolute}': outside the folder the \
             manifest records; not read.\n"
        )));
        assert!(stdout.contains(
            "tree/check.mhl:9: Could not open or read 'tree/../outside.txt': outside the \
             folder the manifest records; not read.\n"
        ));
        assert!(
            stdout.ends_with("2 listed files could not be read\n"),
            "{stdout}"
        );
    }
}

#[test]
fn a_manifest_whose_chain_c4_id_differs_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let first = tree_and_first_manifest(dir.path());
    let root = dir.path().join("tree");
    copy_dir(
        &Path::new(DATA).join("ascmhl/history"),
        &root.join("ascmhl"),
    );
    let manifest = "tree/ascmhl/0001_tree_2026-12-01_180906Z.mhl";
    let second = "tree/ascmhl/0002_tree_2026-12-01_180907Z.mhl";
    assert!(iohash_in(dir.path(), &["-c", manifest]).status.success());

    // Changed after the chain recorded it: refused, and so is the history's other manifest,
    // as the reference refuses the history (`diff` exits 31).
    fs::write(
        dir.path().join(manifest),
        first.replacen("in-place", "transfer", 1),
    )
    .unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let diff = run(&ascmhl, &["diff".as_ref(), root.as_os_str()]);
    assert_eq!(diff.status.code(), Some(31));
    for list in [manifest, second] {
        let check = iohash_in(dir.path(), &["-c", list]);
        assert_eq!(check.status.code(), Some(1), "{list}");
        assert!(check.stdout.is_empty(), "{list}");
        assert_eq!(
            String::from_utf8_lossy(&check.stderr),
            format!("iohash: {list}: Modified ASC MHL manifest in history at path {manifest}\n")
        );
    }

    // A history without its chain cannot be verified.
    fs::write(dir.path().join(manifest), &first).unwrap();
    fs::remove_file(root.join("ascmhl/ascmhl_chain.xml")).unwrap();
    let check = iohash_in(dir.path(), &["-c", manifest]);
    assert_eq!(check.status.code(), Some(1));
    assert!(check.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&check.stderr),
        format!(
            "iohash: {manifest}: Missing ASC MHL chain file for path \
             tree/ascmhl/ascmhl_chain.xml\n"
        )
    );
}

#[test]
fn nested_histories_are_made_as_the_reference_made_them_in_its_scenario() {
    // Scenario 5: two cards, each with its history, copied into a Reels folder, a file added,
    // and a generation made of the Reels folder: the log has what the reference printed.
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let scenario = Path::new(DATA).join("ascmhl/scenarios/scenario_05");
    let reels = dir.path().join("Reels");
    copy_dir(&scenario.join("travel_01/Reels"), &reels);
    fs::copy(
        scenario.join("file_server/Reels/Summary.txt"),
        reels.join("Summary.txt"),
    )
    .unwrap();
    let out = run(
        &ascmhl,
        &[
            "create".as_ref(),
            "-v".as_ref(),
            reels.as_os_str(),
            "-h".as_ref(),
            "xxh64".as_ref(),
        ],
    );
    let log = fs::read_to_string(scenario.join("log.txt")).unwrap();
    let expected: Vec<String> = std::iter::once("exit 0".to_owned())
        .chain(
            log.lines()
                .skip_while(|l| *l != "$ ascmhl.py create -v /file_server/Reels -h xxh64")
                .skip(1)
                .take_while(|l| !l.is_empty())
                .map(|l| {
                    format!(
                        "out {}",
                        normalized(&l.replace("/file_server/Reels", "{ROOT}"))
                    )
                }),
        )
        .collect();
    assert_eq!(expected.len(), 17);
    assert_eq!(outcome(&out, &reels), expected);
    // The reel's manifest is the reference's but for its creator, dates and the references'
    // C4 ids (the cards' manifests have iohash's creator and dates too).
    let ours = fs::read_dir(reels.join("ascmhl"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension() == Some(OsStr::new("mhl")))
        .unwrap();
    let theirs = scenario.join("file_server/Reels/ascmhl/0001_Reels_2020-01-17_143000Z.mhl");
    let skeleton = |path: &Path| -> Vec<String> {
        fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| {
                !l.contains("<creat")
                    && !l.contains("<hostname>")
                    && !l.contains("<tool")
                    && !l.contains("<c4>")
                    && !l.contains("</creatorinfo>")
            })
            .map(|l| match (l.find(" hashdate=\""), l.find("\">")) {
                (Some(a), Some(b)) => format!("{}{}", &l[..a], &l[b + 1..]),
                _ => l.to_owned(),
            })
            .map(
                |l| match (l.find(" lastmodificationdate=\""), l.find("\">")) {
                    (Some(a), Some(b)) => format!("{}{}", &l[..a], &l[b + 1..]),
                    _ => l.to_owned(),
                },
            )
            .map(|l| normalized(&l))
            .collect()
    };
    assert_eq!(skeleton(&ours), skeleton(&theirs));
    // Each card's history verifies its files in its own new generation, and `info` lists the
    // nested histories after the reel's.
    let info = run(&ascmhl, &["info".as_ref(), reels.as_os_str()]);
    let info = outcome(&info, &reels);
    assert_eq!(info[0], "exit 0");
    assert_eq!(info[4], "out Child History at {ROOT}/A002R2EC:");
    assert_eq!(info.len(), 11, "{info:?}");
    let diff = run(&ascmhl, &["diff".as_ref(), reels.as_os_str()]);
    assert_eq!(outcome(&diff, &reels), ["exit 0"]);
    // A card's file changed: the mismatch names it under the reel, exit 11; a card's history
    // gone: exit 30 naming it.
    fs::write(reels.join("A003R2EC/Sidecar.txt"), b"changed").unwrap();
    let changed = run(
        &ascmhl,
        &[
            "create".as_ref(),
            "-h".as_ref(),
            "xxh64".as_ref(),
            reels.as_os_str(),
        ],
    );
    assert_eq!(changed.status.code(), Some(11));
    assert!(String::from_utf8_lossy(&changed.stderr).starts_with(
        "ERROR: hash mismatch for        A003R2EC/Sidecar.txt  xxh64 (old): e5dda75a353d8b34"
    ));
    fs::remove_dir_all(reels.join("A002R2EC/ascmhl")).unwrap();
    fs::write(
        reels.join("A003R2EC/Sidecar.txt"),
        fs::read(scenario.join("travel_01/Reels/A003R2EC/Sidecar.txt")).unwrap(),
    )
    .unwrap();
    let gone = run(
        &ascmhl,
        &[
            "create".as_ref(),
            "-h".as_ref(),
            "xxh64".as_ref(),
            reels.as_os_str(),
        ],
    );
    let gone = outcome(&gone, &reels);
    assert_eq!(
        gone,
        [
            "exit 30",
            "err Error: Missing ASC MHL history at path {ROOT}/A002R2EC"
        ]
    );
}

#[cfg(unix)]
#[test]
fn what_asc_mhl_cannot_record_is_a_clear_error_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    /// What is wrong with the tree, and how to make it so.
    type Damage = (&'static str, fn(&Path));
    let cases: [Damage; 5] = [
        ("not a regular file or directory", |root| {
            let status = Command::new("mkfifo")
                .arg(root.join("pipe"))
                .status()
                .unwrap();
            assert!(status.success());
        }),
        ("a symbolic link to a directory", |root| {
            std::os::unix::fs::symlink(root.join("A001"), root.join("link")).unwrap();
        }),
        ("not UTF-8", |root| {
            use std::os::unix::ffi::OsStrExt;
            fs::write(root.join(OsStr::from_bytes(b"bad\xff")), b"x").unwrap();
        }),
        // XML 1.0 holds no U+0001 (nor U+FFFF), not even as `&#1;`: the reference refuses
        // the name when it writes, and once wrote it raw, which it then could not read.
        (
            "A001/sub/x\\u{1}y: the name holds U+0001, a character XML 1.0",
            |root| {
                fs::write(root.join("A001/sub/x\u{1}y"), b"x").unwrap();
            },
        ),
        ("dir\\u{ffff}: the name holds U+FFFF", |root| {
            fs::create_dir(root.join("dir\u{ffff}")).unwrap();
        }),
    ];
    for (i, (message, damage)) in cases.into_iter().enumerate() {
        let root = dir.path().join(format!("tree{i}"));
        build_mhl_tree(&root);
        damage(&root);
        let out = run(&ascmhl, &["create".as_ref(), root.as_os_str()]);
        assert_eq!(out.status.code(), Some(1), "{message}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("Error: ") && stderr.contains(message),
            "{stderr}"
        );
        assert!(
            !root.join("ascmhl").exists(),
            "{message}: a history was written"
        );
        let mhl = iohash_in(dir.path(), &["--mhl", &format!("tree{i}")]);
        assert_eq!(mhl.status.code(), Some(1), "{message}");
        assert!(
            String::from_utf8_lossy(&mhl.stderr).contains(message),
            "{}",
            String::from_utf8_lossy(&mhl.stderr)
        );
        assert!(!root.join("ascmhl").exists(), "{message}: --mhl wrote");
        // The reference refuses names XML cannot hold too (it would wait on the FIFO).
        if let (3.., Some((_, reference))) = (i, reference()) {
            let theirs = run(&reference, &["create".as_ref(), root.as_os_str()]);
            assert!(!theirs.status.success(), "the reference took it: {message}");
        }
    }
}

/// Every file in a history's `ascmhl` folder (hidden ones too) with its bytes.
fn snapshot(folder: &Path) -> std::collections::BTreeMap<std::ffi::OsString, Vec<u8>> {
    fs::read_dir(folder)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            (entry.file_name(), fs::read(entry.path()).unwrap())
        })
        .collect()
}

/// Text the options would write into a manifest that XML 1.0 cannot hold is refused before
/// anything is read or written, naming the option; tab, CR, DEL and U+0085, which XML holds,
/// are recorded, and the reference reads the history.
#[test]
fn options_xml_cannot_hold_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let root = dir.path().join("tree");
    fs::create_dir_all(root.join("sub")).unwrap();
    fs::write(root.join("sub/a"), b"a").unwrap();
    let create = |extra: &[&OsStr]| {
        let mut args = vec![OsStr::new("create"), root.as_os_str()];
        args.extend_from_slice(extra);
        run(&ascmhl, &args)
    };
    assert_eq!(create(&[]).status.code(), Some(0));
    let before = snapshot(&root.join("ascmhl"));
    for (option, value) in [
        ("--comment", "a\u{1}b"),
        ("--comment", "red \u{1b}[31m"),
        ("--author_name", "x\u{8}"),
        ("--author_email", "\u{ffff}"),
        ("--author_phone", "\u{c}"),
        ("--author_role", "\u{1f}"),
        ("--location", "\u{fffe}"),
        ("--ignore", "x\u{2}"),
    ] {
        let out = create(&[OsStr::new(option), OsStr::new(value)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{option}: {stderr}");
        assert!(
            stderr.starts_with("Error: ") && stderr.contains("a character XML 1.0 cannot hold"),
            "{stderr}"
        );
        let named = if option == "--ignore" {
            "the ignore pattern"
        } else {
            option
        };
        assert!(stderr.contains(named), "{stderr}");
        assert!(
            !stderr.contains('\u{1b}'),
            "an escape reached the terminal: {stderr:?}"
        );
        assert_eq!(snapshot(&root.join("ascmhl")), before, "{option} {value:?}");
    }
    // A single file whose name XML cannot hold.
    fs::write(root.join("sub/b\u{7}"), b"b").unwrap();
    let single = create(&[OsStr::new("-sf"), root.join("sub/b\u{7}").as_os_str()]);
    assert_eq!(single.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&single.stderr).contains("U+0007"));
    assert_eq!(snapshot(&root.join("ascmhl")), before);
    fs::remove_file(root.join("sub/b\u{7}")).unwrap();
    // A folder whose own name XML cannot hold: its manifest's name, which the chain records,
    // is caught by the last check, before anything is written.
    let odd = dir.path().join("card\u{1}");
    fs::create_dir(&odd).unwrap();
    fs::write(odd.join("a"), b"a").unwrap();
    let out = run(&ascmhl, &["create".as_ref(), odd.as_os_str()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("card\\u{1}/ascmhl/0001_card\\u{1}_")
            && stderr.contains("would hold U+0001"),
        "{stderr}"
    );
    assert!(!odd.join("ascmhl").exists());
    // What XML holds is written, and read back by both.
    let fine = create(&[
        OsStr::new("--comment"),
        OsStr::new("tab\there\r\nDEL\u{7f} NEL\u{85} \u{fffd}"),
    ]);
    assert_eq!(fine.status.code(), Some(0), "{fine:?}");
    let info = run(&ascmhl, &["info".as_ref(), root.as_os_str()]);
    assert_eq!(info.status.code(), Some(0), "{info:?}");
    if let Some((_, reference)) = reference() {
        for verb in ["info", "diff"] {
            let theirs = run(&reference, &[verb.as_ref(), root.as_os_str()]);
            assert_eq!(theirs.status.code(), Some(0), "{verb}: {theirs:?}");
        }
    }
}

/// A generation that cannot be written whole (here `ulimit -f`, as a full disk fails a write)
/// leaves the history exactly as it was, with no temporary file: the next run, `info` and
/// `diff` work. The reference leaves a cut manifest that fails every later command.
#[cfg(target_os = "linux")]
#[test]
fn a_generation_that_cannot_be_written_leaves_the_history_as_it_was() {
    use common::{run_limited, Limit};
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let root = dir.path().join("tree");
    fs::create_dir(&root).unwrap();
    fs::write(root.join("a"), b"a").unwrap();
    let limited = |args: &[&str]| {
        run_limited(
            Command::new(IOHASH).current_dir(dir.path()).args(args),
            Limit::FileSize(4096),
            std::time::Duration::from_secs(60),
        )
    };
    let refused = |out: &Output| {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("File too large"), "{stderr}");
        assert!(stderr.contains("the history is left as it was"), "{stderr}");
    };
    // A first generation too large: no history at all.
    for i in 0..60 {
        fs::write(root.join(format!("file {i:02}")), i.to_string()).unwrap();
    }
    refused(&limited(&["--mhl", "tree"]));
    assert!(!root.join("ascmhl").exists());
    // A later one: the manifest too large.
    assert_eq!(
        iohash_in(dir.path(), &["--mhl", "tree"]).status.code(),
        Some(0)
    );
    for i in 60..120 {
        fs::write(root.join(format!("file {i:03}")), i.to_string()).unwrap();
    }
    let before = snapshot(&root.join("ascmhl"));
    refused(&limited(&["--mhl", "tree"]));
    assert_eq!(snapshot(&root.join("ascmhl")), before);
    // The chain too large, the manifest not: the manifest written aside is taken back.
    for i in 60..120 {
        fs::remove_file(root.join(format!("file {i:03}"))).unwrap();
    }
    fs::remove_dir_all(root.join("ascmhl")).unwrap();
    for i in 0..60 {
        fs::remove_file(root.join(format!("file {i:02}"))).unwrap();
    }
    let mut chain_refused = false;
    // A generation adds about 230 bytes to the chain: it passes 4096 within 20.
    for _ in 0..20 {
        if chain_refused {
            break;
        }
        assert_eq!(
            iohash_in(dir.path(), &["--mhl", "tree"]).status.code(),
            Some(0)
        );
        let before = snapshot(&root.join("ascmhl"));
        let out = limited(&["--mhl", "tree"]);
        if out.status.success() {
            continue;
        }
        refused(&out);
        assert!(String::from_utf8_lossy(&out.stderr).contains("ascmhl_chain.xml"));
        assert_eq!(snapshot(&root.join("ascmhl")), before);
        chain_refused = true;
    }
    assert!(chain_refused, "the chain outgrew no limit");
    // The history goes on, and reads, here and in the reference.
    assert_eq!(
        iohash_in(dir.path(), &["--mhl", "tree"]).status.code(),
        Some(0)
    );
    for verb in ["info", "diff"] {
        let ours = run(&ascmhl, &[verb.as_ref(), root.as_os_str()]);
        assert_eq!(ours.status.code(), Some(0), "{verb}: {ours:?}");
    }
    if let Some((_, reference)) = reference() {
        for verb in ["info", "diff"] {
            let theirs = run(&reference, &[verb.as_ref(), root.as_os_str()]);
            assert_eq!(theirs.status.code(), Some(0), "{verb}: {theirs:?}");
        }
    }
}

/// Verbose output to a full disk is an error, not an abort, and `create` still writes its
/// generation: the history stays whole.
#[cfg(target_os = "linux")]
#[test]
fn verbose_output_that_cannot_be_written_loses_no_generation() {
    let dir = tempfile::tempdir().unwrap();
    let ascmhl = ascmhl_link(dir.path());
    let root = dir.path().join("tree");
    fs::create_dir(&root).unwrap();
    fs::write(root.join("a"), b"a").unwrap();
    let to_full = |args: &[&OsStr]| {
        Command::new(&ascmhl)
            .args(args)
            .stdout(fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap()
    };
    let (create, verbose, info) = (OsStr::new("create"), OsStr::new("-v"), OsStr::new("info"));
    let out = to_full(&[create, verbose, root.as_os_str()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("No space left on device"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let manifests = fs::read_dir(root.join("ascmhl"))
        .unwrap()
        .filter(|entry| {
            entry
                .as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".mhl")
        })
        .count();
    assert_eq!(manifests, 1);
    let out = to_full(&[info, verbose, root.as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

/// `dir/REEL` holding `dir/REEL/card` (a clip, and what `extra` adds) and a note, with a
/// history made for the card and then for the reel: the card's history nested in the reel's.
fn reel_with_a_card(dir: &Path, clip_len: usize, extra: impl FnOnce(&Path)) -> PathBuf {
    let card = dir.join("REEL/card");
    fs::create_dir_all(&card).unwrap();
    fs::write(card.join("clip.mov"), splitmix_bytes(1, clip_len)).unwrap();
    extra(&card);
    fs::write(dir.join("REEL/notes.txt"), b"reel notes").unwrap();
    for folder in ["REEL/card", "REEL"] {
        let made = iohash_in(dir, &["--mhl", folder]);
        assert!(
            made.status.success(),
            "{}",
            String::from_utf8_lossy(&made.stderr)
        );
    }
    card
}

/// The manifests of `folder`'s history, in generation order.
fn manifests_of(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder.join("ascmhl"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".mhl"))
        .collect();
    names.sort();
    names
}

/// A reel's manifest read as a checksum list audits the cards nested in it as the reference's
/// `diff` does: their files are recorded by the cards' own histories, so none is NEW.
#[test]
fn an_audit_of_a_reel_takes_its_cards_histories_for_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let card = reel_with_a_card(dir.path(), 5000, |card| {
        fs::create_dir(card.join("sub")).unwrap();
        fs::write(card.join("sub/frame.raw"), splitmix_bytes(2, 300)).unwrap();
    });
    let list = format!("REEL/ascmhl/{}", manifests_of(&dir.path().join("REEL"))[0]);
    let audit = iohash_in(dir.path(), &["-c", &list, "--audit"]);
    let stdout = String::from_utf8_lossy(&audit.stdout);
    assert!(
        audit.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&audit.stderr)
    );
    assert!(!stdout.contains("NEW"), "{stdout}");
    // A file no history records is still new.
    fs::write(card.join("later.mov"), b"later").unwrap();
    let audit = iohash_in(dir.path(), &["-c", &list, "--audit"]);
    let stdout = String::from_utf8_lossy(&audit.stdout);
    assert!(stdout.contains("REEL/card/later.mov: NEW\n"), "{stdout}");
    assert_eq!(audit.status.code(), Some(1));
}

/// A reel's run writes a generation into each card's history nested in it: a card's run at
/// the same time must wait for it (and the other way round), or one generation is lost.
#[test]
fn nested_runs_at_once_lose_no_generation() {
    let dir = tempfile::tempdir().unwrap();
    let card = reel_with_a_card(dir.path(), 200_000, |_| {});
    let (card_before, reel_before) = (
        manifests_of(&card).len(),
        manifests_of(&dir.path().join("REEL")).len(),
    );
    let rounds = 4;
    for _ in 0..rounds {
        let runs: Vec<_> = ["REEL", "REEL/card"]
            .iter()
            .map(|folder| {
                Command::new(IOHASH)
                    .args(["--mhl", folder])
                    .current_dir(dir.path())
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for run in runs {
            let out = run.wait_with_output().unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    // Every run made one generation of the card; every reel run one of the reel.
    let card_now = manifests_of(&card);
    assert_eq!(card_now.len(), card_before + 2 * rounds, "{card_now:?}");
    let reel_now = manifests_of(&dir.path().join("REEL"));
    assert_eq!(reel_now.len(), reel_before + rounds, "{reel_now:?}");
    // Both chains hold: each latest manifest checks, its C4 id the one its chain records.
    for (folder, latest) in [("REEL/card", card_now.last()), ("REEL", reel_now.last())] {
        let list = format!("{folder}/ascmhl/{}", latest.unwrap());
        let check = iohash_in(dir.path(), &["-c", &list]);
        assert!(
            check.status.success(),
            "{list}: {}{}",
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        );
    }
}
