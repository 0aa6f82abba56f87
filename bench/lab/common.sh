# Sourced by the lab scripts: the repository's root, the benchmark classes and C twins that ci/bench builds
# (target/bench/classes, target/bench/<mpi>/p2p_bench: run `ci/bench --quick --suites p2p` once), and how each
# MPI launches 2 ranks bound to cores, as ci/bench launches them.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
classes=$root/target/bench/classes
J17=${J17:-/usr/lib/jvm/java-17-openjdk-amd64} J25=${J25:-/usr/lib/jvm/temurin-25-jdk-amd64}
need_bench() {  # need_bench MPI
    [[ -x $root/target/bench/$1/p2p_bench && -d $classes ]] || {
        echo "$(basename "$0"): no target/bench/$1/p2p_bench or target/bench/classes:" \
            "run ci/bench --quick --suites p2p" >&2
        exit 2
    }
}
c_launch() {  # c_launch MPI: mpirun of 2 ranks bound to cores
    if [[ $1 == openmpi ]]; then echo mpirun.openmpi --allow-run-as-root -np 2 --bind-to core
    else echo mpirun.mpich -np 2 -bind-to core; fi
}
java_launch() {  # java_launch MPI JAVA [mpjrun options]: bin/mpjrun of 2 ranks bound to cores (ends with --)
    local mpi=$1 java=$2
    shift 2
    echo "$root/bin/mpjrun" --mpi "$mpi" -np 2 --java "$java" "$@" -cp "$classes" --bind-to core --
}
