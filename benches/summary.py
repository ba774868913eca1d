#!/usr/bin/env python3
"""The summary tables and pictures of BENCHMARKS.md and README.md, from committed data.

    python3 benches/summary.py extract   # benches/results/CPU.md's tables -> CPU.json
    python3 benches/summary.py write     # the JSON -> summaries in BENCHMARKS.md and README.md,
                                         # and benches/results/CPU.svg
    python3 benches/summary.py check     # fails if `extract` or `write` would change a file
                                         # (CI runs it)

`extract` reads each record that benches/report.sh wrote, `benches/results/NAME.md` titled
`# On LABEL` (the CPU's name and label from benches/cpus.py): its date and commit, the runs
timed in turns by benches/native.sh (XXH3 beside xxhash-rust built for the CPU, short inputs,
CRCs), and the command against xxhsum (benches/cli.sh). benches/report.sh runs `extract` and
`write` after each run. A JSON record with a `by_hand` field was written by hand from figures a
CPU's notes quote (each row with its own `date` and `commit`); `extract` makes none such, and
leaves it until a run on that CPU writes a record of the usual kind. `write` summarises every
JSON record in benches/results/, linking its CPU's full record and notes (`NAME-notes.md`,
written by hand) where they exist, between `<!-- summary:cpus -->` and `<!-- /summary:cpus -->`
in BENCHMARKS.md and `<!-- summary:readme -->` and its end in README.md, with a picture for each
record not made by hand. Rows measured before a change to their code are marked (STALE below).
Python 3 standard library.
"""

import json
import math
import os
import re
import sys
import textwrap

import cpus

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RESULTS = os.path.join(ROOT, "benches", "results")
BENCHMARKS = os.path.join(ROOT, "BENCHMARKS.md")
README = os.path.join(ROOT, "README.md")

# The change to how one big file is read (buffers placed in their pages, the ring for every
# algorithm), the change to XXH3's long one-shots (241 bytes and up), and the x86 CPU asked in
# two CPUID leaves (start-up).
STALE_SINCE = "e1b94c9"
XXH3_STALE_SINCE = "9c82d3c"
CPUID_STALE_SINCE = "970ca5e"
# Every file read through one engine (FileRead) and many files through the library's
# hash_files: the command's rows of files.
ENGINE_STALE_SINCE = "2ac2610"
# Summary rows whose code changed after they were measured: (the change's commit, which rows it
# may move, the commits such rows were measured at). A row says "not re-measured since COMMIT"
# until its CPU is measured again, at another commit.
STALE = [
    (STALE_SINCE, lambda what, size: what.startswith(("one 1 GiB file", "one tiny file", "1,000 files")),
     {"f3c49a4", "b552b1b", "6b11257", "4023984"}),
    (XXH3_STALE_SINCE, lambda what, size: what == "XXH3-64" and 240 < size <= 2048,
     {"f3c49a4", "b552b1b", "a298c74"}),
    (CPUID_STALE_SINCE, lambda what, size: what.startswith(("one tiny file", "1,000 invocations")),
     {"f3c49a4", "b552b1b", "f246692", "4023984"}),
    (ENGINE_STALE_SINCE, lambda what, size: what.startswith(("one 1 GiB file", "1,000 files")),
     {"fdcc84e", "146d114", "239d419", "6b11257", "4023984", "9d0ad34", "a298c74", "f3c49a4"}),
]

SIZES = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}


def size_bytes(label):
    m = re.fullmatch(r"(\d+)\s*(B|KiB|MiB|GiB)", label.strip())
    return int(m.group(1)) * SIZES[m.group(2)]


def size_label(n):
    for unit in ("MiB", "KiB"):
        if n >= SIZES[unit] and n % SIZES[unit] == 0:
            return f"{n // SIZES[unit]} {unit}"
    return f"{n} B"


# ---------------------------------------------------------------------------------------------
# extract


def tables_after(part, header_start):
    """The rows (lists of cells) of every table whose header line starts with header_start."""
    lines = part.splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.startswith(header_start):
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            found.append(rows)
    return found


