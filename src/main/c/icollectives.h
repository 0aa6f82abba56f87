/*
 * Non-blocking collectives (MPI-3.1 5.12) and neighbourhood collectives, blocking and non-blocking (MPI-3.1 7.6),
 * and the distributed graph topologies they run on (MPI-3.1 7.5.4). The non-blocking calls get addresses only:
 * memory that stays put until the request completes (a direct buffer, a pinned array or staging, and native
 * copies of the count, displacement and datatype arrays, all held by Java's request: natmpj.internal.Held). Each
 * writes the request it starts at created. The blocking neighbourhood calls get (array, direct) pairs pinned for the
 * call, like the other blocking collectives.
 */
#ifndef NATMPJ_ICOLLECTIVES_H
#define NATMPJ_ICOLLECTIVES_H

#include "natmpj.h"

int natmpj_ibarrier(natmpj_handle comm, natmpj_handle *created);
int natmpj_ibcast(void *direct, int count, natmpj_handle type, int root, natmpj_handle comm,
                  natmpj_handle *created);
/* kind: NATMPJ_IREDUCE (root used), NATMPJ_IALLREDUCE, NATMPJ_ISCAN, NATMPJ_IEXSCAN, NATMPJ_IREDUCE_SCATTER_BLOCK */
int natmpj_ireduction(int kind, void *sdirect, void *rdirect, int in_place, int count, natmpj_handle type,
                      natmpj_handle op, int root, natmpj_handle comm, natmpj_handle *created);
int natmpj_ireduce_scatter(void *sdirect, void *rdirect, int in_place, int *held_recvcounts, natmpj_handle type,
                           natmpj_handle op, natmpj_handle comm, natmpj_handle *created);
/* kind: NATMPJ_IGATHER (root used), NATMPJ_ISCATTER (root used), NATMPJ_IALLGATHER, NATMPJ_IALLTOALL,
 * NATMPJ_INEIGHBOR_ALLGATHER, NATMPJ_INEIGHBOR_ALLTOALL. in_place: the receive side for a scatter, the send side
 * for the others. */
int natmpj_iblocks(int kind, void *sdirect, int scount, natmpj_handle stype, void *rdirect, int rcount,
                   natmpj_handle rtype, int in_place, int root, natmpj_handle comm, natmpj_handle *created);
/* kind: NATMPJ_IGATHER (root used), NATMPJ_IALLGATHER, NATMPJ_INEIGHBOR_ALLGATHER: counts and displacements of the
 * receive side. */
int natmpj_igatherv(int kind, void *sdirect, int scount, natmpj_handle stype, void *rdirect, int *held_recvcounts,
                    int *held_displs, natmpj_handle rtype, int in_place, int root, natmpj_handle comm,
                    natmpj_handle *created);
int natmpj_iscatterv(void *sdirect, int *held_sendcounts, int *held_displs, natmpj_handle stype, void *rdirect,
                     int rcount, natmpj_handle rtype, int in_place, int root, natmpj_handle comm,
                     natmpj_handle *created);
/* kind: NATMPJ_IALLTOALL or NATMPJ_INEIGHBOR_ALLTOALL. */
int natmpj_ialltoallv(int kind, void *sdirect, int *held_sendcounts, int *held_sdispls, natmpj_handle stype,
                      void *rdirect, int *held_recvcounts, int *held_rdispls, natmpj_handle rtype, int in_place,
                      natmpj_handle comm, natmpj_handle *created);
/* n types each side, held as natmpj_handle values and turned into MPI_Datatype values in place (an MPI_Datatype is
 * never wider than a natmpj_handle). */
int natmpj_ialltoallw(void *sdirect, int *held_sendcounts, int *held_sdispls, natmpj_handle *held_stypes,
                      void *rdirect, int *held_recvcounts, int *held_rdispls, natmpj_handle *held_rtypes, int n,
                      natmpj_handle comm, natmpj_handle *created);

/* Blocking neighbourhood collectives: kind NATMPJ_INEIGHBOR_ALLGATHER or NATMPJ_INEIGHBOR_ALLTOALL. sitems and
 * ritems: the items each buffer holds in all (per neighbour times degree, or a v-form's span), for NEED_BUFFER. */
int natmpj_neighbor_blocks(int kind, void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                           void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                           int sitems, int ritems, natmpj_handle comm);
int natmpj_neighbor_allgatherv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                               void *rarray, void *rdirect, int64_t roff, const int *recvcounts, const int *displs,
                               natmpj_handle rtype, int ritems, natmpj_handle comm);
int natmpj_neighbor_alltoallv(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *sdispls,
                              natmpj_handle stype, void *rarray, void *rdirect, int64_t roff, const int *recvcounts,
                              const int *rdispls, natmpj_handle rtype, int sitems, int ritems, natmpj_handle comm);

/* Distributed graphs. Weights: an array, or none (MPI_UNWEIGHTED) when weighted is 0. */
int natmpj_dist_graph_create(natmpj_handle comm, int n, const int *sources, const int *degrees,
                             const int *destinations, const int *weights, int weighted, natmpj_handle info,
                             int reorder, natmpj_handle *new_comm);
int natmpj_dist_graph_create_adjacent(natmpj_handle comm, int indegree, const int *sources,
                                      const int *sourceweights, int outdegree, const int *destinations,
                                      const int *destweights, int weighted, natmpj_handle info, int reorder,
                                      natmpj_handle *new_comm);
/* shape: {indegree, outdegree, weighted}. */
int natmpj_dist_graph_neighbors_count(natmpj_handle comm, int *neighbors);
int natmpj_dist_graph_neighbors(natmpj_handle comm, int maxindegree, int *sources_out, int *sourceweights_out,
                                int maxoutdegree, int *destinations_out, int *destweights_out, int weighted);

enum natmpj_icollective_kind {
    NATMPJ_IREDUCE, NATMPJ_IALLREDUCE, NATMPJ_ISCAN, NATMPJ_IEXSCAN, NATMPJ_IREDUCE_SCATTER_BLOCK,
    NATMPJ_IGATHER, NATMPJ_ISCATTER, NATMPJ_IALLGATHER, NATMPJ_IALLTOALL, NATMPJ_INEIGHBOR_ALLGATHER,
    NATMPJ_INEIGHBOR_ALLTOALL
};

#endif
