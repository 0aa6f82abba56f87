#!/usr/bin/env python3
"""table.py FILE [VARIANTS]: medians (and best) of arrays.sh or cpages.sh output per MPI and size, against C's
median. VARIANTS: comma-separated, default j17,j25,mc."""
import collections
import csv
import statistics as st
import sys

d = collections.defaultdict(list)
for r in csv.reader(open(sys.argv[1])):
    if len(r) >= 12:
        d[(r[0], r[2], int(r[8]))].append(float(r[11]))
vs = sys.argv[2].split(",") if len(sys.argv) > 2 else ["j17", "j25", "mc"]
for mpi in ("openmpi", "mpich"):
    sizes = sorted({k[2] for k in d if k[0] == mpi})
    if not sizes:
        continue
    print("\n%s: size | C | %s  (MB/s: median [best] and median / C's median)" % (mpi, " | ".join(vs)))
    for s in sizes:
        c = st.median(d[(mpi, "c", s)])
        row = ["%d KiB" % (s // 1024), "%.0f" % c]
        for v in vs:
            x = d[(mpi, v, s)]
            row.append("%.0f [%.0f] %.2fx" % (st.median(x), max(x), st.median(x) / c) if x else "-")
        print(" | ".join(row))
