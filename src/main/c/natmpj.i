/*
 * SWIG interface: generates the thin JNI glue (natmpj.jni.NativeMPIJNI) over natmpj.h.
 *
 * The typemaps carry the three rules the rest of natmpj relies on:
 *  - MPI handles are natmpj_handle (intptr_t) and cross as Java long.
 *  - Direct buffers are resolved to their address in the "in" phase; primitive arrays are pinned with
 *    GetPrimitiveArrayCritical in the "check" phase, which SWIG emits after every "in" of the call. So every
 *    other JNI call of a wrapper happens before the first critical region opens, and the C function itself
 *    makes none. Arrays are released in "argout", send-only arrays with JNI_ABORT (nothing to copy back).
 *  - Nothing is copied: the C function gets the JVM's own array storage or the direct buffer's memory.
 */
%module NativeMPI
%{
#include "natmpj.h"
%}
%include <stdint.i>
%include <enumsimple.swg>
/* Java names without the C prefix: NativeMPIJNI.send(...), NativeMPIConstants.STATUS_SOURCE */
%rename("%(strip:[natmpj_])s") "";
%rename(finalize_mpi) natmpj_finalize; /* finalize() would clash with Object.finalize */
%rename("%(strip:[NATMPJ_])s", %$isenumitem) "";

%pragma(java) jniclassclassmodifiers="public final class"
%pragma(java) moduleclassmodifiers="final class"
%javaconst(1);

/* Handles */
%typemap(jni) natmpj_handle "jlong"
%typemap(jtype) natmpj_handle "long"
%typemap(jstype) natmpj_handle "long"
%typemap(javain) natmpj_handle "$javainput"
%typemap(javaout) natmpj_handle { return $jnicall; }
%typemap(in) natmpj_handle "$1 = (natmpj_handle)$input;"
%typemap(out) natmpj_handle "$result = (jlong)$1;"

/* Pinned primitive arrays: Object in Java (null allowed), the array's storage in C. */
%define PINNED_ARRAY(NAME, RELEASE_MODE)
%typemap(jni) void *NAME "jobject"
%typemap(jtype) void *NAME "Object"
%typemap(jstype) void *NAME "Object"
%typemap(javain) void *NAME "$javainput"
%typemap(in) void *NAME "$1 = NULL;"
%typemap(check) void *NAME "$1 = $input ? (*jenv)->GetPrimitiveArrayCritical(jenv, (jarray)$input, NULL) : NULL;"
%typemap(argout) void *NAME "if ($1) (*jenv)->ReleasePrimitiveArrayCritical(jenv, (jarray)$input, $1, RELEASE_MODE);"
%enddef
PINNED_ARRAY(sarray, JNI_ABORT)
PINNED_ARRAY(rarray, 0)
PINNED_ARRAY(array, 0)

/* Direct buffers: java.nio.Buffer in Java (null allowed), its address in C. */
%define DIRECT_BUFFER(NAME)
%typemap(jni) void *NAME "jobject"
%typemap(jtype) void *NAME "java.nio.Buffer"
%typemap(jstype) void *NAME "java.nio.Buffer"
%typemap(javain) void *NAME "$javainput"
%typemap(in) void *NAME "$1 = $input ? (*jenv)->GetDirectBufferAddress(jenv, $input) : NULL;"
%enddef
DIRECT_BUFFER(sdirect)
DIRECT_BUFFER(rdirect)
DIRECT_BUFFER(direct)

/* MPI_Status travels in a pinned int[NATMPJ_STATUS_SLOTS], filled in place. */
%typemap(jni) int *status "jintArray"
%typemap(jtype) int *status "int[]"
%typemap(jstype) int *status "int[]"
%typemap(javain) int *status "$javainput"
%typemap(in) int *status "$1 = NULL;"
%typemap(check) int *status "$1 = (int *)(*jenv)->GetPrimitiveArrayCritical(jenv, $input, NULL);"
%typemap(argout) int *status "if ($1) (*jenv)->ReleasePrimitiveArrayCritical(jenv, $input, $1, 0);"

/* Single out-values of calls that touch no buffer: an int[1] / long[1] written back after the call. */
%define OUT_VALUE(CTYPE, NAME, JNITYPE, JTYPE, JELEM, REGION)
%typemap(jni) CTYPE *NAME #JNITYPE "Array"
%typemap(jtype) CTYPE *NAME #JTYPE "[]"
%typemap(jstype) CTYPE *NAME #JTYPE "[]"
%typemap(javain) CTYPE *NAME "$javainput"
%typemap(in) CTYPE *NAME (CTYPE temp) "temp = 0; $1 = &temp;"
%typemap(argout) CTYPE *NAME { JELEM v = (JELEM)temp$argnum; (*jenv)->Set##REGION##ArrayRegion(jenv, $input, 0, 1, &v); }
%enddef
OUT_VALUE(int, provided, jint, int, jint, Int)
OUT_VALUE(int, rank, jint, int, jint, Int)
OUT_VALUE(int, size, jint, int, jint, Int)
OUT_VALUE(int, tag_ub, jint, int, jint, Int)
OUT_VALUE(natmpj_handle, errhandler, jlong, long, jlong, Long)

%include "natmpj.h"
