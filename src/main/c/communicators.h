/* Communicators: shape, attributes, error handlers, groups of ranks, creation and freeing. */
#ifndef NATMPJ_COMMUNICATORS_H
#define NATMPJ_COMMUNICATORS_H

#include "natmpj.h"

/* Communicators. */
int natmpj_comm_rank(natmpj_handle comm, int *rank);
int natmpj_comm_size(natmpj_handle comm, int *size);
int natmpj_comm_tag_ub(natmpj_handle comm, int *tag_ub);
int natmpj_comm_set_errhandler(natmpj_handle comm, natmpj_handle errhandler);
int natmpj_comm_get_errhandler(natmpj_handle comm, natmpj_handle *errhandler);

/* New communicators get MPI_ERRORS_RETURN, so their errors reach Java as exceptions; MPI_COMM_NULL for ranks
 * that are not members. */
int natmpj_comm_group(natmpj_handle comm, natmpj_handle *group);
int natmpj_comm_compare(natmpj_handle comm1, natmpj_handle comm2, int *result);
int natmpj_comm_dup(natmpj_handle comm, natmpj_handle *new_comm);
int natmpj_comm_split(natmpj_handle comm, int color, int key, natmpj_handle *new_comm);
int natmpj_comm_create(natmpj_handle comm, natmpj_handle group, natmpj_handle *new_comm);
int natmpj_comm_free(natmpj_handle comm);
int natmpj_comm_test_inter(natmpj_handle comm, int *flag);
int natmpj_comm_remote_size(natmpj_handle comm, int *size);
int natmpj_comm_remote_group(natmpj_handle comm, natmpj_handle *group);
int natmpj_intercomm_create(natmpj_handle local_comm, int local_leader, natmpj_handle peer_comm, int remote_leader,
                            int tag, natmpj_handle *new_comm);
int natmpj_intercomm_merge(natmpj_handle comm, int high, natmpj_handle *new_comm);
/* An integer attribute (MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL): *flag whether it has a value. */
int natmpj_comm_get_attr_int(natmpj_handle comm, int keyval, int *value, int *flag);
int natmpj_comm_delete_attr(natmpj_handle comm, int keyval);
/* *topo_type: MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH or MPI_UNDEFINED. */
int natmpj_topo_test(natmpj_handle comm, int *topo_type);

int natmpj_comm_call_errhandler(natmpj_handle comm, int errorcode);

#endif
