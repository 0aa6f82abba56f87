"""What the mpi4py twins of the suite share: the counterpart of bench/java/BenchOptions.java + BenchData.java and
bench/c/bench_common.h (the command line, the CSV line, the validation patterns, the buffers).

Buffers are bytearray (bytes) and array.array('f') (floats); the CSV buffer column is "py". Only the standard
library and mpi4py: the patterns are built at C speed without numpy (see pattern_bytes).
"""

import array
import sys
import time

from mpi4py import MPI

CSV_HEADER = "impl,bench,buffer,calls,ranks,size_bytes,iterations,time_us,MBps"

COMMON_USAGE = """\
  --min BYTES            smallest message size (default {min}; 0 adds an empty message)
  --max BYTES            largest message size (default {max}); sizes are min, 2*min, ... up to max
  --iters-scale F        multiply the timed iteration counts by F (default 1; warm-ups are not scaled)
  --jit-warmup N         iterations of the smallest case before the first size, as the Java twin does for
                         its JIT (default {jit})
  --buffer py            bytearray / array('f') buffers (the only kind; printed in the CSV buffer column)
  --calls blocking|nonblocking  blocking calls (default) or non-blocking ones + Wait
  --settle S             accepted for the Java twins' sake (their wait for a quiet JIT); Python has none
  --impl NAME            first CSV column (default mpi4py)
  --version              print the MPI library version and exit
  --help                 this text
CSV on rank 0: """ + CSV_HEADER + "\n"

_MAX_SIZE = 1 << 30


class Options:
    """The parsed command line, alike on every rank."""

    def __init__(self, min_size, max_size, jit_warmup, choice):
        self.help = self.nonblocking = False
        self.min, self.max, self.jit_warmup = min_size, max_size, jit_warmup
        self.scale = 1.0
        self.impl = "mpi4py"
        self.choice = choice  # the benchmark's own option (--test, --ops, ...), None when it takes none

    def sizes(self):
        """min (may be 0), then powers of two up to max."""
        s, out = self.min, []
        while s <= self.max:
            out.append(s)
            s = s * 2 if s else 1
        return out

    def scaled(self, n):
        """Timed iterations: n scaled by --iters-scale, at least 1."""
        return max(1, int(n * self.scale))

    def buffer(self):
        return "py"

    def calls(self):
        return "nonblocking" if self.nonblocking else "blocking"

    def print(self, bench, ranks, size, iterations, time_us, mbps):
        """One CSV line (rank 0 only)."""
        sys.stdout.write("%s,%s,%s,%s,%d,%d,%d,%.3f,%.2f\n" % (self.impl, bench, self.buffer(), self.calls(), ranks,
                                                                size, iterations, time_us, mbps))
        sys.stdout.flush()


def _number(option, value, limit):
    try:
        n = int(value, 10)
        if 0 <= n <= limit:
            return n
    except ValueError:
        pass
    raise ValueError("%s must be an integer in 0..%d, not %s" % (option, limit, value))


def _decimal(value):
    """value as a float, NaN if it is none (which every range check then refuses)."""
    try:
        return float(value)
    except ValueError:
        return float("nan")


def _one_of(option, value, *allowed):
    if value not in allowed:
        raise ValueError("%s must be one of %s, not %s" % (option, "|".join(allowed), value))
    return value


def parse(args, min_size, max_size, jit_warmup, choice_option=None, choice_default=None):
    """Parses args (without the program name); raises ValueError naming the bad option. Returns (options,
    version_asked)."""
    o = Options(min_size, max_size, jit_warmup, choice_default)
    version = False
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a in ("--help", "-h"):
            o.help = True
            continue
        if a == "--version":
            version = True
            continue
        if i >= len(args):
            raise ValueError("unknown option or missing value: " + a)
        v = args[i]
        i += 1
        if choice_option is not None and a == choice_option:
            o.choice = v
        elif a == "--min":
            o.min = _number(a, v, _MAX_SIZE)
        elif a == "--max":
            o.max = _number(a, v, _MAX_SIZE)
        elif a == "--jit-warmup":
            o.jit_warmup = _number(a, v, 1 << 62)
        elif a == "--impl":
            o.impl = v
        elif a == "--settle":
            # accepted for the Java twins' sake (their wait for a quiet JIT); Python has none
            if not 0 <= _decimal(v) <= 3600:
                raise ValueError("--settle must be a number of seconds in 0..3600, not " + v)
        elif a == "--buffer":
            _one_of(a, v, "py")
        elif a == "--calls":
            o.nonblocking = _one_of(a, v, "blocking", "nonblocking") == "nonblocking"
        elif a == "--iters-scale":
            o.scale = _decimal(v)
            if not 0 < o.scale < 1e6:
                raise ValueError("--iters-scale must be a positive number, not " + v)
        else:
            raise ValueError("unknown option: " + a)
    if o.min > o.max:
        raise ValueError("--min %d is above --max %d" % (o.min, o.max))
    return o, version


