/*
 * mpjdev.natmpjdev.Intracomm: the collectives (15 natives).
 *
 * mpi.NativeIntracomm sends only primitive types here; it packs them into a fresh direct ByteBuffer at index 0 and
 * passes byte counts, so every collective but Reduce moves MPI_BYTEs from the buffers' base addresses. Reduce is
 * typed: it reads the user's Java array and writes the root's result big-endian, the order MPJ Express reads.
 */
#include <stdlib.h>
#include <string.h>
#include "natmpjdev.h"

#define INTRA_NATIVE(ret, name) JNIEXPORT ret JNICALL Java_mpjdev_natmpjdev_Intracomm_##name

INTRA_NATIVE(void, init)(JNIEnv *env, jclass cls) { /* everything it uses is cached by JNI_OnLoad */ }

INTRA_NATIVE(jint, nativeCompare)(JNIEnv *env, jclass cls, jlong h1, jlong h2) {
    MPI_Comm c1, c2;
    int r = MPI_UNEQUAL;
    if (ndev_comm(env, h1, "Comm.Compare: comm1", &c1) || ndev_comm(env, h2, "Comm.Compare: comm2", &c2))
        return MPJ_UNEQUAL;
    if (ndev_check(env, MPI_Comm_compare(c1, c2, &r), "Comm.Compare: MPI_Comm_compare")) return MPJ_UNEQUAL;
    return ndev_compare_out(r);
}

/* The communicator, its size and this process's rank. */
static int comm_info(JNIEnv *env, jlong h, const char *what, MPI_Comm *c, int *size, int *rank) {
    if (ndev_comm(env, h, what, c)) return -1;
    if (ndev_check(env, MPI_Comm_size(*c, size), what)) return -1;
    return ndev_check(env, MPI_Comm_rank(*c, rank), what);
}

static int check_root(JNIEnv *env, int root, int size, const char *what) {
    if (root < 0 || root >= size) return ndev_throw(env, "%s: root %d outside [0, %d)", what, root, size);
    return 0;
}

INTRA_NATIVE(void, nativeBarrier)(JNIEnv *env, jobject self, jlong h) {
    MPI_Comm c;
    if (!ndev_comm(env, h, "Barrier", &c)) ndev_check(env, MPI_Barrier(c), "Barrier: MPI_Barrier");
}

INTRA_NATIVE(void, nativeBcast)(JNIEnv *env, jobject self, jlong h, jobject buf, jint bytes, jint root) {
    MPI_Comm c;
    int size, rank;
    char *p;
    if (comm_info(env, h, "Bcast", &c, &size, &rank) || check_root(env, root, size, "Bcast") ||
        ndev_direct(env, buf, bytes, 1, "Bcast: buffer", &p))
        return;
    ndev_check(env, MPI_Bcast(p, bytes, MPI_BYTE, root, c), "Bcast: MPI_Bcast");
}

/* The receive buffer is null off the root. */
INTRA_NATIVE(void, nativeGather)(JNIEnv *env, jobject self, jlong h, jobject send, jint sbytes, jobject recv,
                                 jint rbytes, jint root, jboolean is_root) {
    MPI_Comm c;
    int size, rank;
    char *s, *r = NULL;
    if (comm_info(env, h, "Gather", &c, &size, &rank) || check_root(env, root, size, "Gather") ||
        ndev_direct(env, send, sbytes, 1, "Gather: send buffer", &s))
        return;
    if (rank == root && ndev_direct(env, recv, (jlong)rbytes * size, 1, "Gather: receive buffer", &r)) return;
    ndev_check(env, MPI_Gather(s, sbytes, MPI_BYTE, r, rbytes, MPI_BYTE, root, c), "Gather: MPI_Gather");
}

/* The send buffer is null off the root. */
INTRA_NATIVE(void, nativeScatter)(JNIEnv *env, jobject self, jlong h, jobject send, jint sbytes, jobject recv,
                                  jint rbytes, jint root) {
    MPI_Comm c;
    int size, rank;
    char *s = NULL, *r;
    if (comm_info(env, h, "Scatter", &c, &size, &rank) || check_root(env, root, size, "Scatter") ||
        ndev_direct(env, recv, rbytes, 1, "Scatter: receive buffer", &r))
        return;
    if (rank == root && ndev_direct(env, send, (jlong)sbytes * size, 1, "Scatter: send buffer", &s)) return;
    ndev_check(env, MPI_Scatter(s, sbytes, MPI_BYTE, r, rbytes, MPI_BYTE, root, c), "Scatter: MPI_Scatter");
}

