/*
 * mpjdev.natmpjdev.Comm: start and end of MPI, communicators, point-to-point (22 natives).
 * Handles are the Java longs of natmpjdev.h; the wire format of messages is protocol.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include "natmpjdev.h"

#define COMM_NATIVE(ret, name) JNIEXPORT ret JNICALL Java_mpjdev_natmpjdev_Comm_##name

/* Comm.<clinit> calls this first, before any other native of Comm: the Comm field IDs are cached here. */
COMM_NATIVE(jboolean, loadGlobalLibraries)(JNIEnv *env, jclass cls) {
    if (!(ndev.comm_handle = (*env)->GetFieldID(env, cls, "handle", "J")) ||
        !(ndev.comm_ghost = (*env)->GetFieldID(env, cls, "ghostHandle", "J")))
        return JNI_FALSE;
    const char *why = natmpj_load_error();
    if (why[0] == '\0') return JNI_TRUE;
#if defined(OPEN_MPI) || defined(MPI_ABI_VERSION)
    /* Open MPI's plugins would fail to resolve libmpi's symbols (an abi build may run on Open MPI too); Java prints a
     * line and exits with status 1. */
    fprintf(stderr, "libnativempjdev: %s\n", why);
    fflush(stderr);
    return JNI_FALSE;
#else
    return JNI_TRUE; /* MPICH has no plugins that need libmpi global */
#endif
}

COMM_NATIVE(jint, getTagUB)(JNIEnv *env, jclass cls) {
    void *value = NULL;
    int flag = 0;
    if (ndev_check(env, MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag), "getTagUB")) return 0;
    if (!flag || !value) return ndev_throw(env, "getTagUB: MPI_COMM_WORLD has no MPI_TAG_UB attribute"), 0;
    return *(int *)value;
}

COMM_NATIVE(jlong, getWorld)(JNIEnv *env, jclass cls) { return ndev_comm_handle(MPI_COMM_WORLD); }

COMM_NATIVE(jlong, dup)(JNIEnv *env, jobject self, jlong h) {
    MPI_Comm out = MPI_COMM_NULL;
    if (h == 0 || h == -1) return 0; /* a Comm of a process outside the communicator: no ghost either */
    if (ndev_check(env, MPI_Comm_dup(COMM((intptr_t)h), &out), "Comm.dup: MPI_Comm_dup")) return 0;
    return ndev_comm_handle(out);
}

COMM_NATIVE(jint, rank)(JNIEnv *env, jobject self, jlong h) {
    MPI_Comm c;
    int r = MPI_UNDEFINED;
    if (ndev_comm(env, h, "Comm.rank", &c)) return 0;
    if (ndev_check(env, MPI_Comm_rank(c, &r), "Comm.rank: MPI_Comm_rank")) return 0;
    return r;
}

/* Of an intercommunicator: the remote group's size, the valid destinations (mpjdev's Comm.size()). */
COMM_NATIVE(jint, size)(JNIEnv *env, jobject self, jlong h) {
    int inter = 0, n = 0;
    if (h == 0 || h == -1) return 0;
    MPI_Comm c = COMM((intptr_t)h);
    if (ndev_check(env, MPI_Comm_test_inter(c, &inter), "Comm.size: MPI_Comm_test_inter")) return 0;
    int rc = inter ? MPI_Comm_remote_size(c, &n) : MPI_Comm_size(c, &n);
    if (ndev_check(env, rc, "Comm.size")) return 0;
    return n;
}

/* Of an intercommunicator: the remote group (mpjdev's Comm.group; the local one is localgroup, made in Java). */
COMM_NATIVE(jlong, group)(JNIEnv *env, jobject self) {
    jlong h = (*env)->GetLongField(env, self, ndev.comm_handle);
    int inter = 0;
    MPI_Group g = MPI_GROUP_NULL;
    if (h == 0 || h == -1) return 0;
    MPI_Comm c = COMM((intptr_t)h);
    if (ndev_check(env, MPI_Comm_test_inter(c, &inter), "Comm.group: MPI_Comm_test_inter")) return 0;
    int rc = inter ? MPI_Comm_remote_group(c, &g) : MPI_Comm_group(c, &g);
    if (ndev_check(env, rc, "Comm.group")) return 0;
    return ndev_group_handle(g);
}

