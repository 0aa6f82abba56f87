#!/usr/bin/env python3
"""Turns a ci/bench results directory into report.md (also printed): per MPI flavour, the median ping-pong
latency and bandwidth of C, Java arrays and Java direct buffers by message size, their Java/C ratios, the
targets natmpj aims at, and what machine it all ran on.

Usage: ci/bench_report.py RESULTS_DIR

Standard library only. The machine description is collected on the first call and kept in machine.json, so
running this again later, or elsewhere, re-renders the same report.
"""
import csv
import json
import os
import platform
import re
import statistics
import subprocess
import sys
from datetime import datetime, timezone

FLAVOUR_NAMES = {"openmpi": "Open MPI", "mpich": "MPICH"}
VARIANTS = [("c", "c", "C"), ("java", "array", "Java array"), ("java", "direct", "Java direct")]
# The targets natmpj is held to; see the "Targets" section of the report.
LATENCY_SIZE, LATENCY_MAX_RATIO = 1, 1.3
BANDWIDTH_FROM, BANDWIDTH_MIN_RATIO = 64 * 1024, 0.95
# A run during which other processes used more than this share of the CPUs is flagged.
FOREIGN_CPU_WARN_PCT = 5
# Disturbed runs are left out of the medians of a variant that keeps at least this many others.
MIN_CLEAN_RUNS = 2
# A run this much slower than the median run of its variant, across sizes, is listed as an outlier.
SLOW_RUN_FACTOR = 1.25


