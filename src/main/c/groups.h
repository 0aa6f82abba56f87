/* Groups of ranks: set operations, rank translation, comparison. */
#ifndef NATMPJ_GROUPS_H
#define NATMPJ_GROUPS_H

#include "natmpj.h"

int natmpj_group_size(natmpj_handle group, int *size);
int natmpj_group_rank(natmpj_handle group, int *rank);
/* ranks1: n ranks in group1; ranks2: the same processes' ranks in group2, or MPI_UNDEFINED. */
int natmpj_group_translate_ranks(natmpj_handle group1, int n, const int *ranks1, natmpj_handle group2,
                                 int *ranks2);
int natmpj_group_compare(natmpj_handle group1, natmpj_handle group2, int *result);
/* op: 0 union, 1 intersection, 2 difference. */
int natmpj_group_combine(int op, natmpj_handle group1, natmpj_handle group2, natmpj_handle *new_group);
/* exclude: 0 Incl, 1 Excl. */
int natmpj_group_incl(int exclude, natmpj_handle group, int n, const int *ranks, natmpj_handle *new_group);
int natmpj_group_free(natmpj_handle group);

#endif
