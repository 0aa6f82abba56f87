#!/usr/bin/env python3
"""Turns a ci/bench results directory into report.md (also printed), summary.md and PNG plots: per MPI flavour,
the medians of every benchmark by message size, the ratios of Java to its C twin, the peers' factors, natmpj's
performance goals with how each fared, and what machine it all ran on. summary.md is the one table of natmpj
against C and the other bindings that README.md shows (ci/check-docs compares the two).

Usage: bench/tools/report.py RESULTS_DIR   (ci/bench runs it at the end)

The measurements are RESULTS_DIR/results.csv, or results.csv.gz (as docs/bench keeps them). Its jdk column (the
JDK's feature version) tells the JDKs apart: the first JDK's Java rows keep their variant (java-array, ...), the
others' become java-array@25 and so on, shown as "Java array JDK 25". A run that was stopped left stopped.txt and
not-measured.csv; the report then opens with what is missing.

Standard library only; the plots need gnuplot (skipped with a line saying so when it is missing). The machine
description is collected on the first call and kept in machine.json, so running this again later, or
elsewhere, re-renders the same report.
"""

import csv
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
from collections import defaultdict
from datetime import datetime, timezone

FLAVOUR_NAMES = {"openmpi": "Open MPI", "mpich": "MPICH"}
LABELS = {
    "c": "C",
    "java-array": "Java array",
    "java-direct": "Java direct",
    "mpi4py": "mpi4py",
    "mpje-multicore": "MPJ Express multicore",
    "mpje-niodev": "MPJ Express niodev",
    "mpje-natmpjdev": "MPJ Express natmpjdev",
    "c-thp": "C, THP buffers",
    "c-malloc": "C, malloc",
    "java-array-nohuge": "Java array, --no-huge-pages",
    "java-direct-nohuge": "Java direct, --no-huge-pages",
    "java-ompiapi-array": "natmpj, Open MPI's API, array",
    "java-ompiapi-direct": "natmpj, Open MPI's API, direct",
    "java-ompibind-array": "Open MPI's bindings, array",
    "java-ompibind-direct": "Open MPI's bindings, direct",
}
COLLECTIVES = ["barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather", "alltoall"]
# natmpj's goals against its C twin and the other Java MPIs (the Goals section of the report).
LATENCY_UP_TO, LATENCY_MAX_DIFF_BLOCKING, LATENCY_MAX_DIFF = 1024, 0.08, 0.15
STEADY_WITHIN, STEADY_TOLERANCE = 10_000, 0.10
BANDWIDTH_FROM, BW_MIN = 64 * 1024, {"java-direct": 0.98, "java-array": 0.97}
COLL_FROM, COLL_MAX_RATIO, COLL_MAX_DIFF = 1024, 1.05, 0.3
MPJE_MIN_FACTOR, OBJECT_MIN_FACTOR = 5.0, 2.0
RANK_MAX_NS, OVERHEAD_MAX_DIFF_NS = 20.0, 50.0
# gnuplot's libgd PNG: indexed colours, about a seventh of pngcairo's bytes for these line plots, which keeps the
# committed report small (docs/bench).
TERMINAL = "set terminal png size 900,560 font ',10'"
# A run during which other processes used more than this share of the CPUs is flagged.
FOREIGN_CPU_WARN_PCT = 5


