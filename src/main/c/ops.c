/*
 * MAXLOC/MINLOC on the Java pair types, and the bridge from MPI's user-op callbacks to Java user functions.
 * Unlike the rest of the C layer this file makes JNI calls: a user op runs Java code. Java never hands MPI a
 * pinned array when the op is a user op (it stages arrays in direct buffers), so no callback runs inside a
 * GetPrimitiveArrayCritical region.
 */
#include <stdatomic.h>
#include <jni.h>
#include "internal.h"
#include "ops.h"

/* The Java class whose static method callback(int slot, ByteBuffer in, ByteBuffer inout, int len, long datatype)
 * runs a user function: the registry of user ops. */
#define NATMPJ_USER_OPS_CLASS "natmpj/internal/UserOps"
#define NATMPJ_USER_OPS_CALLBACK "callback"
#define NATMPJ_USER_OPS_CALLBACK_SIGNATURE "(ILjava/nio/ByteBuffer;Ljava/nio/ByteBuffer;IJ)V"

/* Written by natmpj_location_setup (from MPI.Init) and natmpj_location_teardown (from MPI.Finalize), which run once
 * each, on one thread, before and after any reduction can use them; read-only in between, so threads share them. */
enum { PAIR_TYPES = NATMPJ_LOCATION_MAXLOC };
static MPI_Datatype pair_types[PAIR_TYPES];
static MPI_Op location_ops[2]; /* MAXLOC, MINLOC */

/* Pairs of (value, index); a better value wins, an equal value keeps the lower index. */
#define LOCATION_LOOP(T, BETTER) do { \
        const T *a = in; \
        T *b = inout; \
        for (int i = 0; i < n; i++, a += 2, b += 2) { \
            if (a[0] BETTER b[0]) { b[0] = a[0]; b[1] = a[1]; } \
            else if (a[0] == b[0] && a[1] < b[1]) b[1] = a[1]; \
        } \
    } while (0)

/* Java lets only the five pair types reach these ops, so an unknown type cannot occur. */
#define LOCATION_OP(NAME, BETTER) \
    static void NAME(void *in, void *inout, int *len, MPI_Datatype *type) { \
        int n = *len; \
        MPI_Datatype t = *type; \
        if (t == pair_types[NATMPJ_LOCATION_SHORT2]) LOCATION_LOOP(int16_t, BETTER); \
        else if (t == pair_types[NATMPJ_LOCATION_INT2]) LOCATION_LOOP(int32_t, BETTER); \
        else if (t == pair_types[NATMPJ_LOCATION_LONG2]) LOCATION_LOOP(int64_t, BETTER); \
        else if (t == pair_types[NATMPJ_LOCATION_FLOAT2]) LOCATION_LOOP(float, BETTER); \
        else if (t == pair_types[NATMPJ_LOCATION_DOUBLE2]) LOCATION_LOOP(double, BETTER); \
    }
LOCATION_OP(maxloc, >)
LOCATION_OP(minloc, <)

int natmpj_location_setup(natmpj_handle *handles) {
    MPI_Datatype bases[PAIR_TYPES] = {MPI_INT16_T, MPI_INT32_T, MPI_INT64_T, MPI_FLOAT, MPI_DOUBLE};
    int rc;
    for (int i = 0; i < PAIR_TYPES; i++) {
        if ((rc = MPI_Type_contiguous(2, bases[i], &pair_types[i])) != MPI_SUCCESS) return rc;
        if ((rc = MPI_Type_commit(&pair_types[i])) != MPI_SUCCESS) return rc;
        handles[i] = (natmpj_handle)pair_types[i];
    }
    MPI_Op max_op, min_op;
    if ((rc = MPI_Op_create(maxloc, 1, &max_op)) != MPI_SUCCESS) return rc;
    if ((rc = MPI_Op_create(minloc, 1, &min_op)) != MPI_SUCCESS) return rc;
    location_ops[0] = max_op;
    location_ops[1] = min_op;
    handles[NATMPJ_LOCATION_MAXLOC] = (natmpj_handle)max_op;
    handles[NATMPJ_LOCATION_MINLOC] = (natmpj_handle)min_op;
    return MPI_SUCCESS;
}

int natmpj_location_teardown(void) {
    int rc = MPI_SUCCESS;
    for (int i = 0; i < PAIR_TYPES; i++) {
        if (pair_types[i] != MPI_DATATYPE_NULL && pair_types[i] != 0) {
            int r = MPI_Type_free(&pair_types[i]);
            if (rc == MPI_SUCCESS) rc = r;
        }
    }
    for (int i = 0; i < 2; i++) {
        if (location_ops[i] != MPI_OP_NULL && location_ops[i] != 0) {
            int r = MPI_Op_free(&location_ops[i]);
            if (rc == MPI_SUCCESS) rc = r;
        }
    }
    return rc;
}

/* Cached at the first user op; published by `ready` (atomic) for callbacks on other threads, which only read them.
 * lost_calls is atomic: callbacks run on whatever threads MPI uses. */
static JavaVM *jvm;
static jclass op_class;
static jmethodID op_callback;
static atomic_int ready;
static atomic_llong lost_calls;