def number(cell, unit):
    """`2.36 ns`, `71.1 GB/s`, `133.32 ± 1.88 ms`, `298 ± 1e+02 ms` -> the first number,
    checking the unit."""
    m = re.match(r"([\d.]+(?:e[+-]?\d+)?)(?: ± [\d.]+(?:e[+-]?\d+)?)? (\S+)", cell)
    if not m:
        return None
    value, got = float(m.group(1)), m.group(2)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9, "GB/s": 1.0}
    assert got in scale and (got == "GB/s") == (unit == "GB/s"), (cell, unit)
    return value * scale[got] / (1e6 if unit == "ms" else 1.0)


def extract_cpu(label, part):
    m = re.search(r"(?m)^Measured (\d{4}-\d\d-\d\d) at `(\w+)`( with uncommitted changes)?", part)
    assert m, f"{label}: no `Measured DATE at `COMMIT`` line"
    data = {"cpu": label, "date": m.group(1), "commit": m.group(2), "dirty": bool(m.group(3))}
    m = re.search(r"xxhsum (\d[\d.]*\d) by", part)
    data["xxhsum"] = m.group(1) if m else None

    # XXH3 at 16 KiB to 1 MiB beside xxhash-rust built with -C target-cpu=native (GB/s).
    [rows] = tables_after(part, "| hash | size | iohash (default build) | xxhash-rust")
    data["xxh3_long"] = [
        {"hash": r[0], "size": size_bytes(r[1]), "iohash": number(r[2], "GB/s"),
         "xxhash-rust (native)": number(r[3], "GB/s")}
        for r in rows
    ]
    # Short XXH3-64, in turns (ns).
    [rows] = tables_after(part, "| size | XXH3-64: iohash | xxhash-rust | twox-hash |")
    data["xxh3_short"] = [
        {"size": size_bytes(r[0]), "iohash": number(r[1], "ns"),
         "xxhash-rust": number(r[2], "ns"), "twox-hash": number(r[3], "ns")}
        for r in rows
    ]
    # CRCs, in turns (ns); an empty cell is a peer without that CRC.
    [rows] = tables_after(part, "| CRC | size | iohash | crc32fast | crc32c | crc-fast | ratio |")
    data["crc"] = []
    for r in rows:
        row = {"crc": r[0], "size": size_bytes(r[1]), "iohash": number(r[2], "ns")}
        for peer, cell in zip(("crc32fast", "crc32c", "crc-fast"), r[3:6]):
            if cell:
                row[peer] = number(cell, "ns")
        data["crc"].append(row)
    # The command against xxhsum (hyperfine means, ms).
    [rows] = tables_after(part, "| case | command | time | vs xxhsum |")
    data["command"] = [{"case": r[0], "command": r[1].strip("`"), "ms": number(r[2], "ms")}
                       for r in rows]
    return data


def cpu_records():
    """{file name: text} of each record benches/report.sh wrote: `NAME.md` titled `# On LABEL`,
    LABEL the label benches/cpus.py gives that name. Notes written by hand have other titles."""
    out = {}
    for f in sorted(os.listdir(RESULTS)):
        if not f.endswith(".md"):
            continue
        name, text = f[:-3], open(os.path.join(RESULTS, f)).read()
        title = text.partition("\n")[0]
        if title.startswith("# On "):
            if cpus.name_of(title[5:]) != name:
                sys.exit(f"benches/results/{f}: `{title}` is not the title of {name}'s record")
            out[name] = text
    return out


def extracted():
    """{file name: data} for each record benches/report.sh wrote."""
    out = {}
    for name, text in cpu_records().items():
        out[name] = extract_cpu(text.partition("\n")[0][5:], text)
    return out


def records():
    """[(file name, data)] for every record in benches/results/."""
    names = sorted(f[:-5] for f in os.listdir(RESULTS) if f.endswith(".json"))
    return [(name, json.load(open(os.path.join(RESULTS, name + ".json")))) for name in names]


def json_text(data):
    return json.dumps(data, indent=1) + "\n"


def extract():
    os.makedirs(RESULTS, exist_ok=True)
    for name, data in extracted().items():
        with open(os.path.join(RESULTS, name + ".json"), "w") as f:
            f.write(json_text(data))
        print(f"wrote benches/results/{name}.json")


# ---------------------------------------------------------------------------------------------
# summaries

CRC_NAMES = {"CRC-32": "CRC-32", "CRC-32C": "CRC-32C", "CRC-64-NVME": "CRC-64/NVME",
             "CRC-64-ECMA-182": "CRC-64/ECMA-182", "CRC-64-XZ": "CRC-64/XZ"}
