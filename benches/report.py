#!/usr/bin/env python3
"""Turns criterion's results (target/criterion) and the reader_paths bench's ALLOC lines into
the start of this CPU's record on standard output: `# On LABEL` (LABEL from benches/cpus.py),
then the date and the commit measured. Run by benches/report.sh."""

import json
import os
import platform
import re
import subprocess
import sys
from collections import defaultdict

import cpus

criterion_dir, log_dir = sys.argv[1], sys.argv[2]

# (group, function, value) -> (median ns, bytes per iteration)
results = {}
for root, _dirs, files in os.walk(criterion_dir):
    if os.path.basename(root) != "new" or "benchmark.json" not in files:
        continue
    with open(os.path.join(root, "benchmark.json")) as f:
        bench = json.load(f)
    with open(os.path.join(root, "estimates.json")) as f:
        estimates = json.load(f)
    throughput = (bench.get("throughput") or {}).get("Bytes")
    key = (bench["group_id"], bench["function_id"], bench.get("value_str"))
    results[key] = (estimates["median"]["point_estimate"], throughput)

allocs = {}
reader_log = os.path.join(log_dir, "reader_paths.log")
if os.path.exists(reader_log):
    for line in open(reader_log):
        m = re.match(r"ALLOC (\S+) (\d+)", line)
        if m:
            allocs[m.group(1)] = int(m.group(2))


def fmt_time(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}" if ns / scale < 100 else f"{ns / scale:.0f} {unit}"
    return f"{ns:.3g} ns"


def fmt_rate(ns, nbytes):
    if not nbytes:
        return ""
    return f"{nbytes / ns:.2f} GB/s"


def size_key(label):
    m = re.match(r"(\d+)(B|KiB|MiB)", label or "")
    if not m:
        return 0
    return int(m.group(1)) * {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20}[m.group(2)]


def cpu_model():
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "an unknown CPU"


def machine():
    model = cpu_model()
    flags = open("/proc/cpuinfo").read() if os.path.exists("/proc/cpuinfo") else ""
    simd = ", ".join(f for f in ("avx512f", "avx2", "vpclmulqdq", "pclmulqdq") if f" {f}" in flags)
    rustc = subprocess.run(["rustc", "-V"], capture_output=True, text=True).stdout.strip()
    return f"{model}, {os.cpu_count()} CPUs ({simd}), {platform.system()} {platform.release()}, {rustc}"


out = []
p = out.append
run = lambda *args: subprocess.run(args, capture_output=True, text=True)
date = run("date", "-u", "+%Y-%m-%d").stdout.strip()
commit = f"`{run('git', 'rev-parse', '--short', 'HEAD').stdout.strip()}`"
# Changes to the code, not to the figures an earlier run left in the tree.
if run("git", "diff", "--quiet", "HEAD", "--", ".", ":(exclude)*.md", ":(exclude)benches/results").returncode:
    commit += " with uncommitted changes"
# This CPU's record: benches/report.sh writes it to benches/results/NAME.md, and
# benches/summary.py finds it there by this title.
p(f"# On {cpus.this_cpu()[1]}\n")
p("One CPU's full record, made by `benches/report.sh` on it;")
p("[BENCHMARKS.md](../../BENCHMARKS.md) has its summary.\n")
p(f"Measured {date} at {commit} by `benches/report.sh` (criterion, short runs: 0.3 s warm-up, 0.8 s")
p("measurement; medians) on: " + machine() + ".")
p("The machine is shared and noisy: compare figures within a table, from the same run, not")
p("across runs. Ratios below 1 mean iohash takes less time.\n")

# ---- reader paths
misses = []
sources = defaultdict(dict)
for (group, function, _value), (ns, nbytes) in results.items():
    if group.startswith("reader_paths/"):
        _, source, size = group.split("/")
        sources[source][(size, function)] = (ns, nbytes)
