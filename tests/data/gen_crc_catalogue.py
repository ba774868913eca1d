#!/usr/bin/env python3
"""Writes the library's CRC catalogue and the test list that checks it, from the `crc-catalog`
crate (a dev-dependency of `crc`, the tests' oracle), which mirrors Greg Cook's CRC RevEng
catalogue (https://reveng.sourceforge.io/crc-catalogue/all.htm): every set of up to 64 bits;
and the aliases the catalogue lists for them, from the `anycrc` Python package (zlib licence),
which carries them (in its own spelling: `CRC16-LHA` for the catalogue's CRC-16/LHA).

    pip install anycrc==2.1.0            # CI installs it in its venv
    tests/data/gen_crc_catalogue.py      # rewrites the two files below; CI checks they are current

- src/algorithms/crc/catalogue.rs: a `CrcParams` constant per set, named as in `crc-catalog`
  (`CRC_16_ARC` for CRC-16/ARC), `ALL`, and `ALIASES`;
- tests/data/crc_catalogue_cases.rs: an array of `case!(NAME, type, check)`, one a set, which
  tests/crc_catalogue.rs expands into checks against the `crc` crate and the catalogue's check
  value.
"""
import importlib.metadata
import json
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parents[2]
metadata = json.loads(
    subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--manifest-path", str(root / "Cargo.toml")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
)
package = next(p for p in metadata["packages"] if p["name"] == "crc-catalog")
source = pathlib.Path(package["manifest_path"]).parent / "src" / "algorithm.rs"
text = source.read_text()

block = re.compile(
    r"/// # \[`(?P<name>[^`]+)`\]\[1\].*?"
    r"pub const (?P<ident>\w+): Algorithm<(?P<ty>u\d+)> = Algorithm \{(?P<body>.*?)\};",
    re.S,
)
sets = []
for m in block.finditer(text):
    fields = dict(re.findall(r"(\w+): (\w+)", m["body"]))
    width = int(fields["width"])
    if width > 64:
        continue
    sets.append(
        dict(
            name=m["name"],
            ident=m["ident"],
            ty=m["ty"],
            width=width,
            poly=int(fields["poly"], 0),
            init=int(fields["init"], 0),
            refin=fields["refin"],
            refout=fields["refout"],
            xorout=int(fields["xorout"], 0),
            check=int(fields["check"], 0),
        )
    )
if len(sets) < 100:
    sys.exit(f"only {len(sets)} sets read from {source}: has its format changed?")

try:
    import anycrc
except ImportError:
    sys.exit("the aliases come from the anycrc package: pip install anycrc==2.1.0")


def catalogue_spelling(name):
    """anycrc's `CRC16-LHA`, `CRC32C`, `CRC16` as the catalogue writes them: CRC-16/LHA, CRC-32C,
    CRC-16; names without a width after `CRC` (CRC-IBM, X-25, PKZIP) as they are."""
    m = re.fullmatch(r"CRC(\d+)(.*)", name)
    if not m:
        return name
    width, rest = m.groups()
    return f"CRC-{width}/{rest[1:]}" if rest.startswith("-") else f"CRC-{width}{rest}"


by_name = {s["name"]: s for s in sets}
aliases = []
for alias, target in anycrc.aliases.items():
    target_set = by_name.get(catalogue_spelling(target))
    model = anycrc.models[target]
    if target_set is None or [
        model.width, model.poly, model.init, model.refin, model.refout, model.xorout, model.check
    ] != [
        target_set["width"], target_set["poly"], target_set["init"], target_set["refin"] == "true",
        target_set["refout"] == "true", target_set["xorout"], target_set["check"],
    ]:
        sys.exit(f"anycrc's {alias} -> {target} is no set of crc-catalog's: {model}")
    aliases.append((catalogue_spelling(alias), target_set))
names = [a.lower() for a, _ in aliases] + [s["name"].lower() for s in sets]
if len(set(names)) != len(names) or len(aliases) < 70:
    sys.exit(f"{len(aliases)} aliases, or one of them names two sets: has anycrc changed?")


