#!/usr/bin/env python3
"""Keeps the README's table of benchmark figures equal to what `ribcage-bench` printed.

The figures live in one file, Benchmarks/figures.txt: one line per benchmark case, the date and
machine it was measured on, then the `BENCH` line `ribcage-bench` printed for it, untouched. The
README's table (between `<!-- figures:begin -->` and `<!-- figures:end -->`) is generated from
that file; nobody types a figure into it.

    python3 Scripts/check-readme-figures.py                  # check (CI): exit 1 on any drift
    python3 Scripts/check-readme-figures.py --write          # regenerate the README's table
    python3 Scripts/check-readme-figures.py --record [--runs N] [CASE ...]
        # run `ribcage-bench` (release) N times (default 1) for those cases (default: every case
        # but the soaks), keep each case's median run (by ratio), replace those cases' lines in
        # Benchmarks/figures.txt, regenerate the table
    python3 Scripts/check-readme-figures.py --compare OUTPUT [--tolerance 0.25]
        # compare a fresh run's BENCH lines (a file, or - for standard input) with the table:
        # exit 1 when a ratio differs by more than the tolerance (relative, default 25%)

The check fails when the README's table differs from the one generated from figures.txt, when a
line of figures.txt is not a well-formed BENCH line, or when the cases in figures.txt are not
exactly the cases `ribcage-bench` has (read from Benchmarks/Sources/RibcageBench/main.swift), so
a case added, renamed or removed in the benchmarks cannot leave the table behind. It also checks
that the script itself notices a changed figure (a self-test).
"""

import datetime
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
README = os.path.join(ROOT, "README.md")
FIGURES = os.path.join(ROOT, "Benchmarks", "figures.txt")
BENCH_MAIN = os.path.join(ROOT, "Benchmarks", "Sources", "RibcageBench", "main.swift")
BEGIN, END = "<!-- figures:begin -->", "<!-- figures:end -->"
REFRESH = "python3 Scripts/check-readme-figures.py --record"
SOAK_CASES = {"soak-rides", "soak-rides-record"}

# What each case must reach. A target is a goal set when the case was written, not a measurement:
# it changes only when the goal does.
TARGETS = {
    "tree-attach-detach": "≤ 2×",
    "stream-fanout-10": "≤ 2×",
    "stream-operators": "≤ 2×",
    "tree-memory": "≤ 3× bytes",
    "render-coalesce": "1 presenter call a turn",
    "render-steady": "≤ 1.5×",
    "plugin-point-evaluate": "≤ 1.5×",
    "deeplink-parse": "≤ 2×",
    "recorder-tree": "goal 1.3× (met in time, not in instructions)",
    "recorder-app": "goal 1.5× (met once the ring is full, not while it fills)",
    "recorder-stream": "below its main ratio (view models encoded off the main actor)",
    "recorder-off": "≤ 1.02×",
    "timeline-seek": "≤ 10 ms a moment",
    "combine-stream-publisher": "≤ 2×",
    "combine-confine-to": "goal 2× (not met)",
    "soak-rides": "≤ 1.15×, memory ≤ 5%, 0 moved, 0 leaks",
    "soak-rides-record": "≤ 1.15×, memory within bound, 0 moved, 0 leaks",
}

# The extra fields of a BENCH line the table shows, beside the Ribcage/floor/ratio columns.
EXTRAS = {
    "tree-memory": ["ribcage_allocs"],
    "render-coalesce": ["presenter_calls_per_turn"],
    "recorder-tree": ["ns_per_event", "allocs_per_event", "events_per_s"],
    "recorder-app": ["steady_ratio", "allocs_per_event", "read_ns_per_turn"],
    "recorder-stream": ["main_ratio"],
    "timeline-seek": ["max_ms", "events", "ribs"],
    "soak-rides": ["rides", "memory_growth", "counts_moved", "leaks"],
    "soak-rides-record": ["rides", "memory_within_bound", "counts_moved", "leaks"],
}

UNITS = {"ns": "ns", "ms": "ms", "bytes": "B"}
BENCH = re.compile(r"^BENCH (?P<case>[a-z0-9-]+)((?: [a-z_]+=\S+)+)$")


