/*
 * mpjdev.natmpjdev.Intercomm (1 native). MPJ Express's Merge then makes its own communicator from the merged
 * group (Java: COMM_WORLD.Create(group)).
 */
#include "natmpjdev.h"

JNIEXPORT jlong JNICALL Java_mpjdev_natmpjdev_Intercomm_nativeMerge(JNIEnv *env, jobject self, jlong h,
                                                                     jboolean high) {
    MPI_Comm c, out = MPI_COMM_NULL;
    if (ndev_comm(env, h, "Intercomm.Merge", &c)) return 0;
    if (ndev_check(env, MPI_Intercomm_merge(c, high ? 1 : 0, &out), "Intercomm.Merge: MPI_Intercomm_merge")) return 0;
    return ndev_comm_handle(out);
}
