//! `--exclude` patterns: `*` (any run of bytes but `/`), `?` (one byte but `/`), `[...]` (a set
//! or range of bytes, `[!...]` for its complement), and `\` to take the next byte as it is.

use std::ffi::OsStr;

/// A compiled `--exclude` pattern.
#[derive(Clone, Debug)]
pub struct Glob {
    tokens: Vec<Token>,
}

#[derive(Clone, Debug)]
enum Token {
    Byte(u8),
    AnyByte,
    AnyRun,
    Set {
        ranges: Vec<(u8, u8)>,
        negated: bool,
    },
}

impl Glob {
    /// Parses a pattern; an unclosed `[` is an error. The pattern is taken as bytes, as names
    /// are matched, so one that is not UTF-8 excludes the names that are not either.
    pub fn new(pattern: impl AsRef<OsStr>) -> Result<Glob, String> {
        let pattern = pattern.as_ref();
        let bytes = pattern.as_encoded_bytes();
        let mut tokens = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let token = match bytes[i] {
                b'*' => Token::AnyRun,
                b'?' => Token::AnyByte,
                b'\\' if i + 1 < bytes.len() => {
                    i += 1;
                    Token::Byte(bytes[i])
                }
                b'[' => {
                    let negated = matches!(bytes.get(i + 1), Some(b'!' | b'^'));
                    let mut j = i + 1 + usize::from(negated);
                    let mut ranges = Vec::new();
                    // A `]` first in the set is a member, as in shells.
                    let mut first = true;
                    loop {
                        let Some(&b) = bytes.get(j) else {
                            return Err(format!(
                                "unclosed '[' in pattern '{}'",
                                pattern.to_string_lossy()
                            ));
                        };
                        if b == b']' && !first {
                            break;
                        }
                        first = false;
                        if bytes.get(j + 1) == Some(&b'-')
                            && bytes.get(j + 2).is_some_and(|&e| e != b']')
                        {
                            ranges.push((b, bytes[j + 2]));
                            j += 3;
                        } else {
                            ranges.push((b, b));
                            j += 1;
                        }
                    }
                    i = j;
                    Token::Set { ranges, negated }
                }
                b => Token::Byte(b),
            };
            tokens.push(token);
            i += 1;
        }
        Ok(Glob { tokens })
    }

    /// Whether the whole of `text` matches.
    pub fn matches(&self, text: &[u8]) -> bool {
        matches_from(&self.tokens, text)
    }
}

fn matches_from(tokens: &[Token], text: &[u8]) -> bool {
    // Backtracking over the last `*` only: linear for patterns without `*`, and the classic
    // wildcard algorithm otherwise.
    let (mut t, mut s) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while s < text.len() {
        match tokens.get(t) {
            Some(Token::AnyRun) => {
                star = Some((t, s));
                t += 1;
                continue;
            }
            Some(token) if one(token, text[s]) => {
                t += 1;
                s += 1;
                continue;
            }
            _ => {}
        }
        match star {
            // The `*` takes one more byte, unless that byte is a `/`.
            Some((star_t, star_s)) if text[star_s] != b'/' => {
                star = Some((star_t, star_s + 1));
                t = star_t + 1;
                s = star_s + 1;
            }
            _ => return false,
        }
    }
    tokens[t..]
        .iter()
        .all(|token| matches!(token, Token::AnyRun))
}

fn one(token: &Token, b: u8) -> bool {
    match token {
        Token::Byte(c) => *c == b,
        Token::AnyByte => b != b'/',
        Token::Set { ranges, negated } => {
            ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&b)) != *negated && b != b'/'
        }
        Token::AnyRun => unreachable!("handled by the caller"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_style_patterns() {
        let cases: [(&str, &str, bool); 16] = [
            ("*.o", "main.o", true),
            ("*.o", "main.c", false),
            ("*.o", "dir/main.o", false),
            ("target", "target", true),
            ("target", "targets", false),
            ("?.rs", "a.rs", true),
            ("?.rs", "ab.rs", false),
            ("[abc]*", "beta", true),
            ("[!abc]*", "beta", false),
            ("[a-c]x", "cx", true),
            ("[]]", "]", true),
            ("src/*.rs", "src/lib.rs", true),
            ("src/*.rs", "src/bin/main.rs", false),
            ("*", "", true),
            ("a*b*c", "aXXbYYc", true),
            ("\\*", "*", true),
        ];
        for (pattern, text, expected) in cases {
            let glob = Glob::new(pattern).unwrap();
            assert_eq!(
                glob.matches(text.as_bytes()),
                expected,
                "{pattern} ~ {text}"
            );
        }
        assert!(Glob::new("[abc").is_err());
    }
}
