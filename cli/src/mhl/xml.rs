//! The little XML that ASC MHL needs: a document read into a tree of elements (through
//! `quick-xml`), and elements written back the way the reference `ascmhl` writes them (lxml's
//! pretty printing: two spaces a level, `<empty/>`, text escaped as lxml escapes it), so a
//! manifest iohash writes looks like one the reference wrote.

use std::io;

use quick_xml::events::Event;
use quick_xml::XmlVersion;

/// An element: its name without namespace prefix, attributes, text and children.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    /// The text directly inside the element (for ASC MHL, elements hold text or children).
    pub text: String,
    pub children: Vec<Element>,
}

impl Element {
    /// An element with no attributes, text or children.
    pub fn new(name: &str) -> Element {
        Element {
            name: name.to_owned(),
            ..Element::default()
        }
    }

    /// An element holding `text`.
    pub fn with_text(name: &str, text: &str) -> Element {
        Element {
            text: text.to_owned(),
            ..Element::new(name)
        }
    }

    /// Adds an attribute (builder style).
    pub fn attribute(mut self, name: &str, value: &str) -> Element {
        self.attributes.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Adds a child (builder style).
    pub fn child(mut self, child: Element) -> Element {
        self.children.push(child);
        self
    }

    /// The value of attribute `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The first child named `name`.
    pub fn find(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    /// The text of the first child named `name`.
    pub fn text_of(&self, name: &str) -> Option<&str> {
        self.find(name).map(|c| c.text.as_str())
    }

    /// Appends the element to `out`, indented by `indent`, as lxml pretty-prints it.
    pub fn write(&self, out: &mut String, indent: &str) {
        out.push_str(indent);
        out.push('<');
        out.push_str(&self.name);
        for (name, value) in &self.attributes {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            escape(out, value, true);
            out.push('"');
        }
        if self.children.is_empty() {
            if self.text.is_empty() {
                out.push_str("/>\n");
            } else {
                out.push('>');
                escape(out, &self.text, false);
                out.push_str("</");
                out.push_str(&self.name);
                out.push_str(">\n");
            }
            return;
        }
        out.push_str(">\n");
        let inner = format!("{indent}  ");
        for child in &self.children {
            child.write(out, &inner);
        }
        out.push_str(indent);
        out.push_str("</");
        out.push_str(&self.name);
        out.push_str(">\n");
    }
}

/// Appends `text` escaped as lxml escapes it: `&`, `<`, `>`, and in attributes also `"` and
/// the white space an attribute value would otherwise lose.
pub fn escape(out: &mut String, text: &str, attribute: bool) {
    if !text.contains(['&', '<', '>', '"', '\n', '\r', '\t']) {
        out.push_str(text);
        return;
    }
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\n' if attribute => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' if attribute => out.push_str("&#9;"),
            c => out.push(c),
        }
    }
}

/// The first character of `text` that XML 1.0 cannot hold, if any. Its `Char` production
/// admits tab, line feed, carriage return, U+0020-U+D7FF, U+E000-U+FFFD and U+10000 on: of
/// what a Rust string can hold, that leaves out U+0000-U+001F but those three, and U+FFFE and
/// U+FFFF (surrogates cannot occur). Not even a character reference (`&#1;`) may name them,
/// so there is no way to write them that a reader must accept, and the reference `ascmhl`
/// (lxml) refuses them too.
pub fn unwritable(text: &str) -> Option<char> {
    text.chars().find(|&c| !is_xml_char(c))
}

/// Whether XML 1.0's `Char` production admits `c` (see [`unwritable`]).
fn is_xml_char(c: char) -> bool {
    !matches!(c, '\u{0}'..='\u{8}' | '\u{b}' | '\u{c}' | '\u{e}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}')
}

/// `Err` naming `what` and the character if `text` holds one XML 1.0 cannot hold.
pub fn check_text(what: &str, text: &str) -> Result<(), String> {
    match unwritable(text) {
        None => Ok(()),
        Some(c) => Err(format!(
            "{} holds U+{:04X}, a character XML 1.0 cannot hold, so an ASC MHL manifest \
             cannot record it",
            shown(what),
            u32::from(c)
        )),
    }
}

/// `text` for a message, each character XML cannot hold (a terminal's escape among them)
/// written as Rust writes it, `\u{1b}`.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_xml_char(c) {
            out.push(c);
        } else {
            out.extend(c.escape_unicode());
        }
    }
    out
}

