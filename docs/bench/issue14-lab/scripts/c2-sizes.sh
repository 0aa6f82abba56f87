#!/bin/bash
# lc.sh HOME JDK : C2 sizes of Comm.Recv/Send and inlining into P2pBench.latency
home=$1; jdk=$2; d=/tmp/lab/lc/$home-$jdk; rm -rf $d; mkdir -p $d; cd $d
jv=/usr/lib/jvm/java-17-openjdk-amd64; [ $jdk = 25 ] && jv=/usr/lib/jvm/temurin-25-jdk-amd64
NATMPJ_HOME=/tmp/lab/homes/$home timeout 300 /work/main/bin/mpjrun --mpi openmpi -np 2 --java $jv -J-XX:+UnlockDiagnosticVMOptions -J-XX:+LogCompilation -cp /tmp/lab/classes --bind-to core -- P2pBench --min 1 --max 1 --jit-warmup 300000 --iters-scale 0.2 > out.txt 2>&1
for f in hotspot_pid*.log; do
  python3 - "$f" <<'PY'
import re,sys
s=open(sys.argv[1]).read()
for m in re.finditer(r"<nmethod [^>]*compiler='c2'[^>]*>", s):
    t=m.group(0)
    meth=re.search(r"method='([^']*)'",t).group(1)
    if 'mpi.Comm' in meth and ('Recv' in meth or 'Send' in meth or 'send' in meth.split()[1]):
        size=int(re.search(r"size='(\d+)'",t).group(1)); io=int(re.search(r"insts_offset='(\d+)'",t).group(1)); so=int(re.search(r"stub_offset='(\d+)'",t).group(1))
        print(sys.argv[1][:20], meth.split(' (')[0], 'insts', so-io)
PY
done
grep -h "inline_fail\|inline_success" hotspot_pid*.log | grep -c . >/dev/null
grep -ho "<inline_fail reason='[^']*'/>" hotspot_pid*.log | sort | uniq -c | sort -rn | head -5
