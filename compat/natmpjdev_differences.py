"""Where MPJ Express 0.44's native device (-dev native over natmpj's libnativempjdev.so, "natmpjdev") and its
multicore device differ: the reviewed table of ci/test-compat's natmpjdev runtime.

ci/test-compat takes MPJ Express's multicore output as it is (MPJ Express's defects common to both devices stay:
they live in MPJ Express's mpi layer, which both devices share, and compat/expected_differences.py lists them for
natmpj), then applies this table to get what the native device must print. Two kinds of entry ("cause"):
- "java": a defect of MPJ Express's Java side that shows on the native device only (mpi.NativeIntracomm,
  mpjdev.natmpjdev.*; natmpjdev contract §5.2, §5.9, §5.11). No JNI library can fix it; "expected" is the wrong
  value MPJ Express prints there and "reason" says what MPI requires. README and docs/natmpjdev.md list them.
- "multicore": the multicore device is wrong and the native device right; "expected" is the correct value.

Entry format as in compat/expected_differences.py: "program", "key" (the part before the second ": " of a
"<rank>: <key>: <value>" line) or "line" (a whole line without a rank prefix), "mpje" (multicore's value),
"expected" (natmpjdev's value; None: no such line), optionally "np"; values may be functions of (rank, np).
An entry that matches no line of multicore's output fails ci/test-compat.

A corpus program avoids what MPJ Express cannot survive on the native device (a blocking Iprobe with nothing to
receive, a user Op in Reduce, ...): it tells the device by mpjdev.Constants.isNative and prints "not called on
MPJ Express's native device: <why>" (multicore then prints the real result, and the entry maps one to the other).
"""

import importlib.util as _ilu
import os as _os

_spec = _ilu.spec_from_file_location("expected_differences",
                                     _os.path.join(_os.path.dirname(_os.path.abspath(__file__)),
                                                   "expected_differences.py"))
_ed = _ilu.module_from_spec(_spec)
_spec.loader.exec_module(_ed)


def _multicore(pred, why):
    """compat/expected_differences.py's entries the native device gets right: multicore's defect, corrected."""
    return [dict(d, cause="multicore", reason=why + ": " + d["reason"]) for d in _ed.DIFFERENCES
            if pred(d["program"], d.get("key") or "")]


# What MPJ Express's native Alltoallv leaves in the receive arrays (blocks packed at displacement 0: the rest is
# whatever the Java side's direct buffers held), by (np, rank), as seen on both MPIs; multicore's (correct) values
_ALLTOALLV_MC = {(2, 0): '[-1, 0, 10]',
                 (2, 1): '[-1, 1, 11]',
                 (4, 0): '[-1, 0, 10, 20, 30]',
                 (4, 1): '[-1, 1, 11, 21, 31]',
                 (4, 2): '[-1, 2, 12, 22, 32]',
                 (4, 3): '[-1, 3, 13, 23, 33]'}
_ALLTOALLV_DEV = {(2, 0): '[-9, -9, -1]',
                  (2, 1): '[0, 0, -1]',
                  (4, 0): '[1, 1, 1, 1, -1]',
                  (4, 1): '[0, 0, 0, 0, -1]',
                  (4, 2): '[0, 0, 0, 0, -1]',
                  (4, 3): '[0, 0, 0, 0, -1]'}
_ALLTOALLV_V_MC = {(2, 0): '[0, 16]',
                   (2, 1): '[1, 1, 17, 17]',
                   (4, 0): '[0, 16, 32, 48]',
                   (4, 1): '[1, 1, 17, 17, 33, 33, 49, 49]',
                   (4, 2): '[2, 2, 2, 18, 18, 18, 34, 34, 34, 50, 50, 50]',
                   (4, 3): '[3, 3, 3, 3, 19, 19, 19, 19, 35, 35, 35, 35, 51, 51, 51, 51]'}
_ALLTOALLV_V_DEV = {(2, 0): '[1, 1]',
                    (2, 1): '[1, 0, 1, 0]',
                    (4, 0): '[3, 3, 3, 3]',
                    (4, 1): '[3, 3, 3, 3, 3, 3, 3, 3]',
                    (4, 2): '[3, 0, 0, 3, 0, 0, 3, 0, 0, 3, 0, 0]',
                    (4, 3): '[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]'}


