"""The name of each CPU the benchmarks ran on, for benches/report.sh, report.py and summary.py.

`/proc/cpuinfo`'s model name does not tell CPUs apart (Zen 3, 4 and 5 are all "AMD EPYC"), so a
CPU is known by its vendor, family and model. Each has a file name and a label: its record is
`benches/results/NAME.md`, titled `# On LABEL`, and its figures `NAME.json`. A CPU missing from
the table gets a label made of its model name, family and model, which no other CPU shares.

    python3 benches/cpus.py   # prints this CPU's file name
"""

import re

# (vendor_id, cpu family, model) -> (file name, label)
KNOWN = {
    ("GenuineIntel", 6, 143): ("intel-xeon", "Intel Xeon model 143 (AVX-512)"),  # Sapphire Rapids
    ("GenuineIntel", 6, 167): ("intel-xeon-model-167", "Intel Xeon model 167 (AVX-512)"),
    ("GenuineIntel", 6, 207): ("intel-xeon-model-207", "Intel Xeon model 207 (AVX-512)"),  # Emerald Rapids
    ("AuthenticAMD", 25, 1): ("amd-epyc-zen3", "AMD EPYC Zen 3 (AVX2)"),
    ("AuthenticAMD", 25, 17): ("amd-epyc-zen4", "AMD EPYC Zen 4 (AVX-512)"),
    ("AuthenticAMD", 26, 2): ("amd-epyc-zen5", "AMD EPYC Zen 5 (AVX-512)"),
}
UNKNOWN = re.compile(r".*, family \d+ model \d+")


def this_cpu(cpuinfo="/proc/cpuinfo"):
    """(file name, label) of the CPU this runs on."""
    fields = {}
    for line in open(cpuinfo):
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    family, model = int(fields["cpu family"]), int(fields["model"])
    known = KNOWN.get((fields["vendor_id"], family, model))
    if known:
        return known
    label = f"{fields['model name']}, family {family} model {model}"
    return name_of(label), label


def name_of(label):
    """The file name of the CPU whose record is titled `# On LABEL`; None for a label that
    names no CPU."""
    for name, known in KNOWN.values():
        if label == known:
            return name
    if UNKNOWN.fullmatch(label):
        return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    return None


if __name__ == "__main__":
    print(this_cpu()[0])