COMM_NATIVE(jlong, create)(JNIEnv *env, jobject self, jlong h, jintArray ranks) {
    MPI_Comm c, out = MPI_COMM_NULL;
    MPI_Group all, sub;
    if (ndev_comm(env, h, "Comm.create", &c)) return 0;
    if (!ranks) return ndev_throw(env, "Comm.create: ranks is null"), 0;
    jsize n = (*env)->GetArrayLength(env, ranks);
    int *r = malloc(sizeof(int) * (size_t)(n ? n : 1));
    if (!r) return ndev_throw(env, "Comm.create: out of memory"), 0;
    (*env)->GetIntArrayRegion(env, ranks, 0, n, (jint *)r);
    int rc = MPI_Comm_group(c, &all);
    if (rc == MPI_SUCCESS) {
        rc = MPI_Group_incl(all, n, r, &sub);
        if (rc == MPI_SUCCESS) {
            rc = MPI_Comm_create(c, sub, &out);
            MPI_Group_free(&sub);
        }
        MPI_Group_free(&all);
    }
    free(r);
    if (ndev_check(env, rc, "Comm.create")) return 0;
    return ndev_comm_handle(out);
}

/* MPJ Express passes MPI.UNDEFINED (-1) as the colour of ranks that join no new communicator. */
COMM_NATIVE(jlong, nativeSplit)(JNIEnv *env, jobject self, jlong h, jint colour, jint key) {
    MPI_Comm c, out = MPI_COMM_NULL;
    if (ndev_comm(env, h, "Comm.split", &c)) return 0;
    if (ndev_check(env, MPI_Comm_split(c, colour < 0 ? MPI_UNDEFINED : colour, key, &out),
                   "Comm.split: MPI_Comm_split"))
        return 0;
    return ndev_comm_handle(out);
}

/* The argument is a group; the parent communicator is this Comm. */
COMM_NATIVE(jlong, nativeCreate)(JNIEnv *env, jobject self, jlong group) {
    MPI_Comm c, out = MPI_COMM_NULL;
    MPI_Group g;
    if (ndev_comm(env, (*env)->GetLongField(env, self, ndev.comm_handle), "Comm.create", &c)) return 0;
    if (ndev_group(env, group, "Comm.create", &g)) return 0;
    if (ndev_check(env, MPI_Comm_create(c, g, &out), "Comm.create: MPI_Comm_create")) return 0;
    return ndev_comm_handle(out);
}

COMM_NATIVE(jlong, nativeCreateIntercomm)(JNIEnv *env, jobject self, jlong peer, jlong local, jint local_leader,
                                          jint remote_leader, jint tag) {
    MPI_Comm p = MPI_COMM_NULL, l, out = MPI_COMM_NULL;
    if (ndev_comm(env, local, "Intercomm_create: local communicator", &l)) return 0;
    /* The peer communicator matters only at the local leader. */
    if (peer != 0 && peer != -1) p = COMM((intptr_t)peer);
    if (ndev_check(env, MPI_Intercomm_create(l, local_leader, p, remote_leader, tag, &out),
                   "Intercomm_create: MPI_Intercomm_create"))
        return 0;
    return ndev_comm_handle(out);
}

/* Comm.free() frees handle, then ghostHandle, and keeps both fields: they are zeroed here, so a later use of the
 * freed Comm gets an exception instead of a dangling handle. */
COMM_NATIVE(void, free)(JNIEnv *env, jobject self, jlong h) {
    if (h == 0 || h == -1) return;
    MPI_Comm c = COMM((intptr_t)h);
    if (ndev_is_predefined_comm(c)) return;
    if (ndev_check(env, MPI_Comm_free(&c), "Comm.free: MPI_Comm_free")) return;
    if ((*env)->GetLongField(env, self, ndev.comm_handle) == h) (*env)->SetLongField(env, self, ndev.comm_handle, 0);
    if ((*env)->GetLongField(env, self, ndev.comm_ghost) == h) (*env)->SetLongField(env, self, ndev.comm_ghost, 0);
}

