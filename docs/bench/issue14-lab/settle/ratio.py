import sys, csv, statistics as st
from collections import defaultdict
v=defaultdict(list)
for f in sys.argv[1:]:
  for row in csv.reader(open(f)):
    r,var=row[0],row[1]; size=int(row[7]); v[(f,var,size)].append(float(row[10]))
for f in sys.argv[1:]:
  sizes=sorted({k[2] for k in v if k[0]==f})
  print(f)
  for var in ['classes','classes2']:
    line=[]
    for s in sizes:
      if s<65536: continue
      c=v[(f,'C',s)]; j=v[(f,var,s)]
      line.append(f"{s//1024}K {st.median(j)/st.median(c):.2f}/{max(j)/max(c):.2f}")
    print(' ',var,' '.join(line))
