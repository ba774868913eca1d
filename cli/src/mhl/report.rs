//! `ascmhl diff` (the folder against the history, without hashing) and `ascmhl info` (the
//! generations, or what they record of single files), in the reference's words.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use super::create::{ignore_spec, report_missing, with_nested_patterns};
use super::history::History;
use super::manifest::{CreatorInfo, Manifest};
use super::{absolute, walk, Failure, FOLDER};

/// `diff`: files the folder has that no generation records ("found new file", exit 21) and
/// files recorded but gone (exit 10).
pub fn diff(
    root: &Path,
    verbose: bool,
    ignore: &[String],
    ignore_file: Option<&Path>,
) -> Result<(), Failure> {
    let root = absolute(root)?;
    if verbose {
        say!("check folder at path: {}", root.display());
    }
    let history = History::load(&root)?;
    if history.generations.is_empty() {
        return Err(Failure::NoHistory(root.display().to_string()));
    }
    let ignore = with_nested_patterns(&ignore_spec(&history, ignore, ignore_file)?, &history)?;
    let mut not_found: HashSet<String> = history.recorded_paths().into_iter().collect();
    let mut new_files = 0;
    for directory in walk::post_order(&root, "", &ignore)? {
        if verbose {
            for path in &directory.ignored {
                say!("ignoring filepath {}", root.join(path).display());
            }
        }
        for child in &directory.children {
            let path = directory.child_path(&child.name);
            not_found.remove(&path);
            if child.is_dir {
                continue;
            }
            let (histories, relative) = history.locate(&path);
            let recorder = histories[histories.len() - 1];
            if recorder
                .original(recorder.original_path(&relative))
                .is_none()
            {
                eprintln!("found new file {path}");
                new_files += 1;
            }
        }
    }
    if report_missing(not_found, &ignore) {
        return Err(Failure::Completeness);
    }
    if new_files > 0 {
        return Err(Failure::NewFiles);
    }
    Ok(())
}

/// `info`: every generation of the history at `root`; or, with `-sf`, every hash recorded for
/// each file (the history found in the file's folder or above when `root` is not given).
pub fn info(root: Option<&Path>, verbose: bool, single_files: &[PathBuf]) -> Result<(), Failure> {
    let root = match (root, single_files.first()) {
        (Some(root), _) => absolute(root)?,
        (None, Some(file)) => {
            let file = absolute(file)?;
            file.ancestors()
                .skip(1)
                .find(|dir| dir.join(FOLDER).exists())
                .map(Path::to_path_buf)
                .ok_or_else(|| Failure::NoHistory(single_files[0].display().to_string()))?
        }
        (None, None) => {
            return Err(Failure::Io(
                "Missing argument 'ROOT_PATH' (or -sf FILE).".to_owned(),
            ))
        }
    };
    say!("Info with history at path: {}", root.display());
    let history = History::load(&root)?;
    if history.generations.is_empty() {
        return Err(Failure::NoHistory(root.display().to_string()));
    }
    if single_files.is_empty() {
        print_generations(&history, verbose);
        return Ok(());
    }
    for file in single_files {
        let full = absolute(file)?;
        let relative = full
            .strip_prefix(&root)
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .unwrap_or_else(|_| full.display().to_string());
        file_info(&history, &root, &relative, verbose);
    }
    Ok(())
}

/// Every generation of `history`, then of each history nested in it.
fn print_generations(history: &History, verbose: bool) {
    for generation in &history.generations {
        say!(
            "  Generation {} ({})",
            generation.number,
            generation.manifest.creator.creation_date
        );
        if verbose {
            print_summaries(&generation.manifest);
        }
    }
    for child in &history.children {
        say!("\nChild History at {}:", child.root.display());
        print_generations(child, verbose);
    }
}

/// What every generation records of `relative`.
fn file_info(history: &History, root: &Path, relative: &str, verbose: bool) {
    say!("{relative}:");
    for generation in &history.generations {
        let Some(media) = generation.find(relative) else {
            continue;
        };
        for hash in &media.hashes {
            let action = hash.action.as_deref().unwrap_or("None");
            let line = format!(
                "  Generation {} ({}) {}: {} ({action})",
                generation.number,
                generation.manifest.creator.creation_date,
                hash.format,
                hash.value
            );
            if !verbose {
                say!("{line}");
                continue;
            }
            say!("{line} ");
            say!("    {}", root.join(&media.path).display());
            print_summaries(&generation.manifest);
            if let Some(previous) = media
                .previous_path
                .as_deref()
                .filter(|_| media.path == relative)
            {
                say!(" In previous generations the file was named: {previous}\n\n");
                file_info(history, root, previous, verbose);
            }
        }
    }
}

/// `-v`'s two lines about a generation.
fn print_summaries(manifest: &Manifest) {
    say!("     CreatorInfo: {}", creator_summary(&manifest.creator));
    say!("     ProcessInfo: {}", manifest.process);
}

/// The reference's `MHLCreatorInfo.summary`.
fn creator_summary(creator: &CreatorInfo) -> String {
    let mut summary = if creator.hostname.is_empty() {
        "[unknown host]".to_owned()
    } else {
        creator.hostname.clone()
    };
    if !creator.tool.is_empty() {
        summary += &format!(", {}", creator.tool);
        if let Some(version) = &creator.tool_version {
            summary += &format!(" {version}");
        }
    }
    for author in &creator.authors {
        summary += &format!(", {}", author.name.as_deref().unwrap_or("None"));
        if let Some(role) = &author.role {
            summary += &format!(" [{role}]");
        }
        let infos: Vec<&str> = [&author.email, &author.phone]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        if !infos.is_empty() {
            summary += &format!(" ({})", infos.join(", "));
        }
    }
    if let Some(location) = &creator.location {
        summary += &format!(", at/in {location}");
    }
    if let Some(comment) = &creator.comment {
        summary += &format!(", \"{comment}\"");
    }
    summary
}