PEERS = ["xxhash-rust", "xxhash-rust (native)", "twox-hash", "crc32fast", "crc32c", "crc-fast"]


def gbs(size, ns):
    return size / ns


def fmt_gbs(v):
    return f"{v:.1f} GB/s" if v >= 1 else f"{v:.2f} GB/s"


def note(data, row, what, size=None):
    """A row's own date and commit (in a record made by hand), and whether its code changed
    after it was measured."""
    notes = [f"{row['date']}, `{row['commit']}`"] if "date" in row else []
    commit = row.get("commit", data.get("commit"))
    # The first change that moved the row is the one to name (STALE is in the order of history).
    for since, moves, before in STALE:
        if since and commit in before and moves(what, size):
            notes.append(f"not re-measured since `{since}`")
            break
    return "; ".join(notes)


def speeds(r):
    """{side: GB/s} of a row timed in ns."""
    return {p: gbs(r["size"], r[p]) for p in ["iohash"] + PEERS if p in r}


def rows_for(data):
    """Every summary row: (hash, size, iohash GB/s, {peer: GB/s}, note), all from runs in turns.
    A record made by hand gives every row it has."""
    every = "by_hand" in data
    picked = [("XXH3-64", r, speeds(r)) for r in data["xxh3_short"]
              if every or r["size"] in (16, 240)]
    picked += [("XXH3-64", r, {"iohash": r["iohash"], "xxhash-rust": r["xxhash-rust (native)"]})
               for r in data["xxh3_long"]
               if r["hash"] == "XXH3-64" and (every or r["size"] == 1 << 20)]
    for crc in ("CRC-32", "CRC-32C", "CRC-64-NVME"):
        picked += [(CRC_NAMES[crc], r, speeds(r)) for r in data["crc"]
                   if r["crc"] == crc and (every or r["size"] in (64, 4096, 1 << 20))]
    return [(h, r["size"], s.pop("iohash"), s, note(data, r, h, r["size"])) for h, r, s in picked]


def command_rows(data):
    """(case, iohash ms, xxhsum ms, note) for each case that has both, dynamic builds."""
    out = []
    by_case = {}
    for r in data["command"]:
        by_case.setdefault(r["case"], []).append(r)
    for case, rows in by_case.items():
        ours = [r for r in rows if r["command"].startswith("iohash -H3")]
        theirs = [r for r in rows if r["command"].startswith("xxhsum")]
        if ours and theirs:
            out.append((case, ours[0]["ms"], theirs[0]["ms"], note(data, ours[0], case)))
    return out


def fmt_ms(ms):
    return f"{ms:.0f} ms" if ms >= 100 else f"{ms:.3g} ms"


def cell(peer_gbs, our_gbs):
    # Ratio of times: the peer's throughput over ours. Below 1, iohash takes less time.
    return f"{fmt_gbs(peer_gbs)} ({peer_gbs / our_gbs:.2f})" if peer_gbs else ""


def measured(data):
    """When and at which commit a record was measured."""
    if "by_hand" in data:
        return "by hand"
    dirty = " with uncommitted changes" if data["dirty"] else ""
    return f"{data['date']} at `{data['commit']}`{dirty}"


def table(header, rows):
    """A Markdown table; its last column, the notes, only if a row has one."""
    if not any(row[-1] for row in rows):
        header, rows = header[:-1], [row[:-1] for row in rows]
    return ["| " + " | ".join(header) + " |", "|---" * len(header) + "|"] + [
        "| " + " | ".join(row) + " |" for row in rows]