class Figure:
    """One line of figures.txt: `DATE | MACHINE | BENCH ...`."""

    def __init__(self, line, number):
        parts = [part.strip() for part in line.split("|", 2)]
        where = f"Benchmarks/figures.txt:{number}"
        if len(parts) != 3 or not re.fullmatch(r"\d{4}-\d\d-\d\d", parts[0]):
            raise SystemExit(f"{where}: expected 'YYYY-MM-DD | machine | BENCH ...'")
        self.date, self.machine, self.bench = parts
        match = BENCH.match(self.bench)
        if not match:
            raise SystemExit(f"{where}: not a BENCH line as ribcage-bench prints it")
        self.case = match.group("case")
        self.fields = dict(field.split("=", 1) for field in match.group(2).split())
        for key in ("ratio",):
            if key not in self.fields:
                raise SystemExit(f"{where}: no {key}=")

    def side(self, name):
        """`ribcage_ns=464.76` as `464.76 ns`; 10,000 ns and more in µs (`43436.5` as `43.44 µs`)."""
        for key, value in self.fields.items():
            prefix, _, unit = key.partition("_")
            if prefix == name and unit in UNITS:
                if unit == "ns" and float(value) >= 10_000:
                    return f"{float(value) / 1000:.2f} µs"
                return f"{value} {UNITS[unit]}"
        return "—"


def read_figures():
    figures, seen = [], set()
    with open(FIGURES, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip() or line.startswith("#"):
                continue
            figure = Figure(line.rstrip("\n"), number)
            if figure.case in seen:
                raise SystemExit(f"Benchmarks/figures.txt:{number}: {figure.case} twice")
            seen.add(figure.case)
            figures.append(figure)
    return figures


def bench_cases():
    """The case names of ribcage-bench, in its order, from its main.swift."""
    text = open(BENCH_MAIN, encoding="utf-8").read()
    names = re.findall(r'^\s*\("([a-z0-9-]+)",', text, re.M)
    if not names:
        raise SystemExit("Benchmarks/Sources/RibcageBench/main.swift: no cases found")
    return names


def table(figures):
    """The README's figures section: the table, then one line per machine."""
    order = {name: index for index, name in enumerate(bench_cases())}
    figures = sorted(figures, key=lambda figure: order.get(figure.case, len(order)))
    machines = []
    for figure in figures:
        if figure.machine not in machines:
            machines.append(figure.machine)
    lines = [BEGIN,
             "| case | Ribcage | floor | ratio | target | also | measured |",
             "| --- | ---: | ---: | ---: | --- | --- | --- |"]
    for figure in figures:
        extras = ", ".join(f"{key.replace('_', ' ')} {figure.fields[key]}" for key in EXTRAS.get(figure.case, [])
                           if key in figure.fields)
        machine = machines.index(figure.machine) + 1
        lines.append(f"| `{figure.case}` | {figure.side('ribcage')} | {figure.side('floor')} | "
                     f"{figure.fields['ratio']}× | {TARGETS.get(figure.case, '?')} | "
                     f"{extras or '—'} | {figure.date} ({machine}) |")
    lines.append("")
    for index, machine in enumerate(machines, 1):
        lines.append(f"({index}) {machine}" + ("  " if index < len(machines) else ""))
    lines.append(END)
    return "\n".join(lines)


def readme_section(text):
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"README.md: no {BEGIN} … {END} section")
    return start, end + len(END)


def problems(figures, text):
    """What is wrong, as messages; empty when the README agrees with figures.txt."""
    found = []
    cases = bench_cases()
    named = {figure.case for figure in figures}
    for missing in [case for case in cases if case not in named]:
        found.append(f"Benchmarks/figures.txt: no figure for ribcage-bench's case {missing}")
    for stale in sorted(named - set(cases)):
        found.append(f"Benchmarks/figures.txt: {stale} is not a ribcage-bench case (any more)")
    for case in sorted(named - set(TARGETS)):
        found.append(f"Scripts/check-readme-figures.py: no target for {case} in TARGETS")
    start, end = readme_section(text)
    if text[start:end] != table(figures):
        found.append("README.md: the figures table differs from Benchmarks/figures.txt "
                     "(python3 Scripts/check-readme-figures.py --write regenerates it)")
    return found


def self_test(figures, text):
    """A changed figure in the README must be caught, or a pass means nothing."""
    start, end = readme_section(text)
    section = text[start:end]
    first = figures[0].fields["ratio"] + "×"
    changed = text[:start] + section.replace(first, "9" + first, 1) + text[end:]
    if not problems(figures, changed):
        raise SystemExit("self-test: a changed figure in the README was not noticed")


