/* Collectives, all handed to the host MPI. in_place means MPI_IN_PLACE. */
#include "internal.h"

int natmpj_barrier(natmpj_handle comm) { return MPI_Barrier(COMM(comm)); }

int natmpj_bcast(void *array, void *direct, int64_t off, int count, natmpj_handle type, int root,
                 natmpj_handle comm) {
    void *buf = BUF(array, direct, off);
    NEED_BUFFER(buf, count);
    return MPI_Bcast(buf, count, TYPE(type), root, COMM(comm));
}

int natmpj_reduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, int root, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count);
    return MPI_Reduce(sbuf, rbuf, count, TYPE(type), OP(op), root, COMM(comm));
}

int natmpj_allreduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                     int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count);
    NEED_BUFFER(rbuf, count);
    return MPI_Allreduce(sbuf, rbuf, count, TYPE(type), OP(op), COMM(comm));
}
