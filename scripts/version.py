#!/usr/bin/env python3
"""The one version of the crates, the Python package and the npm packages.

    scripts/version.py            print it
    scripts/version.py check      fail (exit 1) where a manifest disagrees with Cargo.toml
    scripts/version.py set 0.2.0  write it everywhere, then check

Cargo.toml's [workspace.package] holds it: every crate inherits it, and maturin gives it to
the Python package (pyproject.toml's version is dynamic). What cannot inherit it is written
here: the command's dependency on the library, and the npm package and its per-platform
packages (package.json files, and the lock file's own entry).
"""

import glob
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEMVER = re.compile(r"^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$")


def workspace_version():
    text = (ROOT / "Cargo.toml").read_text()
    table = text.split("[workspace.package]", 1)[1].split("\n[", 1)[0]
    return re.search(r'^version = "([^"]+)"', table, re.M).group(1)


def cli_dependency(text=None):
    text = text or (ROOT / "cli/Cargo.toml").read_text()
    return re.search(r'^iohash = \{ path = "\.\.", version = "([^"]+)" \}', text, re.M)


def npm_manifests():
    return [ROOT / "js/package.json"] + sorted(Path(p) for p in glob.glob(str(ROOT / "js/npm/*/package.json")))


def found():
    """Each place's version, by a name for it."""
    places = {"Cargo.toml [workspace.package]": workspace_version()}
    places["cli/Cargo.toml's iohash dependency"] = cli_dependency().group(1)
    for path in npm_manifests():
        places[str(path.relative_to(ROOT))] = json.loads(path.read_text())["version"]
    lock = json.loads((ROOT / "js/package-lock.json").read_text())
    places["js/package-lock.json"] = lock["version"]
    places["js/package-lock.json's package"] = lock["packages"][""]["version"]
    return places


def check():
    places = found()
    want = places["Cargo.toml [workspace.package]"]
    wrong = {name: version for name, version in places.items() if version != want}
    for name, version in wrong.items():
        print(f"{name}: {version}, where Cargo.toml has {want} (scripts/version.py set {want})")
    if not wrong:
        print(f"version {want} in {len(places)} places")
    return not wrong


def write(version):
    if not SEMVER.match(version):
        sys.exit(f"not a version: {version!r} (MAJOR.MINOR.PATCH, with an optional -pre)")
    cargo = ROOT / "Cargo.toml"
    text = cargo.read_text()
    head, table = text.split("[workspace.package]", 1)
    table = re.sub(r'^version = "[^"]+"', f'version = "{version}"', table, count=1, flags=re.M)
    cargo.write_text(head + "[workspace.package]" + table)
    cli = ROOT / "cli/Cargo.toml"
    text = cli.read_text()
    match = cli_dependency(text)
    cli.write_text(text[: match.start(1)] + version + text[match.end(1) :])
    for path in npm_manifests():
        manifest = json.loads(path.read_text())
        manifest["version"] = version
        path.write_text(json.dumps(manifest, indent=2) + "\n")
    lock_path = ROOT / "js/package-lock.json"
    lock = json.loads(lock_path.read_text())
    lock["version"] = version
    lock["packages"][""]["version"] = version
    lock_path.write_text(json.dumps(lock, indent=2) + "\n")


def main():
    args = sys.argv[1:]
    if not args:
        print(workspace_version())
    elif args == ["check"]:
        sys.exit(0 if check() else 1)
    elif len(args) == 2 and args[0] == "set":
        write(args[1])
        print("Cargo.lock follows at the next cargo command; add a CHANGELOG.md section for it.")
        sys.exit(0 if check() else 1)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