def run(cmd):
    """stdout+stderr of a command, or '' when it cannot run: a missing tool only blanks one report field."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30)
        return p.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def collect_machine(results):
    lscpu = dict(
        (k.strip(), v.strip()) for k, _, v in (line.partition(":") for line in run(["lscpu"]).splitlines()) if v
    )
    cores = "%s CPUs" % (os.cpu_count() or "?")
    if "Socket(s)" in lscpu and "Core(s) per socket" in lscpu:
        cores += " (%s socket x %s cores, %s thread(s) per core)" % (
            lscpu["Socket(s)"],
            lscpu["Core(s) per socket"],
            lscpu.get("Thread(s) per core", "?"),
        )
    if "Hypervisor vendor" in lscpu:
        cores += ", virtual machine (%s)" % lscpu["Hypervisor vendor"]

    java = os.environ.get("JAVA", "java")
    jdk = [line for line in run([java, "-version"]).splitlines() if line.strip()]
    others = [j for j in os.environ.get("BENCH_JDKS", "").split(",")[1:] if j]
    mpi = {}
    for flavour in FLAVOUR_NAMES:
        path = os.path.join(results, "mpi-%s.txt" % flavour)
        if os.path.exists(path):
            with open(path) as f:
                # MPI_Get_library_version: the first line names the library and version; MPICH goes on with
                # its whole configure line.
                mpi[flavour] = " ".join(f.readline().split())
    natmpj = ""
    path = os.path.join(results, "natmpj.txt")
    if os.path.exists(path):
        with open(path) as f:
            natmpj = "; ".join(line.strip() for line in f if line.strip())
    # When the run began: ci/bench says (BENCH_STARTED), else the directory's time stamp, else now.
    stamp = re.search(r"(\d{8}-\d{6})$", os.path.abspath(results))
    date = os.environ.get("BENCH_STARTED") or (
        datetime.strptime(stamp.group(1), "%Y%m%d-%H%M%S").strftime("%Y-%m-%d %H:%M:%S") + " (local)"
        if stamp
        else datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    )
    return {
        "date": date,
        "cpu": lscpu.get("Model name", platform.processor() or "?"),
        "cores": cores,
        "kernel": "%s %s" % (platform.system(), platform.release()),
        "jdk": "; ".join(jdk[:3]) or "?",
        **({"other_jdks": ["; ".join([x for x in run([j, "-version"]).splitlines() if x.strip()][:3]) or j
                           for j in others]} if others else {}),
        "java_opts": os.environ.get("JAVA_OPTS", ""),
        "mpi": mpi,
        "natmpj": natmpj,
        "reps": os.environ.get("BENCH_REPS", "?"),
        "iters_scale": os.environ.get("BENCH_ITERS_SCALE", "?"),
    }


def machine(results):
    path = os.path.join(results, "machine.json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    info = collect_machine(results)
    with open(path, "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    return info


def human(size):
    for unit, factor in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor and size % factor == 0:
            return "%d %s" % (size // factor, unit)
    return "%d B" % size


def fmt(x, digits):
    return "-" if x is None else "%.*f" % (digits, x)


def ratio(a, b):
    return a / b if a is not None and b else None


def open_csv(results, name):
    """RESULTS_DIR/name, or name.gz as docs/bench keeps it, opened for csv; None when neither exists."""
    path = os.path.join(results, name)
    if os.path.exists(path):
        return open(path, newline="")
    if os.path.exists(path + ".gz"):
        return gzip.open(path + ".gz", "rt", newline="")
    return None


def load_results(results):
    """(data, warm, jdks): data = {(flavour, variant, bench, calls, ranks): {size: [(time_us, MBps), ...]}}
    over repetitions; warm = {(flavour, variant, pattern): {"bins": {calls at the bin's end: [us per call]},
    "steady": [us per call]}} (WarmupBench); jdks = the JDKs of the Java rows in order of appearance."""
    data = defaultdict(lambda: defaultdict(list))
    warm = defaultdict(lambda: {"bins": defaultdict(list), "steady": []})
    jdks = []
    f = open_csv(results, "results.csv")
    if f is None:
        sys.exit("bench/tools/report.py: no results.csv (or results.csv.gz) in %s" % results)
    with f:
        reader = csv.DictReader(f)
        if "jdk" not in (reader.fieldnames or []):
            sys.exit("bench/tools/report.py: %s/results.csv has no jdk column: a ci/bench run before 2026-11-24, "
                     "which this version does not read (render it with the report.py of its day)" % results)
        for r in reader:
            jdk = r.get("jdk") or ""
            variant = r["variant"]
            if jdk and variant.startswith("java-"):
                if jdk not in jdks:
                    jdks.append(jdk)
                if jdk != jdks[0]:
                    variant += "@" + jdk
            bench = r["bench"]
            if bench.startswith(("warmup-", "steady-")):
                w = warm[(r["flavour"], variant, bench.split("-", 1)[1])]
                if bench.startswith("warmup-"):
                    w["bins"][int(r["iterations"])].append(float(r["time_us"]))
                else:
                    w["steady"].append(float(r["time_us"]))
                continue
            # The page-size study measures the same benchmarks with other settings: kept apart.
            variant = ("pages:" if r["kind"].startswith("pages-") else "") + variant
            key = (r["flavour"], variant, bench, r["calls"], int(r["ranks"]))
            data[key][int(r["size_bytes"])].append((float(r["time_us"]), float(r["MBps"])))
    return data, warm, jdks or [""]


def java_keys(jdks, bases=("java-array", "java-direct")):
    """The variant keys of the Java runs of bases on every JDK: java-array, java-direct, java-array@25, ..."""
    return [b + ("@" + j if i else "") for i, j in enumerate(jdks) for b in bases]


def label(v, jdks):
    """A variant's name in tables and plots: LABELS', plus the JDK when the run had more than one."""
    base, _, jdk = v.partition("@")
    if base.startswith("java-") and len(jdks) > 1:
        return "%s JDK %s" % (LABELS[base], jdk or jdks[0])
    return LABELS[base]


class Medians:
    """Median time and MB/s of each (flavour, variant, bench, calls, ranks, size), and their spread."""

    def __init__(self, data, jdks=("",)):
        self.data = data
        self.jdks = list(jdks)

    def values(self, flavour, variant, bench, calls, ranks, size, what=0):
        """Every repetition's time (what=0) or MB/s (what=1); empty without samples."""
        samples = self.data.get((flavour, variant, bench, calls, ranks), {}).get(size) or []
        return [s[what] for s in samples]

    def get(self, flavour, variant, bench, calls, ranks, size, what=0):
        values = self.values(flavour, variant, bench, calls, ranks, size, what)
        return statistics.median(values) if values else None

    def best(self, flavour, variant, bench, calls, ranks, size, what=0):
        """The best repetition's value: the lowest time (what=0) or the highest MB/s (what=1)."""
        values = self.values(flavour, variant, bench, calls, ranks, size, what)
        return (max if what else min)(values) if values else None

    def spread(self, flavour, variant, bench, calls, ranks, size, what=0):
        """(lowest, highest, repetitions) of time (what=0) or MB/s (what=1); None without samples."""
        values = self.values(flavour, variant, bench, calls, ranks, size, what)
        return (min(values), max(values), len(values)) if values else None

    def sizes(self, flavour, bench, calls, ranks):
        return sorted(
            {
                s
                for (f, _, b, c, n), by in self.data.items()
                if (f, b, c, n) == (flavour, bench, calls, ranks)
                for s in by
            }
        )

    def reps(self, flavour, variant, bench, calls, ranks):
        by = self.data.get((flavour, variant, bench, calls, ranks), {})
        return max((len(v) for v in by.values()), default=0)


def table(header, rows, align=None):
    align = align or ["---:"] * len(header)
    return (
        "\n".join(
            ["| " + " | ".join(header) + " |", "|" + "|".join(align) + "|"]
            + ["| " + " | ".join(r) + " |" for r in rows]
        )
        + "\n"
    )


PEERS = ["mpi4py", "mpje-natmpjdev", "mpje-multicore", "mpje-niodev"]
# MPJ Express's pure Java devices: measured once, under the pseudo-flavour "mpje", and shown next to every MPI.
# Its native device (natmpjdev) runs over an MPI, so it has that MPI's flavour.
PURE_JAVA = ("mpje-multicore", "mpje-niodev")
STYLES = {
    "c": "lw 2 dt 1 lc rgb '#000000'",
    "java-array": "lw 2 lc rgb '#d62728'",
    "java-direct": "lw 2 lc rgb '#1f77b4'",
    "mpi4py": "lc rgb '#2ca02c'",
    "mpje-natmpjdev": "lw 2 lc rgb '#ff7f0e'",
    "mpje-multicore": "lc rgb '#9467bd'",
    "mpje-niodev": "lc rgb '#8c564b'",
}


def peer_value(m, flavour, variant, bench, calls, ranks, size, what):
    return m.get("mpje" if variant in PURE_JAVA else flavour, variant, bench, calls, ranks, size, what)


def p2p_tables(m, flavour):
    out = []
    for bench in ("latency", "bw", "bibw"):
        for calls in ("blocking", "nonblocking"):
            sizes = m.sizes(flavour, bench, calls, 2)
            if not sizes:
                continue
            lat = bench == "latency"
            peers = [p for p in PEERS if any(peer_value(m, flavour, p, bench, calls, 2, s, 0) for s in sizes)]
            keys = java_keys(m.jdks)
            names = [label(v, m.jdks) for v in keys]
            short = [n[len("Java "):] for n in names]
            head = ["size", "C"] + names
            head += ["%s - C" % n for n in short] if lat else ["%s / C" % n for n in short]
            head += [LABELS[p] for p in peers]
            rows = []
            for s in sizes:
                what = 0 if lat else 1
                c = m.get(flavour, "c", bench, calls, 2, s, what)
                java = [m.get(flavour, v, bench, calls, 2, s, what) for v in keys]
                row = [human(s)] + [fmt(x, 3 if lat else 0) for x in [c] + java]
                if lat:
                    row += [fmt(x - c, 3) if x is not None and c is not None else "-" for x in java]
                else:
                    row += [fmt(ratio(x, c), 3) for x in java]
                row += [fmt(peer_value(m, flavour, p, bench, calls, 2, s, what), 3 if lat else 0) for p in peers]
                rows.append(row)
            unit = "half round trip, us (lower is better)" if lat else "MB/s = 1e6 B/s (higher is better)"
            out.append("#### %s, %s calls: %s\n\n%s" % (bench, calls, unit, table(head, rows)))
    return "\n".join(out)


def collective_tables(m, flavour):
    out = []
    for ranks in (2, 4):
        ops = [op for op in COLLECTIVES if m.sizes(flavour, op, "blocking", ranks)]
        if not ops:
            continue
        sizes = sorted({s for op in ops for s in m.sizes(flavour, op, "blocking", ranks)})
        rows = []
        for s in sizes:
            row = [human(s)]
            for op in ops:
                c = m.get(flavour, "c", op, "blocking", ranks, s)
                a = m.get(flavour, "java-array", op, "blocking", ranks, s)
                d = m.get(flavour, "java-direct", op, "blocking", ranks, s)
                cell = "%s · %s · %s" % (fmt(c, 2), fmt(ratio(a, c), 2), fmt(ratio(d, c), 2))
                row.append("-" if c is None else cell)
            rows.append(row)
        out.append(
            "#### %d ranks: C time per call in us (max over ranks) · Java array / C · Java direct / C\n\n%s"
            % (ranks, table(["size"] + ops, rows))
        )
    return "\n".join(out)


def object_table(m, flavours):
    rows = []
    for payload in ("doubles", "records"):
        bench = "object-" + payload
        sizes = sorted({s for f in flavours + ["mpje"] for s in m.sizes(f, bench, "blocking", 2)})
        for s in sizes:
            nat = [m.get(f, v, bench, "blocking", 2, s, 1)
                   for v in java_keys(m.jdks, ("java-array",)) for f in flavours]
            mpje = [m.get("mpje", d, bench, "blocking", 2, s, 1) for d in ("mpje-multicore", "mpje-niodev")]
            best_mpje = max((x for x in mpje if x), default=None)
            worst_nat = min((x for x in nat if x), default=None)
            rows.append([payload, human(s)] + [fmt(x, 1) for x in nat + mpje] + [fmt(ratio(worst_nat, best_mpje), 1)])
    if not rows:
        return ""
    jdk = (lambda v: " " + label(v, m.jdks)[len("Java array "):]) if len(m.jdks) > 1 else (lambda v: "")
    head = (
        ["payload", "size"]
        + ["natmpj %s%s" % (FLAVOUR_NAMES[f], jdk(v)) for v in java_keys(m.jdks, ("java-array",)) for f in flavours]
        + ["MPJ Express multicore", "MPJ Express niodev", "natmpj / best MPJ Express"]
    )
    return (
        "MB/s of payload (primitive field bytes) in a ping-pong of MPI.OBJECT messages; the factor compares "
        "natmpj's slower MPI with MPJ Express's faster device.\n\n"
        + table(head, rows, ["---"] + ["---:"] * (len(head) - 1))
    )


def pages_table(m, flavour):
    out = []
    for bench in ("latency", "bw"):
        variants = [v for v in LABELS if ("pages:" + v) in {k[1] for k in m.data if k[0] == flavour and k[2] == bench}]
        if not variants:
            continue
        sizes = sorted({s for v in variants for s in m.data[(flavour, "pages:" + v, bench, "blocking", 2)]})
        what = 0 if bench == "latency" else 1
        rows = [
            [human(s)]
            + [
                fmt(m.get(flavour, "pages:" + v, bench, "blocking", 2, s, what), 2 if what == 0 else 0)
                for v in variants
            ]
            for s in sizes
        ]
        out.append(
            "#### %s (%s)\n\n%s"
            % (bench, "us" if what == 0 else "MB/s", table(["size"] + [LABELS[v] for v in variants], rows))
        )
    return "\n".join(out)


def overhead_rows(results, flavour):
    path = os.path.join(results, "overhead", "overhead-%s.csv" % flavour)
    if not os.path.exists(path):
        return {}
    got = defaultdict(dict)
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            got[r["call"]][r["impl"]] = float(r["ns_per_call"])
    return got


def overhead_table(results, flavours):
    rows = []
    for f in flavours:
        for call, by in overhead_rows(results, f).items():
            j, c = by.get("java"), by.get("c")
            rows.append(
                [
                    FLAVOUR_NAMES[f],
                    call,
                    fmt(j, 1),
                    fmt(c, 1),
                    fmt(j - c, 1) if j is not None and c is not None else "-",
                ]
            )
    if not rows:
        return ""
    return "JMH (Java) and a timed loop (C) in one rank, ns per call.\n\n" + table(
        ["MPI", "call", "Java", "C", "Java - C"], rows, ["---", "---", "---:", "---:", "---:"]
    )


def extreme(values, largest):
    """(value, key) of the largest (or smallest) known value of {key: value}, the first one on ties; None when
    no value is known."""
    known = [(v, k) for k, v in values.items() if v is not None]
    if not known:
        return None
    return (max if largest else min)(known, key=lambda x: x[0])


def minus(a, b):
    return a - b if a is not None and b is not None else None


def verdict(ok):
    return "PASS" if ok else "**MISS**"


def goals(m, results, flavours, warm):
    """[(goal, MPI, measured, verdict, suite)]: every goal, worst case over the sizes it covers."""
    rows = []
    for f in flavours:
        name = FLAVOUR_NAMES[f]

        def java_vs_c(v, calls, ranks, cases, what, compare, stat=m.get):
            """{case: compare(Java, C)} for cases (bench, size), medians (stat=m.get) or best repetitions
            (stat=m.best) of time (what=0) or MB/s (what=1)."""
            return {
                (b, s): compare(stat(f, v, b, calls, ranks, s, what), stat(f, "c", b, calls, ranks, s, what))
                for b, s in cases
            }

        def reps_text(v, bench, calls):
            n = min(m.reps(f, v, bench, calls, 2), m.reps(f, "c", bench, calls, 2))
            return "best of %d repetition%s" % (n, "" if n == 1 else "s")

        for calls in ("blocking", "nonblocking"):
            limit = LATENCY_MAX_DIFF_BLOCKING if calls == "blocking" else LATENCY_MAX_DIFF
            for v in java_keys(m.jdks):
                cases = [("latency", s) for s in m.sizes(f, "latency", calls, 2) if 0 < s <= LATENCY_UP_TO]
                w = extreme(java_vs_c(v, calls, 2, cases, 0, minus), largest=True)
                b = extreme(java_vs_c(v, calls, 2, cases, 0, minus, m.best), largest=True)
                if w:
                    rows.append(
                        (
                            "latency 1 B..1 KiB, %s, %s: Java - C <= %.2f us" % (label(v, m.jdks), calls, limit),
                            name,
                            "%+.3f us (worst, at %s); %s: %+.3f us (at %s, %s)"
                            % (w[0], human(w[1][1]), reps_text(v, "latency", calls), b[0], human(b[1][1]),
                               "PASS" if b[0] <= limit else "MISS"),
                            verdict(w[0] <= limit),
                            "p2p",
                        )
                    )
        for bench in ("bw", "bibw"):
            for calls in ("blocking", "nonblocking"):
                for v in java_keys(m.jdks, ("java-direct", "java-array")):
                    cases = [(bench, s) for s in m.sizes(f, bench, calls, 2) if s >= BANDWIDTH_FROM]
                    ratios = java_vs_c(v, calls, 2, cases, 1, ratio)
                    w = extreme(ratios, largest=False)
                    b = extreme(java_vs_c(v, calls, 2, cases, 1, ratio, m.best), largest=False)
                    if w:
                        med = statistics.median(r for r in ratios.values() if r is not None)
                        minimum = BW_MIN[v.partition("@")[0]]
                        # The machine's own spread where Java was worst: C's repetitions of that size.
                        c = m.spread(f, "c", bench, calls, 2, w[1][1], 1)
                        c_text = ""
                        if c and c[2] > 1 and c[0] > 0:
                            c_text = "; C's %d repetitions there: %.0f-%.0f MB/s (%.2f x apart)" % (
                                c[2], c[0], c[1], c[1] / c[0])
                        rows.append(
                            (
                                "%s from 64 KiB, %s, %s: >= %.2f x C" % (bench, label(v, m.jdks), calls, minimum),
                                name,
                                "%.3f x (worst, at %s; median over sizes %.3f%s); %s: %.3f x (at %s, %s)"
                                % (w[0], human(w[1][1]), med, c_text, reps_text(v, bench, calls), b[0],
                                   human(b[1][1]), "PASS" if b[0] >= minimum else "MISS"),
                                verdict(w[0] >= minimum),
                                "p2p",
                            )
                        )
        rows += steady_goals(m, warm, f)
        for v in ("java-array", "java-direct"):
            cases = [(op, s) for op in COLLECTIVES for s in m.sizes(f, op, "blocking", 4)]
            big = extreme(java_vs_c(v, "blocking", 4, [x for x in cases if x[1] >= COLL_FROM], 0, ratio), True)
            small = extreme(java_vs_c(v, "blocking", 4, [x for x in cases if x[1] < COLL_FROM], 0, minus), True)
            if big:
                rows.append(
                    (
                        "collectives on 4 ranks from 1 KiB, %s: <= %.2f x C" % (label(v, m.jdks), COLL_MAX_RATIO),
                        name,
                        "%.3f x (worst: %s %s)" % (big[0], big[1][0], human(big[1][1])),
                        verdict(big[0] <= COLL_MAX_RATIO),
                        "collectives",
                    )
                )
            if small:
                rows.append(
                    (
                        "collectives on 4 ranks below 1 KiB, %s: <= C + %.1f us" % (label(v, m.jdks), COLL_MAX_DIFF),
                        name,
                        "%+.3f us (worst: %s %s)" % (small[0], small[1][0], human(small[1][1])),
                        verdict(small[0] <= COLL_MAX_DIFF),
                        "collectives",
                    )
                )
        for dev in ("mpje-multicore", "mpje-niodev"):
            for bench, what in (("latency", 0), ("bw", 1)):
                for calls in ("blocking", "nonblocking"):
                    # How many times better natmpj's arrays are: lower time, or higher MB/s.
                    factors = {}
                    for s in m.sizes("mpje", bench, calls, 2):
                        nat = m.get(f, "java-array", bench, calls, 2, s, what)
                        pj = m.get("mpje", dev, bench, calls, 2, s, what)
                        factors[s] = (pj / nat if what == 0 else nat / pj) if nat and pj else None
                    w = extreme(factors, largest=False)
                    if w:
                        rows.append(
                            (
                                "%s %s vs %s: natmpj arrays >= %.0fx better"
                                % (bench, calls, LABELS[dev], MPJE_MIN_FACTOR),
                                name,
                                "%.1fx (smallest, at %s)" % (w[0], human(w[1])),
                                verdict(w[0] >= MPJE_MIN_FACTOR),
                                "p2p + peers",
                            )
                        )
        for v in java_keys(m.jdks, ("java-array",)):
            for payload in ("doubles", "records"):
                bench = "object-" + payload
                factors = {}
                for s in m.sizes("mpje", bench, "blocking", 2):
                    nat = m.get(f, v, bench, "blocking", 2, s, 1)
                    devices = (m.get("mpje", d, bench, "blocking", 2, s, 1) for d in ("mpje-multicore", "mpje-niodev"))
                    pj = max((x for x in devices if x), default=None)
                    factors[s] = nat / pj if nat and pj else None
                w = extreme(factors, largest=False)
                if w:
                    jdk = " (%s)" % label(v, m.jdks)[len("Java array "):] if len(m.jdks) > 1 else ""
                    rows.append(
                        (
                            "MPI.OBJECT %s%s: >= %.0fx MPJ Express's best device" % (payload, jdk, OBJECT_MIN_FACTOR),
                            name,
                            "%.1fx (smallest, at %s)" % (w[0], human(w[1])),
                            verdict(w[0] >= OBJECT_MIN_FACTOR),
                            "object + peers",
                        )
                    )
        for call, by in overhead_rows(results, f).items():
            j, c = by.get("java"), by.get("c")
            if call == "rank" and j is not None:
                rows.append(
                    ("JMH Rank() < %.0f ns" % RANK_MAX_NS, name, "%.1f ns" % j, verdict(j < RANK_MAX_NS), "overhead")
                )
            elif j is not None and c is not None:
                rows.append(
                    (
                        "JMH %s: Java - C <= %.0f ns" % (call, OVERHEAD_MAX_DIFF_NS),
                        name,
                        "%+.1f ns" % (j - c),
                        verdict(j - c <= OVERHEAD_MAX_DIFF_NS),
                        "overhead",
                    )
                )
    return rows


# The warmup suite (WarmupBench and its C twin): patterns in the order of the report, and how each is described.
WARM_PATTERNS = [
    ("pingpong", "Send/Recv 1 B (half round trip)"),
    ("sendrecv", "Sendrecv 1 B"),
    ("window", "window of 64 Isend/Irecv + Waitall, 64 KiB (per message)"),
    ("bcast", "Bcast 8 B"),
    ("allreduce", "Allreduce 8 B"),
]
# The 64 KiB window's bandwidth right after 3,200 messages of warm-up, a figure of its own in the report.
WINDOW_AFTER = 3200


def warm_curve(warm, flavour, variant, pattern):
    """([(first call, last call, median us per call)], median steady us) of one warm-up series, or None."""
    w = warm.get((flavour, variant, pattern))
    if not w or not w["bins"]:
        return None
    bins, start = [], 0
    for end in sorted(w["bins"]):
        bins.append((start + 1, end, statistics.median(w["bins"][end])))
        start = end
    return bins, (statistics.median(w["steady"]) if w["steady"] else None)


def settled(bins, steady):
    """Calls done before the binned cost stays within STEADY_TOLERANCE of steady for good (0: from the first call);
    None when even the last bin is above it."""
    if steady is None:
        return None
    at = None
    for first, _, cost in reversed(bins):
        if cost > steady * (1 + STEADY_TOLERANCE):
            break
        at = first - 1
    return at


def warm_variants(m, warm, flavour):
    """The implementations the warmup suite measured on flavour: C, then Java on each JDK."""
    return [v for v in ["c"] + java_keys(m.jdks) if any((flavour, v, p) in warm for p, _ in WARM_PATTERNS)]


def steady_goals(m, warm, flavour):
    rows = []
    for pattern, _ in WARM_PATTERNS:
        for v in java_keys(m.jdks):
            curve = warm_curve(warm, flavour, v, pattern)
            if not curve:
                continue
            bins, steady = curve
            at = settled(bins, steady)
            rows.append(
                (
                    "steady state (within %d%%) within 10^4 calls: %s, %s" % (100 * STEADY_TOLERANCE, pattern,
                                                                              label(v, m.jdks)),
                    FLAVOUR_NAMES[flavour],
                    ("after %d calls" % at) if at is not None else "not within the %d calls binned" % bins[-1][1],
                    verdict(at is not None and at <= STEADY_WITHIN),
                    "warmup",
                )
            )
    return rows


def bin_cost(bins, call):
    """The cost of the bin holding call number call, or None."""
    return next((cost for first, last, cost in bins if first <= call <= last), None)


def warm_section(results, m, warm, flavour):
    variants = warm_variants(m, warm, flavour)
    if not variants:
        return ""
    name = FLAVOUR_NAMES[flavour]
    text = (
        "Each run is a fresh process (JVM): the cost per call of the first calls after MPI.Init, in bins spaced "
        "ten per decade (slowest rank), then the steady cost over the second half of a further 10^6 calls "
        "(window: 2 x 10^5 messages). \"settled\" is the number of calls after which every bin stays within "
        "%d%% of the steady cost. Medians over repetitions; us per call.\n\n" % (100 * STEADY_TOLERANCE)
    )
    rows = []
    for pattern, what in WARM_PATTERNS:
        curves = {v: warm_curve(warm, flavour, v, pattern) for v in variants}
        curves = {v: c for v, c in curves.items() if c}
        for v, (bins, steady) in curves.items():
            at = settled(bins, steady)
            rows.append(
                [what, label(v, m.jdks), "%s (calls %d-%d)" % (fmt(bins[0][2], 2), bins[0][0], bins[0][1])]
                + [fmt(bin_cost(bins, n), 3) for n in (100, 1000, 10000)]
                + [fmt(steady, 3), ("%d" % at) if at is not None else "> %d" % bins[-1][1]]
            )
        made = warm_plot(results, flavour, pattern, what, curves, m.jdks)
        if made:
            text += "![%s](%s)\n\n" % (made[:-4], made)
    head = ["pattern", "implementation", "first bin", "call 100", "call 1000", "call 10^4", "steady", "settled"]
    text += table(head, rows, ["---", "---"] + ["---:"] * 6) + "\n"
    window = []
    for v in variants:
        curve = warm_curve(warm, flavour, v, "window")
        if curve:
            b = next(((first, last, cost) for first, last, cost in curve[0] if first == WINDOW_AFTER + 1), None)
            if b:
                window.append((v, b))
    c = next((b for v, b in window if v == "c"), None)
    if window:
        text += (
            "64 KiB window after %d messages of warm-up (messages %d-%d of a fresh process), MB/s: "
            % (WINDOW_AFTER, window[0][1][0], window[0][1][1])
            + "; ".join(
                "%s %.0f%s" % (label(v, m.jdks), 65536 / b[2],
                               "" if v == "c" or not c else " (%.2f x C)" % (c[2] / b[2]))
                for v, b in window
            )
            + ".\n\n"
        )
    return "### Time to steady state\n\n" + text


def warm_plot(results, flavour, pattern, what, curves, jdks):
    """warmup-<pattern>-<flavour>.png: cost per call against the call number (log-log); None if not made."""
    if not shutil.which("gnuplot") or not curves:
        return None
    png = "warmup-%s-%s.png" % (pattern, flavour)
    plots = []
    for i, (v, (bins, steady)) in enumerate(curves.items()):
        dat = os.path.join(results, "warmup-%s-%s-%d.dat" % (pattern, flavour, i))
        with open(dat, "w") as f:
            for first, last, cost in bins:
                f.write("%r %r\n" % ((first * last) ** 0.5, cost))
        plots.append("'%s' using 1:2 with linespoints %s title '%s (steady %s)'"
                     % (dat, style(v), label(v, jdks), fmt(steady, 3)))
    script = [
        TERMINAL,
        "set output '%s'" % os.path.join(results, png),
        "set title '%s: %s, 2 ranks, fresh process'" % (FLAVOUR_NAMES[flavour], what),
        "set logscale x",
        "set logscale y",
        "set xlabel 'call number (bin centre)'",
        "set ylabel 'cost per call (us)'",
        "set grid",
        "set key right top",
        "plot " + ", ".join(plots),
    ]
    p = subprocess.run(["gnuplot"], input="\n".join(script), text=True, capture_output=True)
    if p.returncode != 0:
        print("bench_report: gnuplot failed for %s: %s" % (png, p.stderr.strip()), file=sys.stderr)
        return None
    return png


def style(v):
    """A variant's line and point style: its base's colour; a JDK after the first dashed, with open circles."""
    base, _, jdk = v.partition("@")
    return STYLES[base] + (" dt 2 pt 6 ps 0.9" if jdk else " pt 7 ps 0.6")


def plot(results, m, flavour):
    """latency-<flavour>.png and bandwidth-<flavour>.png; returns the file names made."""
    if not shutil.which("gnuplot"):
        return []
    made = []
    for name, bench, calls, what, ylabel in (
        ("latency", "latency", "blocking", 0, "half round trip (us)"),
        ("bandwidth", "bw", "nonblocking", 1, "bandwidth (MB/s)"),
    ):
        variants = ["c"] + java_keys(m.jdks) + PEERS
        sizes = [s for s in m.sizes(flavour, bench, calls, 2) if s > 0]
        vals = {v: {s: peer_value(m, flavour, v, bench, calls, 2, s, what) for s in sizes} for v in variants}
        cols = [v for v in variants if any(vals[v].values())]
        title = "%s: %s, %s calls, 2 ranks" % (
            FLAVOUR_NAMES[flavour],
            "ping-pong latency" if what == 0 else "bandwidth (windows of 64 messages)",
            calls,
        )
        key = "left top" if what == 0 else "right bottom"
        labels = {v: label(v, m.jdks) for v in cols}
        png = size_plot(results, "%s-%s.png" % (name, flavour), title, ylabel, key, sizes, cols, vals, labels)
        if png:
            made.append(png)
    return made


# The natmpjdev suite: MPJ Express's published Figures 3-4 (ping-pong latency and bandwidth, Bcast) on this
# machine, with MPJ Express on natmpjdev beside its own devices, natmpj and C.
FIGURE_VARIANTS = ["c", "java-array", "mpje-natmpjdev", "mpje-multicore", "mpje-niodev"]
FIGURE_LABELS = dict(LABELS, **{"java-array": "natmpj (arrays)"})
PACKING_SIZES = [1, 1024, 64 * 1024, 1 << 20, 4 << 20]


def figure_series(m, flavour, bench, calls, ranks, what):
    """(sizes, variants, {variant: {size: median}}) of the figure's implementations that were measured."""
    vals = {}
    for v in FIGURE_VARIANTS:
        f = "mpje" if v in PURE_JAVA else flavour
        by = m.data.get((f, v, bench, calls, ranks), {})
        if by:
            vals[v] = {s: m.get(f, v, bench, calls, ranks, s, what) for s in by}
    sizes = sorted({s for by in vals.values() for s in by if s > 0})
    return sizes, [v for v in FIGURE_VARIANTS if v in vals], vals


def size_plot(results, png, title, ylabel, key, sizes, cols, vals, labels):
    """A log-log plot over message sizes of vals[variant][size] for the variants cols; png, or None if not made."""
    if not shutil.which("gnuplot") or not sizes or not cols:
        return None
    dat = os.path.join(results, png[:-4] + ".dat")
    with open(dat, "w") as f:
        for s in sizes:
            row = [vals[v].get(s) for v in cols]
            f.write("%d %s\n" % (s, " ".join("NaN" if x is None else repr(x) for x in row)))
    script = [
        TERMINAL,
        "set output '%s'" % os.path.join(results, png),
        "set title '%s'" % title,
        "set logscale x 2",
        "set logscale y",
        "set xlabel 'message size (bytes)'",
        "set ylabel '%s'" % ylabel,
        "set grid",
        "set key %s" % key,
        "set xtics (%s)" % ", ".join("'%s' %d" % (human(1 << k), 1 << k) for k in range(0, 23, 2)),
        "plot "
        + ", ".join(
            "'%s' using 1:%d with linespoints %s title '%s'" % (dat, i + 2, style(v), labels[v])
            for i, v in enumerate(cols)
        ),
    ]
    p = subprocess.run(["gnuplot"], input="\n".join(script), text=True, capture_output=True)
    if p.returncode != 0:
        print("bench_report: gnuplot failed for %s: %s" % (png, p.stderr.strip()), file=sys.stderr)
        return None
    return png


def packing_line(m, flavour, bench, calls, ranks, what_text):
    """natmpjdev - natmpj (arrays) at PACKING_SIZES: the cost of MPJ Express's Java side (packing into mpjbuf)."""
    cells = []
    for s in PACKING_SIZES:
        d = m.get(flavour, "mpje-natmpjdev", bench, calls, ranks, s)
        a = m.get(flavour, "java-array", bench, calls, ranks, s)
        if d is None or a is None:
            continue
        cells.append("%s: %+.2f us (%.0f%% of natmpjdev's %.2f us)" % (human(s), d - a, 100 * (d - a) / d, d))
    return ("- %s, %s: " % (FLAVOUR_NAMES[flavour], what_text) + "; ".join(cells) + "\n") if cells else ""


def figure_section(results, m):
    flavours = [f for f in FLAVOUR_NAMES if any(k[0] == f and k[1] == "mpje-natmpjdev" for k in m.data)]
    if not flavours:
        return ""
    text = (
        "## MPJ Express on natmpjdev (the figures of MPJ Express's native device paper)\n\n"
        "The same Java source (bench/java) on natmpj (Java arrays) and, compiled against MPJ Express 0.44's "
        "mpj.jar, on MPJ Express's native device over the same MPI (natmpjdev, bin/mpjrun --mpj-express) and "
        "on its pure Java devices (multicore: threads in one JVM; niodev: sockets on loopback; measured once, "
        "with a tenth of the iterations, shown under both MPIs), next to the C twin. Latency: half round trip "
        "of a blocking ping-pong, us. Bandwidth: P2pBench --test bw, windows of 64 non-blocking sends, MB/s "
        "(1e6 B/s). Bcast: time per call on 2 and 4 ranks, max over ranks, us (4 ranks oversubscribe the 2 "
        "cores). Medians over repetitions.\n\n"
    )
    packing = ""
    for f in flavours:
        name = FLAVOUR_NAMES[f]
        text += "### %s\n\n" % name
        figs = [
            ("latency", "blocking", 2, 0, "fig3-latency-%s.png" % f, "%s: ping-pong latency, 2 ranks" % name,
             "half round trip (us)", "left top", 3, "latency (us)"),
            ("bw", "nonblocking", 2, 1, "fig4-bandwidth-%s.png" % f,
             "%s: bandwidth (windows of 64 non-blocking sends), 2 ranks" % name, "bandwidth (MB/s)",
             "right bottom", 0, "bandwidth (MB/s)"),
            ("bcast", "blocking", 2, 0, "bcast-np2-%s.png" % f, "%s: Bcast, 2 ranks" % name,
             "time per call (us)", "left top", 2, "Bcast, 2 ranks (us)"),
            ("bcast", "blocking", 4, 0, "bcast-np4-%s.png" % f, "%s: Bcast, 4 ranks (oversubscribed)" % name,
             "time per call (us)", "left top", 2, "Bcast, 4 ranks, oversubscribed (us)"),
        ]
        for bench, calls, ranks, what, png, title, ylabel, key, digits, heading in figs:
            sizes, cols, vals = figure_series(m, f, bench, calls, ranks, what)
            if not cols:
                continue
            made = size_plot(results, png, title, ylabel, key, sizes, cols, vals, FIGURE_LABELS)
            text += "#### %s\n\n" % heading
            if made:
                text += "![%s](%s)\n\n" % (made[:-4], made)
            rows = [[human(s)] + [fmt(vals[v].get(s), digits) for v in cols] for s in sizes]
            text += table(["size"] + [FIGURE_LABELS[v] for v in cols], rows) + "\n"
        packing += packing_line(m, f, "latency", "blocking", 2, "ping-pong latency")
        packing += packing_line(m, f, "bcast", "blocking", 2, "Bcast on 2 ranks")
    if packing:
        text += (
            "### What MPJ Express's packing costs\n\n"
            "natmpjdev minus natmpj (arrays) over the same MPI, and its share of natmpjdev's time: what MPJ "
            "Express's Java side adds (it packs every message into its mpjbuf buffers and unpacks it on "
            "arrival; natmpjdev passes the buffer's static section to MPI without a copy of its own).\n\n"
            + packing + "\n"
        )
    return text


# The ompi suite's rows of the summary: natmpj under Open MPI's Java API and Open MPI's own Java bindings.
OMPI_ROWS = [
    ("java-ompiapi-array", "natmpj, Open MPI's API, `byte[]`"),
    ("java-ompiapi-direct", "natmpj, Open MPI's API, direct buffer"),
    ("java-ompibind-array", "Open MPI's Java bindings, `byte[]`"),
    ("java-ompibind-direct", "Open MPI's Java bindings, direct buffer"),
]
OMPI_VARIANTS = ["c", "java-array", "java-direct"] + [v for v, _ in OMPI_ROWS]


def ompi_section(results, m, flavours):
    """The ompi suite: Open MPI's Java API on natmpj and on Open MPI's own bindings beside C and natmpj's mpiJava
    API (p2p tables per MPI), then bench/tools/dialects's tables (dialects/dialects.md) when it ran."""
    text = ""
    for f in flavours:
        keys = [v for v in OMPI_VARIANTS if v.startswith("java-ompi")]
        if not any(m.data.get((f, v, b, c, 2)) for v in keys
                   for b, c in (("latency", "blocking"), ("bw", "nonblocking"))):
            continue
        text += "### %s\n\n" % FLAVOUR_NAMES[f]
        for bench, calls, what, unit in (("latency", "blocking", 0, "half round trip, us"),
                                         ("bw", "nonblocking", 1, "MB/s = 1e6 B/s")):
            cols = [v for v in OMPI_VARIANTS if m.data.get((f, v, bench, calls, 2))]
            sizes = sorted({s for v in cols for s in m.data[(f, v, bench, calls, 2)]})
            if not sizes:
                continue
            names = [("natmpj, mpiJava, " + LABELS[v][len("Java "):]) if v in ("java-array", "java-direct")
                     else LABELS[v] for v in cols]
            rows = []
            for s in sizes:
                c = m.get(f, "c", bench, calls, 2, s, what)
                row = [human(s)]
                for v in cols:
                    x = m.get(f, v, bench, calls, 2, s, what)
                    if x is None or v == "c" or c is None:
                        row.append(fmt(x, 3 if what == 0 else 0))
                    elif what == 0:
                        row.append("%.3f (%+.3f)" % (x, x - c))
                    else:
                        row.append("%.0f (%.2fx)" % (x, x / c))
                rows.append(row)
            text += "#### %s, %s calls: %s (in brackets: against C)\n\n%s\n" % (
                bench, calls, unit, table(["size"] + names, rows))
    if text:
        text = ("The same class files (bench/java-ompi/OmpiP2pBench, P2pBench written to Open MPI's Java API), "
                "compiled once against Open MPI 4.1.4's own mpi.jar, on natmpj and on Open MPI's own Java bindings "
                "(Open MPI only), beside C and natmpj's mpiJava API (P2pBench), on the first JDK. Open MPI's "
                "bindings refuse arrays (wrapped in heap buffers) in non-blocking calls, so the array bandwidth "
                "column is natmpj's only. Medians over repetitions.\n\n" + text)
    path = os.path.join(results, "dialects", "dialects.md")
    if os.path.exists(path):
        with open(path) as f:
            body = re.sub(r"(?m)^## ", "#### ", f.read().split("\n", 1)[1].lstrip("\n"))
        text += ("### natmpj's two APIs, call by call (bench/tools/dialects)\n\n" + body + "\n")
    return text


# The mpi3 suite's columns: C and Open MPI's Java API on natmpj (arrays, direct buffers) and on Open MPI's bindings.
MPI3_VARIANTS = [("c", "C"), ("java-ompiapi-array", "natmpj, array"), ("java-ompiapi-direct", "natmpj, direct"),
                 ("java-ompibind-direct", "Open MPI's bindings, direct")]


def mpi3_bandwidth(m, f, bench, title):
    """One table of the mpi3 suite: MB/s of a 2-rank blocking benchmark by size, every column against C."""
    cols = [(v, n) for v, n in MPI3_VARIANTS if m.data.get((f, v, bench, "blocking", 2))]
    if not cols:
        return ""
    sizes = sorted({s for v, _ in cols for s in m.data[(f, v, bench, "blocking", 2)]})
    rows = []
    for size in sizes:
        c = m.get(f, "c", bench, "blocking", 2, size, 1)
        row = [human(size)]
        for v, _ in cols:
            x = m.get(f, v, bench, "blocking", 2, size, 1)
            row.append("" if x is None else "%.0f" % x if v == "c" or not c else "%.0f (%.2fx)" % (x, x / c))
        rows.append(row)
    return "### %s\n\n%s\n" % (title, table(["size"] + [n for _, n in cols], rows))


def mpi3_section(m, flavours):
    """The mpi3 suite: MPI_Iallreduce's time alone and the share of it that a computation as long hides (overlap =
    1 - (with computation - computation) / alone), per MPI and rank count, medians over repetitions."""
    text = ""
    for f in flavours:
        for ranks in (2, 4):
            cols = [(v, n) for v, n in MPI3_VARIANTS if m.data.get((f, v, "iallreduce", "nonblocking", ranks))]
            if not cols:
                continue
            sizes = sorted({s for v, _ in cols for s in m.data[(f, v, "iallreduce", "nonblocking", ranks)]})
            rows = []
            for s in sizes:
                c = m.get(f, "c", "iallreduce", "nonblocking", ranks, s, 0)
                row = [human(s)]
                for v, _ in cols:
                    alone = m.get(f, v, "iallreduce", "nonblocking", ranks, s, 0)
                    both = m.get(f, v, "iallreduce-compute", "nonblocking", ranks, s, 0)
                    work = m.get(f, v, "compute", "nonblocking", ranks, s, 0)
                    if alone is None:
                        row.append("")
                        continue
                    cell = "%.2f" % alone if v == "c" or c is None else "%.2f (%.2fx)" % (alone, alone / c)
                    if both is not None and work is not None and alone > 0:
                        cell += ", %.0f%%" % max(0.0, 100 * (1 - (both - work) / alone))
                    row.append(cell)
                rows.append(row)
            text += "### %s, %d ranks: iAllReduce (us; in brackets: against C), overlap\n\n%s\n" % (
                FLAVOUR_NAMES[f], ranks, table(["size"] + [n for _, n in cols], rows))
    for f in flavours:
        lat = [t for t in ("put-lat-fence", "get-lat-fence", "put-lat-lock", "get-lat-lock")
               if any(m.data.get((f, v, t, "blocking", 2)) for v, _ in MPI3_VARIANTS)]
        if lat:
            cols = [(v, n) for v, n in MPI3_VARIANTS if any(m.data.get((f, v, t, "blocking", 2)) for t in lat)]
            rows = []
            for t in lat:
                c = m.get(f, "c", t, "blocking", 2, 8, 0)
                row = [t]
                for v, _ in cols:
                    x = m.get(f, v, t, "blocking", 2, 8, 0)
                    row.append("" if x is None else "%.3f" % x if v == "c" or c is None
                               else "%.3f (%+.3f)" % (x, x - c))
                rows.append(row)
            text += "### %s: one-sided latency of 8 B (us; in brackets: against C)\n\n%s\n" % (
                FLAVOUR_NAMES[f], table(["test"] + [n for _, n in cols], rows))
        for t in ("put-bw-lock", "get-bw-lock"):
            text += mpi3_bandwidth(m, f, t, "%s: %s, windows of 64 (MB/s; in brackets: against C)"
                                   % (FLAVOUR_NAMES[f], t))
    for f in flavours:
        for t, call in (("writeat", "writeAt"), ("readat", "readAt"), ("writeatall", "writeAtAll"),
                        ("readatall", "readAtAll")):
            text += mpi3_bandwidth(m, f, t, "%s: MPI-IO `%s`, 2 ranks (MB/s of both; in brackets: against C)"
                                   % (FLAVOUR_NAMES[f], call))
    if text:
        text = ("bench/java-ompi/OmpiNbcBench (classes compiled against Open MPI's mpi.jar) and its C twin "
                "bench/c/nbc_bench.c: MPI_Iallreduce of doubles, the average time of a start and a wait, maxima over "
                "the ranks, medians over repetitions; after the comma, the share of it that a computation as long "
                "hides when it tests the request 10 times (OSU's overlap: 1 - (with computation - computation) / "
                "alone). One-sided: bench/java-ompi/OmpiRmaBench and bench/c/rma_bench.c, from rank 0 to rank 1's window "
                "(a direct buffer); the origin a Java array or a direct buffer. Open MPI's bindings refuse arrays in "
                "non-blocking calls and as origins. MPI-IO: bench/java-ompi/OmpiIoBench and bench/c/io_bench.c, each "
                "rank on its own region of one file in /dev/shm.\n\n" + text)
    return text


# The summary's points: blocking ping-pong latency and non-blocking windowed bandwidth, as the peers measure them.
SUMMARY_LATENCY, SUMMARY_BANDWIDTH = (1, 1024), (64 * 1024, 1 << 20, 4 << 20)


def summary(m, info, flavours):
    """summary.md: one table of natmpj against its C twin, mpi4py and MPJ Express (natmpjdev over the same MPI, and
    its pure Java devices), medians over repetitions, and the spread of C's own repetitions at those points."""
    if not any(m.data.get((f, "c", "latency", "blocking", 2)) for f in flavours):
        return ""
    head = ["MPI", "implementation"] + ["latency %s (us)" % human(s) for s in SUMMARY_LATENCY] + \
        ["bandwidth %s (GB/s)" % human(s) for s in SUMMARY_BANDWIDTH]
    rows, spreads = [], []

    def row(flavour, mpi, name, variant, c_lat, c_bw):
        lat = [peer_value(m, flavour, variant, "latency", "blocking", 2, s, 0) for s in SUMMARY_LATENCY]
        bw = [peer_value(m, flavour, variant, "bw", "nonblocking", 2, s, 1) for s in SUMMARY_BANDWIDTH]
        if not any(x is not None for x in lat + bw):
            return
        cells = [mpi, name]
        for x, c in zip(lat, c_lat):
            if x is None:
                cells.append("-")
            else:
                cells.append("%.2f" % x if variant == "c" or c is None else "%.2f (%+.2f)" % (x, x - c))
        for x, c in zip(bw, c_bw):
            cells.append("-" if x is None else "%.1f" % (x / 1000) if variant == "c" or not c
                         else "%.1f (%.2fx)" % (x / 1000, x / c))
        rows.append(cells)

    for f in flavours:
        mpi = FLAVOUR_NAMES[f]
        c_lat = [m.get(f, "c", "latency", "blocking", 2, s) for s in SUMMARY_LATENCY]
        c_bw = [m.get(f, "c", "bw", "nonblocking", 2, s, 1) for s in SUMMARY_BANDWIDTH]
        row(f, mpi, "C", "c", c_lat, c_bw)
        for v in java_keys(m.jdks):
            base, _, jdk = v.partition("@")
            kind = "`byte[]`" if base == "java-array" else "direct buffer"
            row(f, mpi, "natmpj, %s, JDK %s" % (kind, jdk or m.jdks[0]), v, c_lat, c_bw)
        for base, name in OMPI_ROWS:
            for v in java_keys(m.jdks, (base,)):
                _, _, jdk = v.partition("@")
                row(f, mpi, "%s, JDK %s" % (name, jdk or m.jdks[0]), v, c_lat, c_bw)
        row(f, mpi, "mpi4py", "mpi4py", c_lat, c_bw)
        row(f, mpi, "MPJ Express on natmpjdev", "mpje-natmpjdev", c_lat, c_bw)
        for s in SUMMARY_LATENCY:
            spreads.append(m.spread(f, "c", "latency", "blocking", 2, s, 0))
        for s in SUMMARY_BANDWIDTH:
            spreads.append(m.spread(f, "c", "bw", "nonblocking", 2, s, 1))
    for dev in PURE_JAVA:
        none = [None] * len(SUMMARY_LATENCY + SUMMARY_BANDWIDTH)
        row("mpje", "none (pure Java)", LABELS[dev], dev, none[:len(SUMMARY_LATENCY)], none[len(SUMMARY_LATENCY):])
    apart = [hi / lo for lo, hi, n in (x for x in spreads if x) if n > 1 and lo > 0]
    reps = max((m.reps(f, "c", "latency", "blocking", 2) for f in flavours), default=0)
    version = (lambda text: (re.search(r"\d+\.\d+(\.\d+)?", text) or re.search(".*", text)).group(0))
    mpis = ", ".join("%s %s" % (FLAVOUR_NAMES[f], version(v)) for f, v in info["mpi"].items() if f in flavours)
    text = (
        "<!-- written by bench/tools/report.py with report.md; README.md's performance table is a copy -->\n"
        "Point-to-point between 2 ranks bound to cores, %s; %s, %s; %s; %s. Latency: blocking ping-pong, half "
        "a round trip (in brackets: minus C's). Bandwidth: windows of 64 non-blocking messages, 1 GB/s = 10^9 B/s "
        "(in brackets: against C). Medians of %d repetitions (MPJ Express's own devices and mpi4py: fewer, with a "
        "tenth of the iterations for MPJ Express).\n\n" % (
            info["date"].split(" ")[0], info["cpu"], info["cores"].split(" (")[0], mpis,
            " and ".join("JDK " + j for j in m.jdks if j), reps))
    text += table(head, rows, ["---", "---"] + ["---:"] * (len(head) - 2))
    if any(r[1].startswith("Open MPI's Java bindings") for r in rows):
        text += ("\nOpen MPI's Java API (ci/bench --suites ompi): the same class files, compiled against Open MPI's "
                 "own mpi.jar, on natmpj and on Open MPI's own Java bindings. Open MPI's bindings refuse arrays "
                 "(wrapped in heap buffers) in non-blocking calls: their `byte[]` row has no bandwidth.\n")
    if apart:
        text += ("\nThe C twin's own repetitions at these points were up to %.2fx apart (median %.2fx): differences "
                 "between rows smaller than that are the machine's, not the code's.\n" % (
                     max(apart), statistics.median(apart)))
    return text


def read_runs(results):
    f = open_csv(results, "runs.csv")
    if f is None:
        return []
    with f:
        return list(csv.DictReader(f))


def load_section(runs):
    """How much other processes and slow phases of the host disturbed the runs, and what was done about it."""
    if not runs:
        return ""
    kept = [r for r in runs if r["kept"] != "no"]
    redone = len(runs) - len(kept)
    disturbed = [r for r in runs if r["kept"] == "disturbed"]
    text = (
        "## Machine load\n\n%d runs kept out of %d, %.0f s of runs in all. A run counts as disturbed, and "
        "was redone while the bench's patience lasted, when the 1-byte C ping-pong probe before or after it "
        "was more than 1.5x away from the reference (the machine's usual state: median of the densest "
        "cluster of probes) either way, when it lasted over "
        "1.5x the median of the earlier runs of its kind, or when other processes used more than %d%% of "
        "the CPUs meanwhile.\n\n" % (len(kept), len(runs), sum(float(r["seconds"]) for r in runs), FOREIGN_CPU_WARN_PCT)
    )
    for flavour in FLAVOUR_NAMES:
        mine = [r for r in runs if r["flavour"] == flavour]
        if mine and mine[-1]["probe_ref_us"] == "-":
            text += "- %s: no probes (--patience 0), runs kept as they came.\n" % FLAVOUR_NAMES[flavour]
        elif mine:
            text += "- %s: probe reference %.3f us at the end; %d run(s) redone.\n" % (
                FLAVOUR_NAMES[flavour],
                float(mine[-1]["probe_ref_us"]),
                sum(1 for r in mine if r["kept"] == "no"),
            )
    if disturbed:
        text += "\n%d disturbed run(s) had to be kept, their numbers are suspect:\n\n" % len(disturbed)
        text += (
            "\n".join(
                "- %s %s rep %s: other processes %s%% of the CPUs, probe %s / %s us before / after"
                % (
                    r["flavour"],
                    r["variant"],
                    r["rep"],
                    r["foreign_cpu_pct"],
                    r["probe_before_us"],
                    r["probe_after_us"],
                )
                for r in disturbed
            )
            + "\n"
        )
    elif redone:
        text += "\nNo disturbed run was kept.\n"
    return text


def incomplete_section(results):
    """What a stopped or partly failed run did not measure (ci/bench's stopped.txt and not-measured.csv)."""
    text = ""
    path = os.path.join(results, "stopped.txt")
    if os.path.exists(path):
        with open(path) as f:
            text += "**Incomplete: %s.**\n\n" % f.read().strip()
    path = os.path.join(results, "not-measured.csv")
    missing = []
    if os.path.exists(path):
        with open(path, newline="") as f:
            missing = list(csv.DictReader(f))
    if missing:
        groups = defaultdict(list)
        for r in missing:
            what = r["variant"] + (" JDK " + r["jdk"] if r["jdk"] else "")
            groups[(r["flavour"], r["rep"], r["kind"], r["why"])].append(what)
        text += "Not measured (%d run(s)):\n\n" % len(missing)
        text += "".join(
            "- %s, rep %s, %s: %s: %s\n" % (fl, rep, kind, ", ".join(whats), why)
            for (fl, rep, kind, why), whats in groups.items()
        )
        text += "\n"
    return "## Incomplete run\n\n" + text if text else ""


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 2)
    results = sys.argv[1]
    info = machine(results)
    runs = read_runs(results)
    data, warm, jdks = load_results(results)
    m = Medians(data, jdks)
    measured = [f for f in FLAVOUR_NAMES if any(k[0] == f for k in m.data) or any(k[0] == f for k in warm)]
    # ci/bench --suites overhead measures nothing into results.csv, only into overhead/
    flavours = [f for f in FLAVOUR_NAMES if f in measured or overhead_rows(results, f)]
    incomplete = incomplete_section(results)
    scale_md = os.path.join(results, "scale", "scale.md")  # ci/bench --suites scale (bench/tools/scale)
    scale = open(scale_md).read() if os.path.isfile(scale_md) else ""
    if not flavours and not any(k[0] == "mpje" for k in m.data) and not incomplete and not scale:
        sys.exit("bench/tools/report.py: no measurements in %s/results.csv nor in %s/overhead/" % (results, results))

    fields = [(label, info[key]) for label, key in
              (("date", "date"), ("CPU", "cpu"), ("cores", "cores"), ("kernel", "kernel"), ("JDK", "jdk"))]
    for other in info.get("other_jdks", []):
        fields.append(("JDK", other))
    if info.get("natmpj"):
        fields.append(("natmpj", info["natmpj"]))
    if info.get("java_opts"):
        fields.append(("JVM options", "`%s`" % info["java_opts"]))
    fields += [(FLAVOUR_NAMES[flavour], version) for flavour, version in info["mpi"].items()]
    fields.append(("settings", "%s repetitions (medians), iteration scale %s; p2p on 2 ranks bound to cores"
                   % (info["reps"], info["iters_scale"])))
    header = ["# natmpj benchmark suite\n", "| | |", "|---|---|"] + ["| %s | %s |" % f for f in fields]
    report = "\n".join(header) + "\n\n" + incomplete

    brief = summary(m, info, flavours)
    if brief:
        with open(os.path.join(results, "summary.md"), "w") as f:
            f.write(brief)
        report += "## Summary\n\n" + brief.split("\n", 1)[1] + "\n"
    rows = goals(m, results, flavours, warm)
    if rows:
        report += (
            "## Goals\n\nnatmpj's performance goals: Java within a fixed margin of its C twin, at or above a share of "
            "C's bandwidth, at its steady cost within 10^4 calls, and ahead of the other Java MPIs by a factor. Worst "
            "case over the sizes each goal covers; medians over repetitions (the verdict). Latency and bandwidth rows "
            "also give the worst case of the best repetitions (Java's best against C's best at each size): where slow "
            "phases of the machine move whole runs, the best repetitions show what the code does when it met none, "
            "the medians what a run may meet. Bandwidth rows also give the C twin's own repetitions at Java's worst "
            "size: how far apart the machine put two runs of the same C code.\n\n"
        )
        report += table(["goal", "MPI", "measured", "verdict", "suite"], [list(r) for r in rows],
                        ["---", "---", "---:", "---", "---"]) + "\n"
    report += figure_section(results, m)
    for f in measured:
        report += "## %s\n\n" % FLAVOUR_NAMES[f]
        for png in plot(results, m, f):
            report += "![%s](%s)\n\n" % (png[:-4], png)
        for title, text in (("Point-to-point, 2 ranks", p2p_tables(m, f)), ("Collectives", collective_tables(m, f)),
                            ("Page sizes (study)", pages_table(m, f))):
            if text:
                report += "### %s\n\n%s\n" % (title, text)
        report += warm_section(results, m, warm, f)
    for title, text in (("Open MPI's Java API", ompi_section(results, m, flavours)),
                        ("MPI-3 through Open MPI's Java API", mpi3_section(m, flavours)),
                        ("MPI.OBJECT", object_table(m, flavours)),
                        ("Per-call overhead", overhead_table(results, flavours))):
        if text:
            report += "## %s\n\n%s\n" % (title, text)
    if scale:
        report += "## Many ranks on one node\n\n" + scale + "\n"
    loads = load_section(runs)
    if loads:
        report += loads
    with open(os.path.join(results, "report.md"), "w") as f:
        f.write(report)
    print(report, end="")


if __name__ == "__main__":
    main()
