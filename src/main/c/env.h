/* The MPI environment: start and end, thread levels, time, and what the process and the library are. */
#ifndef NATMPJ_ENV_H
#define NATMPJ_ENV_H

#include "natmpj.h"

int natmpj_init_thread(int required, int *provided);
int natmpj_finalize(void);
int natmpj_initialized(void);
int natmpj_finalized(void);
int natmpj_is_thread_main(void);
int natmpj_query_thread(void);
double natmpj_wtime(void);
double natmpj_wtick(void);
/* The strings are the calling thread's own buffers, valid until its next call (NULL: MPI failed). */
const char *natmpj_processor_name(void);
const char *natmpj_library_version(void); /* MPI_Get_library_version, "" when it fails */

#endif
