/*
 * Loading: what a JNI library over MPI must do before anyone calls MPI_Init, and the library's identity.
 *
 * Open MPI's plugins (dlopen'ed inside MPI_Init) resolve symbols of libmpi globally, but the JVM loads JNI libraries
 * with RTLD_LOCAL, which drags libmpi in locally too. natmpj_common_on_load reopens the very libmpi this library was
 * linked against with RTLD_GLOBAL | RTLD_NOLOAD, found through the address of one of its functions. Loading libmpi
 * also loaded its dependencies (UCX), which may have taken the JVM's signals: they are guarded again at once.
 * The library is whichever file defines MPI_Init, never a name: for the mpich flavour, the MPICH-family libmpi.so.12
 * that LD_LIBRARY_PATH chose (Intel MPI's, MVAPICH's), or Debian's libmpich.so.12 behind natmpj's stub libmpi.so.12.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include "handles.h"

/* Written only by natmpj_common_on_load, which the library's JNI_OnLoad runs before Java can call anything of the
 * library (the JVM runs JNI_OnLoad once, inside System.load's lock); read-only afterwards, so no thread races it. */
static char load_error[1024];

int natmpj_common_on_load(void) {
    Dl_info info;
    int rc = 0;
    if (!dladdr((void *)&MPI_Init, &info) || !info.dli_fname) {
        snprintf(load_error, sizeof load_error, "dladdr(MPI_Init) found no library");
        rc = -1;
    } else if (!dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD)) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "dlopen(%s, RTLD_GLOBAL) failed: %s", info.dli_fname,
                 why ? why : "unknown error");
        rc = -1;
    }
    natmpj_guard_jvm_signals();
    return rc;
}

const char *natmpj_load_error(void) { return load_error; }

const char *natmpj_flavour(void) {
#if defined(MPI_ABI_VERSION) /* the MPI-5 standard ABI: first, its mpi.h defines neither macro below */
    return "abi";
#elif defined(OPEN_MPI)
    return "openmpi";
#elif defined(MPICH_VERSION)
    return "mpich";
#else
    return "unknown";
#endif
}
