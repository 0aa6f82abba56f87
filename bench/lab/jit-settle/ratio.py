#!/usr/bin/env python3
"""ratio.py FILE... (settle.sh output): Java / C per size from 64 KiB, by medians and by bests, without and with
the wait for a quiet JIT."""
import csv
import statistics as st
import sys
from collections import defaultdict

v = defaultdict(list)
for f in sys.argv[1:]:
    for row in csv.reader(open(f)):
        v[(f, row[1], int(row[7]))].append(float(row[10]))
for f in sys.argv[1:]:
    sizes = sorted({k[2] for k in v if k[0] == f and k[2] >= 65536})
    print(f)
    for var in ("nosettle", "settle"):
        cells = []
        for s in sizes:
            c, j = v[(f, "C", s)], v[(f, var, s)]
            if c and j:
                cells.append("%dK %.2f/%.2f" % (s // 1024, st.median(j) / st.median(c), max(j) / max(c)))
        print("  %-9s %s" % (var, " ".join(cells)))
