//! An ASC MHL manifest (one generation's `.mhl` file): what it records, read from and written
//! to XML as ASC MHL v2.0 defines it and the reference `ascmhl` 1.2 writes it.

use std::io;

use super::xml::Element;

/// The namespace of manifests.
const NAMESPACE: &str = "urn:ASC:MHL:v2.0";

/// One `.mhl` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Manifest {
    pub creator: CreatorInfo,
    /// `in-place`, `transfer` or `flatten`.
    pub process: String,
    /// The root directory's hashes (`roothash`): none with `-n` or `-sf`.
    pub root: Vec<HashEntry>,
    /// The ignore patterns in force (`ignore/pattern`).
    pub ignore: Vec<String>,
    /// Files and directories, in the order written (post order, as the tree was walked).
    pub entries: Vec<MediaHash>,
    /// Manifests of nested histories this one refers to (`references/hashlistreference`).
    pub references: Vec<Reference>,
}

/// Who made a generation, where and with what.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CreatorInfo {
    pub creation_date: String,
    pub hostname: String,
    pub tool: String,
    pub tool_version: Option<String>,
    pub authors: Vec<Author>,
    pub location: Option<String>,
    pub comment: Option<String>,
}

/// An `author` of a generation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Author {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub role: Option<String>,
}

/// A file's (`hash`) or a directory's (`directoryhash`) record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MediaHash {
    /// Relative to the history's root, `/`-separated.
    pub path: String,
    pub size: Option<u64>,
    pub modified: Option<String>,
    pub directory: bool,
    pub hashes: Vec<HashEntry>,
    /// The path it had before a rename the generation detected (`previousPath`).
    pub previous_path: Option<String>,
}

/// One hash of a file, or the content and structure hashes of a directory, in one format.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HashEntry {
    /// `xxh64`, `xxh3`, `xxh128`, `md5`, `sha1` or `c4`.
    pub format: String,
    /// The file's hash, or the directory's content hash.
    pub value: String,
    /// A directory's structure hash.
    pub structure: Option<String>,
    /// `original`, `verified` or `failed` (files only).
    pub action: Option<String>,
    pub hash_date: Option<String>,
}

/// A `hashlistreference`: another manifest and its C4 id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reference {
    pub path: String,
    pub c4: String,
}

/// The hash formats ASC MHL defines, by their element names.
pub const FORMATS: [&str; 6] = ["md5", "sha1", "xxh128", "xxh3", "xxh64", "c4"];

impl Manifest {
    /// Reads a manifest from its XML.
    pub fn parse(document: &[u8]) -> io::Result<Manifest> {
        let root = super::xml::parse(document)?;
        if root.name != "hashlist" {
            return Err(invalid(format!(
                "an ASC MHL manifest has a <hashlist> root element, not <{}>",
                root.name
            )));
        }
        let mut manifest = Manifest::default();
        for part in &root.children {
            match part.name.as_str() {
                "creatorinfo" => manifest.creator = creator_info(part),
                "processinfo" => {
                    manifest.process = part.text_of("process").unwrap_or_default().to_owned();
                    if let Some(root) = part.find("roothash") {
                        manifest.root = directory_hashes(root)?;
                    }
                    if let Some(ignore) = part.find("ignore") {
                        manifest.ignore = ignore
                            .children
                            .iter()
                            .filter(|p| p.name == "pattern")
                            .map(|p| p.text.clone())
                            .collect();
                    }
                }
                "hashes" => {
                    for entry in &part.children {
                        let directory = match entry.name.as_str() {
                            "hash" => false,
                            "directoryhash" => true,
                            _ => continue,
                        };
                        manifest.entries.push(media_hash(entry, directory)?);
                    }
                }
                "references" => {
                    for reference in &part.children {
                        manifest.references.push(Reference {
                            path: reference.text_of("path").unwrap_or_default().to_owned(),
                            c4: reference.text_of("c4").unwrap_or_default().to_owned(),
                        });
                    }
                }
                _ => {}
            }
        }
        Ok(manifest)
    }

