"""Puts one CPU's report (made by benches/report.sh on that CPU) into BENCHMARKS.md in place of
the part whose heading is the same, where that part stood, keeping every other part. A CPU
with no part yet gets one at the end.

    python3 benches/splice.py BENCHMARKS.md PART.md

PART.md's first line is `# On LABEL`, LABEL a CPU's label from benches/cpus.py; its headings
are demoted by one level, so the part sits under `## On LABEL` in BENCHMARKS.md. Only a part
with exactly that heading is replaced: parts written by hand have headings of their own.
"""
import re
import sys

import cpus

target, part_path = sys.argv[1], sys.argv[2]
part = open(part_path).read().strip("\n").splitlines()
assert part[0].startswith("# On ") and cpus.name_of(part[0][5:]), part[0]
demote = lambda line: "#" + line if re.match(r"#+ ", line) else line
part = "\n".join(demote(line) for line in part) + "\n"
heading = part.splitlines()[0]

parts = re.split(r"(?m)^(?=## On )", open(target).read())
intro, others = parts[0], parts[1:]
headings = [c.splitlines()[0] for c in others]
if heading in headings:
    others[headings.index(heading)] = part
else:
    others.append(part)
with open(target, "w") as out:
    out.write(intro.rstrip("\n") + "\n\n")
    out.write("\n".join(c.rstrip("\n") + "\n" for c in others))
