#!/usr/bin/env python3
"""aa-bw.py FILE...: the C twin against itself (an A/A test). The C runs of a case (bw.sh's, at both --iters-scale)
are split every way into two disjoint pairs, as the report compares 2 repetitions of Java with 2 of C; prints, per
size, how often one pair's median is below 0.97 x the other's, and the lowest such ratio. Then the same for Java
against C (every pair of Java runs against every pair of C runs at the same scale)."""
import csv, itertools, statistics as st, sys
from collections import defaultdict


def load(f):
    """MB/s per (variant, size), in run order."""
    v = defaultdict(list)
    for row in csv.reader(open(f)):
        v[(row[1], int(row[7]))].append(float(row[10]))
    return v


def splits(n):
    """Every way to take two disjoint pairs (a, b) of run indices out of n runs."""
    for a in itertools.combinations(range(n), 2):
        rest = [i for i in range(n) if i not in a]
        for b in itertools.combinations(rest, 2):
            yield a, b


for f in sys.argv[1:]:
    v = load(f)
    print(f)
    if len(v[('C-0.5', 65536)]) + len(v[('C-4', 65536)]) < 4:
        sys.exit(f"{f}: fewer than 4 C runs at 64 KiB; splitting them into two pairs needs at least 4")
    for size in (65536, 131072, 262144, 1048576, 4194304):
        c = v[('C-0.5', size)] + v[('C-4', size)]
        aa = [st.median([c[i] for i in a]) / st.median([c[i] for i in b]) for a, b in splits(len(c))]
        ja = []
        for s in ('0.5', '4'):
            cs, js = v[('C-' + s, size)], v[('java-' + s, size)]
            for a in itertools.combinations(js, 2):
                for b in itertools.combinations(cs, 2):
                    ja.append(st.median(a) / st.median(b))
        below = lambda xs: 100.0 * sum(x < 0.97 for x in xs) / len(xs)
        print(f"  {size // 1024:5d} KiB: C/C below 0.97 in {below(aa):3.0f}% of {len(aa)} splits"
              f" (lowest {min(aa):.2f}); Java/C below 0.97 in {below(ja):3.0f}% of {len(ja)}"
              f" (lowest {min(ja):.2f}, median {st.median(ja):.2f})")

# The report's rule: a row passes if its worst size from 64 KiB is at >= 0.97 x C. The same rule for C against
# itself, per split of the 8 C runs (the same two pairs at every size).
print("The report's rule (worst size from 64 KiB >= 0.97) applied to C against C:")
for f in sys.argv[1:]:
    v = load(f)
    sizes = sorted(s for (var, s) in v if var == 'C-0.5' and s >= 65536)
    runs = {s: v[('C-0.5', s)] + v[('C-4', s)] for s in sizes}
    n = len(runs[sizes[0]])
    worst = [min(st.median([runs[s][i] for i in a]) / st.median([runs[s][i] for i in b]) for s in sizes)
             for a, b in splits(n)]
    print(f"  {f}: worst size below 0.97 in {100.0 * sum(w < 0.97 for w in worst) / len(worst):.0f}% of "
          f"{len(worst)} splits; worst-size ratio median {st.median(worst):.2f}, lowest {min(worst):.2f}")