def benchmarks_summary(name, data):
    rows = rows_for(data)
    peers = [p for p in PEERS if any(p in r[3] for r in rows)]
    if "by_hand" in data:
        intro = (f"{data['by_hand']} Each peer's cell is its throughput and, in brackets, iohash's "
                 f"time over the peer's; each row's note says when and at which commit it was "
                 f"measured. The figures here come from `benches/results/{name}.json`.")
    else:
        intro = (
            f"Measured {measured(data)}, every side in one process, taking turns (best of 3 "
            f"runs of 60 rounds). Each peer's cell is its throughput and, in brackets, iohash's "
            f"time over the peer's. XXH3-64 at 1 MiB is beside xxhash-rust built with "
            f"`-C target-cpu=native`. To reproduce, run `benches/report.sh` on this CPU. The "
            f"figures come from its [full record](benches/results/{name}.md) by way of "
            f"`benches/results/{name}.json`."
        )
    if os.path.exists(os.path.join(RESULTS, name + "-notes.md")):
        intro += f" Its [notes](benches/results/{name}-notes.md) hold the runs made by hand."
    lines = [f"### {data['cpu']}", "", *textwrap.wrap(intro, 96, break_on_hyphens=False), ""]
    lines += table(["hash", "size", "iohash", *peers, "note"],
                   [[h, size_label(size), fmt_gbs(ours), *[cell(theirs.get(p), ours) for p in peers], n]
                    for h, size, ours, theirs, n in rows])
    lines += ["", "The command, timed by `hyperfine` with the files in the page cache:", ""]
    lines += table(["case", "`iohash`", f"`xxhsum` {data['xxhsum']}", "time ratio", "note"],
                   [[case, fmt_ms(ours), fmt_ms(theirs), f"{ours / theirs:.2f}", n]
                    for case, ours, theirs, n in command_rows(data)])
    if "by_hand" not in data:
        lines += ["", f"![Throughput against input size on {data['cpu']}]"
                      f"(benches/results/{name}.svg)"]
    return "\n".join(lines)


README_ROWS = [("XXH3-64", 240), ("XXH3-64", 1 << 20), ("CRC-32", 1 << 20), ("CRC-32C", 4096),
               ("CRC-64/NVME", 1 << 20)]


def readme_summary(found):
    """One table for README.md: a few rows per CPU, each beside its fastest peer."""
    rows = []
    for _name, data in found:
        first = f"{data['cpu']}, {measured(data)}"
        by_key = {(r[0], r[1]): r for r in rows_for(data)}
        for key in README_ROWS:
            if key in by_key:
                hash_, size, ours, theirs, n = by_key[key]
                peer = max(theirs, key=theirs.get)
                rows.append([first, hash_, size_label(size), fmt_gbs(ours),
                             f"{peer}, {fmt_gbs(theirs[peer])}", f"{theirs[peer] / ours:.2f}", n])
                first = ""
        for case, ours, theirs, n in command_rows(data):
            if case == "one 1 GiB file":
                xxhsum = f"`xxhsum` {data['xxhsum']}, {fmt_ms(theirs)}"
                rows.append([first, "`iohash` command", case, fmt_ms(ours), xxhsum,
                             f"{ours / theirs:.2f}", n])
    header = ["CPU", "hash", "size", "iohash", "fastest peer", "time ratio", "note"]
    return "\n".join(table(header, rows))


# ---------------------------------------------------------------------------------------------
# pictures

COLOURS = {"iohash": "#1f5fbf", "xxhash-rust": "#e07b00", "twox-hash": "#2a9d3a",
           "crc32fast": "#8a4fbf", "crc32c": "#8c564b", "crc-fast": "#d62728"}
XMIN, XMAX = 16, 1 << 20


def series_for(data):
    """Three panels: (title, {side: [segment, ...]}), a segment a list of (bytes, GB/s) taken
    from one table. XXH3-64 has two: the short inputs, then 16 KiB to 1 MiB beside xxhash-rust
    built for the CPU; no line joins them."""
    xxh3 = {}
    short = [r for r in data["xxh3_short"] if r["size"] in (16, 32, 64, 128, 240)]
    for side in ("iohash", "xxhash-rust", "twox-hash"):
        xxh3[side] = [[(r["size"], gbs(r["size"], r[side])) for r in short]]
    long = [r for r in data["xxh3_long"] if r["hash"] == "XXH3-64"]
    xxh3["iohash"].append([(r["size"], r["iohash"]) for r in long])
    xxh3["xxhash-rust"].append([(r["size"], r["xxhash-rust (native)"]) for r in long])
    panels = [("XXH3-64", xxh3)]
    for crc, title in (("CRC-32C", "CRC-32C"), ("CRC-64-NVME", "CRC-64/NVME")):
        lines = {}
        for r in data["crc"]:
            if r["crc"] == crc:
                for side in ["iohash"] + PEERS:
                    if side in r:
                        lines.setdefault(side, [[]])[0].append((r["size"], gbs(r["size"], r[side])))
        panels.append((title, lines))
    return panels


def nice_max(v):
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        top = math.ceil(v / step) * step
        if top / step <= 8:
            return top, step
    return math.ceil(v / 100) * 100, 100


