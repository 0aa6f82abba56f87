/* Process topologies: Cartesian and graph communicators. Periods and flags cross as ints (0/1). */
#ifndef NATMPJ_TOPOLOGY_H
#define NATMPJ_TOPOLOGY_H

#include "natmpj.h"

int natmpj_cart_create(natmpj_handle comm, int ndims, const int *dims, const int *periods, int reorder,
                       natmpj_handle *new_comm);
int natmpj_cartdim_get(natmpj_handle comm, int *ndims);
/* dims, periods and this rank's coords, each of length ndims. */
int natmpj_cart_get(natmpj_handle comm, int ndims, int *dims, int *periods, int *coords);
int natmpj_cart_rank(natmpj_handle comm, const int *coords, int *rank);
int natmpj_cart_coords(natmpj_handle comm, int rank, int ndims, int *coords);
int natmpj_cart_shift(natmpj_handle comm, int direction, int disp, int *rank_source, int *rank_dest);
int natmpj_cart_sub(natmpj_handle comm, const int *remain_dims, natmpj_handle *new_comm);
int natmpj_cart_map(natmpj_handle comm, int ndims, const int *dims, const int *periods, int *new_rank);
/* dims as given (0 = free), filled_dims as MPI_Dims_create filled them. */
int natmpj_dims_create(int nnodes, int ndims, const int *dims, int *filled_dims);
int natmpj_graph_create(natmpj_handle comm, int nnodes, const int *index, const int *edges, int reorder,
                        natmpj_handle *new_comm);
int natmpj_graphdims_get(natmpj_handle comm, int *nnodes, int *nedges);
int natmpj_graph_get(natmpj_handle comm, int maxindex, int maxedges, int *index, int *edges);
int natmpj_graph_neighbors_count(natmpj_handle comm, int rank, int *nneighbors);
int natmpj_graph_neighbors(natmpj_handle comm, int rank, int maxneighbors, int *neighbors);
int natmpj_graph_map(natmpj_handle comm, int nnodes, const int *index, const int *edges, int *new_rank);

#endif
