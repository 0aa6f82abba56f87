/* Process topologies: Cartesian and graph communicators (created with MPI_ERRORS_RETURN) and their queries. */
#include <string.h>
#include "internal.h"
#include "topology.h"

int natmpj_cart_create(natmpj_handle comm, int ndims, const int *dims, const int *periods, int reorder,
                       natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Cart_create(COMM(comm), ndims, dims, periods, reorder, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_cartdim_get(natmpj_handle comm, int *ndims) { return MPI_Cartdim_get(COMM(comm), ndims); }

int natmpj_cart_get(natmpj_handle comm, int ndims, int *dims, int *periods, int *coords) {
    return MPI_Cart_get(COMM(comm), ndims, dims, periods, coords);
}

int natmpj_cart_rank(natmpj_handle comm, const int *coords, int *rank) {
    return MPI_Cart_rank(COMM(comm), coords, rank);
}

int natmpj_cart_coords(natmpj_handle comm, int rank, int ndims, int *coords) {
    return MPI_Cart_coords(COMM(comm), rank, ndims, coords);
}

int natmpj_cart_shift(natmpj_handle comm, int direction, int disp, int *rank_source, int *rank_dest) {
    return MPI_Cart_shift(COMM(comm), direction, disp, rank_source, rank_dest);
}

int natmpj_cart_sub(natmpj_handle comm, const int *remain_dims, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Cart_sub(COMM(comm), remain_dims, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_cart_map(natmpj_handle comm, int ndims, const int *dims, const int *periods, int *new_rank) {
    return MPI_Cart_map(COMM(comm), ndims, dims, periods, new_rank);
}

int natmpj_dims_create(int nnodes, int ndims, const int *dims, int *filled_dims) {
    if (ndims > 0) memcpy(filled_dims, dims, (size_t)ndims * sizeof *filled_dims);
    return MPI_Dims_create(nnodes, ndims, filled_dims);
}

int natmpj_graph_create(natmpj_handle comm, int nnodes, const int *index, const int *edges, int reorder,
                        natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Graph_create(COMM(comm), nnodes, index, edges, reorder, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_graphdims_get(natmpj_handle comm, int *nnodes, int *nedges) {
    return MPI_Graphdims_get(COMM(comm), nnodes, nedges);
}

int natmpj_graph_get(natmpj_handle comm, int maxindex, int maxedges, int *index, int *edges) {
    return MPI_Graph_get(COMM(comm), maxindex, maxedges, index, edges);
}

int natmpj_graph_neighbors_count(natmpj_handle comm, int rank, int *nneighbors) {
    return MPI_Graph_neighbors_count(COMM(comm), rank, nneighbors);
}

int natmpj_graph_neighbors(natmpj_handle comm, int rank, int maxneighbors, int *neighbors) {
    return MPI_Graph_neighbors(COMM(comm), rank, maxneighbors, neighbors);
}

int natmpj_graph_map(natmpj_handle comm, int nnodes, const int *index, const int *edges, int *new_rank) {
    return MPI_Graph_map(COMM(comm), nnodes, index, edges, new_rank);
}
