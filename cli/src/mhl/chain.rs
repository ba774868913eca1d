//! A history's chain file (`ascmhl/ascmhl_chain.xml`): every generation's manifest by file
//! name with its C4 id, which is how a changed or missing manifest is noticed; and C4 ids
//! themselves (SMPTE ST 2114: SHA-512 in base 58).

use std::io;

use sha2::{Digest, Sha512};

use super::xml::Element;

/// The chain file's name in the `ascmhl` folder.
pub const FILE_NAME: &str = "ascmhl_chain.xml";

const NAMESPACE: &str = "urn:ASC:MHL:DIRECTORY:v2.0";

/// One generation in the chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub sequence: String,
    /// The manifest's file name in the `ascmhl` folder.
    pub path: String,
    /// Its C4 id (ASC MHL also allows other formats here; the reference writes C4 only).
    pub format: String,
    pub hash: String,
}

/// Reads a chain file.
pub fn parse(document: &[u8]) -> io::Result<Vec<Link>> {
    let root = super::xml::parse(document)?;
    if root.name != "ascmhldirectory" {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "a chain file has an <ascmhldirectory> root element, not <{}>",
                root.name
            ),
        ));
    }
    Ok(root
        .children
        .iter()
        .filter(|c| c.name == "hashlist")
        .map(|list| {
            let hash = list
                .children
                .iter()
                .find(|c| super::manifest::FORMATS.contains(&c.name.as_str()));
            Link {
                sequence: list.get("sequencenr").unwrap_or_default().to_owned(),
                path: list.text_of("path").unwrap_or_default().to_owned(),
                format: hash.map(|h| h.name.clone()).unwrap_or_default(),
                hash: hash.map(|h| h.text.trim().to_owned()).unwrap_or_default(),
            }
        })
        .collect())
}

/// A chain file with `links`, as the reference writes it.
pub fn to_xml(links: &[Link]) -> String {
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ascmhldirectory xmlns=\"{NAMESPACE}\">\n"
    );
    for link in links {
        Element::new("hashlist")
            .attribute("sequencenr", &link.sequence)
            .child(Element::with_text("path", &link.path))
            .child(Element::with_text(&link.format, &link.hash))
            .write(&mut out, "  ");
    }
    out.push_str("</ascmhldirectory>\n");
    out
}

/// The C4 id of `bytes`: `c4` and the SHA-512 digest as a base-58 number, padded with `1`
/// (the alphabet's zero) to 90 characters.
pub fn c4(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    let mut number: Vec<u8> = Sha512::digest(bytes).to_vec();
    let mut digits = Vec::with_capacity(88);
    // Long division of the big-endian number by 58, one digit at a time.
    while number.iter().any(|&b| b != 0) {
        let mut remainder = 0u32;
        for byte in number.iter_mut() {
            let value = (remainder << 8) | u32::from(*byte);
            *byte = (value / 58) as u8;
            remainder = value % 58;
        }
        digits.push(ALPHABET[remainder as usize]);
    }
    digits.resize(88, b'1');
    digits.reverse();
    format!("c4{}", String::from_utf8_lossy(&digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c4_ids_are_those_of_the_reference() {
        // The reference's chain file gives this id for the manifest it wrote.
        let manifest = include_bytes!("../../tests/data/ascmhl/reference.mhl");
        assert_eq!(
            c4(manifest),
            "c42Cqx9cC5L8nrWVQJVCoagEc1tasCp9VnZix3izZL2y7ei2Crgjh6ZSWC4VqZa88cmadpfT87km4RLSjVxkVAc7ot"
        );
        // The empty input, as the reference computes it (`hasher.hash_data(b"", "c4")`).
        assert_eq!(
            c4(b""),
            "c459dsjfscH38cYeXXYogktxf4Cd9ibshE3BHUo6a58hBXmRQdZrAkZzsWcbWtDg5oQstpDuni4Hirj75GEmTc1sFT"
        );
    }

    #[test]
    fn a_chain_reads_and_writes_back() {
        let links = vec![
            Link {
                sequence: "1".into(),
                path: "0001_a_2020-01-16_091500Z.mhl".into(),
                format: "c4".into(),
                hash: c4(b"one"),
            },
            Link {
                sequence: "2".into(),
                path: "0002_a & b.mhl".into(),
                format: "c4".into(),
                hash: c4(b"two"),
            },
        ];
        let xml = to_xml(&links);
        assert!(xml.contains("<path>0002_a &amp; b.mhl</path>"));
        assert_eq!(parse(xml.as_bytes()).unwrap(), links);
    }
}
