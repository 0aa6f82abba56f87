/* Process topologies. */
#include <string.h>
#include "internal.h"
#include "topology.h"

int natmpj_cart_create(natmpj_handle comm, int ndims, const int *in_ints, const int *in_ints2, int reorder,
                       natmpj_handle *out_handle) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Cart_create(COMM(comm), ndims, in_ints, in_ints2, reorder, &c);
    return natmpj_created_comm(rc, c, out_handle);
}

int natmpj_cartdim_get(natmpj_handle comm, int *out_int) { return MPI_Cartdim_get(COMM(comm), out_int); }

int natmpj_cart_get(natmpj_handle comm, int ndims, int *out_ints, int *out_ints2, int *out_ints3) {
    return MPI_Cart_get(COMM(comm), ndims, out_ints, out_ints2, out_ints3);
}

int natmpj_cart_rank(natmpj_handle comm, const int *in_ints, int *out_int) {
    return MPI_Cart_rank(COMM(comm), in_ints, out_int);
}

int natmpj_cart_coords(natmpj_handle comm, int rank, int ndims, int *out_ints) {
    return MPI_Cart_coords(COMM(comm), rank, ndims, out_ints);
}

int natmpj_cart_shift(natmpj_handle comm, int direction, int disp, int *out_int, int *out_int2) {
    return MPI_Cart_shift(COMM(comm), direction, disp, out_int, out_int2);
}

int natmpj_cart_sub(natmpj_handle comm, const int *in_ints, natmpj_handle *out_handle) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Cart_sub(COMM(comm), in_ints, &c);
    return natmpj_created_comm(rc, c, out_handle);
}

int natmpj_cart_map(natmpj_handle comm, int ndims, const int *in_ints, const int *in_ints2, int *out_int) {
    return MPI_Cart_map(COMM(comm), ndims, in_ints, in_ints2, out_int);
}

int natmpj_dims_create(int nnodes, int ndims, const int *in_ints, int *out_ints) {
    if (ndims > 0) memcpy(out_ints, in_ints, (size_t)ndims * sizeof *out_ints);
    return MPI_Dims_create(nnodes, ndims, out_ints);
}

int natmpj_graph_create(natmpj_handle comm, int nnodes, const int *in_ints, const int *in_ints2, int reorder,
                        natmpj_handle *out_handle) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Graph_create(COMM(comm), nnodes, in_ints, in_ints2, reorder, &c);
    return natmpj_created_comm(rc, c, out_handle);
}

int natmpj_graphdims_get(natmpj_handle comm, int *out_int, int *out_int2) {
    return MPI_Graphdims_get(COMM(comm), out_int, out_int2);
}

int natmpj_graph_get(natmpj_handle comm, int maxindex, int maxedges, int *out_ints, int *out_ints2) {
    return MPI_Graph_get(COMM(comm), maxindex, maxedges, out_ints, out_ints2);
}

int natmpj_graph_neighbors_count(natmpj_handle comm, int rank, int *out_int) {
    return MPI_Graph_neighbors_count(COMM(comm), rank, out_int);
}

int natmpj_graph_neighbors(natmpj_handle comm, int rank, int maxneighbors, int *out_ints) {
    return MPI_Graph_neighbors(COMM(comm), rank, maxneighbors, out_ints);
}

int natmpj_graph_map(natmpj_handle comm, int nnodes, const int *in_ints, const int *in_ints2, int *out_int) {
    return MPI_Graph_map(COMM(comm), nnodes, in_ints, in_ints2, out_int);
}
