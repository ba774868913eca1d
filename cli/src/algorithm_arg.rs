//! `-H`: the names the command takes for an algorithm. The library parses tags, full names and
//! the CRC catalogue's names; `xxhsum`'s numbers (`-H0`/`-H32`, `-H1`/`-H64`, `-H2`/`-H128`,
//! `-H3`) are the command's, and this file is the one place that maps them.

use iohash::Algorithm;

/// `xxhsum -H` numbers, each with the algorithm it stands for (the first of each is the one
/// `--help` and `--list` show first).
const XXHSUM_NUMBERS: [(&str, Algorithm); 7] = [
    ("0", Algorithm::Xxh32),
    ("32", Algorithm::Xxh32),
    ("1", Algorithm::Xxh64),
    ("64", Algorithm::Xxh64),
    ("2", Algorithm::Xxh128),
    ("128", Algorithm::Xxh128),
    ("3", Algorithm::Xxh3),
];

/// The numbers `xxhsum -H` takes for `algorithm` (none for the CRCs).
pub fn xxhsum_numbers(algorithm: Algorithm) -> Vec<&'static str> {
    XXHSUM_NUMBERS
        .iter()
        .filter(|(_, a)| *a == algorithm)
        .map(|(number, _)| *number)
        .collect()
}

/// `-H`'s value: an `xxhsum` number, or any name the library parses (tag, full name, CRC
/// catalogue name or alias, in any case).
pub fn parse(text: &str) -> Result<Algorithm, String> {
    if let Some((_, algorithm)) = XXHSUM_NUMBERS.iter().find(|(number, _)| *number == text) {
        return Ok(*algorithm);
    }
    text.parse::<Algorithm>().map_err(|e| {
        // The library's message, with the numbers the command takes besides its names.
        let more = if e.name().len() < text.len() {
            "..."
        } else {
            ""
        };
        let expected: Vec<String> = Algorithm::ALL
            .iter()
            .map(|&algorithm| {
                let tag = algorithm.tag().to_ascii_lowercase();
                match xxhsum_numbers(algorithm).as_slice() {
                    [] => tag,
                    numbers => format!("{tag} ({})", numbers.join(", ")),
                }
            })
            .collect();
        let (last, rest) = expected.split_last().expect("the table has algorithms");
        format!(
            "unknown algorithm '{}{more}' (expected {} or {last}, or a full name such as XXH3-64 \
             or CRC-32/ISCSI or any CRC catalogue name or alias such as CRC-16/ARC or CRC-32, \
             in any case)",
            e.name(),
            rest.join(", ")
        )
    })
}

/// `-H`'s help: every algorithm of the library's table, by the names `-H` takes.
pub fn help() -> String {
    let names: Vec<String> = Algorithm::ALL
        .iter()
        .map(|&algorithm| match xxhsum_numbers(algorithm).as_slice() {
            [] => algorithm.tag().to_lowercase(),
            numbers => format!("{} ({})", numbers.join(" or "), algorithm.tag()),
        })
        .collect();
    let (last, rest) = names.split_last().expect("the table has algorithms");
    format!(
        "Algorithm: {} or {last}; or a tag or full name in any case (xxh128, CRC-32/ISCSI), or \
         any CRC catalogue name or alias (CRC-16/ARC, CRC-32, MODBUS; --list prints them) \
         [default: XXH3; XXH64 when run as xxhsum]",
        rest.join(", ")
    )
}

/// `--list`: every algorithm, a line each, by every name `-H` takes for it: the tag (what
/// `--tag` lines write), the full name, `xxhsum -H` numbers or the CRC catalogue's aliases;
/// then the catalogue's other sets, whose tag is their catalogue name, with their aliases.
pub fn list() -> String {
    let aliases = |params: &iohash::CrcParams| {
        let names: Vec<&str> = iohash::crc_catalogue::ALIASES
            .iter()
            .filter_map(|(alias, set)| (set == params).then_some(*alias))
            .collect();
        names.join(", ")
    };
    let mut out = String::new();
    for &algorithm in Algorithm::ALL {
        let catalogued = iohash::crc_catalogue::find(algorithm.full_name());
        let others = match (xxhsum_numbers(algorithm).as_slice(), catalogued) {
            ([], Some(params)) => aliases(&params),
            ([], None) => String::new(),
            (numbers, _) => format!("-H {}", numbers.join(", ")),
        };
        let line = format!(
            "{:<10} {:<18} {others}",
            algorithm.tag(),
            algorithm.full_name()
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for params in iohash::crc_catalogue::ALL {
        let algorithm = Algorithm::Crc(*params);
        // The five built-in sets parse as themselves, listed above by their tags.
        if let Some(name) = params.name().filter(|name| name.parse() == Ok(algorithm)) {
            let line = format!("{name:<29} {}", aliases(params));
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xxhsum_numbers_name_the_xxhash_family_and_names_parse_as_the_library_parses_them() {
        for (number, algorithm) in XXHSUM_NUMBERS {
            assert_eq!(parse(number), Ok(algorithm));
            assert!(number.parse::<Algorithm>().is_err(), "{number}");
        }
        assert_eq!(parse("XXH3-64"), Ok(Algorithm::Xxh3));
        assert_eq!(parse("crc-32"), "CRC32".parse().map_err(|_| String::new()));
        let err = parse("md5").unwrap_err();
        assert!(err.starts_with("unknown algorithm 'md5' (expected xxh32 (0, 32), "));
        assert!(err.contains("xxh3 (3), crc32,"), "{err}");
        let long = "é".repeat(20);
        assert!(parse(&long).unwrap_err().contains("éé...'"));
    }
}