/// Reads a whole document (UTF-8) into its root element, or says where it is not well formed.
pub fn parse(document: &[u8]) -> io::Result<Element> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    let mut reader = quick_xml::Reader::from_reader(document);
    let mut stack: Vec<Element> = Vec::new();
    let mut buf = Vec::new();
    let mut root = None;
    loop {
        let position = reader.buffer_position();
        let event = reader
            .read_event_into(&mut buf)
            .map_err(|e| invalid(format!("not well-formed XML at byte {position}: {e}")))?;
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(start) | Event::Empty(start) => {
                let mut element = Element::new(start.local_name().as_ref());
                for attribute in start.attributes() {
                    let attribute = attribute
                        .map_err(|e| invalid(format!("bad attribute at byte {position}: {e}")))?;
                    let key = attribute.key.local_name().as_ref().to_owned();
                    if key == "xmlns" || attribute.key.as_ref().starts_with("xmlns:") {
                        continue;
                    }
                    let value = attribute
                        .normalized_value(XmlVersion::Implicit1_0)
                        .map_err(|e| invalid(format!("bad attribute at byte {position}: {e}")))?;
                    element.attributes.push((key, value.into_owned()));
                }
                if empty {
                    close(&mut stack, element, &mut root);
                } else {
                    stack.push(element);
                }
            }
            Event::End(_) => {
                let element = stack
                    .pop()
                    .ok_or_else(|| invalid(format!("unexpected end tag at byte {position}")))?;
                close(&mut stack, element, &mut root);
            }
            Event::Text(text) => {
                if let Some(top) = stack.last_mut() {
                    top.text
                        .push_str(&text.xml_content(XmlVersion::Implicit1_0));
                }
            }
            Event::CData(data) => {
                if let Some(top) = stack.last_mut() {
                    top.text
                        .push_str(&data.xml_content(XmlVersion::Implicit1_0));
                }
            }
            Event::GeneralRef(reference) => {
                let resolved = match reference.resolve_char_ref() {
                    Ok(Some(c)) => c.to_string(),
                    _ => quick_xml::escape::resolve_predefined_entity(&reference)
                        .ok_or_else(|| {
                            invalid(format!(
                                "unknown entity &{}; at byte {position}",
                                &*reference
                            ))
                        })?
                        .to_owned(),
                };
                if let Some(top) = stack.last_mut() {
                    top.text.push_str(&resolved);
                }
            }
            Event::Eof => break,
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
        }
        buf.clear();
    }
    if !stack.is_empty() {
        return Err(invalid("the document ends inside an element".to_owned()));
    }
    let mut root: Element = root.ok_or_else(|| invalid("no root element".to_owned()))?;
    trim(&mut root);
    Ok(root)
}

/// Hands a finished element to its parent, or makes it the root.
fn close(stack: &mut [Element], element: Element, root: &mut Option<Element>) {
    match stack.last_mut() {
        Some(parent) => parent.children.push(element),
        None => *root = Some(element),
    }
}

/// Drops the indentation between child elements (the text of an element with children).
fn trim(element: &mut Element) {
    if !element.children.is_empty() && element.text.trim().is_empty() {
        element.text.clear();
    }
    element.children.iter_mut().for_each(trim);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_element_reads_back() {
        let element = Element::new("hash")
            .child(
                Element::with_text("path", "a & <b> \"c\"/ü")
                    .attribute("size", "2")
                    .attribute("note", "x\"y\nz&"),
            )
            .child(Element::new("empty"));
        let mut out = String::new();
        element.write(&mut out, "  ");
        assert_eq!(
            out,
            "  <hash>\n    <path size=\"2\" note=\"x&quot;y&#10;z&amp;\">a &amp; &lt;b&gt; \"c\"/ü</path>\n    <empty/>\n  </hash>\n"
        );
        assert_eq!(parse(out.as_bytes()).unwrap(), element);
    }

    #[test]
    fn namespaces_entities_and_cdata_are_read() {
        let doc = br#"<?xml version="1.0"?><m:a xmlns:m="urn:x" xmlns="urn:y"><m:b k="&#65;&lt;">x&#x42;<![CDATA[<c>]]>&amp;</m:b><!-- note --></m:a>"#;
        let root = parse(doc).unwrap();
        assert_eq!(root.name, "a");
        assert!(root.attributes.is_empty());
        let b = root.find("b").unwrap();
        assert_eq!(b.get("k"), Some("A<"));
        assert_eq!(b.text, "xB<c>&");
    }

    #[test]
    fn what_xml_cannot_hold_is_found_and_named() {
        for c in [
            '\u{0}', '\u{1}', '\u{8}', '\u{b}', '\u{c}', '\u{1b}', '\u{1f}', '\u{fffe}', '\u{ffff}',
        ] {
            assert_eq!(unwritable(&format!("a{c}b")), Some(c), "{c:?}");
        }
        for text in [
            "tab\t lf\n cr\r",
            "del\u{7f} nel\u{85} \u{d7ff}\u{e000}\u{fffd}\u{10000}\u{10ffff}",
        ] {
            assert_eq!(unwritable(text), None, "{text:?}");
        }
        let error = check_text("a\u{1}b: the name", "a\u{1}b").unwrap_err();
        assert!(
            error.starts_with("a\\u{1}b: the name holds U+0001, a character XML 1.0"),
            "{error}"
        );
        assert_eq!(shown("x\u{1b}[31my\u{ffff}"), "x\\u{1b}[31my\\u{ffff}");
    }

    #[test]
    fn malformed_documents_are_errors() {
        for doc in [
            &b"<a><b></a>"[..],
            b"<a>",
            b"",
            b"<a>&unknown;</a>",
            b"<a k=v/>",
        ] {
            let error = parse(doc).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidData, "{doc:?}");
        }
    }
}
