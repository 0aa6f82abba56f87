/*
 * libnativempjdev: the JNI library behind MPJ Express 0.44's native device (mpjdev.natmpjdev.*), written for natmpj.
 * Private header shared by the C files of this directory, one per Java class:
 *   comm.c       mpjdev.natmpjdev.Comm           (22 natives: init, communicators, point-to-point)
 *   group.c      mpjdev.natmpjdev.Group          (14)
 *   intercomm.c  mpjdev.natmpjdev.Intercomm      (1)
 *   intracomm.c  mpjdev.natmpjdev.Intracomm      (15: collectives)
 *   requests.c   NativeSendRequest, NativeRecvRequest (3 + 3)
 *   natmpjdev.c  JNI_OnLoad, cached JNI IDs, exceptions, handle and constant translation, buffer access
 *   protocol.c   the wire format of object (dynamic-section) messages and the background sends of their bytes
 * Contract: the native methods MPJ Express 0.44's device declares (docs/natmpjdev.md); README.md here summarises
 * the protocol.
 */
#ifndef NATMPJDEV_H
#define NATMPJDEV_H

#include <jni.h>
#include <stdint.h>
#include "common/handles.h"

/* MPJ Express's codes (mpi.MPI, mpjdev.Group): they differ from both MPIs' and are translated both ways. */
enum {
    MPJ_ANY_SOURCE = -2, MPJ_ANY_TAG = -2, MPJ_PROC_NULL = -3, MPJ_UNDEFINED = -1,
    MPJ_IDENT = 0, MPJ_SIMILAR = 1, MPJ_UNEQUAL = 2, MPJ_CONGRUENT = 3
};

/* Bytes [0, 8) of every static buffer belong to the device (Constants.NATIVE_SEND_OVERHEAD): see protocol.c. */
#define NDEV_HEADER 8

/* JNI IDs, cached once: JNI_OnLoad (JDK, mpjbuf, mpjdev classes) and the static natives that run in the class
 * initialisers of mpjdev.natmpjdev (Comm.loadGlobalLibraries, Group.init, the requests' init*). Written before
 * any Java code can call a native that reads them; read-only afterwards. */
struct ndev_ids {
    jclass exception;                                      /* mpjdev.MPJDevException (global ref) */
    jclass nio_buffer;                                     /* mpjbuf.NIOBuffer (global ref) */
    jclass arrays[9];                                      /* [B [C [S [Z [I [J [F [D by MPJ type code 1..8 */
    jfieldID buf_static, buf_dynamic, buf_size, buf_offset; /* mpjbuf.Buffer */
    jfieldID nio_buffer_bb;                                /* mpjbuf.NIOBuffer.buffer */
    jfieldID st_source, st_tag, st_count_bytes, st_num_els; /* mpjdev.Status */
    jfieldID comm_handle, comm_ghost;                      /* natmpjdev.Comm */
    jfieldID group_handle;                                 /* natmpjdev.Group.handleOfGroup */
    jfieldID req_handle, req_buffer, req_status;           /* natmpjdev.NativeRequest.handle, bufferHandle, status */
};
extern struct ndev_ids ndev;

/* Exceptions: always mpjdev.MPJDevException(String). Each returns -1 so callers can write `return ndev_throw(...)`
 * in int helpers; a JNI function returns right after one of them. */
