# best-of.py FILE: per-size best (minimum) over repetitions of the lines "<variant> rep<N>: <size>=<us> ..." that
# lat-alternating.sh and lat-jdk-gc.sh print, and each variant's best minus C's best.
import re,sys,collections
best=collections.defaultdict(dict); allv=collections.defaultdict(lambda: collections.defaultdict(list))
for line in open(sys.argv[1]):
    m=re.match(r'(\S+) rep(\d+): (.*)',line)
    if not m: continue
    v=m.group(1)
    for kv in m.group(3).split():
        s,t=kv.split('='); s=int(s); t=float(t)
        allv[v][s].append(t)
sizes=sorted(allv['c'])
print('variant '+' '.join('%6d'%s for s in sizes))
for v in allv:
    print('%-8s'%v+' '.join('%6.3f'%min(allv[v][s]) for s in sizes), ' best')
for v in allv:
    if v=='c': continue
    print('%-8s'%v+' '.join('%+6.3f'%(min(allv[v][s])-min(allv['c'][s])) for s in sizes), ' best-Cbest, n=%d'%len(allv[v][1]))
