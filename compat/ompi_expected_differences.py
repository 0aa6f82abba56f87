"""Where Open MPI's own Java bindings (Open MPI 4.1.4: Debian's libmpi_java.so and the mpi.jar ci/ompi-java-jar
builds from the same source) are wrong: the reviewed table of expected differences of ci/test-ompi-compat
(DIFFERENCES), and natmpj's own documented departures from Open MPI's behaviour (NATMPJ_DIFFERENCES, at the end).

Each entry names a program of compat/ompi-corpus and the key of one of its output lines "<rank>: <key>: <value>"
(the part before the value's ": "). "ompi" is the value Open MPI's bindings print there: a string, a function of
(rank, np) giving one, or a compiled regular expression (or a function giving one) for a value that holds
undefined data, matched against the whole value. "expected" is what the MPI standard, or the API's own
documentation, requires there, so what natmpj must print: a value (or a function of (rank, np)), or None for a line
that must not appear. "np" (optional) limits the entry to those rank counts. "reason" says why Open MPI is wrong.
ci/test-ompi-compat replaces each matching line before comparing, and fails on an entry that matches no line of
Open MPI's output (on a complete run), so the table stays true.

Where Open MPI's bindings crash or break on a call, the program does not make it there (it tells Open MPI's jar by
its class mpi.Constant, which natmpj's jar lacks) and prints "not called on Open MPI's bindings"; the entry gives
the line a correct implementation prints.
"""

import re

# ---- helpers: the programs' values, computed as Java computes them ----


def _prev(rank, np):
    return (rank - 1) % np


def _i32(x):
    """Java's int arithmetic: two's complement, 32 bits."""
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >= 1 << 31 else x


def _s8(x):
    x &= 0xFF
    return x - 256 if x >= 128 else x


def _collectives_bytes(rank):
    """Collectives.java's values("BYTE", rank)."""
    return [_s8(rank + 1), _s8(rank - 2), _s8(rank * 37 + 5)]


def _byte_reduce(pick, signed):
    """allReduce MAX or MIN over every rank's BYTE values, comparing as Java's signed bytes or as unsigned ones."""
    def f(rank, np):
        cols = list(zip(*(_collectives_bytes(r) for r in range(np))))
        key = (lambda b: b) if signed else (lambda b: b & 0xFF)
        return "[" + ", ".join(str(pick(c, key=key)) for c in cols) + "]"
    return f


def _mat(a, b):
    """A product of 2x2 int matrices, row-major, as UserOps.MatMul computes it."""
    return [_i32(a[0] * b[0] + a[1] * b[2]), _i32(a[0] * b[1] + a[1] * b[3]),
            _i32(a[2] * b[0] + a[3] * b[2]), _i32(a[2] * b[1] + a[3] * b[3])]


def _userops_mats(rank):
    """UserOps.java's two matrices on a rank: [r+1 1; 1 0] and [1 r; 0 1]."""
    return [rank + 1, 1, 1, 0], [1, rank, 0, 1]


def _product(mats_of_ranks):
    p, q = [1, 0, 0, 1], [1, 0, 0, 1]
    for a, b in mats_of_ranks:
        p, q = _mat(p, a), _mat(q, b)
    return p + q


def _reused_op(rank, np):
    """UserOps's "one Op in three calls": allReduce of the matrices, allReduce of that result (every rank gives the
    same pair, so the np-th powers), scan of the matrices (the product up to the rank)."""
    once = _product(_userops_mats(r) for r in range(np))
    twice = _product([(once[:4], once[4:])] * np)
    thrice = _product(_userops_mats(r) for r in range(rank + 1))
    show = lambda v: "[" + ", ".join(map(str, v)) + "]"
    return "%s %s %s" % (show(once), show(twice), show(thrice))


_ANY = r"-?\d+"  # an int, whatever it is

_UNDEFINED_TAIL = ("MPI 3.2.4: when a message shorter than the receive buffer arrives, only the locations of the "
                   "message are modified. Open MPI's bindings receive into a scratch buffer of the full count and "
                   "copy all of it back into the Java array (ompi_java_releaseWritePtr), so the array's elements past "
                   "the message get whatever the scratch buffer (reused from earlier calls) held")