/* Java creates user ops under a lock, so this never runs twice at once. */
static int cache_jni(JNIEnv *env) {
    if (atomic_load(&ready)) return 1;
    if ((*env)->GetJavaVM(env, &jvm) != JNI_OK) return 0;
    jclass local = (*env)->FindClass(env, NATMPJ_USER_OPS_CLASS);
    if (!local) return 0;
    op_class = (*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    if (!op_class) return 0;
    op_callback = (*env)->GetStaticMethodID(env, op_class, NATMPJ_USER_OPS_CALLBACK,
                                            NATMPJ_USER_OPS_CALLBACK_SIGNATURE);
    if (!op_callback) return 0;
    atomic_store(&ready, 1);
    return 1;
}

/*
 * One MPI callback, one Java call, with both vectors as direct ByteBuffers over MPI's own memory (len items of the
 * datatype's extent). UserOps.callback catches everything the user function throws; anything still pending here
 * (an Error raised outside its try) is cleared and counted, so no exception unwinds through MPI.
 */
static void call_java(int slot, void *in, void *inout, int *len, MPI_Datatype *type) {
    JNIEnv *env = NULL;
    MPI_Aint lb, extent;
    if (!atomic_load(&ready) || *len < 0 || MPI_Type_get_extent(*type, &lb, &extent) != MPI_SUCCESS) {
        atomic_fetch_add(&lost_calls, 1);
        return;
    }
    jint rc = (*jvm)->GetEnv(jvm, (void **)&env, JNI_VERSION_1_8);
    if (rc == JNI_EDETACHED) rc = (*jvm)->AttachCurrentThreadAsDaemon(jvm, (void **)&env, NULL);
    if (rc != JNI_OK || !env) {
        atomic_fetch_add(&lost_calls, 1);
        return;
    }
    /* A frame per call: thousands of reductions leave no local references behind. */
    if ((*env)->PushLocalFrame(env, 4) != 0) {
        (*env)->ExceptionClear(env);
        atomic_fetch_add(&lost_calls, 1);
        return;
    }
    jlong bytes = (jlong)*len * (jlong)extent;
    jobject a = (*env)->NewDirectByteBuffer(env, in, bytes);
    jobject b = a ? (*env)->NewDirectByteBuffer(env, inout, bytes) : NULL;
    if (b) {
        (*env)->CallStaticVoidMethod(env, op_class, op_callback, (jint)slot, a, b, (jint)*len,
                                     (jlong)(intptr_t)*type);
    }
    if (!b || (*env)->ExceptionCheck(env)) {
        (*env)->ExceptionClear(env);
        atomic_fetch_add(&lost_calls, 1);
    }
    (*env)->PopLocalFrame(env, NULL);
}

#define TRAMPOLINE(hi, lo) \
    static void trampoline_##hi##lo(void *in, void *inout, int *len, MPI_Datatype *type) { \
        call_java(hi * 8 + lo, in, inout, len, type); \
    }
#define TRAMPOLINES(hi) \
    TRAMPOLINE(hi, 0) TRAMPOLINE(hi, 1) TRAMPOLINE(hi, 2) TRAMPOLINE(hi, 3) \
    TRAMPOLINE(hi, 4) TRAMPOLINE(hi, 5) TRAMPOLINE(hi, 6) TRAMPOLINE(hi, 7)
TRAMPOLINES(0) TRAMPOLINES(1) TRAMPOLINES(2) TRAMPOLINES(3)
TRAMPOLINES(4) TRAMPOLINES(5) TRAMPOLINES(6) TRAMPOLINES(7)
#define ENTRIES(hi) \
    trampoline_##hi##0, trampoline_##hi##1, trampoline_##hi##2, trampoline_##hi##3, \
    trampoline_##hi##4, trampoline_##hi##5, trampoline_##hi##6, trampoline_##hi##7
static MPI_User_function *const trampolines[] = {
    ENTRIES(0), ENTRIES(1), ENTRIES(2), ENTRIES(3), ENTRIES(4), ENTRIES(5), ENTRIES(6), ENTRIES(7)
};
_Static_assert(sizeof trampolines / sizeof trampolines[0] == NATMPJ_USER_OP_SLOTS, "one trampoline per slot");

int natmpj_user_op_create(JNIEnv *jenv, int slot, int commute, natmpj_handle *op) {
    if (slot < 0 || slot >= NATMPJ_USER_OP_SLOTS) return MPI_ERR_ARG;
    if (!cache_jni(jenv)) {
        (*jenv)->ExceptionClear(jenv);
        return MPI_ERR_INTERN;
    }
    MPI_Op created;
    int rc = MPI_Op_create(trampolines[slot], commute, &created);
    if (rc == MPI_SUCCESS) *op = (natmpj_handle)created;
    return rc;
}

int natmpj_op_free(natmpj_handle op) {
    MPI_Op o = OP(op);
    return MPI_Op_free(&o);
}

int64_t natmpj_user_op_lost_calls(void) { return atomic_exchange(&lost_calls, 0); }
