/*
 * SWIG interface: generates the thin JNI glue (natmpj.jni.NativeMPIJNI) over natmpj.h and the per-area headers.
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
#include <stdlib.h>
#include "natmpj.h"
#include "pt2pt.h"
#include "requests.h"
#include "collectives.h"
#include "ops.h"
#include "datatypes.h"
#include "communicators.h"
#include "groups.h"
#include "topology.h"
/* Java long[] elements are copied straight into natmpj_handle / int64_t arrays, Java int[] into int arrays. */
_Static_assert(sizeof(natmpj_handle) == sizeof(jlong), "natmpj_handle must be as wide as jlong");
_Static_assert(sizeof(int) == sizeof(jint), "int must be as wide as jint");
%}
/* Built with -DSWIGWORDSIZE64, so SWIG reads int64_t as long, as LP64 C does (no pointer-type mismatches in the
 * generated calls); C long is 64 bits there, so it crosses as Java long, not SWIG's default int. */
%apply long long { long };
%apply const long long & { const long & };
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
ADDRESS(int, statuses)      /* n consecutive status slot blocks */
ADDRESS(int64_t, requests)  /* n request handles, read and written back in place */
ADDRESS(int, indices)       /* n ints: the indices Waitsome/Testsome write */
ADDRESS(void, address)      /* any other native memory Java owns (staging buffers, attached buffers) */
ADDRESS(void, address2)

/* The one place a direct buffer object crosses: looking up its address, once per buffer. */
%typemap(jni) void *buffer_object "jobject"
%typemap(jtype) void *buffer_object "java.nio.Buffer"
%typemap(jstype) void *buffer_object "java.nio.Buffer"
%typemap(javain) void *buffer_object "$javainput"
%typemap(in) void *buffer_object "$1 = $input ? (*jenv)->GetDirectBufferAddress(jenv, $input) : NULL;"

/* The calling thread's JNIEnv, for the one C file that calls back into Java (ops.c); no Java argument. */
%typemap(in, numinputs=0) JNIEnv *jenv "$1 = jenv;"

/* Single out-values of calls that touch no buffer: an int[1] / long[1] written back after the call. */
%define OUT_VALUE(CTYPE, NAME, JNITYPE, JTYPE, JELEM, REGION)
%typemap(jni) CTYPE *NAME #JNITYPE "Array"
%typemap(jtype) CTYPE *NAME #JTYPE "[]"
%typemap(jstype) CTYPE *NAME #JTYPE "[]"
%typemap(javain) CTYPE *NAME "$javainput"
%typemap(in) CTYPE *NAME (CTYPE temp) "temp = 0; $1 = &temp;"
%typemap(argout) CTYPE *NAME {
  JELEM v = (JELEM)temp$argnum;
  (*jenv)->Set##REGION##ArrayRegion(jenv, $input, 0, 1, &v);
}
%enddef
OUT_VALUE(int, provided, jint, int, jint, Int)
OUT_VALUE(int, rank, jint, int, jint, Int)
OUT_VALUE(int, size, jint, int, jint, Int)
OUT_VALUE(int, tag_ub, jint, int, jint, Int)
OUT_VALUE(int, count, jint, int, jint, Int)
OUT_VALUE(int, flag, jint, int, jint, Int)
OUT_VALUE(natmpj_handle, errhandler, jlong, long, jlong, Long)
/* Generic out-values for calls that return one or two results (new handles, flags, counts, extents). */
OUT_VALUE(int, out_int, jint, int, jint, Int)
OUT_VALUE(int, out_int2, jint, int, jint, Int)
OUT_VALUE(natmpj_handle, out_handle, jlong, long, jlong, Long)
OUT_VALUE(int64_t, out_long, jlong, long, jlong, Long)
OUT_VALUE(int64_t, out_long2, jlong, long, jlong, Long)

/*
 * Small int[] / long[] arguments of calls that may block on other processes (group and topology setup, counts and
 * displacements of v-collectives, derived-type maps): copied in and out with Get/Set<Type>ArrayRegion, never
 * pinned, so no critical region is held while MPI waits. Java passes arrays already sized; null is allowed.
 */
%define ARRAY_IN(CTYPE, NAME, JNITYPE, JTYPE, JELEM, REGION)
%typemap(jni) const CTYPE *NAME #JNITYPE "Array"
%typemap(jtype) const CTYPE *NAME #JTYPE "[]"
%typemap(jstype) const CTYPE *NAME #JTYPE "[]"
%typemap(javain) const CTYPE *NAME "$javainput"
%typemap(in) const CTYPE *NAME {
  $1 = NULL;
  if ($input) {
    jsize n = (*jenv)->GetArrayLength(jenv, $input);
    CTYPE *copy = malloc((n > 0 ? (size_t)n : 1) * sizeof(CTYPE));
    if (!copy) { SWIG_JavaThrowException(jenv, SWIG_JavaOutOfMemoryError, "natmpj: no native memory"); return $null; }
    (*jenv)->Get##REGION##ArrayRegion(jenv, $input, 0, n, (JELEM *)copy);
    $1 = copy;
  }
}
%typemap(freearg) const CTYPE *NAME "free((void *)$1);"
%enddef
%define ARRAY_OUT(CTYPE, NAME, JNITYPE, JTYPE, JELEM, REGION)
%typemap(jni) CTYPE *NAME #JNITYPE "Array"
%typemap(jtype) CTYPE *NAME #JTYPE "[]"
%typemap(jstype) CTYPE *NAME #JTYPE "[]"
%typemap(javain) CTYPE *NAME "$javainput"
%typemap(in) CTYPE *NAME {
  $1 = NULL;
  if ($input) {
    jsize n = (*jenv)->GetArrayLength(jenv, $input);
    $1 = calloc(n > 0 ? (size_t)n : 1, sizeof(CTYPE));
    if (!$1) { SWIG_JavaThrowException(jenv, SWIG_JavaOutOfMemoryError, "natmpj: no native memory"); return $null; }
  }
}
%typemap(argout) CTYPE *NAME {
  if ($1) (*jenv)->Set##REGION##ArrayRegion(jenv, $input, 0, (*jenv)->GetArrayLength(jenv, $input), (JELEM *)$1);
}
%typemap(freearg) CTYPE *NAME "free($1);"
%enddef
ARRAY_IN(int, in_ints, jint, int, jint, Int)
ARRAY_IN(int, in_ints2, jint, int, jint, Int)
ARRAY_IN(int, in_ints3, jint, int, jint, Int)
ARRAY_IN(int, in_ints4, jint, int, jint, Int)
ARRAY_IN(int64_t, in_longs, jlong, long, jlong, Long)
ARRAY_IN(natmpj_handle, in_handles, jlong, long, jlong, Long)
ARRAY_OUT(int, out_ints, jint, int, jint, Int)
ARRAY_OUT(int, out_ints2, jint, int, jint, Int)
ARRAY_OUT(int, out_ints3, jint, int, jint, Int)
ARRAY_OUT(int64_t, out_longs, jlong, long, jlong, Long)
ARRAY_OUT(natmpj_handle, out_handles, jlong, long, jlong, Long)

/* The per-area C APIs. */
%include "natmpj.h"
%include "pt2pt.h"
%include "requests.h"
%include "collectives.h"
%include "ops.h"
%include "datatypes.h"
%include "communicators.h"
%include "groups.h"
%include "topology.h"
