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

#endif
