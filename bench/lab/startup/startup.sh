#!/usr/bin/env bash
# A rank's start in CPU time: perf stat's task-clock of one process under `mpirun -np 1`, for a C program that
# calls MPI_Init and MPI_Finalize, a bare `java -version`, and natmpj's Init + Finalize (Init.java) on JDK 17 and
# JDK 25, with and without natmpj's AOT cache (bin/natmpj-aot), and JDK 17 with an AppCDS archive of the same run.
# Each figure: the median of RUNS launches (default 8), in ms.
#   bench/lab/startup/startup.sh [other-natmpj.jar]    a second jar (e.g. an older build) is measured beside
set -euo pipefail
. "$(dirname "$0")/../common.sh"
runs=${RUNS:-8}
other=${1:-}
jar=$(ls "$root"/target/natmpj-*.jar | grep -v -e sources -e javadoc | head -1)
lib=-Djava.library.path=$root/target/native/openmpi
work=$root/target/lab/startup
rm -rf "$work" && mkdir -p "$work/empty" "$work/classes"
cat >"$work/Init.java" <<'JAVA'
public class Init {
    public static void main(String[] args) throws Exception {
        mpi.MPI.Init(args);
        mpi.MPI.Finalize();
    }
}
JAVA
javac -cp "$jar" -d "$work/classes" "$work/Init.java"
(cd "$work/classes" && jar cf "$work/init.jar" Init.class) # a jar: AppCDS and the AOT cache refuse directories
printf '#include <mpi.h>\nint main(int c, char **v) { MPI_Init(&c, &v); MPI_Finalize(); return 0; }\n' >"$work/init.c"
mpicc.openmpi -O2 -o "$work/init" "$work/init.c"
cd "$work/empty" # an empty working directory: the JVM refuses an AOT cache or archive otherwise

# median ms of task-clock over $runs launches of "$@" as rank 0 of 1
ms() {
    for _ in $(seq "$runs"); do
        mpirun.openmpi --allow-run-as-root -np 1 perf stat -x, -e task-clock -- "$@" 2>&1 >/dev/null |
            awk -F, '/task-clock/ {print $1}'
    done | sort -n | awk '{v[NR] = $1} END {printf "%.1f", v[int((NR + 1) / 2)]}'
}
one=(-XX:ActiveProcessorCount=1 -XX:+UseSerialGC) # a rank of a full node, as natmpj-java sizes it
echo "C MPI_Init + MPI_Finalize:        $(ms "$work/init") ms"
echo "JDK 17 java -version:             $(ms "$J17/bin/java" "${one[@]}" -version) ms"
echo "JDK 25 java -version:             $(ms "$J25/bin/java" "${one[@]}" -version) ms"
echo "JDK 17 natmpj Init + Finalize:    $(ms "$J17/bin/java" "${one[@]}" -cp "$jar:$work/init.jar" $lib Init) ms"
if [[ -n $other ]]; then
    echo "  the same with $other: $(ms "$J17/bin/java" "${one[@]}" -cp "$other:$work/init.jar" $lib Init) ms"
fi
mpirun.openmpi --allow-run-as-root -np 1 "$J17/bin/java" -XX:ArchiveClassesAtExit="$work/app.jsa" "${one[@]}" \
    -cp "$jar:$work/init.jar" $lib Init >/dev/null 2>&1
echo "  with an AppCDS archive:         $(ms "$J17/bin/java" -XX:SharedArchiveFile="$work/app.jsa" "${one[@]}" \
    -cp "$jar:$work/init.jar" $lib Init) ms"
n25=(--enable-native-access=ALL-UNNAMED "${one[@]}")
echo "JDK 25 natmpj Init + Finalize:    $(ms "$J25/bin/java" "${n25[@]}" -cp "$jar:$work/init.jar" $lib Init) ms"
if [[ -n $other ]]; then
    echo "  the same with $other: $(ms "$J25/bin/java" "${n25[@]}" -cp "$other:$work/init.jar" $lib Init) ms"
fi
NATMPJ_HOME=$root "$root/bin/natmpj-aot" --quiet --mpi openmpi --java "$J25"
aot=$(NATMPJ_HOME=$root NATMPJ_JAVA=$J25/bin/java "$root/bin/natmpj-java" --natmpj-aot-path)
echo "  with natmpj's AOT cache:        $(ms "$J25/bin/java" -XX:AOTCache="$aot" "${n25[@]}" \
    -cp "$jar:$work/init.jar" $lib Init) ms"
