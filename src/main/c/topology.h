/* Process topologies: Cartesian and graph communicators. Periods and flags cross as ints (0/1). */
#ifndef NATMPJ_TOPOLOGY_H
#define NATMPJ_TOPOLOGY_H

#include "natmpj.h"

/* in_ints: dims, in_ints2: periods. */
int natmpj_cart_create(natmpj_handle comm, int ndims, const int *in_ints, const int *in_ints2, int reorder,
                       natmpj_handle *out_handle);
int natmpj_cartdim_get(natmpj_handle comm, int *out_int);
/* out_ints: dims, out_ints2: periods, out_ints3: this rank's coords (each of length ndims). */
int natmpj_cart_get(natmpj_handle comm, int ndims, int *out_ints, int *out_ints2, int *out_ints3);
int natmpj_cart_rank(natmpj_handle comm, const int *in_ints, int *out_int);
int natmpj_cart_coords(natmpj_handle comm, int rank, int ndims, int *out_ints);
/* out_int: source, out_int2: destination. */
int natmpj_cart_shift(natmpj_handle comm, int direction, int disp, int *out_int, int *out_int2);
int natmpj_cart_sub(natmpj_handle comm, const int *in_ints, natmpj_handle *out_handle);
int natmpj_cart_map(natmpj_handle comm, int ndims, const int *in_ints, const int *in_ints2, int *out_int);
/* in_ints: dims as given (0 = free), out_ints: dims as filled. */
int natmpj_dims_create(int nnodes, int ndims, const int *in_ints, int *out_ints);
/* in_ints: index, in_ints2: edges. */
int natmpj_graph_create(natmpj_handle comm, int nnodes, const int *in_ints, const int *in_ints2, int reorder,
                        natmpj_handle *out_handle);
/* out_int: nodes, out_int2: edges. */
int natmpj_graphdims_get(natmpj_handle comm, int *out_int, int *out_int2);
int natmpj_graph_get(natmpj_handle comm, int maxindex, int maxedges, int *out_ints, int *out_ints2);
int natmpj_graph_neighbors_count(natmpj_handle comm, int rank, int *out_int);
int natmpj_graph_neighbors(natmpj_handle comm, int rank, int maxneighbors, int *out_ints);
int natmpj_graph_map(natmpj_handle comm, int nnodes, const int *in_ints, const int *in_ints2, int *out_int);

#endif
