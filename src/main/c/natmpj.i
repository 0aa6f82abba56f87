/*
 * SWIG interface: generates the thin JNI glue (natmpj.jni.NativeMPIJNI) over natmpj.h.
 *
 * The typemaps carry the three rules the rest of natmpj relies on:
 *  - MPI handles are natmpj_handle (intptr_t) and cross as Java long.
 *  - Direct buffers (and the per-thread status scratch) arrive as addresses that Java looked up once and cached.
 *    Primitive arrays are pinned with GetPrimitiveArrayCritical in the "check" phase, which SWIG emits after
 *    every "in" of the call, so no other JNI call can run inside the critical region, and the C function makes
 *    none. Arrays are released in "argout", send-only arrays with JNI_ABORT (nothing to copy back).
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

/* Direct buffers and the status scratch arrive as raw addresses (Java caches them; see mpi.Buffers), so a call on
 * direct buffers makes no JNI call at all. */
%define ADDRESS(CTYPE, NAME)
%typemap(jni) CTYPE *NAME "jlong"
%typemap(jtype) CTYPE *NAME "long"
%typemap(jstype) CTYPE *NAME "long"
%typemap(javain) CTYPE *NAME "$javainput"
%typemap(in) CTYPE *NAME "$1 = (CTYPE *)(intptr_t)$input;"
%enddef
ADDRESS(void, sdirect)
ADDRESS(void, rdirect)
ADDRESS(void, direct)
ADDRESS(int, status)

/* The one place a direct buffer object crosses: looking up its address, once per buffer. */
%typemap(jni) void *buffer_object "jobject"
%typemap(jtype) void *buffer_object "java.nio.Buffer"
%typemap(jstype) void *buffer_object "java.nio.Buffer"
%typemap(javain) void *buffer_object "$javainput"
%typemap(in) void *buffer_object "$1 = $input ? (*jenv)->GetDirectBufferAddress(jenv, $input) : NULL;"

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
OUT_VALUE(int, count, jint, int, jint, Int)
OUT_VALUE(int, flag, jint, int, jint, Int)
OUT_VALUE(natmpj_handle, errhandler, jlong, long, jlong, Long)

%include "natmpj.h"