INTRA_NATIVE(void, nativeAllgather)(JNIEnv *env, jobject self, jlong h, jobject send, jint sbytes, jobject recv,
                                    jint rbytes) {
    MPI_Comm c;
    int size, rank;
    char *s, *r;
    if (comm_info(env, h, "Allgather", &c, &size, &rank) ||
        ndev_direct(env, send, sbytes, 1, "Allgather: send buffer", &s) ||
        ndev_direct(env, recv, (jlong)rbytes * size, 1, "Allgather: receive buffer", &r))
        return;
    ndev_check(env, MPI_Allgather(s, sbytes, MPI_BYTE, r, rbytes, MPI_BYTE, c), "Allgather: MPI_Allgather");
}

INTRA_NATIVE(void, nativeAlltoall)(JNIEnv *env, jobject self, jlong h, jobject send, jint sbytes, jobject recv,
                                   jint rbytes) {
    MPI_Comm c;
    int size, rank;
    char *s, *r;
    if (comm_info(env, h, "Alltoall", &c, &size, &rank) ||
        ndev_direct(env, send, (jlong)sbytes * size, 1, "Alltoall: send buffer", &s) ||
        ndev_direct(env, recv, (jlong)rbytes * size, 1, "Alltoall: receive buffer", &r))
        return;
    ndev_check(env, MPI_Alltoall(s, sbytes, MPI_BYTE, r, rbytes, MPI_BYTE, c), "Alltoall: MPI_Alltoall");
}

/* counts/displacements (in bytes) of every rank: copied, checked non-negative; *extent = max(displ + count). */
static int *vector(JNIEnv *env, jintArray counts, jintArray displs, int size, const char *what, jlong *extent) {
    int *v = malloc(sizeof(int) * 2 * (size_t)size);
    if (!v) return ndev_throw(env, "%s: out of memory", what), NULL;
    if (ndev_int_array(env, counts, size, what, v) || ndev_int_array(env, displs, size, what, v + size)) {
        free(v);
        return NULL;
    }
    *extent = 0;
    for (int i = 0; i < size; i++) {
        if (v[i] < 0 || v[size + i] < 0) {
            free(v);
            return ndev_throw(env, "%s: negative count or displacement for rank %d", what, i), NULL;
        }
        if ((jlong)v[i] + v[size + i] > *extent) *extent = (jlong)v[i] + v[size + i];
    }
    return v;
}

INTRA_NATIVE(void, nativeAlltoallv)(JNIEnv *env, jobject self, jlong h, jobject send, jintArray scounts,
                                    jintArray sdispls, jobject recv, jintArray rcounts, jintArray rdispls) {
    MPI_Comm c;
    int size, rank, *sv = NULL, *rv = NULL;
    char *s, *r;
    jlong sext, rext;
    if (comm_info(env, h, "Alltoallv", &c, &size, &rank)) return;
    if (!(sv = vector(env, scounts, sdispls, size, "Alltoallv: send counts/displacements", &sext))) return;
    if ((rv = vector(env, rcounts, rdispls, size, "Alltoallv: receive counts/displacements", &rext)) &&
        !ndev_direct(env, send, sext, 1, "Alltoallv: send buffer", &s) &&
        !ndev_direct(env, recv, rext, 1, "Alltoallv: receive buffer", &r))
        ndev_check(env, MPI_Alltoallv(s, sv, sv + size, MPI_BYTE, r, rv, rv + size, MPI_BYTE, c),
                   "Alltoallv: MPI_Alltoallv");
    free(sv);
    free(rv);
}

INTRA_NATIVE(void, nativeScatterv)(JNIEnv *env, jobject self, jlong h, jobject send, jintArray scounts,
                                   jintArray displs, jobject recv, jint rbytes, jint root) {
    MPI_Comm c;
    int size, rank, *sv = NULL;
    char *s = NULL, *r;
    jlong sext;
    if (comm_info(env, h, "Scatterv", &c, &size, &rank) || check_root(env, root, size, "Scatterv") ||
        ndev_direct(env, recv, rbytes, 1, "Scatterv: receive buffer", &r))
        return;
    if (rank == root) {
        if (!(sv = vector(env, scounts, displs, size, "Scatterv: send counts/displacements", &sext))) return;
        if (ndev_direct(env, send, sext, 1, "Scatterv: send buffer", &s)) {
            free(sv);
            return;
        }
    }
    ndev_check(env, MPI_Scatterv(s, sv, sv ? sv + size : NULL, MPI_BYTE, r, rbytes, MPI_BYTE, root, c),
               "Scatterv: MPI_Scatterv");
    free(sv);
}

