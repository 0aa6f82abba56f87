# What the benchmark scripts share (ci/bench, bench/tools/overhead). Sourced, never run:
#   PROG=ci/bench; . bench/tools/lib.sh
# with the repository's root as the current directory. PROG starts every message. timed_run writes into
# $out/logs/. Environment: MVN (the Maven command, default mvn).

NCPU=$(nproc)
read -ra mvn <<<"${MVN:-mvn}"  # a command, possibly with options

log() { echo "$PROG: $*" >&2; }

# A bad command line: the message, and exit status 2.
usage_error() { echo "$PROG: $*" >&2; exit 2; }

# need_positive_int OPTION VALUE
need_positive_int() { [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "$1 must be a positive integer"; }

# parse_flavours LIST: the array todo from a comma-separated subset of openmpi,mpich.
parse_flavours() {
    local f
    IFS=, read -ra todo <<<"$1"
    for f in "${todo[@]}"; do
        case $f in
            openmpi|mpich) ;;
            *) usage_error "unknown flavour $f (openmpi or mpich)" ;;
        esac
    done
}

# flavour_ready FLAVOUR: whether that MPI's mpicc and mpirun and natmpj's library for it are there. When not, says
# so on stdout, as a line of the run's output.
flavour_ready() {
    if ! command -v "mpicc.$1" >/dev/null || ! command -v "mpirun.$1" >/dev/null; then
        echo "skipping $1: mpicc.$1 or mpirun.$1 not installed"
        return 1
    fi
    if [ ! -f "target/native/$1/libnatmpj.so" ]; then
        echo "skipping $1: target/native/$1/libnatmpj.so not built"
        return 1
    fi
}

# mpirun_cmd FLAVOUR NP: the start of a launch of NP ranks, as words (Open MPI as root needs --allow-run-as-root).
mpirun_cmd() {
    local cmd=("mpirun.$1" -np "$2")
    if [ "$1" = openmpi ] && [ "$(id -u)" = 0 ]; then cmd+=(--allow-run-as-root); fi
    echo "${cmd[@]}"
}

# find_jar: natmpj's jar in target/ (not the -sources or -javadoc one); fails when there is none.
find_jar() {
    local f
    for f in target/natmpj-*.jar; do
        case $f in *-sources.jar|*-javadoc.jar) ;; *) [ -f "$f" ] && { echo "$f"; return 0; } ;; esac
    done
    return 1
}

# require_jar BUILD: prints the jar's path. A missing jar is built only when BUILD is 1 (offline first, then
# online), and an existing one never rebuilt, since rebuilding would change what is being measured.
require_jar() {
    if find_jar; then return 0; fi
    [ "$1" = 1 ] || { log "no target/natmpj-*.jar and --no-build given"; return 1; }
    log "no jar in target/, building it: ${mvn[*]} -o -q -B package -DskipTests"
    "${mvn[@]}" -o -q -B package -DskipTests >&2 || {
        log "offline build failed; building online"
        "${mvn[@]}" -q -B package -DskipTests >&2
    } || return 1
    find_jar
}

# describe_jar JAR: what natmpj.txt of a results directory says: when the jar was built, its hash, the tree.
describe_jar() {
    echo "jar built $(date -u -r "$1" '+%Y-%m-%d %H:%M:%S UTC'), sha256 $(sha256sum "$1" | cut -c1-16)"
    echo "tree at $(git describe --always --dirty 2>/dev/null || echo '?')"
}

# Busy CPU seconds of the whole machine (user nice system irq softirq steal, from /proc/stat).
busy_seconds() { awk -v hz="$(getconf CLK_TCK)" '/^cpu /{print ($2+$3+$4+$7+$8+$9)/hz; exit}' /proc/stat; }

# CPU seconds (user + system) of this shell's waited-for children so far. `times` must run in this shell itself
# (a command substitution would report its own, empty, children), hence the file.
children_cpu() {
    times >"$out/logs/.times"
    awk 'NR == 2 {
        for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); c += p[1] * 60 + p[2] }
        printf "%.3f", c
    }' "$out/logs/.times"
    rm -f "$out/logs/.times"
}

# timed_run TAG COMMAND...: runs COMMAND with stdout and stderr to $out/logs/TAG.out and TAG.err, and sets
# run_seconds (wall time) and foreign_pct: the share of all CPUs that other processes used meanwhile (the
# machine's busy time minus the command's own, children included). Returns the command's status. The command
# runs in the background with its pid in run_pid, which the shell waits for: a trapped signal then interrupts
# the wait at once (a foreground command would delay the trap until it ends), and the trap can end the command.
timed_run() {
    local tag=$1; shift
    local b0 b1 c0 c1 t0 status=0
    b0=$(busy_seconds)
    children_cpu >"$out/logs/.c0"
    read -r c0 <"$out/logs/.c0"
    t0=$EPOCHREALTIME
    "$@" >"$out/logs/$tag.out" 2>"$out/logs/$tag.err" &
    run_pid=$!
    wait "$run_pid" || status=$?
    # After a trapped signal, wait returned early: wait again until the command has ended, for its own status.
    while kill -0 "$run_pid" 2>/dev/null; do status=0; wait "$run_pid" || status=$?; done
    run_pid=
    run_seconds=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN{printf "%.3f", b - a}')
    b1=$(busy_seconds)
    children_cpu >"$out/logs/.c0"
    read -r c1 <"$out/logs/.c0"
    rm -f "$out/logs/.c0"
    foreign_pct=$(awk -v t="$run_seconds" -v c0="$c0" -v c1="$c1" -v a="$b0" -v b="$b1" -v n="$NCPU" \
                  'BEGIN{o=(b-a)-(c1-c0); if (o<0) o=0; if (t<=0) t=0.001; printf "%.0f", o*100/(t*n)}')
    return $status
}
