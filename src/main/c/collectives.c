/*
 * Collectives, all handed to the host MPI. in_place means MPI_IN_PLACE. Buffers arrive as (array, direct) pairs
 * with byte offsets; counts and displacements of the v-variants are copies Java made of its int[] arguments.
 */
#include <stdlib.h>

#include "internal.h"
#include "collectives.h"

/*
 * NEED_BUFFER for a buffer that is significant only where the process sends to or receives from a rooted
 * collective's root: in an intercommunicator the root's group passes MPI_ROOT or MPI_PROC_NULL, and there no buffer
 * is no failure; the placeholder stands in (MPICH refuses a NULL send buffer at MPI_ROOT, though MPI does not read
 * it). Java passes the program's counts even where they are not significant: an MPI may take shortcuts on a count
 * of 0 that the other processes do not take (Open MPI 4.1's non-blocking collectives: Icollectives.iBcast).
 */
#define TO_ROOT(root) ((root) != MPI_ROOT && (root) != MPI_PROC_NULL)
#define NEED_ROOTED(p, count, type, significant)                                              \
    do {                                                                                    \
        if (significant) NEED_BUFFER(p, count, type);                                       \
        else if (!(p)) (p) = (void *)(natmpj_nowhere + (#p[0] == 'r'));                     \
    } while (0)

int natmpj_barrier(natmpj_handle comm) { return MPI_Barrier(COMM(comm)); }

int natmpj_bcast(void *array, void *direct, int64_t off, int count, natmpj_handle type, int root,
                 natmpj_handle comm) {
    void *buf = BUF(array, direct, off);
    NEED_ROOTED(buf, count, type, root != MPI_PROC_NULL);
    return MPI_Bcast(buf, count, TYPE(type), root, COMM(comm));
}

int natmpj_reduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, int root, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_ROOTED(sbuf, count, type, TO_ROOT(root));
    return MPI_Reduce(sbuf, rbuf, count, TYPE(type), OP(op), root, COMM(comm));
}

int natmpj_allreduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                     int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count, type);
    NEED_BUFFER(rbuf, count, type);
    return MPI_Allreduce(sbuf, rbuf, count, TYPE(type), OP(op), COMM(comm));
}

/* Pinning can only fail for a whole array, so a block-wise NEED_BUFFER reduces to: some item, no memory. */
static int any_positive(const int *counts, int n) {
    if (!counts) return 0;
    for (int i = 0; i < n; i++) if (counts[i] > 0) return 1;
    return 0;
}

/* The processes a collective's count and displacement arrays have an entry for: the group's, an
 * intercommunicator's remote group's. */
static int comm_peers(natmpj_handle comm) {
    int n = 0, inter = 0;
    MPI_Comm_test_inter(COMM(comm), &inter);
    if (inter) MPI_Comm_remote_size(COMM(comm), &n);
    else MPI_Comm_size(COMM(comm), &n);
    return n;
}

int natmpj_gather(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                  void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                  int in_place, int root, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_ROOTED(sbuf, scount, stype, TO_ROOT(root));
    return MPI_Gather(sbuf, scount, TYPE(stype), rbuf, rcount, TYPE(rtype), root, COMM(comm));
}

int natmpj_gatherv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                   void *rarray, void *rdirect, int64_t roff, const int *recvcounts, const int *displs,
                   natmpj_handle rtype, int in_place, int root, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_ROOTED(sbuf, scount, stype, TO_ROOT(root));
    NEED_BUFFER(rbuf, any_positive(recvcounts, comm_peers(comm)), rtype);
    return MPI_Gatherv(sbuf, scount, TYPE(stype), rbuf, recvcounts, displs, TYPE(rtype), root, COMM(comm));
}

int natmpj_scatter(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                   void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                   int in_place, int root, natmpj_handle comm) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = in_place ? MPI_IN_PLACE : BUF(rarray, rdirect, roff);
    NEED_ROOTED(rbuf, rcount, rtype, TO_ROOT(root));
    return MPI_Scatter(sbuf, scount, TYPE(stype), rbuf, rcount, TYPE(rtype), root, COMM(comm));
}

int natmpj_scatterv(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *displs,
                    natmpj_handle stype, void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                    int in_place, int root, natmpj_handle comm) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = in_place ? MPI_IN_PLACE : BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, any_positive(sendcounts, comm_peers(comm)), stype);
    NEED_ROOTED(rbuf, rcount, rtype, TO_ROOT(root));
    return MPI_Scatterv(sbuf, sendcounts, displs, TYPE(stype), rbuf, rcount, TYPE(rtype), root, COMM(comm));
}