    /// The manifest as the reference writes it.
    pub fn to_xml(&self) -> String {
        let mut out = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<hashlist version=\"2.0\" xmlns=\"{NAMESPACE}\">\n"
        );
        self.creator_element().write(&mut out, "  ");
        let mut process =
            Element::new("processinfo").child(Element::with_text("process", &self.process));
        if !self.root.is_empty() {
            process = process.child(directory_element("roothash", None, &self.root, None));
        }
        let mut ignore = Element::new("ignore");
        for pattern in &self.ignore {
            ignore = ignore.child(Element::with_text("pattern", pattern));
        }
        process.child(ignore).write(&mut out, "  ");
        out.push_str("  <hashes>\n");
        for entry in &self.entries {
            if entry.directory {
                entry_element(entry).write(&mut out, "    ");
            } else {
                // Written directly, without building elements: a manifest may hold millions.
                write_file_entry(&mut out, entry);
            }
        }
        out.push_str("  </hashes>\n");
        if !self.references.is_empty() {
            out.push_str("  <references>\n");
            for reference in &self.references {
                Element::new("hashlistreference")
                    .child(Element::with_text("path", &reference.path))
                    .child(Element::with_text("c4", &reference.c4))
                    .write(&mut out, "    ");
            }
            out.push_str("  </references>\n");
        }
        out.push_str("</hashlist>\n");
        out
    }

    fn creator_element(&self) -> Element {
        let creator = &self.creator;
        let mut tool = Element::with_text("tool", &creator.tool);
        if let Some(version) = &creator.tool_version {
            tool = tool.attribute("version", version);
        }
        let mut element = Element::new("creatorinfo")
            .child(Element::with_text("creationdate", &creator.creation_date))
            .child(Element::with_text("hostname", &creator.hostname))
            .child(tool);
        for author in &creator.authors {
            let mut a = Element::with_text("author", author.name.as_deref().unwrap_or_default());
            for (name, value) in [
                ("role", &author.role),
                ("email", &author.email),
                ("phone", &author.phone),
            ] {
                if let Some(value) = value {
                    a = a.attribute(name, value);
                }
            }
            element = element.child(a);
        }
        if let Some(location) = &creator.location {
            element = element.child(Element::with_text("location", location));
        }
        if let Some(comment) = &creator.comment {
            element = element.child(Element::with_text("comment", comment));
        }
        element
    }
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

fn creator_info(element: &Element) -> CreatorInfo {
    let text = |name| element.text_of(name).map(str::to_owned);
    let tool = element.find("tool");
    CreatorInfo {
        creation_date: text("creationdate").unwrap_or_default(),
        hostname: text("hostname").unwrap_or_default(),
        tool: tool.map(|t| t.text.clone()).unwrap_or_default(),
        tool_version: tool.and_then(|t| t.get("version")).map(str::to_owned),
        authors: element
            .children
            .iter()
            .filter(|c| c.name == "author")
            .map(|a| {
                // ASC MHL has the name as text and the rest as attributes; early files had
                // child elements, which the reference also reads.
                let field = |name: &str| a.get(name).or_else(|| a.text_of(name)).map(str::to_owned);
                Author {
                    name: Some(a.text.clone())
                        .filter(|n| !n.is_empty())
                        .or_else(|| a.text_of("name").map(str::to_owned)),
                    email: field("email"),
                    phone: field("phone"),
                    role: field("role"),
                }
            })
            .collect(),
        location: text("location"),
        comment: text("comment"),
    }
}

/// A `hash` or `directoryhash` element's record.
fn media_hash(element: &Element, directory: bool) -> io::Result<MediaHash> {
    let path = element
        .find("path")
        .ok_or_else(|| invalid(format!("a <{}> without <path>", element.name)))?;
    let size = match path.get("size") {
        None => None,
        Some(size) => Some(
            size.parse()
                .map_err(|_| invalid(format!("{}: size '{size}' is not a number", path.text)))?,
        ),
    };
    let hashes = if directory {
        directory_hashes(element)?
    } else {
        element
            .children
            .iter()
            .filter(|c| FORMATS.contains(&c.name.as_str()))
            .map(|c| HashEntry {
                format: c.name.clone(),
                value: c.text.trim().to_owned(),
                structure: None,
                action: c.get("action").map(str::to_owned),
                hash_date: c.get("hashdate").map(str::to_owned),
            })
            .collect()
    };
    Ok(MediaHash {
        path: path.text.clone(),
        size,
        modified: path.get("lastmodificationdate").map(str::to_owned),
        directory,
        hashes,
        previous_path: element.text_of("previousPath").map(str::to_owned),
    })
}

