#!/usr/bin/env python3
"""ratio.py FILE...: Java / C per size from 64 KiB, by medians and by bests, at each --iters-scale (wl.sh output)."""
import csv, statistics as st, sys
from collections import defaultdict
for f in sys.argv[1:]:
    v = defaultdict(list)
    for row in csv.reader(open(f)):
        v[(row[1], int(row[7]))].append(float(row[10]))
    print(f)
    for s in ('0.5', '4'):
        sizes = sorted(k[1] for k in v if k[0] == 'C-' + s and k[1] >= 65536)
        out = []
        for size in sizes:
            c, j = v[('C-' + s, size)], v[('java-' + s, size)]
            if not j:
                continue
            cs = max(c) / min(c)
            out.append(f"{size // 1024}K {st.median(j) / st.median(c):.2f}/{max(j) / max(c):.2f} (C x{cs:.2f})")
        print(f"  scale {s}: " + "  ".join(out))