def write(figures):
    text = open(README, encoding="utf-8").read()
    start, end = readme_section(text)
    with open(README, "w", encoding="utf-8") as file:
        file.write(text[:start] + table(figures) + text[end:])


def machine_description():
    model = "unknown CPU"
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout
    version = re.search(r"Swift version (\S+)", swift)
    load = os.getloadavg()[0]
    return (f"{os.uname().sysname} {os.uname().machine}, {model}, {os.cpu_count()} cores, "
            f"Swift {version.group(1) if version else '?'}, load average {load:.1f} at the start")


def record(requested, count):
    cases = requested or [case for case in bench_cases() if case not in SOAK_CASES]
    machine = machine_description()
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    command = ["swift", "run", "-c", "release", "--package-path",
               os.path.join(ROOT, "Benchmarks"), "ribcage-bench", *cases]
    runs = {}
    for run in range(1, max(1, count) + 1):
        print(f"$ {' '.join(command)}   # run {run} of {count}", file=sys.stderr)
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        for line in output.splitlines():
            if BENCH.match(line.strip()):
                figure = Figure(f"{date} | {machine} | {line.strip()}", 0)
                runs.setdefault(figure.case, []).append(figure)
    # Each case keeps the whole line of its median run (by ratio): one real BENCH line, not a
    # mix of runs, and one slow or fast run on a busy machine does not become the figure.
    fresh = {}
    for case, figures in runs.items():
        figures.sort(key=lambda figure: float(figure.fields["ratio"]))
        fresh[case] = figures[(len(figures) - 1) // 2]
        ratios = ", ".join(figure.fields["ratio"] for figure in figures)
        print(f"{fresh[case].bench}   (ratios of the runs: {ratios})")
    missing = [case for case in cases if case not in fresh]
    if missing:
        raise SystemExit(f"ribcage-bench printed no BENCH line for {', '.join(missing)}")
    lines = open(FIGURES, encoding="utf-8").read().split("\n")
    kept = []
    for line in lines:
        match = re.search(r"\| BENCH ([a-z0-9-]+) ", line)
        if match and match.group(1) in fresh:
            continue
        kept.append(line)
    while kept and not kept[-1].strip():
        kept.pop()
    for figure in fresh.values():
        kept.append(f"{figure.date} | {figure.machine} | {figure.bench}")
    with open(FIGURES, "w", encoding="utf-8") as file:
        file.write("\n".join(kept) + "\n")
    write(read_figures())


def compare(path, tolerance):
    """A fresh run's ratios against the committed ones."""
    source = sys.stdin if path == "-" else open(path, encoding="utf-8")
    committed = {figure.case: figure for figure in read_figures()}
    drift, compared = [], 0
    for line in source:
        match = BENCH.match(line.strip())
        if not match or match.group("case") not in committed:
            continue
        fresh = Figure(f"2000-01-01 | fresh | {line.strip()}", 0)
        old = float(committed[fresh.case].fields["ratio"])
        new = float(fresh.fields["ratio"])
        compared += 1
        if abs(new - old) > tolerance * old:
            drift.append(f"{fresh.case}: ratio {new} now, {old} in the table "
                         f"(more than {tolerance:.0%} apart)")
    if not compared:
        raise SystemExit("no BENCH line of a known case in the input")
    for message in drift:
        print(message)
    print(f"compared {compared} case(s), {len(drift)} drifted beyond {tolerance:.0%}")
    if drift:
        print(f"refresh the table: {REFRESH} [CASE ...]")
        sys.exit(1)


def main():
    arguments = sys.argv[1:]
    if "--record" in arguments:
        count = 1
        if "--runs" in arguments:
            count = int(arguments.pop(arguments.index("--runs") + 1))
        record([argument for argument in arguments if not argument.startswith("--")], count)
        return
    if "--compare" in arguments:
        path = arguments[arguments.index("--compare") + 1]
        tolerance = 0.25
        if "--tolerance" in arguments:
            tolerance = float(arguments[arguments.index("--tolerance") + 1])
        compare(path, tolerance)
        return
    figures = read_figures()
    if "--write" in arguments:
        write(figures)
        return
    text = open(README, encoding="utf-8").read()
    self_test(figures, text)
    found = problems(figures, text)
    for message in found:
        print(f"error: {message}")
    if found:
        print(f"to measure again and refresh: {REFRESH} [CASE ...]")
        sys.exit(1)
    print(f"README figures: {len(figures)} cases, equal to Benchmarks/figures.txt")


if __name__ == "__main__":
    main()