INTRA_NATIVE(void, nativeAllgatherv)(JNIEnv *env, jobject self, jlong h, jobject send, jint sbytes, jobject recv,
                                     jintArray rcounts, jintArray displs) {
    MPI_Comm c;
    int size, rank, *rv;
    char *s, *r;
    jlong rext;
    if (comm_info(env, h, "Allgatherv", &c, &size, &rank) ||
        ndev_direct(env, send, sbytes, 1, "Allgatherv: send buffer", &s))
        return;
    if (!(rv = vector(env, rcounts, displs, size, "Allgatherv: receive counts/displacements", &rext))) return;
    if (!ndev_direct(env, recv, rext, 1, "Allgatherv: receive buffer", &r))
        ndev_check(env, MPI_Allgatherv(s, sbytes, MPI_BYTE, r, rv, rv + size, MPI_BYTE, c),
                   "Allgatherv: MPI_Allgatherv");
    free(rv);
}

/* mpjbuf.Buffer arguments whose layout (device header, section headers) a byte gather cannot respect. */
INTRA_NATIVE(void, nativeGatherv)(JNIEnv *env, jobject self, jlong h, jobject send, jint scount, jobject recv,
                                  jintArray rcounts, jintArray displs, jint root) {
    ndev_throw(env, "Gatherv: not a native operation (MPJ Express 0.44 runs Gatherv in Java over point-to-point)");
}

INTRA_NATIVE(void, nativeAllreduce)(JNIEnv *env, jobject self, jlong h, jobject send, jobject recv, jint count,
                                    jobject op) {
    ndev_throw(env, "Allreduce: not a native operation (no datatype is passed; MPJ Express 0.44 runs Allreduce in "
               "Java over point-to-point)");
}

INTRA_NATIVE(void, nativeReduce_1scatter)(JNIEnv *env, jobject self, jlong h, jobject send, jobject recv,
                                         jintArray counts, jobject op) {
    ndev_throw(env, "Reduce_scatter: not a native operation (no datatype is passed; MPJ Express 0.44 runs it in "
               "Java over point-to-point)");
}

/* mpi.Datatype.baseType codes 1..8 (BYTE CHAR SHORT BOOLEAN INT LONG FLOAT DOUBLE) and mpi.Op.opCode 1..10. */
static const char *const type_names[9] = {"NULL", "BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT",
                                          "DOUBLE"};
static const char *const java_names[9] = {"?", "byte", "char", "short", "boolean", "int", "long", "float",
                                          "double"};
static const int type_sizes[9] = {0, 1, 2, 2, 1, 4, 8, 4, 8};
static const char *const op_names[11] = {"?", "MAX", "MIN", "SUM", "PROD", "LAND", "BAND", "LOR", "BOR", "LXOR",
                                         "BXOR"};

static MPI_Datatype mpi_type(int code) {
    switch (code) {
    case 1: return MPI_INT8_T;
    case 2: return MPI_UINT16_T;
    case 3: return MPI_INT16_T;
    case 4: return MPI_UINT8_T; /* jboolean: 0 or 1 */
    case 5: return MPI_INT32_T;
    case 6: return MPI_INT64_T;
    case 7: return MPI_FLOAT;
    default: return MPI_DOUBLE;
    }
}

static MPI_Op mpi_op(int code) {
    switch (code) {
    case 1: return MPI_MAX;
    case 2: return MPI_MIN;
    case 3: return MPI_SUM;
    case 4: return MPI_PROD;
    case 5: return MPI_LAND;
    case 6: return MPI_BAND;
    case 7: return MPI_LOR;
    case 8: return MPI_BOR;
    case 9: return MPI_LXOR;
    default: return MPI_BXOR;
    }
}

