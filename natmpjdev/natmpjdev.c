/*
 * Load-time work and the helpers every class's natives share: cached JNI IDs, exceptions, handle and constant
 * translation, buffer access.
 */
#include <stdarg.h>
#include <stdio.h>
#include "natmpjdev.h"

struct ndev_ids ndev;

/* Looks a class up and keeps a global reference; NULL (with the JVM's exception pending) if absent. */
static jclass global_class(JNIEnv *env, const char *name) {
    jclass local = (*env)->FindClass(env, name);
    if (!local) return NULL;
    jclass global = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    return global;
}

/*
 * Only classes whose initialisers call none of this library's natives are looked up here: HotSpot's FindClass
 * initialises the class, and mpjdev.natmpjdev's classes need this library linked first. Their IDs are cached by
 * their own static natives (Comm.loadGlobalLibraries, Group.init, NativeSend/RecvRequest.init*).
 */
JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) return JNI_ERR;
    natmpj_common_on_load(); /* a failure is reported by Comm.loadGlobalLibraries */
    static const char *arrays[9] = {NULL, "[B", "[C", "[S", "[Z", "[I", "[J", "[F", "[D"};
    if (!(ndev.exception = global_class(env, "mpjdev/MPJDevException"))) return JNI_ERR;
    if (!(ndev.nio_buffer = global_class(env, "mpjbuf/NIOBuffer"))) return JNI_ERR;
    for (int i = 1; i <= 8; i++)
        if (!(ndev.arrays[i] = global_class(env, arrays[i]))) return JNI_ERR;
    jclass buffer = (*env)->FindClass(env, "mpjbuf/Buffer");
    jclass status = buffer ? (*env)->FindClass(env, "mpjdev/Status") : NULL;
    if (!status) return JNI_ERR;
    if (!(ndev.buf_static = (*env)->GetFieldID(env, buffer, "staticBuffer", "Lmpjbuf/RawBuffer;")) ||
        !(ndev.buf_dynamic = (*env)->GetFieldID(env, buffer, "dynamicBuffer", "[B")) ||
        !(ndev.buf_size = (*env)->GetFieldID(env, buffer, "size", "I")) ||
        !(ndev.buf_offset = (*env)->GetFieldID(env, buffer, "bufoffset", "I")) ||
        !(ndev.nio_buffer_bb = (*env)->GetFieldID(env, ndev.nio_buffer, "buffer", "Ljava/nio/ByteBuffer;")) ||
        !(ndev.st_source = (*env)->GetFieldID(env, status, "source", "I")) ||
        !(ndev.st_tag = (*env)->GetFieldID(env, status, "tag", "I")) ||
        !(ndev.st_count_bytes = (*env)->GetFieldID(env, status, "countInBytes", "I")) ||
        !(ndev.st_num_els = (*env)->GetFieldID(env, status, "numEls", "I")))
        return JNI_ERR;
    (*env)->DeleteLocalRef(env, buffer);
    (*env)->DeleteLocalRef(env, status);
    return JNI_VERSION_1_8;
}

int ndev_throw(JNIEnv *env, const char *fmt, ...) {
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!(*env)->ExceptionCheck(env)) (*env)->ThrowNew(env, ndev.exception, text);
    return -1;
}

int ndev_check(JNIEnv *env, int rc, const char *what) {
    if (rc == MPI_SUCCESS) return 0;
    return ndev_throw(env, "%s: %s", what, natmpj_error_string(rc));
}

jlong ndev_comm_handle(MPI_Comm c) { return c == MPI_COMM_NULL ? 0 : ndev_handle((intptr_t)c); }
jlong ndev_group_handle(MPI_Group g) { return g == MPI_GROUP_NULL ? 0 : ndev_handle((intptr_t)g); }

int ndev_comm(JNIEnv *env, jlong h, const char *what, MPI_Comm *out) {
    if (h == 0 || h == -1)
        return ndev_throw(env, "%s: no communicator (handle %lld: null, freed, or this process is not a member)",
                          what, (long long)h);
    *out = COMM((intptr_t)h);
    return 0;
}

int ndev_group(JNIEnv *env, jlong h, const char *what, MPI_Group *out) {
    if (h == 0 || h == -1) return ndev_throw(env, "%s: no group (handle %lld: null or freed)", what, (long long)h);
    *out = GROUP((intptr_t)h);
    return 0;
}

int ndev_is_predefined_comm(MPI_Comm c) { return c == MPI_COMM_WORLD || c == MPI_COMM_SELF; }

int ndev_source_in(JNIEnv *env, int mpj, int *out, const char *what) {
    if (mpj >= 0) *out = mpj;
    else if (mpj == MPJ_ANY_SOURCE) *out = MPI_ANY_SOURCE;
    else if (mpj == MPJ_PROC_NULL) *out = MPI_PROC_NULL;
    else return ndev_throw(env, "%s: invalid source rank %d", what, mpj);
    return 0;
}