def init(name, usage_head, min_size, max_size, jit_warmup, choice_option=None, choice_default=None):
    """The command line of sys.argv (MPI is initialized by importing mpi4py.MPI). On --help, --version or a bad
    option, rank 0 prints (usage_head, then the common lines) and every rank exits (0, or 2 on a bad option;
    mpi4py finalizes MPI at exit). choice_option's value is left for the benchmark to check."""
    usage = usage_head + COMMON_USAGE.format(min=min_size, max=max_size, jit=jit_warmup)
    rank = MPI.COMM_WORLD.Get_rank()
    try:
        o, version = parse(sys.argv[1:], min_size, max_size, jit_warmup, choice_option, choice_default)
    except ValueError as e:
        if rank == 0:
            sys.stderr.write("%s: %s\n%s" % (name, e, usage))
        sys.exit(2)
    if version or o.help:
        if rank == 0:
            sys.stdout.write(MPI.Get_library_version().rstrip("\0\n") + "\n" if version else usage)
        sys.exit(0)
    return o


def fail(name, message):
    """Rank 0 reports a usage error found by the benchmark itself; every rank exits with 2."""
    if MPI.COMM_WORLD.Get_rank() == 0:
        sys.stderr.write("%s: %s\n" % (name, message))
    sys.exit(2)


def now_ns():
    return time.perf_counter_ns()


# --- Validation patterns (BenchData.pattern / bench_pattern) ---

_GOLDEN = 0x9E3779B1
_MASK32 = 0xFFFFFFFF
_CHUNK = 1 << 16


def pattern(i, size, round_, sender):
    """Byte i of a message: depends on size, round and sender, so a stale or misplaced buffer shows."""
    return (((i + size * 131 + round_ * 7919 + sender * 104729) * _GOLDEN) & _MASK32) >> 24


def _pattern_run(start, count):
    """Top bytes of (start + j) * GOLDEN mod 2^32 for j < count, computed in 64-bit lanes of one big integer: the
    lanes hold start + j (mod 2^32, so < 2^32), each product fits its lane (< 2^64), and byte 3 of a lane is the
    top byte of its low 32 bits. A few hundred times faster than a Python loop."""
    out = bytearray()
    for at in range(0, count, _CHUNK):
        n = min(_CHUNK, count - at)
        first = (start + at) & _MASK32
        lanes = array.array("Q", range(first, min(first + n, 1 << 32)))
        lanes.extend(range(0, n - len(lanes)))  # wrapped past 2^32
        if sys.byteorder != "little":
            lanes.byteswap()
        product = int.from_bytes(lanes.tobytes(), "little") * _GOLDEN
        out += product.to_bytes(8 * n + 8, "little")[3:8 * n:8]
    return bytes(out)


def pattern_bytes(size, round_, sender):
    """The whole message of size bytes that sender sends in round round_."""
    return _pattern_run(size * 131 + round_ * 7919 + sender * 104729, size)


def fill(buf, size, round_, sender):
    buf[:size] = pattern_bytes(size, round_, sender)


def clear(buf, size):
    buf[:size] = bytes(size)


def check(buf, size, round_, sender, what):
    """Checks size bytes against sender's pattern; on a mismatch reports it and aborts the job."""
    want = pattern_bytes(size, round_, sender)
    got = bytes(buf[:size])
    if got != want:
        i = next(j for j in range(size) if got[j] != want[j])
        _fail(what, size, i, got[i], want[i])


def float_pattern(i, round_, sender):
    """Float i of a reduction operand: a small integer, so that sums over ranks are exact in any order."""
    return float((i * 7 + round_ * 3 + sender * 5) % 61)


def _tiled(period, count):
    """array('f') of count floats repeating period (the float patterns repeat every 61 elements)."""
    a = array.array("f", period) * (count // len(period) + 1)
    del a[count:]
    return a


def fill_floats(buf, count, round_, sender):
    buf[:count] = _tiled([float_pattern(i, round_, sender) for i in range(61)], count)


def clear_floats(buf, count):
    buf[:count] = array.array("f", bytes(4 * count))


def check_float_sum(buf, count, round_, ranks, what):
    """Checks count floats against the sum of the patterns of ranks 0..ranks-1 (a SUM reduction's result)."""
    period = [sum(float_pattern(i, round_, r) for r in range(ranks)) for i in range(61)]
    want = _tiled(period, count)
    if buf[:count] != want:
        i = next(j for j in range(count) if buf[j] != want[j])
        _fail(what, count * 4, i, buf[i], want[i])


def _fail(what, size, index, got, want):
    sys.stderr.write("%s: rank %d: size %d: element %d is %s, expected %s\n" % (what, MPI.COMM_WORLD.Get_rank(),
                                                                                  size, index, got, want))
    sys.stderr.flush()
    MPI.COMM_WORLD.Abort(2)


def alloc_bytes(size):
    """A zeroed byte buffer (at least 1 byte, as bench_alloc)."""
    return bytearray(max(size, 1))


def alloc_floats(count):
    return array.array("f", bytes(4 * max(count, 1)))