/* Results to big-endian in place (Java reads them through asIntBuffer() etc. of a BIG_ENDIAN buffer). */
static void to_big_endian(char *p, int count, int size) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (int i = 0; i < count; i++, p += size) {
        switch (size) {
        case 2: { uint16_t v; memcpy(&v, p, 2); v = __builtin_bswap16(v); memcpy(p, &v, 2); break; }
        case 4: { uint32_t v; memcpy(&v, p, 4); v = __builtin_bswap32(v); memcpy(p, &v, 4); break; }
        case 8: { uint64_t v; memcpy(&v, p, 8); v = __builtin_bswap64(v); memcpy(p, &v, 8); break; }
        default: return;
        }
    }
#else
    (void)p; (void)count; (void)size;
#endif
}

/* The user's array elements [0, count) into native memory: one JNI call, never held across MPI. */
static void copy_array(JNIEnv *env, jobject array, int type, int count, void *out) {
    switch (type) {
    case 1: (*env)->GetByteArrayRegion(env, array, 0, count, out); break;
    case 2: (*env)->GetCharArrayRegion(env, array, 0, count, out); break;
    case 3: (*env)->GetShortArrayRegion(env, array, 0, count, out); break;
    case 4: (*env)->GetBooleanArrayRegion(env, array, 0, count, out); break;
    case 5: (*env)->GetIntArrayRegion(env, array, 0, count, out); break;
    case 6: (*env)->GetLongArrayRegion(env, array, 0, count, out); break;
    case 7: (*env)->GetFloatArrayRegion(env, array, 0, count, out); break;
    default: (*env)->GetDoubleArrayRegion(env, array, 0, count, out); break;
    }
}

INTRA_NATIVE(void, nativeReduce)(JNIEnv *env, jobject self, jlong h, jobject send, jobject recv, jint count,
                                 jint type, jint op, jint root) {
    MPI_Comm c;
    int size, rank;
    char *r = NULL;
    if (comm_info(env, h, "Reduce", &c, &size, &rank) || check_root(env, root, size, "Reduce")) return;
    if (type < 1 || type > 8) {
        ndev_throw(env, "Reduce: datatype code %d is not a primitive type the native device reduces", type);
        return;
    }
    if (op == -1) {
        ndev_throw(env, "Reduce: a user-defined Op cannot run on the native device (MPJ Express 0.44 passes no Op "
                   "object to it; use the multicore or niodev device, or a predefined Op)");
        return;
    }
    if (op < 1 || op > 10) {
        ndev_throw(env, "Reduce: unknown operation code %d", op);
        return;
    }
    /* MPJ Express's own Ops (mpi.SumWorker, LandWorker, ...) define MAX..PROD on numbers, LAND/LOR/LXOR on
     * booleans only, BAND/BOR/BXOR on integers only; Allreduce, Scan etc. run those in Java. The same rule here, so
     * a program behaves alike on every device (MPI itself would accept e.g. LAND on int). */
    int is_bool = type == 4, is_float = type == 7 || type == 8;
    int valid = op <= 4 ? !is_bool : (op == 5 || op == 7 || op == 9) ? is_bool : !is_bool && !is_float;
    if (!valid) {
        ndev_throw(env, "Reduce: MPI.%s is invalid for MPI.%s", op_names[op], type_names[type]);
        return;
    }
    if (count < 0) {
        ndev_throw(env, "Reduce: negative count %d", count);
        return;
    }
    if (!send || !(*env)->IsInstanceOf(env, send, ndev.arrays[type])) {
        ndev_throw(env, "Reduce: the send buffer is %s, not a %s[] as the datatype MPI.%s says",
                   send ? "another kind of object" : "null", java_names[type], type_names[type]);
        return;
    }
    if ((*env)->GetArrayLength(env, send) < count) {
        ndev_throw(env, "Reduce: the send array has %d elements < count %d", (int)(*env)->GetArrayLength(env, send),
                   count);
        return;
    }
    size_t bytes = (size_t)count * (size_t)type_sizes[type];
    if (rank == root && ndev_direct(env, recv, (jlong)bytes, 0, "Reduce: receive buffer", &r)) return;
    void *s = malloc(bytes ? bytes : 1);
    if (!s) {
        ndev_throw(env, "Reduce: out of memory for %zu bytes", bytes);
        return;
    }
    copy_array(env, send, type, count, s);
    int rc = MPI_Reduce(s, r, count, mpi_type(type), mpi_op(op), root, c);
    free(s);
    if (ndev_check(env, rc, "Reduce: MPI_Reduce")) return;
    if (rank == root) to_big_endian(r, count, type_sizes[type]);
}
