/*
 * natmpj's native code: which file belongs to which library, and the rules each library's C keeps.
 *
 * Two libraries per MPI flavour, both built by src/main/c/CMakeLists.txt into target/native/<flavour>/:
 *  - libnatmpj.so: the .c files of src/main/c plus the JNI glue SWIG generates from natmpj.i (NativeMPIJNI's
 *    natives). Its C functions are natmpj_<mpi call>, declared in one header per area, each of which natmpj.i wraps:
 *      natmpj.c        JNI_OnLoad: natmpj_common_on_load
 *      constants.c/h   predefined handles and integers, read by Java at class initialisation
 *      env.c/h         init, finalize, thread levels, time, processor name, library version
 *      pt2pt.c/h       blocking point-to-point, probes, matched probe/receive, status queries, Bsend's buffer
 *      requests.c/h    non-blocking and persistent requests and their completion
 *      staging.c/h     native memory Java stages arrays in, and direct buffers' addresses
 *      datatypes.c/h   derived datatypes, their shape, Pack/Unpack
 *      collectives.c/h, ops.c/h, communicators.c/h, groups.c/h, topology.c/h: one MPI area each
 *      icollectives.c/h non-blocking and neighbourhood collectives, distributed graphs
 *      io.c/h          MPI-IO: files, views, reads and writes (blocking, non-blocking, split collectives)
 *      internal.h      libnatmpj's private helpers (buffer pairs, created communicators); never seen by SWIG
 *  - libnativempjdev.so (natmpjdev/, next): hand-written JNI for MPJ Express's native device.
 *  Both link natmpj_common (src/main/c/common/, see natmpj_common.h): loading, signals, ending, error strings,
 *  status export, handle casts. It is JNI-free and shared as a static library, never as a third .so.
 *
 * Rules of libnatmpj's C (everything above but natmpjdev):
 *  - It makes no JNI call: buffers may be pinned (GetPrimitiveArrayCritical) while it runs, and a JNI call inside
 *    a critical region is undefined. The one exception is ops.c's bridge from MPI's user-op callbacks to Java,
 *    which Java only reaches with arrays staged, never pinned. The SWIG glue makes all other JNI calls, before
 *    pinning and after releasing.
 *  - Every MPI handle crosses the boundary as natmpj_handle (intptr_t): a pointer in Open MPI, an int in MPICH.
 *  - Functions that can fail return an MPI error code (MPI_SUCCESS == 0) or a NATMPJ_ERR_* code (< 0),
 *    and Java turns it into an exception after every pinned array has been released.
 *  - Buffers arrive as (array, direct) pairs, exactly one non-NULL (or both NULL for an empty message), plus a
 *    byte offset computed and range-checked in Java.
 *  - Parameters are named for what they are (recvcounts, displs, new_comm, index, flag, ...): natmpj.i chooses
 *    each parameter's typemap by its name, and NativeMPI's Java parameters carry the same names.
 * Rules of natmpjdev's C: it is hand-written JNI, so it makes JNI calls (field IDs, MPJ Express's objects), but
 * never while it holds a primitive array critical; it reaches MPI through handles.h like the files here.
 */
#ifndef NATMPJ_H
#define NATMPJ_H

#include "common/natmpj_common.h"

/* Send modes share one entry point. */
enum natmpj_send_mode { NATMPJ_SEND_STANDARD, NATMPJ_SEND_SYNCHRONOUS, NATMPJ_SEND_READY, NATMPJ_SEND_BUFFERED };

#endif
