//! ASC MHL's ignore patterns (`-i`, `-ii`, and each manifest's `ignore` list): git's
//! `.gitignore` syntax, as the reference matches them (the `pathspec` package's
//! `gitwildmatch`). A pattern without `/` matches a name at any depth; one with a `/` (but for a
//! trailing one) is anchored at the history's root; a trailing `/` matches directories only;
//! `**` spans directories; `!` re-includes; the last pattern that matches decides. Whatever is
//! under an ignored directory is ignored with it.

use crate::glob::Glob;

/// The patterns every new history starts with.
pub const DEFAULT: [&str; 3] = [".DS_Store", "ascmhl", "ascmhl/"];

/// A list of patterns, in order.
#[derive(Clone, Debug, Default)]
pub struct IgnoreSpec {
    /// The patterns as given: what a manifest records.
    patterns: Vec<String>,
    compiled: Vec<Pattern>,
}

#[derive(Clone, Debug)]
struct Pattern {
    negated: bool,
    directory_only: bool,
    /// Path components; `None` is `**`.
    segments: Vec<Option<Glob>>,
}

impl IgnoreSpec {
    /// The patterns of `lists`, in order, each once.
    pub fn new<'a>(lists: impl IntoIterator<Item = &'a str>) -> Result<IgnoreSpec, String> {
        let mut spec = IgnoreSpec::default();
        for pattern in lists {
            spec.push(pattern)?;
        }
        Ok(spec)
    }

    /// Adds a pattern unless it is there already.
    pub fn push(&mut self, pattern: &str) -> Result<(), String> {
        if self.patterns.iter().any(|p| p == pattern) {
            return Ok(());
        }
        if let Some(compiled) = Pattern::new(pattern)? {
            self.compiled.push(compiled);
        }
        self.patterns.push(pattern.to_owned());
        Ok(())
    }

    /// The patterns, as a manifest records them.
    pub fn patterns(&self) -> &[String] {
        &self.patterns
    }

    /// Whether `path` (relative to the history's root, `/`-separated), a directory if
    /// `is_dir`, is ignored, itself or through a directory it is in.
    pub fn matches(&self, path: &str, is_dir: bool) -> bool {
        let components: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
        let mut ignored = false;
        for pattern in &self.compiled {
            if pattern.matches(&components, is_dir) {
                ignored = !pattern.negated;
            }
        }
        ignored
    }
}

impl Pattern {
    /// `None` for a line that is no pattern (empty, or a comment).
    fn new(line: &str) -> Result<Option<Pattern>, String> {
        let line = line.trim_end_matches(' ');
        if line.is_empty() || line.starts_with('#') {
            return Ok(None);
        }
        let (negated, line) = match line.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, line.strip_prefix('\\').unwrap_or(line)),
        };
        let (directory_only, line) = match line.strip_suffix('/') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let anchored = line.contains('/');
        let line = line.strip_prefix('/').unwrap_or(line);
        let mut segments = Vec::new();
        if !anchored {
            segments.push(None);
        }
        for segment in line.split('/') {
            segments.push(match segment {
                "**" => None,
                segment => Some(Glob::new(segment)?),
            });
        }
        Ok(Some(Pattern {
            negated,
            directory_only,
            segments,
        }))
    }

    /// Whether the pattern matches the path or one of the directories it is in.
    fn matches(&self, components: &[&str], is_dir: bool) -> bool {
        (1..=components.len()).any(|len| {
            let a_directory = len < components.len() || is_dir;
            (a_directory || !self.directory_only) && matches(&self.segments, &components[..len])
        })
    }
}

/// Whether `segments` match all of `components`.
fn matches(segments: &[Option<Glob>], components: &[&str]) -> bool {
    match segments.split_first() {
        None => components.is_empty(),
        // `**`: any number of components, none included.
        Some((None, rest)) => (0..=components.len()).any(|skip| matches(rest, &components[skip..])),
        Some((Some(glob), rest)) => components
            .split_first()
            .is_some_and(|(first, others)| glob.matches(first.as_bytes()) && matches(rest, others)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_as_gitignore_does() {
        // (pattern, path, is_dir, ignored)
        let cases = [
            (".DS_Store", ".DS_Store", false, true),
            (".DS_Store", "a/b/.DS_Store", false, true),
            ("ascmhl", "ascmhl", true, true),
            ("ascmhl", "x/ascmhl/0001.mhl", false, true),
            ("ascmhl/", "ascmhl", false, false),
            ("ascmhl/", "ascmhl", true, true),
            ("*.tmp", "clips/a.tmp", false, true),
            ("*.tmp", "clips/a.tmpx", false, false),
            ("/top.txt", "top.txt", false, true),
            ("/top.txt", "sub/top.txt", false, false),
            ("clips/*.mov", "clips/a.mov", false, true),
            ("clips/*.mov", "x/clips/a.mov", false, false),
            ("**/proxy", "a/b/proxy", true, true),
            ("**/proxy", "proxy/f", false, true),
            ("a/**/z", "a/z", false, true),
            ("a/**/z", "a/b/c/z", false, true),
            ("a/**", "a/b/c", false, true),
            ("cache/", "x/cache/f", false, true),
            ("# comment", "# comment", false, false),
        ];
        for (pattern, path, is_dir, expected) in cases {
            let spec = IgnoreSpec::new([pattern]).unwrap();
            assert_eq!(spec.matches(path, is_dir), expected, "{pattern} ~ {path}");
        }
    }

    #[test]
    fn the_last_matching_pattern_decides_and_lists_keep_each_pattern_once() {
        let spec = IgnoreSpec::new(["*.log", "!keep.log", "*.log"]).unwrap();
        assert_eq!(spec.patterns(), ["*.log", "!keep.log"]);
        assert!(spec.matches("a.log", false));
        assert!(!spec.matches("keep.log", false));
        assert!(IgnoreSpec::new(["[ab"]).is_err());
    }
}
