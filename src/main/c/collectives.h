/* Collectives. in_place: the send buffer is the receive buffer (MPI_IN_PLACE). */
#ifndef NATMPJ_COLLECTIVES_H
#define NATMPJ_COLLECTIVES_H

#include "natmpj.h"

/* Collectives. in_place: the send buffer is the receive buffer (MPI_IN_PLACE). */
int natmpj_barrier(natmpj_handle comm);
int natmpj_bcast(void *array, void *direct, int64_t off, int count, natmpj_handle type, int root,
                 natmpj_handle comm);
int natmpj_reduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, int root, natmpj_handle comm);
int natmpj_allreduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                     int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm);

#endif