int natmpj_allgather(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                     void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                     int in_place, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, scount, stype);
    NEED_BUFFER(rbuf, rcount, rtype);
    return MPI_Allgather(sbuf, scount, TYPE(stype), rbuf, rcount, TYPE(rtype), COMM(comm));
}

int natmpj_allgatherv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                      void *rarray, void *rdirect, int64_t roff, const int *recvcounts, const int *displs,
                      natmpj_handle rtype, int in_place, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, scount, stype);
    NEED_BUFFER(rbuf, any_positive(recvcounts, comm_peers(comm)), rtype);
    return MPI_Allgatherv(sbuf, scount, TYPE(stype), rbuf, recvcounts, displs, TYPE(rtype), COMM(comm));
}

int natmpj_alltoall(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                    void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                    int in_place, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, scount, stype);
    NEED_BUFFER(rbuf, rcount, rtype);
    return MPI_Alltoall(sbuf, scount, TYPE(stype), rbuf, rcount, TYPE(rtype), COMM(comm));
}

int natmpj_alltoallv(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *sdispls,
                     natmpj_handle stype, void *rarray, void *rdirect, int64_t roff, const int *recvcounts,
                     const int *rdispls, natmpj_handle rtype, int in_place, natmpj_handle comm) {
    int n = comm_peers(comm);
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, any_positive(sendcounts, n), stype);
    NEED_BUFFER(rbuf, any_positive(recvcounts, n), rtype);
    return MPI_Alltoallv(sbuf, sendcounts, sdispls, TYPE(stype), rbuf, recvcounts, rdispls, TYPE(rtype), COMM(comm));
}

int natmpj_reduce_scatter(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                          int in_place, const int *recvcounts, natmpj_handle type, natmpj_handle op,
                          natmpj_handle comm) {
    int n = 0, rank = 0; /* recvcounts: an entry per process of the local group, intercommunicators too */
    MPI_Comm_size(COMM(comm), &n);
    MPI_Comm_rank(COMM(comm), &rank);
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, any_positive(recvcounts, n), type);
    NEED_BUFFER(rbuf, recvcounts ? recvcounts[rank] : 0, type);
    return MPI_Reduce_scatter(sbuf, rbuf, recvcounts, TYPE(type), OP(op), COMM(comm));
}

int natmpj_scan(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count, type);
    NEED_BUFFER(rbuf, count, type);
    return MPI_Scan(sbuf, rbuf, count, TYPE(type), OP(op), COMM(comm));
}

int natmpj_exscan(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count, type);
    NEED_BUFFER(rbuf, count, type);
    return MPI_Exscan(sbuf, rbuf, count, TYPE(type), OP(op), COMM(comm));
}

int natmpj_reduce_scatter_block(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect,
                                int64_t roff, int in_place, int count, natmpj_handle type, natmpj_handle op,
                                natmpj_handle comm) {
    void *sbuf = in_place ? MPI_IN_PLACE : BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    return MPI_Reduce_scatter_block(sbuf, rbuf, count, TYPE(type), OP(op), COMM(comm));
}

int natmpj_reduce_local(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                        int count, natmpj_handle type, natmpj_handle op) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, count, type);
    NEED_BUFFER(rbuf, count, type);
    return MPI_Reduce_local(sbuf, rbuf, count, TYPE(type), OP(op));
}

int natmpj_alltoallw(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *sdispls,
                     const natmpj_handle *stypes, void *rarray, void *rdirect, int64_t roff, const int *recvcounts,
                     const int *rdispls, const natmpj_handle *rtypes, natmpj_handle comm) {
    int n = comm_peers(comm);
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    /* Java checked every type's data lies inside the buffers; an empty buffer is no failure only without data */
    NEED_BUFFER(sbuf, any_positive(sendcounts, n), (natmpj_handle)MPI_BYTE);
    NEED_BUFFER(rbuf, any_positive(recvcounts, n), (natmpj_handle)MPI_BYTE);
    size_t slots = n > 0 ? (size_t)n : 1;
    MPI_Datatype *st = malloc(2 * slots * sizeof(MPI_Datatype));
    if (!st) return MPI_ERR_NO_MEM;
    MPI_Datatype *rt = st + slots;
    for (int i = 0; i < n; i++) {
        st[i] = TYPE(stypes[i]);
        rt[i] = TYPE(rtypes[i]);
    }
    int rc = MPI_Alltoallw(sbuf, sendcounts, sdispls, st, rbuf, recvcounts, rdispls, rt, COMM(comm));
    free(st);
    return rc;
}