def run(cmd):
    """stdout+stderr of a command, or '' when it cannot run: a missing tool only blanks one report field."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=30)
        return p.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def collect_machine(results):
    lscpu = dict(
        (k.strip(), v.strip())
        for k, _, v in (line.partition(":") for line in run(["lscpu"]).splitlines())
        if v
    )
    cores = "%s CPUs" % (os.cpu_count() or "?")
    if "Socket(s)" in lscpu and "Core(s) per socket" in lscpu:
        cores += " (%s socket x %s cores, %s thread(s) per core)" % (
            lscpu["Socket(s)"], lscpu["Core(s) per socket"], lscpu.get("Thread(s) per core", "?"))
    if "Hypervisor vendor" in lscpu:
        cores += ", virtual machine (%s)" % lscpu["Hypervisor vendor"]

    java = os.environ.get("JAVA", "java")
    jdk = [line for line in run([java, "-version"]).splitlines() if line.strip()]
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
    stamp = re.search(r"(\d{8}-\d{6})$", os.path.abspath(results))
    date = (datetime.strptime(stamp.group(1), "%Y%m%d-%H%M%S").strftime("%Y-%m-%d %H:%M:%S") + " (local)"
            if stamp else datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"))
    return {
        "date": date,
        "cpu": lscpu.get("Model name", platform.processor() or "?"),
        "cores": cores,
        "kernel": "%s %s" % (platform.system(), platform.release()),
        "jdk": "; ".join(jdk[:3]) or "?",
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


def load(path):
    """{(impl, buffer): {size: {rep: (latency_us, bandwidth_MBps)}}}"""
    data = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            by_size = data.setdefault((row["impl"], row["buffer"]), {})
            by_size.setdefault(int(row["size_bytes"]), {})[row["rep"]] = (
                float(row["latency_us"]), float(row["bandwidth_MBps"]))
    return data


def median(samples, i):
    return statistics.median(s[i] for s in samples.values())


def spread(samples):
    """(max - min) / median of the latencies: how far apart the repetitions are."""
    lat = [s[0] for s in samples.values()]
    m = statistics.median(lat)
    return (max(lat) - min(lat)) / m if m > 0 else 0.0


def slow_runs(data):
    """Runs slower than the other repetitions of their variant at most sizes: (label, rep, factor).

    The factor is the median over sizes of latency / median latency of the variant. A whole run being slow,
    with no other process on the machine, points at the host (this is often a virtual machine), not at MPI."""
    found = []
    for impl, buf, label in VARIANTS:
        by_size = data.get((impl, buf), {})
        reps = sorted({rep for samples in by_size.values() for rep in samples}, key=int)
        for rep in reps:
            factors = [samples[rep][0] / median(samples, 0) for samples in by_size.values()
                       if rep in samples and median(samples, 0) > 0]
            if factors and statistics.median(factors) > SLOW_RUN_FACTOR:
                found.append((label, rep, statistics.median(factors)))
    return found


def human(size):
    for unit, factor in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= factor and size % factor == 0:
            return "%d %s" % (size // factor, unit)
    return "%d B" % size


def fmt(x, digits):
    return "-" if x is None else "%.*f" % (digits, x)


def ratio(a, b):
    return a / b if a is not None and b else None


def drop_disturbed(flavour, data, runs):
    """Leaves out the runs the bench had to keep although disturbed, for every variant that still has at least
    MIN_CLEAN_RUNS others. Returns the data left, and the (variant label, rep, left out?) of each such run."""
    disturbed = {(r["variant"], r["rep"]) for r in runs if r["flavour"] == flavour and r["kept"] == "disturbed"}
    left, notes = {}, []
    for (impl, buf), by_size in data.items():
        label = next(v for i, b, v in VARIANTS if (i, b) == (impl, buf))
        reps = {rep for samples in by_size.values() for rep in samples}
        bad = {rep for rep in reps if (buf, rep) in disturbed}
        drop = bad if len(reps - bad) >= MIN_CLEAN_RUNS else set()
        notes += [(label, rep, rep in drop) for rep in sorted(bad, key=int)]
        left[impl, buf] = {size: {rep: v for rep, v in samples.items() if rep not in drop}
                           for size, samples in by_size.items()}
    return left, notes


def flavour_section(flavour, data, runs):
    """The table of one flavour, and per Java buffer kind what the targets need: (lat ratio at 1 B, worst bw)."""
    data, disturbed = drop_disturbed(flavour, data, runs)
    medians = {}
    for key, samples_by_size in data.items():
        for size, samples in samples_by_size.items():
            medians[key, size] = (median(samples, 0), median(samples, 1), spread(samples), len(samples))
    sizes = sorted({size for _, size in medians})

    lines = [
        "| size | lat C | lat array | lat direct | array/C | direct/C "
        "| bw C | bw array | bw direct | array/C | direct/C | spread |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    targets = {"array": {"latency": None, "bandwidth": None}, "direct": {"latency": None, "bandwidth": None}}
    for size in sizes:
        got = {v: medians.get(((impl, buf), size)) for impl, buf, v in VARIANTS}
        lat = {v: m[0] if m else None for v, m in got.items()}
        bw = {v: m[1] if m and size > 0 else None for v, m in got.items()}
        worst = max((m[2] for m in got.values() if m), default=0)
        row = [human(size)]
        row += [fmt(lat[v], 3) for _, _, v in VARIANTS]
        row += [fmt(ratio(lat[v], lat["C"]), 2) for v in ("Java array", "Java direct")]
        row += [fmt(bw[v], 0) for _, _, v in VARIANTS]
        row += [fmt(ratio(bw[v], bw["C"]), 2) for v in ("Java array", "Java direct")]
        row += ["%.0f%%" % (100 * worst)]
        lines.append("| " + " | ".join(row) + " |")

        for buf, v in (("array", "Java array"), ("direct", "Java direct")):
            if size == LATENCY_SIZE:
                targets[buf]["latency"] = ratio(lat[v], lat["C"])
                targets[buf]["latency_range"] = rep_ratio_range(data, ("java", buf), size)
            r = ratio(bw[v], bw["C"])
            if size >= BANDWIDTH_FROM and r is not None:
                worst_yet = targets[buf]["bandwidth"]
                if worst_yet is None or r < worst_yet[0]:
                    targets[buf]["bandwidth"] = (r, size)
    reps = max((m[3] for m in medians.values()), default=0)
    title = "## %s\n\nMedians of %d repetition(s). Latency: half round trip in us (lower is better). " \
            "Bandwidth: MB/s = 1e6 B/s (higher is better). Ratios are Java/C. Spread: largest " \
            "(max-min)/median of the latencies over the three variants.\n" % (FLAVOUR_NAMES[flavour], reps)
    text = title + "\n" + "\n".join(lines) + "\n"
    if disturbed:
        text += "\nDisturbed runs (see Machine load): " + ", ".join(
            "%s rep %s (%s)" % (label, rep, "left out" if out else "used: too few others")
            for label, rep, out in disturbed) + ".\n"
    slow = slow_runs(data)
    if slow:
        text += "\nOutlier runs (slower than the median run of their variant at most sizes; the medians above " \
                "absorb them as long as they are fewer than half): " + ", ".join(
                    "%s rep %s (x%.2f)" % s for s in slow) + ".\n"
    targets["disturbed_used"] = [(label, rep) for label, rep, out in disturbed if not out]
    return text, targets


def rep_ratio_range(data, java_key, size):
    """(min, max) over repetitions of Java/C latency, each Java run against the C run of its repetition, which
    ran just before it: how much the ratio itself moves from run to run."""
    c, java = data.get(("c", "c"), {}).get(size, {}), data.get(java_key, {}).get(size, {})
    ratios = [java[rep][0] / c[rep][0] for rep in java if rep in c and c[rep][0] > 0]
    return (min(ratios), max(ratios)) if ratios else None


def verdict(ok):
    return "PASS" if ok else "FAIL"


def targets_section(all_targets):
    lines = [
        "## Targets\n",
        "Java/C latency ratio at %s <= %.2f; Java bandwidth >= %.2f x C at every size from %s.\n"
        % (human(LATENCY_SIZE), LATENCY_MAX_RATIO, BANDWIDTH_MIN_RATIO, human(BANDWIDTH_FROM)),
        "The latency ratio is that of the medians; the range is that of the per-repetition ratios (each Java "
        "run against the C run just before it), a measure of how far the machine lets the ratio be trusted.\n",
        "| MPI | buffer | latency ratio at %s | range over reps | | worst bandwidth ratio from %s | |"
        % (human(LATENCY_SIZE), human(BANDWIDTH_FROM)),
        "|---|---|---:|---:|---|---:|---|",
    ]
    for flavour, targets in all_targets:
        for buf in ("array", "direct"):
            lat, bw = targets[buf]["latency"], targets[buf]["bandwidth"]
            lat_range = targets[buf].get("latency_range")
            lat_cell = [fmt(lat, 2), "%.2f-%.2f" % lat_range if lat_range else "-",
                        verdict(lat <= LATENCY_MAX_RATIO) if lat is not None else "n/a"]
            bw_cell = (["%.2f (at %s)" % (bw[0], human(bw[1])), verdict(bw[0] >= BANDWIDTH_MIN_RATIO)]
                       if bw else ["-", "n/a"])
            lines.append("| %s | %s | %s | %s |" % (FLAVOUR_NAMES[flavour], buf, " | ".join(lat_cell),
                                                  " | ".join(bw_cell)))
    return "\n".join(lines) + "\n"


def read_runs(results):
    path = os.path.join(results, "runs.csv")
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def load_section(runs):
    """How much other processes and slow phases of the host disturbed the runs, and what was done about it."""
    if not runs:
        return ""
    kept = [r for r in runs if r["kept"] != "no"]
    redone = len(runs) - len(kept)
    disturbed = [r for r in runs if r["kept"] == "disturbed"]
    text = ("## Machine load\n\n%d runs kept out of %d, %.0f s of runs in all. A run counts as disturbed, and "
            "was redone while the bench's patience lasted, when the 1-byte C ping-pong probe before or after it "
            "was more than 1.5x away from the reference (the machine's usual state: median of the densest "
            "cluster of probes) either way, when it lasted over "
            "1.5x the median of the earlier runs of its kind, or when other processes used more than %d%% of "
            "the CPUs meanwhile.\n\n"
            % (len(kept), len(runs), sum(float(r["seconds"]) for r in runs), FOREIGN_CPU_WARN_PCT))
    for flavour in FLAVOUR_NAMES:
        mine = [r for r in runs if r["flavour"] == flavour]
        if mine:
            text += "- %s: probe reference %.3f us at the end; %d run(s) redone.\n" % (
                FLAVOUR_NAMES[flavour], float(mine[-1]["probe_ref_us"]),
                sum(1 for r in mine if r["kept"] == "no"))
    if disturbed:
        text += "\n%d disturbed run(s) had to be kept, their numbers are suspect:\n\n" % len(disturbed)
        text += "\n".join("- %s %s rep %s: other processes %s%% of the CPUs, probe %s / %s us before / after" % (
            r["flavour"], r["variant"], r["rep"], r["foreign_cpu_pct"], r["probe_before_us"],
            r["probe_after_us"]) for r in disturbed) + "\n"
    elif redone:
        text += "\nNo disturbed run was kept.\n"
    return text


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 2)
    results = sys.argv[1]
    info = machine(results)

    runs = read_runs(results)
    sections, all_targets = [], []
    for flavour in FLAVOUR_NAMES:
        path = os.path.join(results, "pingpong-%s.csv" % flavour)
        if os.path.exists(path):
            data = load(path)
            if data:
                text, targets = flavour_section(flavour, data, runs)
                sections.append(text)
                all_targets.append((flavour, targets))
    if not sections:
        sys.exit("bench_report: no pingpong-<flavour>.csv with data in %s" % results)

    header = ["# natmpj ping-pong benchmark\n",
              "| | |", "|---|---|",
              "| date | %s |" % info["date"],
              "| CPU | %s |" % info["cpu"],
              "| cores | %s |" % info["cores"],
              "| kernel | %s |" % info["kernel"],
              "| JDK | %s |" % info["jdk"]]
    if info.get("natmpj"):
        header.append("| natmpj | %s |" % info["natmpj"])
    if info.get("java_opts"):
        header.append("| JVM options | `%s` |" % info["java_opts"])
    for flavour, version in info["mpi"].items():
        header.append("| %s | %s |" % (FLAVOUR_NAMES[flavour], version))
    header.append("| settings | %s repetitions, iteration scale %s, 2 ranks bound to cores |"
                  % (info["reps"], info["iters_scale"]))

    used = sum(1 for _, targets in all_targets for _ in targets.get("disturbed_used", []))
    caution = ("**Caution: %d disturbed run(s) had to be used in the medians (too few undisturbed ones); the "
               "verdicts of their MPI are suspect.**\n\n" % used) if used else ""
    report = "\n".join(header) + "\n\n" + targets_section(all_targets) + "\n" + caution + "\n".join(sections)
    loads = load_section(runs)
    if loads:
        report += "\n" + loads
    with open(os.path.join(results, "report.md"), "w") as f:
        f.write(report)
    print(report, end="")


if __name__ == "__main__":
    main()
