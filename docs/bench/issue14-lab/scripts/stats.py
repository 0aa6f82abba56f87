import csv, statistics as st, collections, sys
f=sys.argv[1]; sizes=[int(x) for x in sys.argv[2].split(',')]; col=int(sys.argv[3]) if len(sys.argv)>3 else 9
d=collections.defaultdict(list); vs=[]
for row in csv.reader(open(f)):
    if len(row)<11 or not row[0].isdigit(): continue
    if row[1] not in vs: vs.append(row[1])
    d[(row[1],int(row[7]))].append(float(row[col]))
print('size', *vs)
for s in sizes:
    print(s, *['%.3f/%.3f'%((max if col==10 else min)(d[(v,s)]),st.median(d[(v,s)])) if d[(v,s)] else '-' for v in vs])
