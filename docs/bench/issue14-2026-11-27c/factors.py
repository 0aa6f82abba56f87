#!/usr/bin/env python3
"""natmpj's MPI.OBJECT medians of this report (results.csv) against MPJ Express's, measured right after it on the
same machine by mpje-object.sh (mpje-object.csv: ci/bench's peers-suite command for ObjectBench, 2 repetitions) and
in report (b) of the same morning. Prints the markdown table of mpje-object.md. Run from the repository root."""
import csv
import statistics as st

HERE = 'docs/bench/issue14-2026-11-27c/'
nat, mpje, before = {}, {}, {}
for r in csv.DictReader(open(HERE + 'results.csv')):
    if r['kind'].startswith('object'):
        nat.setdefault((r['bench'], int(r['size_bytes']), r['flavour'], r['jdk']), []).append(float(r['MBps']))
for r in csv.DictReader(open(HERE + 'mpje-object.csv')):
    mpje.setdefault((r['bench'], int(r['size_bytes']), r['impl']), []).append(float(r['MBps']))
for r in csv.DictReader(open('docs/bench/issue14-2026-11-27b/results.csv')):
    if r['flavour'] == 'mpje' and r['kind'].startswith('object'):
        before.setdefault((r['bench'], int(r['size_bytes']), r['impl']), []).append(float(r['MBps']))

COLS = [('openmpi', '17'), ('mpich', '17'), ('openmpi', '25'), ('mpich', '25')]
DEVS = ['mpje-multicore', 'mpje-niodev']
print('| payload | size (B) | natmpj Open MPI JDK 17 | MPICH JDK 17 | Open MPI JDK 25 | MPICH JDK 25 '
      '| MPJ Express multicore | niodev | natmpj slowest / MPJ Express best | the same against report (b)\'s MPJ Express |')
print('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for bench in ['object-doubles', 'object-records']:
    for size in sorted({k[1] for k in nat if k[0] == bench}):
        n = [st.median(nat[(bench, size) + c]) for c in COLS]
        m = [st.median(mpje[(bench, size, d)]) for d in DEVS]
        b = max(st.median(before[(bench, size, d)]) for d in DEVS if (bench, size, d) in before)
        print(f'| {bench[7:]} | {size} | ' + ' | '.join(f'{x:.1f}' for x in n + m)
              + f' | {min(n) / max(m):.1f}x | {min(n) / b:.1f}x |')