/* Prints nothing (MPJ Express's multicore device prints nothing at start either). */
COMM_NATIVE(void, nativeInit)(JNIEnv *env, jclass cls, jobjectArray args) {
    int initialized = 0, provided = 0;
    if (!ndev.comm_handle && !(ndev.comm_handle = (*env)->GetFieldID(env, cls, "handle", "J"))) return;
    if (!ndev.comm_ghost && !(ndev.comm_ghost = (*env)->GetFieldID(env, cls, "ghostHandle", "J"))) return;
    MPI_Initialized(&initialized);
    if (!initialized) {
        int rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
        natmpj_guard_jvm_signals(); /* MPI_Init may have installed crash handlers over the JVM's */
        if (rc != MPI_SUCCESS) {
            const char *why = natmpj_load_error();
            ndev_throw(env, "MPI_Init_thread failed (error %d)%s%s", rc, why[0] ? ": " : "", why);
            return;
        }
        natmpj_guard_exit();
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    ndev_protocol_init();
}

COMM_NATIVE(void, nativeFinish)(JNIEnv *env, jclass cls) {
    int finalized = 0, initialized = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (!initialized || finalized) return;
    ndev_reap_pending(1); /* every object message's part B has been received once each rank is here */
    ndev_check(env, MPI_Finalize(), "MPI_Finalize");
}

COMM_NATIVE(void, GetComm)(JNIEnv *env, jobject self, jint which) {
    jlong h;
    switch (which) {
    case 0: h = 0; break;
    case 1: h = ndev_comm_handle(MPI_COMM_SELF); break;
    case 2: h = ndev_comm_handle(MPI_COMM_WORLD); break;
    default: ndev_throw(env, "Comm.GetComm: unknown predefined communicator %d (0 null, 1 self, 2 world)", which);
             return;
    }
    (*env)->SetLongField(env, self, ndev.comm_handle, h);
}

enum send_mode { MODE_SEND, MODE_SSEND, MODE_ISEND, MODE_ISSEND };
static const char *const mode_name[] = {"send", "ssend", "isend", "issend"};

/* Part A from the buffer's base address (no copy), part B (if any) in the background; an Isend's request
 * completes with part A alone. */
static void do_send(JNIEnv *env, jobject self, jlong h, jobject buf, jint dest, jint tag, jint slen, jint dlen,
                    enum send_mode mode, jobject req) {
    const char *what = mode_name[mode];
    MPI_Comm c, ghost = MPI_COMM_NULL;
    char *addr, *dyn = NULL;
    jlong cap;
    int d, seq, rc;
    if (ndev_comm(env, h, what, &c) || ndev_dest_in(env, dest, &d, what)) return;
    if (tag < 0) {
        ndev_throw(env, "%s: invalid tag %d", what, tag);
        return;
    }
    if (ndev_static_buffer(env, buf, what, &addr, &cap)) return;
    if (slen < NDEV_HEADER || slen > cap) {
        ndev_throw(env, "%s: static length %d outside [%d, %lld] (the buffer's capacity)", what, slen, NDEV_HEADER,
                   (long long)cap);
        return;
    }
    if (dlen > 0 && ndev_ghost(env, self, what, &ghost)) return;
    if (ndev_header_out(env, buf, addr, dlen, &dyn, &seq)) return;
    if (mode == MODE_SEND || mode == MODE_SSEND) {
        rc = (mode == MODE_SEND ? MPI_Send : MPI_Ssend)(addr, slen, MPI_BYTE, d, tag, c);
        if (ndev_check(env, rc, mode == MODE_SEND ? "send: MPI_Send" : "ssend: MPI_Ssend")) {
            free(dyn);
            return;
        }
    } else {
        struct ndev_request *r = calloc(1, sizeof *r);
        if (!r) {
            free(dyn);
            ndev_throw(env, "%s: out of memory", what);
            return;
        }
        r->b = MPI_REQUEST_NULL;
        rc = (mode == MODE_ISEND ? MPI_Isend : MPI_Issend)(addr, slen, MPI_BYTE, d, tag, c, &r->a);
        if (ndev_check(env, rc, mode == MODE_ISEND ? "isend: MPI_Isend" : "issend: MPI_Issend")) {
            free(r);
            free(dyn);
            return;
        }
        (*env)->SetLongField(env, req, ndev.req_handle, ndev_handle((intptr_t)r));
        (*env)->SetObjectField(env, req, ndev.req_buffer, buf); /* keeps the buffer reachable until completion */
    }
    if (dyn && d != MPI_PROC_NULL) ndev_send_dynamic(env, ghost, d, seq, dyn, dlen);
    else free(dyn);
}

COMM_NATIVE(void, nativeSend)(JNIEnv *env, jobject self, jlong h, jobject buf, jint dest, jint tag, jint slen,
                              jint dlen) {
    do_send(env, self, h, buf, dest, tag, slen, dlen, MODE_SEND, NULL);
}

COMM_NATIVE(void, nativeSsend)(JNIEnv *env, jobject self, jlong h, jobject buf, jint dest, jint tag, jint slen,
                               jint dlen) {
    do_send(env, self, h, buf, dest, tag, slen, dlen, MODE_SSEND, NULL);
}

COMM_NATIVE(void, nativeIsend)(JNIEnv *env, jobject self, jlong h, jobject buf, jint dest, jint tag, jint slen,
                               jint dlen, jobject req) {
    if (!req) ndev_throw(env, "isend: the request is null");
    else do_send(env, self, h, buf, dest, tag, slen, dlen, MODE_ISEND, req);
}

COMM_NATIVE(void, nativeIssend)(JNIEnv *env, jobject self, jlong h, jobject buf, jint dest, jint tag, jint slen,
                                jint dlen, jobject req) {
    if (!req) ndev_throw(env, "issend: the request is null");
    else do_send(env, self, h, buf, dest, tag, slen, dlen, MODE_ISSEND, req);
}

/* Part A into the whole static buffer (the receiver cannot know its size), then part B from A's actual source. */
COMM_NATIVE(void, nativeRecv)(JNIEnv *env, jobject self, jlong h, jobject buf, jint size, jint src, jint tag,
                              jobject status) {
    MPI_Comm c, ghost;
    MPI_Status st;
    char *addr;
    jlong cap;
    int s, t, bytes = 0, seq, dlen;
    if (ndev_comm(env, h, "recv", &c) || ndev_source_in(env, src, &s, "recv") || ndev_tag_in(env, tag, &t, "recv"))
        return;
    if (ndev_static_buffer(env, buf, "recv", &addr, &cap)) return;
    int n = cap > INT32_MAX ? INT32_MAX : (int)cap;
    if (ndev_check(env, MPI_Recv(addr, n, MPI_BYTE, s, t, c, &st), "recv: MPI_Recv")) return;
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    if (ndev_header_in(addr, bytes, &seq, &dlen)) {
        if (ndev_ghost(env, self, "recv", &ghost)) return;
        char *dyn = malloc((size_t)dlen);
        if (!dyn) {
            ndev_throw(env, "recv: out of memory for %d bytes of object data", dlen);
            return;
        }
        int rc = MPI_Recv(dyn, dlen, MPI_BYTE, st.MPI_SOURCE, seq, ghost, MPI_STATUS_IGNORE);
        if (!ndev_check(env, rc, "recv: MPI_Recv of the object data")) ndev_set_dynamic(env, buf, dyn, dlen);
        free(dyn);
        if ((*env)->ExceptionCheck(env)) return;
    }
    (*env)->SetIntField(env, buf, ndev.buf_size, bytes);
    ndev_fill_status(env, status, &st, bytes);
}

/* Posts part A; the request record remembers the ghost communicator, where Wait/Test will fetch part B. */
COMM_NATIVE(void, nativeIrecv)(JNIEnv *env, jobject self, jlong h, jobject buf, jint src, jint tag, jobject status,
                               jobject req) {
    MPI_Comm c;
    char *addr;
    jlong cap;
    int s, t;
    if (!req) {
        ndev_throw(env, "irecv: the request is null");
        return;
    }
    if (ndev_comm(env, h, "irecv", &c) || ndev_source_in(env, src, &s, "irecv") ||
        ndev_tag_in(env, tag, &t, "irecv"))
        return;
    if (ndev_static_buffer(env, buf, "irecv", &addr, &cap)) return;
    struct ndev_request *r = calloc(1, sizeof *r);
    if (!r) {
        ndev_throw(env, "irecv: out of memory");
        return;
    }
    r->is_recv = 1;
    r->addr = addr;
    r->b = MPI_REQUEST_NULL;
    jlong ghost = (*env)->GetLongField(env, self, ndev.comm_ghost);
    r->ghost = ghost == 0 || ghost == -1 ? MPI_COMM_NULL : COMM((intptr_t)ghost);
    int n = cap > INT32_MAX ? INT32_MAX : (int)cap;
    if (ndev_check(env, MPI_Irecv(addr, n, MPI_BYTE, s, t, c, &r->a), "irecv: MPI_Irecv")) {
        free(r);
        return;
    }
    (*env)->SetLongField(env, req, ndev.req_handle, ndev_handle((intptr_t)r));
    (*env)->SetObjectField(env, req, ndev.req_buffer, buf);
}

/* Also what MPJ Express's Iprobe calls (Java): it blocks there as it does upstream. */
COMM_NATIVE(void, nativeProbe)(JNIEnv *env, jobject self, jlong h, jint src, jint tag, jobject status) {
    MPI_Comm c;
    MPI_Status st;
    int s, t, bytes = 0;
    if (ndev_comm(env, h, "probe", &c) || ndev_source_in(env, src, &s, "probe") ||
        ndev_tag_in(env, tag, &t, "probe"))
        return;
    if (ndev_check(env, MPI_Probe(s, t, c, &st), "probe: MPI_Probe")) return;
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    ndev_fill_status(env, status, &st, bytes);
}