/// The `content` hashes of a directory element, each with its `structure` hash.
fn directory_hashes(element: &Element) -> io::Result<Vec<HashEntry>> {
    let Some(content) = element.find("content") else {
        return Ok(Vec::new());
    };
    let structure = element.find("structure");
    Ok(content
        .children
        .iter()
        .filter(|c| FORMATS.contains(&c.name.as_str()))
        .map(|c| HashEntry {
            format: c.name.clone(),
            value: c.text.trim().to_owned(),
            structure: structure
                .and_then(|s| s.text_of(&c.name))
                .map(|s| s.trim().to_owned()),
            action: c.get("action").map(str::to_owned),
            hash_date: c.get("hashdate").map(str::to_owned),
        })
        .collect())
}

fn entry_element(entry: &MediaHash) -> Element {
    if entry.directory {
        return directory_element(
            "directoryhash",
            Some(entry),
            &entry.hashes,
            entry.previous_path.as_deref(),
        );
    }
    let mut element = Element::new("hash").child(path_element(entry));
    let mut hashes: Vec<&HashEntry> = entry.hashes.iter().collect();
    hashes.sort_by(|a, b| a.format.cmp(&b.format));
    for hash in hashes {
        element = element.child(hash_element(hash, &hash.value));
    }
    if let Some(previous) = &entry.previous_path {
        element = element.child(Element::with_text("previousPath", previous));
    }
    element
}

/// A file's `hash` element, as `entry_element(entry).write(out, "    ")` writes it.
fn write_file_entry(out: &mut String, entry: &MediaHash) {
    use super::xml::escape;
    out.push_str("    <hash>\n      <path");
    if let Some(size) = entry.size.filter(|&s| s > 0) {
        out.push_str(" size=\"");
        out.push_str(&size.to_string());
        out.push('"');
    }
    if let Some(modified) = &entry.modified {
        out.push_str(" lastmodificationdate=\"");
        escape(out, modified, true);
        out.push('"');
    }
    if entry.path.is_empty() {
        out.push_str("/>\n");
    } else {
        out.push('>');
        escape(out, &entry.path, false);
        out.push_str("</path>\n");
    }
    let mut hashes: Vec<&HashEntry> = entry.hashes.iter().collect();
    hashes.sort_by(|a, b| a.format.cmp(&b.format));
    for hash in hashes {
        out.push_str("      <");
        out.push_str(&hash.format);
        for (name, value) in [("action", &hash.action), ("hashdate", &hash.hash_date)] {
            if let Some(value) = value {
                out.push(' ');
                out.push_str(name);
                out.push_str("=\"");
                escape(out, value, true);
                out.push('"');
            }
        }
        if hash.value.is_empty() {
            out.push_str("/>\n");
        } else {
            out.push('>');
            escape(out, &hash.value, false);
            out.push_str("</");
            out.push_str(&hash.format);
            out.push_str(">\n");
        }
    }
    if let Some(previous) = &entry.previous_path {
        out.push_str("      <previousPath>");
        escape(out, previous, false);
        out.push_str("</previousPath>\n");
    }
    out.push_str("    </hash>\n");
}

fn path_element(entry: &MediaHash) -> Element {
    let mut path = Element::with_text("path", &entry.path);
    // As the reference: no size for an empty file (or a directory).
    if let Some(size) = entry.size.filter(|&s| s > 0) {
        path = path.attribute("size", &size.to_string());
    }
    if let Some(modified) = &entry.modified {
        path = path.attribute("lastmodificationdate", modified);
    }
    path
}

fn hash_element(hash: &HashEntry, value: &str) -> Element {
    let mut element = Element::with_text(&hash.format, value);
    if let Some(action) = &hash.action {
        element = element.attribute("action", action);
    }
    if let Some(date) = &hash.hash_date {
        element = element.attribute("hashdate", date);
    }
    element
}

