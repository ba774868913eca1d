#!/usr/bin/env python3
"""Lists the licence texts inside each release artifact and fails where one lacks them.

    scripts/check_artifacts.py DIR

Every .crate, .tar.gz, .tgz and .whl under DIR must hold LICENSE-MIT and LICENSE-APACHE (any
folder inside), each the same bytes as the repository's own: MIT's terms ask that its text
ship with every copy. Prints one line per artifact; exit 1 if any lacks either text.
"""

import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENCES = {name: (ROOT / name).read_bytes() for name in ("LICENSE-MIT", "LICENSE-APACHE")}


def members(path):
    """(name, bytes) of each regular file in the archive `path`."""
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as archive:
            for name in archive.namelist():
                yield name, lambda name=name: archive.read(name)
        return
    with tarfile.open(path) as archive:
        for member in archive.getmembers():
            if member.isfile():
                yield member.name, lambda member=member: archive.extractfile(member).read()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    artifacts = sorted(
        p for p in Path(sys.argv[1]).iterdir() if p.name.endswith((".crate", ".tar.gz", ".tgz", ".whl"))
    )
    if not artifacts:
        sys.exit(f"no artifacts in {sys.argv[1]}")
    failed = False
    for artifact in artifacts:
        found = {}
        for name, read in members(artifact):
            base = name.rsplit("/", 1)[-1]
            if base in LICENCES and read() == LICENCES[base]:
                found[base] = name
        missing = sorted(set(LICENCES) - set(found))
        if missing:
            failed = True
            print(f"{artifact.name}: MISSING {', '.join(missing)}")
        else:
            print(f"{artifact.name}: {', '.join(found[n] for n in sorted(found))}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
