#!/usr/bin/env python3
"""aa-latency.py FILE... (latency.sh output): the latency goal (Java - C <= 0.08 us at every size from 1 B to
1 KiB, medians of 2 repetitions against 2, as ci/bench's report judges it) for the C twin against itself and for
each Java variant against C.
C against C: the C runs split every way into two disjoint pairs. Java against C: every pair of the variant's
runs against every pair of C's. Prints, per variant, how often the worst size is above +0.08 us, the median
worst-size difference and the median difference per size over the pairings."""
import csv, itertools, statistics as st, sys
from collections import defaultdict


def load(f):
    """µs per half round trip: v[variant][size][rep]."""
    v = defaultdict(lambda: defaultdict(dict))
    for row in csv.reader(open(f)):
        v[row[1]][int(row[7])][int(row[0])] = float(row[9])
    return v


for f in sys.argv[1:]:
    v = load(f)
    sizes = sorted(v['C'])
    reps = sorted(v['C'][sizes[0]])
    if len(reps) < 4:
        sys.exit(f"{f}: {len(reps)} repetition(s); splitting C's runs into two pairs needs at least 4")
    def med(var, pair, s):
        return st.median(v[var][s][r] for r in pair)
    print(f"{f}: {len(reps)} repetitions; C's medians per size (us): "
          + " ".join(f"{s}:{st.median(v['C'][s].values()):.3f}" for s in sizes))
    worst = []
    for a in itertools.combinations(reps, 2):
        rest = [r for r in reps if r not in a]
        for b in itertools.combinations(rest, 2):
            worst.append(max(med('C', a, s) - med('C', b, s) for s in sizes))
    print(f"  C against C: worst size above +0.08 us in {100.0 * sum(w > 0.08 for w in worst) / len(worst):.0f}% "
          f"of {len(worst)} splits; worst-size difference median {st.median(worst):+.3f}, highest {max(worst):+.3f}")
    for var in [k for k in v if k != 'C']:
        worst, per = [], defaultdict(list)
        for a in itertools.combinations(sorted(v[var][sizes[0]]), 2):
            for b in itertools.combinations(reps, 2):
                d = {s: med(var, a, s) - med('C', b, s) for s in sizes}
                worst.append(max(d.values()))
                for s in sizes:
                    per[s].append(d[s])
        print(f"  {var} - C: worst size above +0.08 us in {100.0 * sum(w > 0.08 for w in worst) / len(worst):.0f}% "
              f"of {len(worst)} pairings; worst-size difference median {st.median(worst):+.3f}; median per size: "
              + " ".join(f"{s}:{st.median(per[s]):+.3f}" for s in sizes))

# Best against best: each variant's fastest repetition against C's fastest, per size (the largest difference over
# the sizes, and where).
print("Best repetition against C's best repetition (Java - C, us), largest over the sizes:")
for f in sys.argv[1:]:
    v = load(f)
    sizes = sorted(v['C'])
    out = []
    for var in [k for k in v if k != 'C']:
        d = {s: min(v[var][s].values()) - min(v['C'][s].values()) for s in sizes}
        worst = max(d, key=d.get)
        out.append(f"{var} {d[worst]:+.3f} at {worst} B")
    print(f"  {f}: " + "; ".join(out))