def hexw(value, width):
    digits = max(1, (width + 3) // 4)
    return f"0x{value:0{digits}X}"


version = package["version"]
anycrc_version = importlib.metadata.version("anycrc")
out = [
    f"//! Every CRC of the CRC RevEng catalogue of up to 64 bits ({len(sets)} sets), by its",
    "//! catalogue name: `CRC_16_ARC` is CRC-16/ARC. Pass one to",
    "//! [`CrcEngine::new`](crate::CrcEngine::new) or",
    "//! [`Crc::with_params`](crate::Crc::with_params), or look one up by name with",
    "//! [`find`].",
    "//!",
    "//! ```",
    "//! use iohash::crc_catalogue;",
    "//!",
    "//! let arc = crc_catalogue::find(\"crc-16/arc\").unwrap();",
    "//! assert_eq!(arc, crc_catalogue::CRC_16_ARC);",
    "//! assert_eq!(arc.check(), 0xBB3D);",
    "//! ```",
    "//!",
    f"//! Written by `tests/data/gen_crc_catalogue.py` from the `crc-catalog` crate {version},",
    "//! which mirrors the catalogue (<https://reveng.sourceforge.io/crc-catalogue/all.htm>), and",
    f"//! its aliases from the `anycrc` Python package {anycrc_version}; CI checks it is current, and",
    "//! `tests/crc_catalogue.rs` checks every set against the `crc` crate and its catalogue check",
    "//! value. Do not edit.",
    "",
    "use super::params::CrcParams;",
    "",
]
for s in sets:
    w = s["width"]
    out += [
        f"/// {s['name']}: width {w}, poly {hexw(s['poly'], w)}, init {hexw(s['init'], w)}, "
        f"refin {s['refin']}, refout {s['refout']}, xorout {hexw(s['xorout'], w)}; check "
        f"{hexw(s['check'], w)}.",
        f"pub const {s['ident']}: CrcParams = CrcParams::new({w}, {hexw(s['poly'], w)}, "
        f"{hexw(s['init'], w)}, {s['refin']}, {s['refout']}, {hexw(s['xorout'], w)})",
        f"    .with_name(\"{s['name']}\");",
    ]
out += ["", "/// Every set above, in the catalogue's order.", "pub const ALL: &[CrcParams] = &["]
out += [f"    {s['ident']}," for s in sets]
out += [
    "];",
    "",
    "/// The other names the catalogue lists for the sets above (its entries' \"Alias\"), each",
    "/// with its set: `CRC-32` and `PKZIP` for CRC-32/ISO-HDLC, `ARC` and `CRC-16` for",
    f"/// CRC-16/ARC ({len(aliases)} in all, from the `anycrc` Python package {anycrc_version}).",
    "pub const ALIASES: &[(&str, CrcParams)] = &[",
]
out += [f"    (\"{alias}\", {target['ident']})," for alias, target in aliases]
out += [
    "];",
    "",
    "/// The catalogue set named `name`, its catalogue name (such as `CRC-16/ARC`) or one of its",
    "/// [`ALIASES`] (such as `ARC`), in any case.",
    "///",
    "/// ```",
    "/// use iohash::crc_catalogue;",
    "///",
    "/// assert_eq!(crc_catalogue::find(\"pkzip\"), Some(crc_catalogue::CRC_32_ISO_HDLC));",
    "/// assert_eq!(crc_catalogue::find(\"CRC-32\"), Some(crc_catalogue::CRC_32_ISO_HDLC));",
    "/// assert_eq!(crc_catalogue::find(\"CRC-32/ISO-HDLC\"), Some(crc_catalogue::CRC_32_ISO_HDLC));",
    "/// ```",
    "pub fn find(name: &str) -> Option<CrcParams> {",
    "    let named = |n: &str| n.eq_ignore_ascii_case(name);",
    "    ALL.iter()",
    "        .find(|params| params.name().is_some_and(named))",
    "        .or_else(|| ALIASES.iter().find(|(alias, _)| named(alias)).map(|(_, params)| params))",
    "        .copied()",
    "}",
]
catalogue = root / "src/algorithms/crc/catalogue.rs"
catalogue.write_text("\n".join(out) + "\n")
subprocess.run(["rustfmt", "--edition", "2021", str(catalogue)], check=True)

cases = [
    f"// Written by tests/data/gen_crc_catalogue.py from crc-catalog {version}; do not edit.",
    "// case!(iohash's constant = crc's constant, crc's width type, the catalogue's check value)",
    "[",
]
cases += [f"    case!({s['ident']}, {s['ty']}, {hexw(s['check'], s['width'])})," for s in sets]
cases += ["]"]
(root / "tests/data/crc_catalogue_cases.rs").write_text("\n".join(cases) + "\n")
print(f"{len(sets)} sets from crc-catalog {version}, {len(aliases)} aliases from anycrc {anycrc_version}")