if sources:
    p("## Reader paths\n")
    p("Each source hashed with XXH3-64 by the loop it replaces (`manual_4k`, `manual_8k`: `read`")
    p("into a buffer, `append` what came), by plain `io::copy`, and by iohash's paths; `oneshot` is")
    p("the hash of the same bytes as one slice, the floor. *vs manual* is the time over the faster")
    p("manual loop's; *vs one-shot* over `oneshot`'s. Bytes allocated per call are counted by a")
    p("global allocator in the bench.\n")
    order = ["manual_4k", "manual_8k", "io_copy", "append_from_reader", "bufwriter_64k", "append_from_buf_reader", "append_open_file", "oneshot"]
    for source in ["slice", "cursor_vec", "vec_deque", "chain", "bytes", "file", "buf_reader_file"]:
        rows = sources.get(source)
        if not rows:
            continue
        p(f"### `{source}`\n")
        p("| size | path | time | throughput | vs manual | vs one-shot | bytes allocated |")
        p("|---|---|---|---|---|---|---|")
        for size in sorted({s for s, _ in rows}, key=size_key):
            manual = min(rows[(size, f)][0] for f in ("manual_4k", "manual_8k") if (size, f) in rows)
            oneshot = rows.get((size, "oneshot"), (None,))[0]
            for function in order:
                if (size, function) not in rows:
                    continue
                ns, nbytes = rows[(size, function)]
                alloc = allocs.get(f"reader_paths/{source}/{size}/{function}", "")
                vs_manual = ns / manual
                vs_oneshot = f"{ns / oneshot:.2f}" if oneshot else ""
                p(f"| {size} | `{function}` | {fmt_time(ns)} | {fmt_rate(ns, nbytes)} | {vs_manual:.2f} | {vs_oneshot} | {alloc} |")
                if function == "append_from_reader" and vs_manual > 1.02 and source != "file":
                    misses.append(f"`append_from_reader` on `{source}` at {size}: {vs_manual:.2f}x the best manual loop")
                zero_copy = function == "append_from_buf_reader" or (function == "append_from_reader" and source in ("slice", "vec_deque"))
                if zero_copy and size in ("1MiB", "16MiB") and source in ("slice", "vec_deque", "cursor_vec", "buf_reader_file", "bytes"):
                    if source != "buf_reader_file" and oneshot and ns / oneshot > 1.05:
                        misses.append(f"`{function}` on `{source}` at {size}: {ns / oneshot:.2f}x the one-shot hash")
                    if alloc not in ("", 0):
                        misses.append(f"`{function}` on `{source}` at {size}: {alloc} bytes allocated per call")
        p("")

# ---- the design of append_from_reader
design = [
    ("slice", "1KiB"), ("slice", "1MiB"), ("cursor_vec", "1MiB"), ("file", "1MiB"), ("file", "16MiB"),
]
if all((size, "append_from_reader") in sources.get(source, {}) for source, size in design):
    p("## Which `append_from_reader`\n")
    p("`append_from_reader` is plain `io::copy` into the hasher, with nothing kept between calls.")
    p("The design it replaced kept a 64 KiB `BufWriter` per hasher type per thread (a copy of the")
    p("caller's hasher, secret included, in thread-local memory for the thread's life); the other")
    p("candidate, a 64 KiB `BufWriter` made per call (`bufwriter_64k`), reads files in 64 KiB but")
    p("allocates 64 KiB on every call and copies slices under 64 KiB through its buffer. Plain")
    p("`io::copy` allocates nothing and hands `&[u8]`, `VecDeque` and `BufReader` over in place, but")
    p("reads any other reader 8 KiB at a time: for a `File` that is slower than a 64 KiB read, and")
    p("`append_file` / `append_open_file` are the paths for files (64 KiB reads). Times over")
    p("plain `io::copy`'s, from the tables above:\n")
    p("| source | `append_from_reader` | `bufwriter_64k` | `manual_8k` | `append_open_file` | bytes allocated (`append_from_reader` / `bufwriter_64k`) |")
    p("|---|---|---|---|---|---|")
    for source, size in design:
        rows = sources[source]
        base = rows[(size, "io_copy")][0]
        cell = lambda f: f"{rows[(size, f)][0] / base:.2f}" if (size, f) in rows else ""
        alloc = lambda f: allocs.get(f"reader_paths/{source}/{size}/{f}", "")
        p(f"| `{source}` {size} | {cell('append_from_reader')} | {cell('bufwriter_64k')} | {cell('manual_8k')} | {cell('append_open_file')} | {alloc('append_from_reader')} / {alloc('bufwriter_64k')} |")
    p("")

# ---- throughput
groups = defaultdict(dict)
for (group, function, value), (ns, nbytes) in results.items():
    if group.startswith("throughput/") or group.startswith("small_chunks/"):
        groups[group][(value, function)] = (ns, nbytes)


def table(title, rows_by_key, row_label):
    impls = sorted({f for _, f in rows_by_key}, key=lambda f: (f != "iohash", f))
    p(f"### {title}\n")
    p(f"| {row_label} | " + " | ".join(impls) + " | iohash vs best peer |")
    p("|---|" + "---|" * (len(impls) + 1))
    for value in sorted({v for v, _ in rows_by_key}, key=size_key):
        cells, peers, ours = [], [], None
        for impl in impls:
            if (value, impl) not in rows_by_key:
                cells.append("")
                continue
            ns, nbytes = rows_by_key[(value, impl)]
            cells.append(f"{fmt_time(ns)} ({fmt_rate(ns, nbytes)})")
            if impl == "iohash":
                ours = ns
            else:
                peers.append(ns)
        ratio = f"{ours / min(peers):.2f}" if ours and peers else ""
        p(f"| {value} | " + " | ".join(cells) + f" | {ratio} |")
    p("")


