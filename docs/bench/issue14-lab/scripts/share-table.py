import csv,statistics as st,collections,sys
d=collections.defaultdict(list)
for r in csv.reader(open(sys.argv[1])):
    if len(r)<12: continue
    d[(r[0],r[2],int(r[8]))].append(float(r[11]))
for fl in ['openmpi','mpich']:
    print(f"\n{fl}: size | C | before JDK17 | after JDK17 | JDK25 pinned  (MB/s median of 3 [best]; x C median)")
    for s in sorted({k[2] for k in d if k[0]==fl}):
        c=st.median(d[(fl,'c',s)])
        row=[f"{s//1024} KiB", f"{c:.0f}"]
        for v in ['before','after','j25']:
            x=d[(fl,v,s)]; m=st.median(x)
            row.append(f"{m:.0f} [{max(x):.0f}] {m/c:.2f}x")
        print(" | ".join(row))
