/* Collectives, all handed to the host MPI. */
#ifndef NATMPJ_COLLECTIVES_H
#define NATMPJ_COLLECTIVES_H

#include "natmpj.h"

/*
 * in_place: MPI_IN_PLACE replaces the send buffer (or, for Scatter/Scatterv, the root's receive buffer). Counts and
 * displacements of the v-variants (sendcounts, recvcounts, displs, sdispls, rdispls) count items of their
 * datatype, as in MPI, and hold at least the communicator's size; NULL where MPI ignores them (the receive side of
 * Gatherv and the send side of Scatterv away from the root).
 */
int natmpj_barrier(natmpj_handle comm);
int natmpj_bcast(void *array, void *direct, int64_t off, int count, natmpj_handle type, int root,
                 natmpj_handle comm);
int natmpj_reduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, int root, natmpj_handle comm);
int natmpj_allreduce(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                     int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm);
int natmpj_gather(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                  void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                  int in_place, int root, natmpj_handle comm);
int natmpj_gatherv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                   void *rarray, void *rdirect, int64_t roff, const int *recvcounts, const int *displs,
                   natmpj_handle rtype, int in_place, int root, natmpj_handle comm);
int natmpj_scatter(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                   void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                   int in_place, int root, natmpj_handle comm);
int natmpj_scatterv(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *displs,
                    natmpj_handle stype, void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                    int in_place, int root, natmpj_handle comm);
int natmpj_allgather(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                     void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                     int in_place, natmpj_handle comm);
int natmpj_allgatherv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                      void *rarray, void *rdirect, int64_t roff, const int *recvcounts, const int *displs,
                      natmpj_handle rtype, int in_place, natmpj_handle comm);
int natmpj_alltoall(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                    void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                    int in_place, natmpj_handle comm);
int natmpj_alltoallv(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *sdispls,
                     natmpj_handle stype, void *rarray, void *rdirect, int64_t roff, const int *recvcounts,
                     const int *rdispls, natmpj_handle rtype, int in_place, natmpj_handle comm);
int natmpj_reduce_scatter(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                          int in_place, const int *recvcounts, natmpj_handle type, natmpj_handle op,
                          natmpj_handle comm);
int natmpj_scan(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm);

/* MPI_Exscan; in_place as natmpj_scan */
int natmpj_exscan(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                  int in_place, int count, natmpj_handle type, natmpj_handle op, natmpj_handle comm);
/* MPI_Reduce_scatter_block: count items of type per rank */
int natmpj_reduce_scatter_block(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect,
                                int64_t roff, int in_place, int count, natmpj_handle type, natmpj_handle op,
                                natmpj_handle comm);
/* MPI_Reduce_local: inout = in op inout */
int natmpj_reduce_local(void *sarray, void *sdirect, int64_t soff, void *rarray, void *rdirect, int64_t roff,
                        int count, natmpj_handle type, natmpj_handle op);
/* MPI_Alltoallw: displacements in bytes, a datatype per rank */
int natmpj_alltoallw(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *sdispls,
                     const natmpj_handle *stypes, void *rarray, void *rdirect, int64_t roff, const int *recvcounts,
                     const int *rdispls, const natmpj_handle *rtypes, natmpj_handle comm);

#endif
