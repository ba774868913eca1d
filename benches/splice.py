"""Puts one CPU's report (made by benches/report.sh on that CPU) into BENCHMARKS.md in place of
the part measured on the same CPU model before, keeping every other CPU's part.

    python3 benches/splice.py BENCHMARKS.md PART.md

PART.md's first line is `# On MODEL`; its headings are demoted by one level, so the part sits
under `## On MODEL` in BENCHMARKS.md.
"""
import re
import sys

INTRO = """# Benchmarks

One part per CPU model, each made by `benches/report.sh` on that CPU: a run replaces its own
CPU's part and keeps the others, so the AMD and Intel figures stand side by side. Within a part,
compare figures of one table, from the same run. Ratios below 1 mean iohash takes less time.
"""

target, part_path = sys.argv[1], sys.argv[2]
part = open(part_path).read().strip("\n").splitlines()
assert part[0].startswith("# On "), part[0]
demote = lambda line: "#" + line if re.match(r"#+ ", line) else line
part = "\n".join(demote(line) for line in part) + "\n"
heading = part.splitlines()[0]

try:
    old = open(target).read()
except FileNotFoundError:
    old = INTRO
parts = re.split(r"(?m)^(?=## On )", old)
intro, cpus = parts[0], parts[1:]
if not cpus and not intro.startswith(INTRO.splitlines()[0] + "\n\nOne part per CPU"):
    # A report from before the per-CPU layout: one CPU's, with the old top-level title.
    body = intro.split("\n", 1)[1].strip("\n")
    model = re.search(r"on: ([^,]+),", body)
    name = model.group(1) if model else "an earlier CPU"
    cpus = [f"## On {name}\n\n" + "\n".join(demote(l) for l in body.splitlines()) + "\n"]
    intro = INTRO
kept = [c for c in cpus if c.splitlines()[0] != heading]
with open(target, "w") as out:
    out.write(intro.rstrip("\n") + "\n\n")
    out.write("\n".join(c.rstrip("\n") + "\n" for c in kept + [part]))