if any(g.startswith("throughput/") for g in groups):
    p("## Throughput\n")
    p("One-shot, and streaming in 64 KiB appends; input 1 byte past a 64-byte boundary.\n")
    for group in sorted(g for g in groups if g.startswith("throughput/")):
        table(group.removeprefix("throughput/"), groups[group], "size")

chunk_groups = sorted((g for g in groups if g.startswith("small_chunks/")), key=lambda g: size_key(g.split("/")[-1]))
if chunk_groups:
    p("## Small chunks\n")
    p("1 MiB appended N bytes at a time (XXH3-64).\n")
    merged = {}
    for group in chunk_groups:
        chunk = group.split("/")[-1]
        for (_value, impl), v in groups[group].items():
            merged[(chunk, impl)] = v
    table("XXH3 streaming", merged, "chunk")

read_sizes = {k: v for k, v in results.items() if k[0].startswith("read_size/")}
if read_sizes:
    p("## Read size for files\n")
    p("XXH3-64 of a 64 MiB file in the page cache: `io::copy` (8 KiB reads) against `io::copy`")
    p("into a `BufWriter` of N bytes (reads of N bytes), the mechanism of `append_from_reader`.\n")
    base = next((ns for (g, f, v), (ns, _) in read_sizes.items() if f == "io_copy_8KiB"), None)
    p("| read size | time | throughput | vs io::copy |")
    p("|---|---|---|---|")
    for (g, f, v), (ns, nbytes) in sorted(read_sizes.items(), key=lambda kv: size_key(kv[0][2] or "8KiB")):
        label = v or "8KiB (io::copy)"
        p(f"| {label} | {fmt_time(ns)} | {fmt_rate(ns, nbytes)} | {ns / base:.2f} |")
    p("")

async_rows = {k: v for k, v in results.items() if k[0].startswith("async_file/")}
if async_rows:
    p("## Async file hashing\n")
    p("A 64 MiB file in the page cache hashed (XXH3-64) from a tokio runtime: `hash_file_async`")
    p("(one `spawn_blocking`, std reads, a cancellation check per read) against")
    p("`tokio::io::copy` from a `tokio::fs::File`, `copy_buf` from a 1 MiB tokio `BufReader`, and")
    p("the sync path on one thread (`FileRead::path(path).threads(1)`).\n")
    naive = next((ns for (g, f, v), (ns, _) in async_rows.items() if f == "tokio_io_copy"), None)
    sync = next((ns for (g, f, v), (ns, _) in async_rows.items() if f == "sync_one_thread"), None)
    p("| path | time | throughput | vs tokio::io::copy | vs sync |")
    p("|---|---|---|---|---|")
    for (g, f, v), (ns, nbytes) in sorted(async_rows.items(), key=lambda kv: kv[1][0]):
        p(f"| `{f}` | {fmt_time(ns)} | {fmt_rate(ns, nbytes)} | {ns / naive:.2f} | {ns / sync:.2f} |")
        if f == "hash_file_async":
            if naive / ns < 5:
                misses.append(f"`hash_file_async` is {naive / ns:.1f}x the naive tokio copy (target 5x)")
            if ns / sync > 1.10:
                misses.append(f"`hash_file_async` takes {ns / sync:.2f}x the sync path (target 1.10)")
    p("")

parallel_rows = {k: v for k, v in results.items() if k[0].startswith("parallel_crc/")}
if parallel_rows:
    p("## One large file's CRC in parallel ranges\n")
    p("A 1 GiB file in the page cache: one thread (`FileRead::threads(1)`, 64 KiB reads) against")
    p("2 ranges, each read and hashed on a thread of its own and the CRCs combined, and the ring")
    p("on 2 threads (`FileRead::threads(2)`) (`benches/parallel_crc.rs`). Target: at most 0.65x")
    p("the one-thread time.\n")
    times = {f: ns for (g, f, v), (ns, _) in parallel_rows.items()}
    p("| CRC | one thread | ranges, 2 threads | read ahead | ratio, ranges | ratio, read ahead |")
    p("|---|---|---|---|---|---|")
    for crc in ("crc64", "crc32c"):
        one, two = times.get(f"{crc}_one_thread"), times.get(f"{crc}_parallel_2")
        ahead = times.get(f"{crc}_read_ahead")
        if one and two and ahead:
            p(f"| {crc.upper()} | {fmt_time(one)} | {fmt_time(two)} | {fmt_time(ahead)} | {two / one:.2f} | {ahead / one:.2f} |")
            for what, ns in (("2 ranges combined", two), ("the ring, 2 threads", ahead)):
                if ns / one > 0.65:
                    misses.append(f"{what} {crc}: {ns / one:.2f}x one thread (target 0.65)")
    p("")

p("## Targets missed\n")
if misses:
    for miss in misses:
        p(f"- {miss}")
else:
    p("None in this run.")
p("")
print("\n".join(out))
