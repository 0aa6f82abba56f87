import csv,statistics as st,collections,sys
d=collections.defaultdict(list)
for r in csv.reader(open(sys.argv[1])):
    if len(r)<12: continue
    d[(r[0],r[2],int(r[8]))].append(float(r[11]))
vs=sys.argv[2].split(',') if len(sys.argv)>2 else ['before','after','mc']
for fl in ['openmpi','mpich']:
    sizes=sorted({k[2] for k in d if k[0]==fl})
    if not sizes: continue
    n=len(d[(fl,'c',sizes[0])])
    print(f"\n{fl}: size | C | "+" | ".join(vs)+f"  (MB/s median of {n} [best]; median / C's median)")
    for s in sizes:
        c=st.median(d[(fl,'c',s)])
        row=[f"{s//1024} KiB", f"{c:.0f}"]
        for v in vs:
            x=d[(fl,v,s)]
            if not x: row.append('-'); continue
            m=st.median(x)
            row.append(f"{m:.0f} [{max(x):.0f}] {m/c:.2f}x")
        print(" | ".join(row))
