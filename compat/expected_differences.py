"""Where MPJ Express 0.44 itself is wrong: the reviewed table of expected differences of ci/test-compat.

Each entry names a corpus program and one output line of MPJ Express: either by its key ("key": the part before
the second ": " of a "<rank>: <key>: <value>" line; "mpje" is the value MPJ Express prints there) or, for a line
without a rank prefix, the whole line ("line"). "expected" is what the MPI standard and the mpiJava 1.2
specification require there, so what natmpj must print: a value, or None for a line that must not appear.
"mpje" and "expected" may be functions of (rank, np). "np" (optional) limits the entry to those rank counts.
"reason" says why MPJ Express is wrong. ci/test-compat replaces each matching line before comparing, and fails
on an entry that matches no line of MPJ Express's output (the table must stay true).

Where MPJ Express would hang or throw, the program does not make the call there (it tells MPJ Express by its
mpjdev package) and prints "not called on MPJ Express: <why>" or similar; the entry gives the correct line.
"""


def peer_line(tag, data_tag, index=None, rest=""):
    """A NullRequests line for the exchange with the rank's pair partner (rank ^ 1)."""
    def f(rank, np):
        peer = rank ^ 1
        s = "data=[%d, %d]" % (peer, data_tag)
        if index is not None:
            s += " index=%d" % index
        return s + " source=%d tag=%d" % (peer, tag) + rest
    return f


def lst(values):
    """A Java int array as Arrays.toString prints it."""
    return "[" + ", ".join(str(v) for v in values) + "]"


NOT_CALLED_NPE = "not called on MPJ Express: it calls Is_null() on the null element"

