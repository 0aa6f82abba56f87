import csv, os, shutil, re
# How this directory was assembled from three ci/bench results directories of 2026-11-26 (then
# bench/tools/report.py on the result, with machine.json edited to say so):
#   bench-final3   ci/bench --suites p2p,warmup,object,peers --reps 3 --iters-scale 0.5 --patience 600
#                  (Open MPI only reached: repetitions 1 and most of 2 before the session ended)
#   bench-openmpi  ci/bench --flavours openmpi --suites p2p,warmup,object,peers --reps 2 --iters-scale 0.5
#                  --patience 400 (its repetitions become 3 and 4 here)
#   bench-mpich    the same with --flavours mpich
# MPJ Express's rows (flavour mpje) come from both later runs.
T='/work/main/target'; out=T+'/bench-merged'
shutil.rmtree(out, ignore_errors=True); os.makedirs(out+'/logs')
srcs=[('bench-final3',0,lambda r: r['flavour']=='openmpi'),
      ('bench-openmpi',2,lambda r: True),
      ('bench-mpich',0,lambda r: True)]
for name in ('results.csv','runs.csv'):
    w=None
    with open(os.path.join(out,name),'w',newline='') as f:
        for d,shift,keep in srcs:
            with open(os.path.join(T,d,name),newline='') as g:
                rd=csv.DictReader(g)
                if w is None:
                    w=csv.DictWriter(f,rd.fieldnames); w.writeheader()
                for r in rd:
                    if not keep(r): continue
                    if shift and r['flavour']!='mpje': r['rep']=str(int(r['rep'])+shift)
                    w.writerow(r)
for d,shift,_ in srcs:
    for fn in os.listdir(os.path.join(T,d,'logs')):
        new=fn
        if shift and not fn.startswith('mpje'):
            new=re.sub(r'-rep(\d+)', lambda m:'-rep%d'%(int(m.group(1))+shift), fn)
        if os.path.exists(os.path.join(out,'logs',new)): new=d+'-'+new
        shutil.copy(os.path.join(T,d,'logs',fn), os.path.join(out,'logs',new))
for fn in ('mpi-openmpi.txt',):
    shutil.copy(os.path.join(T,'bench-openmpi',fn), out)
shutil.copy(os.path.join(T,'bench-mpich','mpi-mpich.txt'), out)
