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

NATMPJDEV_DIFFERENCES = [
]
