/* Reduction operations beyond MPI's predefined ones: MAXLOC/MINLOC on Java pair types and Java user functions. */
#ifndef NATMPJ_OPS_H
#define NATMPJ_OPS_H

#include <jni.h>
#include "natmpj.h"

/*
 * mpiJava's pair types (value then index, both of the same Java type) match none of MPI's MAXLOC types, so natmpj
 * makes its own: MPI_Type_contiguous(2, <fixed-width base>), and MAXLOC/MINLOC as C ops over exactly those five
 * types (commutative; on equal values the lower index wins, as MPI defines). natmpj_location_setup runs once,
 * after MPI_Init, and fills handles in the order of this enum.
 */
enum natmpj_location_handle {
    NATMPJ_LOCATION_SHORT2, NATMPJ_LOCATION_INT2, NATMPJ_LOCATION_LONG2, NATMPJ_LOCATION_FLOAT2,
    NATMPJ_LOCATION_DOUBLE2, NATMPJ_LOCATION_MAXLOC, NATMPJ_LOCATION_MINLOC, NATMPJ_LOCATION_HANDLES
};
int natmpj_location_setup(natmpj_handle *handles);
/* Frees what natmpj_location_setup made: at Finalize, so MPI reports no leaked handles. */
int natmpj_location_teardown(void);

/*
 * User-defined ops. MPI_User_function carries no user pointer, so natmpj has a fixed pool of C trampolines, one
 * per slot; Java binds a slot to a user function (the registry: NATMPJ_USER_OPS_CLASS in ops.c,
 * natmpj.internal.UserOps) and creates the MPI op on that slot's trampoline. A trampoline calls the registry's static method
 * callback(slot, in, inout, len, datatype) once per MPI callback, on whatever thread MPI calls it (attaching the
 * thread to the JVM as a daemon if it is not). The JNIEnv argument is the calling thread's (no Java argument): the
 * first call caches the JavaVM and the method. The new op goes to *op.
 */
enum natmpj_user_op { NATMPJ_USER_OP_SLOTS = 64 };
int natmpj_user_op_create(JNIEnv *jenv, int slot, int commute, natmpj_handle *op);
int natmpj_op_free(natmpj_handle op);
/* Callbacks that could not reach Java since the last call (no JNIEnv, no memory): returns the count and resets. */
int64_t natmpj_user_op_lost_calls(void);

#endif