/// A `directoryhash` (with its path) or the `roothash` (without).
fn directory_element(
    name: &str,
    entry: Option<&MediaHash>,
    hashes: &[HashEntry],
    previous_path: Option<&str>,
) -> Element {
    let mut content = Element::new("content");
    let mut structure = Element::new("structure");
    for hash in hashes {
        content = content.child(hash_element(hash, &hash.value));
        structure = structure.child(hash_element(
            hash,
            hash.structure.as_deref().unwrap_or_default(),
        ));
    }
    let mut element = Element::new(name);
    if let Some(entry) = entry {
        element = element.child(path_element(entry));
    }
    element = element.child(content).child(structure);
    if let Some(previous) = previous_path {
        element = element.child(Element::with_text("previousPath", previous));
    }
    element
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A manifest as the reference ascmhl 1.2 wrote it (`ascmhl create -h xxh128`, author,
    /// location and comment given), byte for byte.
    const REFERENCE: &str = include_str!("../../tests/data/ascmhl/reference.mhl");

    #[test]
    fn files_are_written_directly_as_their_elements_are() {
        let entry = MediaHash {
            path: "a & <b>/ü \"c\"".into(),
            size: Some(7),
            modified: Some("2026-12-01T18:03:33+00:00".into()),
            directory: false,
            hashes: vec![
                HashEntry {
                    format: "xxh64".into(),
                    value: "0123456789abcdef".into(),
                    action: Some("verified".into()),
                    hash_date: Some("2026-12-01T18:03:33.468470+00:00".into()),
                    structure: None,
                },
                HashEntry {
                    format: "xxh128".into(),
                    value: "00".repeat(16),
                    action: Some("original".into()),
                    hash_date: None,
                    structure: None,
                },
            ],
            previous_path: Some("old & name".into()),
        };
        for entry in [
            entry.clone(),
            MediaHash {
                size: Some(0),
                previous_path: None,
                modified: None,
                ..entry
            },
        ] {
            let mut direct = String::new();
            write_file_entry(&mut direct, &entry);
            let mut via_elements = String::new();
            entry_element(&entry).write(&mut via_elements, "    ");
            assert_eq!(direct, via_elements);
        }
    }

    #[test]
    fn damaged_manifests_are_errors_or_manifests_never_panics() {
        // Cut at every byte, and every byte changed to each of a few that matter to XML.
        let bytes = REFERENCE.as_bytes();
        for len in 0..bytes.len() {
            let _ = Manifest::parse(&bytes[..len]);
        }
        let mut damaged = bytes.to_vec();
        for i in 0..bytes.len() {
            for b in [b'<', b'>', b'&', b'"', b'/', 0, 0xff] {
                damaged[i] = b;
                if let Ok(manifest) = Manifest::parse(&damaged) {
                    let _ = manifest.to_xml();
                }
            }
            damaged[i] = bytes[i];
        }
        assert!(Manifest::parse(b"<hashlist/>").is_ok());
        assert!(Manifest::parse(b"<other/>").is_err());
        assert!(Manifest::parse(b"<hashlist><hashes><hash/></hashes></hashlist>").is_err());
        let bad_size =
            br#"<hashlist><hashes><hash><path size="x">a</path></hash></hashes></hashlist>"#;
        assert!(Manifest::parse(bad_size).is_err());
    }

    #[test]
    fn a_reference_manifest_reads_and_writes_back_byte_for_byte() {
        let manifest = Manifest::parse(REFERENCE.as_bytes()).unwrap();
        assert_eq!(manifest.process, "in-place");
        assert_eq!(manifest.creator.tool, "ascmhl");
        assert_eq!(
            manifest.creator.authors[0].name.as_deref(),
            Some("Jo & <b>")
        );
        assert_eq!(manifest.root[0].format, "xxh128");
        assert!(manifest.root[0].structure.is_some());
        let empty = manifest.entries.iter().find(|e| e.path == "e0").unwrap();
        assert_eq!(empty.size, None);
        assert!(manifest
            .entries
            .iter()
            .any(|e| e.directory && e.path == "A/B"));
        assert_eq!(manifest.to_xml(), REFERENCE);
    }
}