def svg(label, data):
    panels = series_for(data)
    pw, ph, left, top, gap = 300, 200, 46, 62, 64
    width = left + len(panels) * pw + (len(panels) - 1) * gap + 20
    height = top + ph + 100
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{left}" y="18" font-size="14" font-weight="bold">Throughput against input size, '
        f'{label} (GB/s, higher is better)</text>',
        f'<text x="{left}" y="36" fill="#555">Input size on a log scale. Every side timed in turns in '
        f'one process (benches/native.sh).</text>',
    ]
    lx = math.log(XMIN)
    span = math.log(XMAX) - lx
    for i, (title, lines) in enumerate(panels):
        x0 = left + i * (pw + gap)
        ymax, step = nice_max(max(v for segs in lines.values() for seg in segs for _, v in seg))
        X = lambda n: x0 + (math.log(n) - lx) / span * pw
        Y = lambda v: top + ph - v / ymax * ph
        out.append(f'<text x="{x0}" y="{top - 10}" font-weight="bold">{title}</text>')
        for k in range(0, int(ymax / step) + 1):
            y = Y(k * step)
            out.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x0 + pw}" y2="{y:.1f}" stroke="#ddd"/>')
            out.append(f'<text x="{x0 - 5}" y="{y + 4:.1f}" text-anchor="end" fill="#333">{k * step:g}</text>')
        for n in (16, 256, 4096, 65536, 1 << 20):
            x = X(n)
            out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + ph}" stroke="#eee"/>')
            out.append(f'<text x="{x:.1f}" y="{top + ph + 16}" text-anchor="middle" fill="#333">'
                       f'{size_label(n)}</text>')
        out.append(f'<rect x="{x0}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>')
        for side, segs in lines.items():
            w = 3 if side == "iohash" else 1.8
            for pts in segs:
                d = " ".join(f"{X(n):.1f},{Y(v):.1f}" for n, v in pts)
                out.append(f'<polyline points="{d}" fill="none" stroke="{COLOURS[side]}" '
                           f'stroke-width="{w}"/>')
                for n, v in pts:
                    out.append(f'<circle cx="{X(n):.1f}" cy="{Y(v):.1f}" r="2.5" fill="{COLOURS[side]}"/>')
        for j, side in enumerate(lines):
            y = top + ph + 36 + j * 15
            out.append(f'<line x1="{x0}" y1="{y - 4}" x2="{x0 + 18}" y2="{y - 4}" '
                       f'stroke="{COLOURS[side]}" stroke-width="3"/>')
            name = side
            if title == "XXH3-64" and side == "xxhash-rust":
                name += " (from 16 KiB built for the CPU)"
            out.append(f'<text x="{x0 + 24}" y="{y}">{name}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# write and check


def replace_block(text, name, body, path):
    start, end = f"<!-- summary:{name} -->", f"<!-- /summary:{name} -->"
    pattern = re.compile(re.escape(start) + r"\n.*?" + re.escape(end), re.S)
    if not pattern.search(text):
        sys.exit(f"{path}: no {start} ... {end} block")
    return pattern.sub(lambda _m: f"{start}\n{body}\n{end}", text)


def generated():
    """{path: the text `write` puts there}."""
    found = records()
    summaries = "\n\n".join(benchmarks_summary(name, data) for name, data in found)
    files = {BENCHMARKS: replace_block(open(BENCHMARKS).read(), "cpus", summaries, BENCHMARKS),
             README: replace_block(open(README).read(), "readme", readme_summary(found), README)}
    for name, data in found:
        if "by_hand" not in data:
            files[os.path.join(RESULTS, name + ".svg")] = svg(data["cpu"], data)
    return files


def write():
    for path, text in generated().items():
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            with open(path, "w") as f:
                f.write(text)
            print("wrote", os.path.relpath(path, ROOT))


def check():
    files = generated()
    # The JSON must also be what the records' tables say today.
    for name, data in extracted().items():
        files[os.path.join(RESULTS, name + ".json")] = json_text(data)
    stale = [os.path.relpath(p, ROOT) for p, text in files.items()
             if not os.path.exists(p) or open(p).read() != text]
    if stale:
        sys.exit("out of date (run benches/summary.py extract, then write): " + ", ".join(stale))
    print("the records in benches/results/, their JSON, the summaries and the pictures agree")


if __name__ == "__main__":
    commands = {"extract": extract, "write": write, "check": check}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]]()
