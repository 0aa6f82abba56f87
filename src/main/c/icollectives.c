/*
 * Non-blocking and neighbourhood collectives, distributed graphs: see icollectives.h. Every buffer of a non-blocking
 * call is an address of memory Java holds until the request completes; NULL (no memory: count 0, or a type of size
 * 0) becomes a placeholder MPI accepts, as for the blocking calls (internal.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "icollectives.h"

/* For the non-blocking calls: a NULL buffer with items of a type with data cannot occur (Java resolves every
 * buffer it passes), so NEED_BUFFER only swaps NULL for natmpj_nowhere. */
#define PLACE(p) do { if (!(p)) (p) = (void *)(natmpj_nowhere + (#p[0] == 'r')); } while (0)

int natmpj_ibarrier(natmpj_handle comm, natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    int rc = MPI_Ibarrier(COMM(comm), &r);
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_ibcast(void *direct, int count, natmpj_handle type, int root, natmpj_handle comm,
                  natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(direct);
    int rc = MPI_Ibcast(direct, count, TYPE(type), root, COMM(comm), &r);
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_ireduction(int kind, void *sdirect, void *rdirect, int in_place, int count, natmpj_handle type,
                      natmpj_handle op, int root, natmpj_handle comm, natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    void *s = in_place ? MPI_IN_PLACE : sdirect;
    int rc;
    switch (kind) {
    case NATMPJ_IREDUCE: rc = MPI_Ireduce(s, rdirect, count, TYPE(type), OP(op), root, COMM(comm), &r); break;
    case NATMPJ_IALLREDUCE: rc = MPI_Iallreduce(s, rdirect, count, TYPE(type), OP(op), COMM(comm), &r); break;
    case NATMPJ_ISCAN: rc = MPI_Iscan(s, rdirect, count, TYPE(type), OP(op), COMM(comm), &r); break;
    case NATMPJ_IEXSCAN: rc = MPI_Iexscan(s, rdirect, count, TYPE(type), OP(op), COMM(comm), &r); break;
    case NATMPJ_IREDUCE_SCATTER_BLOCK:
        rc = MPI_Ireduce_scatter_block(s, rdirect, count, TYPE(type), OP(op), COMM(comm), &r);
        break;
    default: return MPI_ERR_ARG;
    }
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_ireduce_scatter(void *sdirect, void *rdirect, int in_place, int *held_recvcounts, natmpj_handle type,
                           natmpj_handle op, natmpj_handle comm, natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    int rc = MPI_Ireduce_scatter(in_place ? MPI_IN_PLACE : sdirect, rdirect, held_recvcounts, TYPE(type), OP(op),
                                 COMM(comm), &r);
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_iblocks(int kind, void *sdirect, int scount, natmpj_handle stype, void *rdirect, int rcount,
                   natmpj_handle rtype, int in_place, int root, natmpj_handle comm, natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    void *s = in_place && kind != NATMPJ_ISCATTER ? MPI_IN_PLACE : sdirect;
    void *d = in_place && kind == NATMPJ_ISCATTER ? MPI_IN_PLACE : rdirect;
    MPI_Datatype st = TYPE(stype), rt = TYPE(rtype);
    MPI_Comm c = COMM(comm);
    int rc;
    switch (kind) {
    case NATMPJ_IGATHER: rc = MPI_Igather(s, scount, st, d, rcount, rt, root, c, &r); break;
    case NATMPJ_ISCATTER: rc = MPI_Iscatter(s, scount, st, d, rcount, rt, root, c, &r); break;
    case NATMPJ_IALLGATHER: rc = MPI_Iallgather(s, scount, st, d, rcount, rt, c, &r); break;
    case NATMPJ_IALLTOALL: rc = MPI_Ialltoall(s, scount, st, d, rcount, rt, c, &r); break;
    case NATMPJ_INEIGHBOR_ALLGATHER: rc = MPI_Ineighbor_allgather(s, scount, st, d, rcount, rt, c, &r); break;
    case NATMPJ_INEIGHBOR_ALLTOALL: rc = MPI_Ineighbor_alltoall(s, scount, st, d, rcount, rt, c, &r); break;
    default: return MPI_ERR_ARG;
    }
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_igatherv(int kind, void *sdirect, int scount, natmpj_handle stype, void *rdirect, int *held_recvcounts,
                    int *held_displs, natmpj_handle rtype, int in_place, int root, natmpj_handle comm,
                    natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    void *s = in_place ? MPI_IN_PLACE : sdirect;
    MPI_Datatype st = TYPE(stype), rt = TYPE(rtype);
    int rc;
    switch (kind) {
    case NATMPJ_IGATHER:
        rc = MPI_Igatherv(s, scount, st, rdirect, held_recvcounts, held_displs, rt, root, COMM(comm), &r);
        break;
    case NATMPJ_IALLGATHER:
        rc = MPI_Iallgatherv(s, scount, st, rdirect, held_recvcounts, held_displs, rt, COMM(comm), &r);
        break;
    case NATMPJ_INEIGHBOR_ALLGATHER:
        rc = MPI_Ineighbor_allgatherv(s, scount, st, rdirect, held_recvcounts, held_displs, rt, COMM(comm), &r);
        break;
    default: return MPI_ERR_ARG;
    }
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_iscatterv(void *sdirect, int *held_sendcounts, int *held_displs, natmpj_handle stype, void *rdirect,
                     int rcount, natmpj_handle rtype, int in_place, int root, natmpj_handle comm,
                     natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    int rc = MPI_Iscatterv(sdirect, held_sendcounts, held_displs, TYPE(stype), in_place ? MPI_IN_PLACE : rdirect,
                           rcount, TYPE(rtype), root, COMM(comm), &r);
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_ialltoallv(int kind, void *sdirect, int *held_sendcounts, int *held_sdispls, natmpj_handle stype,
                      void *rdirect, int *held_recvcounts, int *held_rdispls, natmpj_handle rtype, int in_place,
                      natmpj_handle comm, natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    int rc;
    if (kind == NATMPJ_INEIGHBOR_ALLTOALL) {
        rc = MPI_Ineighbor_alltoallv(sdirect, held_sendcounts, held_sdispls, TYPE(stype), rdirect, held_recvcounts,
                                     held_rdispls, TYPE(rtype), COMM(comm), &r);
    } else {
        rc = MPI_Ialltoallv(in_place ? MPI_IN_PLACE : sdirect, held_sendcounts, held_sdispls, TYPE(stype), rdirect,
                            held_recvcounts, held_rdispls, TYPE(rtype), COMM(comm), &r);
    }
    *created = (natmpj_handle)r;
    return rc;
}

/* Turns n natmpj_handle values into MPI_Datatype values in the same memory, front to back: value i is read at byte
 * 8i before it is written at byte i * sizeof(MPI_Datatype) <= 8i, which overlaps only values already read. */
static MPI_Datatype *types_in_place(natmpj_handle *held, int n) {
    _Static_assert(sizeof(MPI_Datatype) <= sizeof(natmpj_handle), "MPI_Datatype wider than natmpj_handle");
    MPI_Datatype *types = (MPI_Datatype *)(void *)held;
    for (int i = 0; i < n; i++) {
        MPI_Datatype t = TYPE(held[i]);
        types[i] = t;
    }
    return types;
}

/*
 * Open MPI 4.1.4 crashes in MPI_Ialltoallw on a Cartesian communicator (SIGSEGV in
 * ompi_coll_base_retain_datatypes_w; reproduced in C; graph and plain communicators are fine, MPICH is). A
 * collective other than a neighbourhood one ignores the topology, so under Open MPI it runs on a twin without
 * one: the same ranks in the same order (MPI_Comm_split), made at the first MPI_Ialltoallw on the communicator
 * (collective, as the call is: every rank makes it there) and cached on it as an MPI attribute, freed with it.
 */
static int twin_keyval = MPI_KEYVAL_INVALID;
static pthread_once_t twin_once = PTHREAD_ONCE_INIT;
static int open_mpi;

static int delete_twin(MPI_Comm comm, int keyval, void *value, void *extra) {
    (void)comm, (void)keyval, (void)extra;
    MPI_Comm *twin = value;
    MPI_Comm_free(twin);
    free(twin);
    return MPI_SUCCESS;
}

static void twin_setup(void) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    version[0] = 0;
    MPI_Get_library_version(version, &length);
    open_mpi = strstr(version, "Open MPI") != NULL;
    if (open_mpi) MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_twin, &twin_keyval, NULL);
}

/* The communicator MPI_Ialltoallw runs on for comm (see above), or MPI_COMM_NULL with *rc set on failure. */
static MPI_Comm alltoallw_comm(MPI_Comm comm, int *rc) {
    pthread_once(&twin_once, twin_setup);
    int topo = MPI_UNDEFINED, flag = 0;
    if (!open_mpi || twin_keyval == MPI_KEYVAL_INVALID || MPI_Topo_test(comm, &topo) != MPI_SUCCESS
        || topo != MPI_CART) {
        return comm;
    }
    MPI_Comm *twin = NULL;
    if ((*rc = MPI_Comm_get_attr(comm, twin_keyval, &twin, &flag)) != MPI_SUCCESS) return MPI_COMM_NULL;
    if (flag) return *twin;
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (!(twin = malloc(sizeof *twin))) {
        *rc = MPI_ERR_NO_MEM;
        return MPI_COMM_NULL;
    }
    if ((*rc = MPI_Comm_split(comm, 0, rank, twin)) != MPI_SUCCESS) {
        free(twin);
        return MPI_COMM_NULL;
    }
    MPI_Comm_set_errhandler(*twin, MPI_ERRORS_RETURN);
    if ((*rc = MPI_Comm_set_attr(comm, twin_keyval, twin)) != MPI_SUCCESS) {
        MPI_Comm_free(twin);
        free(twin);
        return MPI_COMM_NULL;
    }
    return *twin;
}

int natmpj_ialltoallw(void *sdirect, int *held_sendcounts, int *held_sdispls, natmpj_handle *held_stypes,
                      void *rdirect, int *held_recvcounts, int *held_rdispls, natmpj_handle *held_rtypes, int n,
                      natmpj_handle comm, natmpj_handle *created) {
    MPI_Request r = MPI_REQUEST_NULL;
    PLACE(sdirect);
    PLACE(rdirect);
    int rc = MPI_SUCCESS;
    MPI_Comm on = alltoallw_comm(COMM(comm), &rc);
    if (on == MPI_COMM_NULL) return rc;
    rc = MPI_Ialltoallw(sdirect, held_sendcounts, held_sdispls, types_in_place(held_stypes, n), rdirect,
                        held_recvcounts, held_rdispls, types_in_place(held_rtypes, n), on, &r);
    *created = (natmpj_handle)r;
    return rc;
}

int natmpj_neighbor_blocks(int kind, void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                           void *rarray, void *rdirect, int64_t roff, int rcount, natmpj_handle rtype,
                           int sitems, int ritems, natmpj_handle comm) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, sitems, stype);
    NEED_BUFFER(rbuf, ritems, rtype);
    if (kind == NATMPJ_INEIGHBOR_ALLTOALL) {
        return MPI_Neighbor_alltoall(sbuf, scount, TYPE(stype), rbuf, rcount, TYPE(rtype), COMM(comm));
    }
    return MPI_Neighbor_allgather(sbuf, scount, TYPE(stype), rbuf, rcount, TYPE(rtype), COMM(comm));
}

int natmpj_neighbor_allgatherv(void *sarray, void *sdirect, int64_t soff, int scount, natmpj_handle stype,
                               void *rarray, void *rdirect, int64_t roff, const int *recvcounts, const int *displs,
                               natmpj_handle rtype, int ritems, natmpj_handle comm) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, scount, stype);
    NEED_BUFFER(rbuf, ritems, rtype);
    return MPI_Neighbor_allgatherv(sbuf, scount, TYPE(stype), rbuf, recvcounts, displs, TYPE(rtype), COMM(comm));
}

int natmpj_neighbor_alltoallv(void *sarray, void *sdirect, int64_t soff, const int *sendcounts, const int *sdispls,
                              natmpj_handle stype, void *rarray, void *rdirect, int64_t roff, const int *recvcounts,
                              const int *rdispls, natmpj_handle rtype, int sitems, int ritems, natmpj_handle comm) {
    void *sbuf = BUF(sarray, sdirect, soff), *rbuf = BUF(rarray, rdirect, roff);
    NEED_BUFFER(sbuf, sitems, stype);
    NEED_BUFFER(rbuf, ritems, rtype);
    return MPI_Neighbor_alltoallv(sbuf, sendcounts, sdispls, TYPE(stype), rbuf, recvcounts, rdispls, TYPE(rtype),
                                  COMM(comm));
}

int natmpj_dist_graph_create(natmpj_handle comm, int n, const int *sources, const int *degrees,
                             const int *destinations, const int *weights, int weighted, natmpj_handle info,
                             int reorder, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Dist_graph_create(COMM(comm), n, sources, degrees, destinations,
                                   weighted ? (int *)weights : MPI_UNWEIGHTED, INFO(info), reorder, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_dist_graph_create_adjacent(natmpj_handle comm, int indegree, const int *sources,
                                      const int *sourceweights, int outdegree, const int *destinations,
                                      const int *destweights, int weighted, natmpj_handle info, int reorder,
                                      natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Dist_graph_create_adjacent(COMM(comm), indegree, sources,
                                            weighted ? (int *)sourceweights : MPI_UNWEIGHTED, outdegree,
                                            destinations, weighted ? (int *)destweights : MPI_UNWEIGHTED,
                                            INFO(info), reorder, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_dist_graph_neighbors_count(natmpj_handle comm, int *neighbors) {
    return MPI_Dist_graph_neighbors_count(COMM(comm), &neighbors[0], &neighbors[1], &neighbors[2]);
}

int natmpj_dist_graph_neighbors(natmpj_handle comm, int maxindegree, int *sources_out, int *sourceweights_out,
                                int maxoutdegree, int *destinations_out, int *destweights_out, int weighted) {
    return MPI_Dist_graph_neighbors(COMM(comm), maxindegree, sources_out,
                                    weighted ? sourceweights_out : MPI_UNWEIGHTED, maxoutdegree, destinations_out,
                                    weighted ? destweights_out : MPI_UNWEIGHTED);
}