int ndev_throw(JNIEnv *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* rc != MPI_SUCCESS: throws "<what>: <MPI's error string>" and returns -1; else 0. */
int ndev_check(JNIEnv *env, int rc, const char *what);

/* Handles: 64-bit Java longs; 0 = MPI_COMM_NULL / MPI_GROUP_NULL (Java's "no communicator"), -1 = unset. */
static inline jlong ndev_handle(intptr_t h) { return (jlong)h; }
jlong ndev_comm_handle(MPI_Comm c);   /* MPI_COMM_NULL -> 0 */
jlong ndev_group_handle(MPI_Group g); /* MPI_GROUP_NULL -> 0 */
/* A communicator an operation needs: 0 or -1 throws "<what>: no communicator (...)". */
int ndev_comm(JNIEnv *env, jlong h, const char *what, MPI_Comm *out);
int ndev_group(JNIEnv *env, jlong h, const char *what, MPI_Group *out);
int ndev_is_predefined_comm(MPI_Comm c);

/* Rank and tag codes. *_in throw on a code that is neither a rank/tag nor a wildcard MPJ Express defines. */
int ndev_source_in(JNIEnv *env, int mpj, int *out, const char *what);
int ndev_dest_in(JNIEnv *env, int mpj, int *out, const char *what);
int ndev_tag_in(JNIEnv *env, int mpj, int *out, const char *what);
int ndev_rank_out(int mpi_rank);
int ndev_tag_out(int mpi_tag);
int ndev_compare_out(int mpi_result);

/* The static section of an mpjbuf.Buffer: base address (device header at 0) and capacity of its direct
 * ByteBuffer. Throws on a null buffer, an offset < 8 (mpjbuf.Buffer(int)), a non-NIO or heap buffer. */
int ndev_static_buffer(JNIEnv *env, jobject buf, const char *what, char **addr, jlong *capacity);
/* A java.nio.ByteBuffer for a collective: null allowed only when need == 0 and allow_null; must be direct with
 * capacity >= need. */
int ndev_direct(JNIEnv *env, jobject bb, jlong need, int allow_null, const char *what, char **addr);
/* A Java int[] of at least n elements copied into out (n <= cap). */
int ndev_int_array(JNIEnv *env, jintArray a, jsize n, const char *what, int *out);

/* Status fields: source/tag in MPJ codes, countInBytes = bytes - 16 (device header + section header). */
void ndev_fill_status(JNIEnv *env, jobject status, const MPI_Status *st, int bytes);

/* What NativeRequest.handle points to (Java never reads that field): the MPI requests of one Isend or Irecv and
 * what completing it needs. Freed, and the field set to 0, when Wait or Test completes it. */
struct ndev_request {
    int is_recv;
    int state;            /* receive: 0 part A pending, 1 part B pending, 2 complete */
    MPI_Request a, b;
    MPI_Comm ghost;       /* receive: where part B comes from (the Comm's ghostHandle at nativeIrecv) */
    char *addr;           /* receive: the static buffer (device header at 0) */
    MPI_Status status;    /* receive: part A's status */
    int bytes;            /* receive: static bytes received */
    char *dyn;            /* receive: part B's bytes */
    int dlen;
};

/* protocol.c: object messages (see the comment there). */
void ndev_protocol_init(void);                            /* after MPI_Init: the tag bound from MPI_TAG_UB */
/* Writes the header of an outgoing message; for dlen > 0 copies the dynamic bytes out of buf.dynamicBuffer into
 * *dyn (malloc'd) and returns the sequence number its part B carries as tag on the ghost communicator. */
int ndev_header_out(JNIEnv *env, jobject buf, char *addr, int dlen, char **dyn, int *seq);
/* Part B: MPI_Isend on the ghost, kept on the pending list (freed there); dyn is consumed even on error. */
int ndev_send_dynamic(JNIEnv *env, MPI_Comm ghost, int dest, int seq, char *dyn, int dlen);
/* Reads a received header: 1 if a part B follows (its sequence and length are returned), else 0. */
int ndev_header_in(const char *addr, int bytes, int *seq, int *dlen);
/* Stores received dynamic bytes as buf.dynamicBuffer (a new byte[]). */
int ndev_set_dynamic(JNIEnv *env, jobject buf, const char *dyn, int dlen);
void ndev_reap_pending(int wait_all);                     /* completes finished background sends (or all) */
int ndev_ghost(JNIEnv *env, jobject comm_obj, const char *what, MPI_Comm *out);

#endif