DIFFERENCES = [
    # --- NullRequests: null elements of a request array are inactive requests (like MPI.REQUEST_NULL)
    dict(program="NullRequests", key="Waitany null/REQUEST_NULL", mpje=NOT_CALLED_NPE,
         expected=lambda r, n: "data=[%d, 44] index=1 source=%d tag=4" % (r ^ 1, r ^ 1),
         reason="MPJ Express's Waitany calls Is_null() on each element: NullPointerException on a null one "
                "(its Waitall and Testany skip null elements)"),
    dict(program="NullRequests", key="Waitsome null/REQUEST_NULL", mpje=NOT_CALLED_NPE,
         expected=lambda r, n: "data=[%d, 55] [index=2 source=%d tag=5]" % (r ^ 1, r ^ 1),
         reason="MPJ Express's Waitsome calls Is_null() on each element: NullPointerException on a null one"),
    dict(program="NullRequests", key="Testall null/REQUEST_NULL",
         mpje="not called on MPJ Express: it calls Wait() on the null element once all are done",
         expected=lambda r, n: "data=[%d, 66] [1] source=%d tag=6 length=3" % (r ^ 1, r ^ 1),
         reason="MPJ Express's Testall skips null elements while testing, then calls Wait() on every element: "
                "NullPointerException once the active ones are done"),
    dict(program="NullRequests", key="Testsome null/REQUEST_NULL", mpje=NOT_CALLED_NPE,
         expected=lambda r, n: "data=[%d, 77] [index=1 source=%d tag=7]" % (r ^ 1, r ^ 1),
         reason="MPJ Express's Testsome calls Is_null() on each element: NullPointerException on a null one"),
    # --- NullRequests: arrays with no active request
    dict(program="NullRequests", key="Waitany no active", mpje="not called on MPJ Express: it spins forever",
         expected="index=UNDEFINED source=ANY_SOURCE tag=ANY_TAG",
         reason="MPI: with no active request Waitany returns at once, index MPI_UNDEFINED and an empty status; "
                "MPJ Express's Waitany loops over the array forever"),
    dict(program="NullRequests", key="Waitsome no active", mpje="not called on MPJ Express: it spins forever",
         expected="none",
         reason="MPI: with no active request Waitsome returns at once with outcount MPI_UNDEFINED (no statuses); "
                "MPJ Express's Waitsome loops over the array forever"),
    dict(program="NullRequests", key="Testany no active", mpje="null",
         expected="index=UNDEFINED source=ANY_SOURCE tag=ANY_TAG",
         reason="MPI: Testany with no active request returns flag = true, index MPI_UNDEFINED and an empty "
                "status; MPJ Express returns null, which means 'none completed yet', so a program looping "
                "until Testany returns a status never ends"),
    # --- Persistent
    dict(program="Persistent", key="Bsend_init round 1",
         mpje="not started again on MPJ Express: its second Start hangs",
         expected=lambda r, n: "[0, %d, 1, 2, 0] source=%d tag=9 count=3" % ((r - 1) % n, (r - 1) % n),
         reason="MPI: a persistent request is started any number of times; MPJ Express's second Start of a "
                "Bsend_init request never completes (Ibsend, Bsend and Send_init restarts work)"),
    dict(program="Persistent", key="Recv_init Is_null after completion", mpje="true", expected="false",
         reason="MPI: a completed persistent request becomes inactive, not MPI_REQUEST_NULL (it can be "
                "started again, as this program then does); MPJ Express reports it as null"),
    dict(program="Persistent", key="Send_init Is_null after completion", mpje="true", expected="false",
         reason="as for Recv_init: a completed persistent request is inactive, not null"),
    # --- Cancel
    dict(program="Cancel", key="unmatched receive",
         mpje="not cancelled on MPJ Express: Cancel is not implemented, the Wait hangs",
         expected="Test_cancelled=true data=-1",
         reason="MPI: cancelling a receive that no message matches succeeds, its Wait returns and "
                "Test_cancelled is true; MPJ Express's Cancel prints 'Not implemented in this release' and the "
                "Wait never returns"),
    dict(program="Cancel", line="Cancel functionality is not implemented.", expected=None,
         reason="MPJ Express's Status.Test_cancelled prints this on stdout: a program's output is no place "
                "for it; it then returns false"),
    # --- ProbeStatus
    dict(program="ProbeStatus", key="3 pairs", mpje="count(pair)=3 elements(pair)=6 count(INT)=3",
         expected="count(pair)=3 elements(pair)=6 count(INT)=6",
         reason="MPI: Get_count(datatype) counts the received data in units of the given datatype: 6 ints make 6 "
                "MPI.INT; MPJ Express's Status.Get_count returns the receive's own count (3 pairs) whatever "
                "datatype of the same base type it is given"),
    # --- CollectiveOffsets: every collective with send offset 2 and receive offset 1; root = np - 1
    dict(program="CollectiveOffsets", key="Gather", mpje=lambda r, n: lst(list(range(n)) + [-1]),
         expected=lambda r, n: lst([-1] + list(range(n))),
         reason="MPJ Express's Gather ignores the receive offset (writes from element 0); Gatherv honours it"),
    dict(program="CollectiveOffsets", key="Scatter", mpje=lambda r, n: lst([([-9, -9] + list(range(100, 100 + n)))[r], -1]),
         expected=lambda r, n: lst([-1, 100 + r]),
         reason="MPJ Express's Scatter ignores both the send offset and the receive offset; Scatterv honours them"),
    dict(program="CollectiveOffsets", key="Allgather", mpje=lambda r, n: lst([3 * i for i in range(n)] + [-1]),
         expected=lambda r, n: lst([-1] + [3 * i for i in range(n)]),
         reason="MPJ Express's Allgather ignores the receive offset; Allgatherv honours it"),
    dict(program="CollectiveOffsets", key="Reduce",
         mpje="not called on MPJ Express: ArrayIndexOutOfBoundsException for a send offset > 0",
         expected=lambda r, n: lst([-1, n * (n - 1) // 2, n]) if r == n - 1 else "(not root)",
         reason="MPJ Express's Reduce checks the send array against offset + count wrongly and throws "
                "ArrayIndexOutOfBoundsException ('Out of bounds in source array') for any send offset > 0 "
                "(and with offset 0 it writes the result at the wrong place in the receive array)"),
    dict(program="CollectiveOffsets", key="Allreduce",
         mpje="not called on MPJ Express: ArrayIndexOutOfBoundsException for a send offset > 0",
         expected=lambda r, n: lst([-1, n * (n - 1) // 2, n]),
         reason="as Reduce: MPJ Express's Allreduce throws ArrayIndexOutOfBoundsException for a send offset > 0"),
    dict(program="CollectiveOffsets", key="Scan",
         mpje=lambda r, n: lst([-1, 0, 0]) if r == 0 else lst([-1, (r - 1) * r // 2, r]),
         expected=lambda r, n: lst([-1, r * (r + 1) // 2, r + 1]),
         reason="MPJ Express's Scan with offsets gives rank r the prefix of rank r - 1 (rank 0 gets zeros): "
                "the offsets are misapplied"),
    dict(program="CollectiveOffsets", key="Reduce_scatter",
         mpje=lambda r, n: {(2, 0): "[-1, -9]", (2, 1): "[-1, -9]", (4, 0): "[-1, -9]", (4, 1): "[-1, -9]",
                            (4, 2): "[-1, 110]", (4, 3): "[-1, 34]"}[(n, r)],
         expected=lambda r, n: lst([-1, 10 * n * (n - 1) // 2 + n * r]),
         reason="MPJ Express's Reduce_scatter with offsets returns padding and garbage (the values observed are "
                "recorded here); the correct result is the sum over ranks of element r"),
]