DIFFERENCES = [
    # -- receive buffers: elements past the message overwritten --
    {"program": "P2p", "key": "short message into int[4]",
     "ompi": lambda rank, np: re.compile(r"\[%d, %d, %s, %s\] source=%d tag=70 count=2 elements=2" % (
         _prev(rank, np), _prev(rank, np) + 1, _ANY, _ANY, _prev(rank, np))),
     "expected": lambda rank, np: "[%d, %d, -1, -1] source=%d tag=70 count=2 elements=2" % (
         _prev(rank, np), _prev(rank, np) + 1, _prev(rank, np)),
     "reason": _UNDEFINED_TAIL},
    {"program": "P2p", "key": "empty message into int[2]",
     "ompi": lambda rank, np: re.compile(r"\[%s, %s\] source=%d tag=71 count=0 elements=0" % (
         _ANY, _ANY, _prev(rank, np))),
     "expected": lambda rank, np: "[5, 6] source=%d tag=71 count=0 elements=0" % _prev(rank, np),
     "reason": _UNDEFINED_TAIL + " (here: an empty message leaves nothing of the array as it was)"},
    {"program": "Datatypes", "key": "partial vector",
     "ompi": lambda rank, np: re.compile(
         r"\[%d, %d, -1, -1, %d, %d, -1, -1, %d, %s\] count==UNDEFINED true elements=5" % (
             _prev(rank, np) * 10, _prev(rank, np) * 10 + 1, _prev(rank, np) * 10 + 2, _prev(rank, np) * 10 + 3,
             _prev(rank, np) * 10 + 4, _ANY)),
     "expected": lambda rank, np: "[%d, %d, -1, -1, %d, %d, -1, -1, %d, -1] count==UNDEFINED true elements=5" % (
         _prev(rank, np) * 10, _prev(rank, np) * 10 + 1, _prev(rank, np) * 10 + 2, _prev(rank, np) * 10 + 3,
         _prev(rank, np) * 10 + 4),
     "reason": _UNDEFINED_TAIL + "; with a non-contiguous type, every position of the type map past the message "
               "(opal_datatype_copy_content_same_ddt of the full count)"},

    # -- MPI.BYTE is Java's signed byte --
    {"program": "Collectives", "key": "allReduce MAX BYTE",
     "ompi": _byte_reduce(max, signed=False), "expected": _byte_reduce(max, signed=True),
     "reason": "MPI.BYTE is the datatype of Java's byte (the API pairs it with byte[] and ByteBuffer, as mpiJava "
               "1.2, whose MPI.BYTE it is, does), a signed 8-bit integer, so a reduction must order bytes as Java "
               "does; Open MPI's bindings map it to MPI_UINT8_T (mpi_Datatype.c), so MAX compares the bytes as "
               "unsigned: the maximum of -2, -1, 0, 1 comes out as -1 (255). SUM, PROD and the bitwise and "
               "logical ops give the same bits either way"},
    {"program": "Collectives", "key": "allReduce MIN BYTE",
     "ompi": _byte_reduce(min, signed=False), "expected": _byte_reduce(min, signed=True),
     "reason": "as for MAX: MPI_UINT8_T makes MIN unsigned, the minimum of -2, -1, 0, 1 comes out as 0"},

    # -- user-defined Ops --
    {"program": "UserOps", "key": "one Op in three calls",
     "ompi": "not called on Open MPI's bindings", "expected": _reused_op,
     "reason": "an Op made by new Op(UserFunction, commute) may be used in any number of calls (MPI_Op_create "
               "makes an operation until MPI_Op_free); Open MPI's bindings record the JNI environment and the "
               "local reference to the Op of the first call in the MPI_Op (ompi_op_set_java_callback), a "
               "reference that is stale once that call returns: the second call fails (NullPointerException in "
               "Op.call, or a crash), so the program makes it on natmpj only"},

    # -- Status --
    {"program": "Errors", "key": "getElementsX",
     "ompi": "not called on Open MPI's bindings", "expected": "3 of INT, 12 of BYTE",
     "reason": "Status.getElementsX is MPI_Get_elements_x, here 3 elements of INT (12 of BYTE) in a message of 3 "
               "ints; Open MPI's libmpi_java.so aborts the JVM in Java_mpi_Status_getElementsX (SIGSEGV), so the "
               "program calls it on natmpj only"},

    # -- errors --
    {"program": "Errors", "key": "cart getCoords of rank size",
     "ompi": "no exception", "expected": "MPIException, class ERR_RANK",
     "reason": "MPI_Cart_coords needs a rank of the communicator, 0 to size - 1 (MPI 7.5.5); Open MPI 4.1's check is "
               "off by one (rank > size is refused, rank == size is not: ompi/mpi/c/cart_coords.c), so rank size "
               "gives coordinates past the grid instead of MPI_ERR_RANK"},
]

# natmpj's own departures from Open MPI's behaviour, each documented in docs/ompi-api.md: "program" and "key" as
# above, "expected" the value of the corrected reference (string, function of (rank, np) or compiled regular
# expression), "natmpj" what natmpj prints instead (or None), "reason" with the place it is documented. Applied to
# the expected output of natmpj's runs only; an entry that matches no expected line fails on a complete run.
NATMPJ_DIFFERENCES = []
