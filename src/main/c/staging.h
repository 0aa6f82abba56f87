/*
 * Native memory that Java addresses directly: staging blocks for arrays, and direct buffers' addresses.
 *
 * A non-blocking call never sees a Java array: the JVM may move an array at any time once a JNI call returns, so
 * Java passes either a direct buffer's address or the address of native staging memory (natmpj_alloc) the array was
 * copied into (natmpj_copy_in) and is copied back from at completion (natmpj_copy_out / natmpj_copy_out_typed).
 * Blocking calls stage arrays the same way under MPI_THREAD_MULTIPLE and for user ops (see README, Threads).
 * Where the collector pins objects without stopping collection (G1 on JDK 22+, Shenandoah), Java pins the array
 * for the request's lifetime instead (natmpj_pin / natmpj_unpin) and MPI gets the array's own storage.
 */
#ifndef NATMPJ_STAGING_H
#define NATMPJ_STAGING_H

#include <jni.h>
#include "natmpj.h"

/* A direct buffer's address (the JNI glue looks it up), 0 if the buffer is not direct: once per buffer, cached. */
natmpj_handle natmpj_buffer_address(void *buffer_object);

/* Native memory for staging; 0 when out of memory. Large blocks are huge-page aligned (see staging.c). */
natmpj_handle natmpj_alloc(int64_t bytes);
void natmpj_free(void *address);
/* A direct ByteBuffer over bytes of natmpj_alloc'd memory at address (MPI.newByteBuffer); NULL with an exception
 * pending if the JVM refuses. Java frees the memory when the buffer is unreachable. */
jobject natmpj_direct_buffer(JNIEnv *jenv, natmpj_handle address, int64_t bytes);
/* Array <-> native memory: off is the byte offset into the array. */
int natmpj_copy_in(void *sarray, int64_t off, void *address, int64_t bytes);
int natmpj_copy_out(void *address, void *rarray, int64_t off, int64_t bytes);
/* Copies only the elements count items of type cover (a derived type's gaps in the array stay untouched). */
int natmpj_copy_out_typed(void *address, void *rarray, int64_t off, int count, natmpj_handle type);

/*
 * Pins a Java primitive array beyond this call: the address of its storage, which stays put until natmpj_unpin, on
 * any thread. Only for a JVM whose collector pins objects (natmpj.internal.Pins decides): there the critical region is
 * a pin count on the array's heap region, not a lock on the collector. 0 when the JVM gives a copy instead (as
 * -Xcheck:jni does): the copy is given back at once and the caller stages the array.
 */
natmpj_handle natmpj_pin(JNIEnv *jenv, void *pinned_array);
/* Ends a pin natmpj_pin took (address as it returned). */
void natmpj_unpin(JNIEnv *jenv, void *pinned_array, void *address);

#endif