int ndev_dest_in(JNIEnv *env, int mpj, int *out, const char *what) {
    if (mpj >= 0) *out = mpj;
    else if (mpj == MPJ_PROC_NULL) *out = MPI_PROC_NULL;
    else return ndev_throw(env, "%s: invalid destination rank %d", what, mpj);
    return 0;
}

int ndev_tag_in(JNIEnv *env, int mpj, int *out, const char *what) {
    if (mpj >= 0) *out = mpj;
    else if (mpj == MPJ_ANY_TAG) *out = MPI_ANY_TAG;
    else return ndev_throw(env, "%s: invalid tag %d", what, mpj);
    return 0;
}

int ndev_rank_out(int r) {
    if (r == MPI_ANY_SOURCE) return MPJ_ANY_SOURCE;
    if (r == MPI_PROC_NULL) return MPJ_PROC_NULL;
    if (r == MPI_UNDEFINED) return MPJ_UNDEFINED;
    return r;
}

int ndev_tag_out(int t) { return t == MPI_ANY_TAG ? MPJ_ANY_TAG : t; }

int ndev_compare_out(int r) {
    switch (r) {
    case MPI_IDENT: return MPJ_IDENT;
    case MPI_CONGRUENT: return MPJ_CONGRUENT;
    case MPI_SIMILAR: return MPJ_SIMILAR;
    default: return MPJ_UNEQUAL;
    }
}

int ndev_static_buffer(JNIEnv *env, jobject buf, const char *what, char **addr, jlong *capacity) {
    if (!buf) return ndev_throw(env, "%s: the buffer is null", what);
    jint offset = (*env)->GetIntField(env, buf, ndev.buf_offset);
    if (offset < NDEV_HEADER)
        return ndev_throw(env, "%s: buffer offset %d < %d: the native device needs the first %d bytes for its "
                          "header (a buffer made by mpjbuf.Buffer(int) cannot be sent)", what, offset, NDEV_HEADER,
                          NDEV_HEADER);
    jobject raw = (*env)->GetObjectField(env, buf, ndev.buf_static);
    if (!raw || !(*env)->IsInstanceOf(env, raw, ndev.nio_buffer))
        return ndev_throw(env, "%s: the buffer's static section is not an mpjbuf.NIOBuffer", what);
    jobject bb = (*env)->GetObjectField(env, raw, ndev.nio_buffer_bb);
    (*env)->DeleteLocalRef(env, raw);
    if (!bb) return ndev_throw(env, "%s: the buffer's ByteBuffer is null", what);
    *addr = (*env)->GetDirectBufferAddress(env, bb);
    *capacity = (*env)->GetDirectBufferCapacity(env, bb);
    (*env)->DeleteLocalRef(env, bb);
    if (!*addr || *capacity < 0)
        return ndev_throw(env, "%s: the buffer is not a direct ByteBuffer (use ByteBuffer.allocateDirect, e.g. "
                          "for MPI.Buffer_attach)", what);
    return 0;
}

int ndev_direct(JNIEnv *env, jobject bb, jlong need, int allow_null, const char *what, char **addr) {
    *addr = NULL;
    if (!bb) {
        if (allow_null && need == 0) return 0;
        return ndev_throw(env, "%s: the buffer is null", what);
    }
    if (need < 0) return ndev_throw(env, "%s: negative byte count %lld", what, (long long)need);
    *addr = (*env)->GetDirectBufferAddress(env, bb);
    jlong cap = (*env)->GetDirectBufferCapacity(env, bb);
    if (!*addr || cap < 0) return ndev_throw(env, "%s: not a direct ByteBuffer", what);
    if (cap < need) return ndev_throw(env, "%s: capacity %lld < %lld bytes needed", what, (long long)cap,
                                      (long long)need);
    return 0;
}

int ndev_int_array(JNIEnv *env, jintArray a, jsize n, const char *what, int *out) {
    if (!a) return ndev_throw(env, "%s: the array is null", what);
    jsize len = (*env)->GetArrayLength(env, a);
    if (len < n) return ndev_throw(env, "%s: %d elements < %d needed", what, (int)len, (int)n);
    if (n > 0) (*env)->GetIntArrayRegion(env, a, 0, n, (jint *)out);
    return 0;
}

void ndev_fill_status(JNIEnv *env, jobject status, const MPI_Status *st, int bytes) {
    if (!status) return;
    (*env)->SetIntField(env, status, ndev.st_source, ndev_rank_out(st->MPI_SOURCE));
    (*env)->SetIntField(env, status, ndev.st_tag, ndev_tag_out(st->MPI_TAG));
    (*env)->SetIntField(env, status, ndev.st_count_bytes, bytes - 16);
}
