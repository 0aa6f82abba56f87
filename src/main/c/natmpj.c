/*
 * libnatmpj's entry point: the only function of this library the JVM calls by name besides the natives of
 * NativeMPIJNI (which SWIG generates from natmpj.i). Everything a JNI library over MPI must do at load is common
 * (common/load.c); natmpjdev's JNI_OnLoad calls the same function.
 */
#include <jni.h>
#include "natmpj.h"

/* Java boolean[] elements are jboolean bytes, sent as MPI_C_BOOL. */
_Static_assert(sizeof(_Bool) == sizeof(jboolean), "MPI_C_BOOL must be one byte like jboolean");

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    (void)vm; (void)reserved;
    natmpj_common_on_load(); /* a failure is kept for natmpj_load_error, which Java reports if MPI_Init fails */
    return JNI_VERSION_1_8;
}
