/* Groups of ranks: set operations, rank translation, comparison. Results go to *out_handle / *out_int(s). */
#ifndef NATMPJ_GROUPS_H
#define NATMPJ_GROUPS_H

#include "natmpj.h"

int natmpj_group_size(natmpj_handle group, int *out_int);
int natmpj_group_rank(natmpj_handle group, int *out_int);
/* in_ints: ranks in group1; out_ints (as long): the same processes' ranks in group2 or MPI_UNDEFINED. */
int natmpj_group_translate_ranks(natmpj_handle group1, int n, const int *in_ints, natmpj_handle group2,
                                 int *out_ints);
int natmpj_group_compare(natmpj_handle group1, natmpj_handle group2, int *out_int);
/* op: 0 union, 1 intersection, 2 difference. */
int natmpj_group_combine(int op, natmpj_handle group1, natmpj_handle group2, natmpj_handle *out_handle);
/* exclude: 0 Incl, 1 Excl. */
int natmpj_group_incl(int exclude, natmpj_handle group, int n, const int *in_ints, natmpj_handle *out_handle);
int natmpj_group_free(natmpj_handle group);

#endif