_NATIVE_IPROBE = ("not called on MPJ Express's native device: its Iprobe is a blocking Probe (hangs with nothing to "
                  "receive)")


def _on_root(values, root):
    """values[np] on the root ("last": rank np - 1; None: every rank is a root, as for Allreduce)."""
    def value(r, n):
        if root is None or r == (n - 1 if root == "last" else root):
            return values.get(n)
        return None
    return value


def _sum_pairs(r, n):
    return "[%d, %d]" % (n * (n - 1) // 2, n)


NATMPJDEV_DIFFERENCES = [
    # --- MPJ Express's Java side on the native device (no library can fix these)
    dict(program="BadInput", key="Reduce with a user Op result", mpje=_sum_pairs, expected="[0, 0]", cause="java",
         reason="MPI: Reduce applies a user Op like a built-in one; MPJ Express's native Reduce passes the op's code "
                "(-1 for a user Op, no Op object) to nativeReduce, which cannot call it and throws MPJDevException; "
                "mpi.Intracomm.Reduce catches that, prints its stack trace and returns with the buffer untouched"),
    dict(program="BadInput", key="Allreduce with a user Op result", mpje=_sum_pairs, expected="[0, 0]",
         cause="java", reason="as Reduce: MPJ Express's Allreduce on the native device is its Reduce then a Bcast"),
] + [
    # UserOps: every Reduce/Allreduce with a user Op on the native device (Scan and Reduce_scatter stay in Java)
    dict(program="UserOps", key=key, mpje=_on_root(values, root), expected=untouched, cause="java",
         reason="as BadInput's Reduce with a user Op: nativeReduce gets code -1 and no Op object, throws "
                "MPJDevException, mpi.Intracomm.Reduce/Allreduce print and swallow it: the result buffer stays "
                "as it was (zeros)")
    for key, values, root, untouched in (
        ("AbsSum Reduce INT", {2: "[3, 1, 10]", 4: "[4, 6, 20]"}, "last", "[0, 0, 0]"),
        ("AbsSum Allreduce INT", {2: "[3, 1, 10]", 4: "[4, 6, 20]"}, None, "[0, 0, 0]"),
        ("AbsSum Allreduce DOUBLE", {2: "[1.0, 0.25]", 4: "[5.0, 1.5]"}, None, "[0.0, 0.0]"),
        ("MatMul Reduce", {2: "[3, 2, 1, 1, 1, 1, 0, 1]", 4: "[42, 29, 13, 9, 1, 6, 0, 1]"}, 0,
         "[0, 0, 0, 0, 0, 0, 0, 0]"),
        ("MatMul Allreduce", {2: "[3, 2, 1, 1, 1, 1, 0, 1]", 4: "[42, 29, 13, 9, 1, 6, 0, 1]"}, None,
         "[0, 0, 0, 0, 0, 0, 0, 0]"))
] + [
    dict(program="CollectiveOffsets", key="Alltoallv", mpje=lambda r, n: _ALLTOALLV_MC.get((n, r)),
         expected=lambda r, n: _ALLTOALLV_DEV.get((n, r)), cause="java",
         reason="mpi.NativeIntracomm.Alltoallv packs and unpacks every rank's block at offset 0 of its buffer, not "
                "at the displacements (MPJ Express's own test has its check commented out)"),
    dict(program="CollectivesV", key="Alltoallv BYTE",
         mpje=lambda r, n: _ALLTOALLV_V_MC.get((n, r)), expected=lambda r, n: _ALLTOALLV_V_DEV.get((n, r)),
         cause="java", reason="as CollectiveOffsets Alltoallv: blocks packed and unpacked at displacement 0"),
    dict(program="Comms", key="Split(UNDEFINED on rank 0)", mpje=lambda r, n: "size=1 rank=0" if r == 0 else None,
         expected="threw java.lang.ArithmeticException: / by zero", cause="java",
         reason="MPI: color MPI_UNDEFINED gives MPI_COMM_NULL (mpiJava: null); mpi.NativeIntracomm.Split wraps the "
                "null handle in a communicator anyway, whose constructor divides by its size (0)"),
    dict(program="ObjectWildcards", key="Get_count(OBJECT) after Iprobe", mpje=lambda r, n: str((r - 1) % n + 1),
         expected="not called on MPJ Express's native device: ArithmeticException (/ by zero) in "
                  "mpi.Status.Get_count", cause="java",
         reason="MPI: Get_count after a probe gives the message's count; on the native device MPJ Express's Status "
                "has no section type after a probe, and Get_count then divides the byte count by the datatype's "
                "byte size, 0 for MPI.OBJECT"),
    dict(program="ObjectProbe", key="Get_count(OBJECT) after Probe", mpje=lambda r, n: str((r - 1) % n + 2),
         expected="not called on MPJ Express's native device: ArithmeticException (/ by zero) in "
                  "mpi.Status.Get_count", cause="java",
         reason="as ObjectWildcards: after a Probe the native device's Status has no section type, and Get_count "
                "divides the byte count by MPI.OBJECT's byte size, 0"),
    dict(program="ObjectProbe", key="Get_count(OBJECT) after Iprobe", mpje="1",
         expected="not called on MPJ Express's native device: ArithmeticException (/ by zero) in "
                  "mpi.Status.Get_count", cause="java", reason="as after Probe"),
    dict(program="ProbeStatus", key="Iprobe before any send", mpje="null",
         expected=_NATIVE_IPROBE, cause="java",
         reason="MPI: Iprobe returns at once (mpiJava: null) when no message matches; MPJ Express's "
                "mpjdev.natmpjdev.Comm.iprobe calls the device's blocking probe, so it waits for a message that "
                "never comes (hangs)"),
    dict(program="Comms", key="clone isolation", mpje="world Iprobe=null", expected="world Iprobe=" + _NATIVE_IPROBE,
         cause="java", reason="as ProbeStatus: Iprobe is a blocking probe on the native device, and the message is "
                              "on the clone, so a world Iprobe waits forever"),
    dict(program="Requests", key="Testall", np=(4,),
         mpje=lambda r, n: "[%s] [%s]" % (", ".join(str(1000 * s + r) for s in range(n) if s != r),
                                          ", ".join("source=%d tag=%d" % (s, 500 + s) for s in range(n) if s != r)),
         expected="not called on MPJ Express's native device with several requests: a request completed by an "
                  "earlier call tests as incomplete ever after (loops forever unless all complete at once)",
         cause="java",
         reason="MPI: Testall returns the statuses once every request is complete, whichever call completed them; "
                "mpi.Request.Testall tests every request again on each call (stopping at the first incomplete one), "
                "and mpjdev.natmpjdev.NativeSendRequest/NativeRecvRequest.itest() return null for a request already "
                "completed, so once the requests complete in different calls Testall returns null forever (seen "
                "with Open MPI at 4 ranks); with one request (np=2) it works"),
    dict(program="GroupRanges", key="Create(Range_incl({1, 3, 1}, {5, 8, 2}))",
         mpje=lambda r, n: "size=5 rank=-1 sum=%d" % r,
         expected="not called on MPJ Express's native device: a non-member gets a communicator wrapping no device "
                  "communicator (its Allreduce throws NullPointerException)", cause="java",
         reason="MPI: MPI_Comm_create returns MPI_COMM_NULL to the processes outside the group (mpiJava: null); "
                "mpi.NativeIntracomm.Create wraps the device's null communicator (natmpjdev's nativeCreate returns "
                "0 for MPI_COMM_NULL, and natmpjdev.Comm.create then null) in an Intracomm anyway, whose operations "
                "dereference it (NullPointerException in NativeIntracomm.Reduce, from Allreduce)"),
] + _multicore(lambda p, k: p == "ObjectWildcards",
               "the native device (natmpjdev) sends objects without waiting for the receive") + _multicore(
    lambda p, k: p == "Reductions" and (k.startswith("Reduce B") or k.startswith("Allreduce B")),
    "the native device reduces BOR and BXOR in MPI (Allreduce is Reduce + Bcast there); Scan stays in Java") + \
    _multicore(lambda p, k: p == "CollectiveOffsets" and k in ("Scatter", "Gather", "Allgather"),
               "the native device's Java side honours the offsets of Gather, Scatter and Allgather")
