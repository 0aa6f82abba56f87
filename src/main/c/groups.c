/* Groups of ranks: thin calls, new groups handed out whatever MPI returned (MPI_GROUP_NULL on error). */
#include "internal.h"
#include "groups.h"

int natmpj_group_size(natmpj_handle group, int *size) { return MPI_Group_size(GROUP(group), size); }
int natmpj_group_rank(natmpj_handle group, int *rank) { return MPI_Group_rank(GROUP(group), rank); }

int natmpj_group_translate_ranks(natmpj_handle group1, int n, const int *ranks1, natmpj_handle group2,
                                 int *ranks2) {
    return MPI_Group_translate_ranks(GROUP(group1), n, ranks1, GROUP(group2), ranks2);
}

int natmpj_group_compare(natmpj_handle group1, natmpj_handle group2, int *result) {
    return MPI_Group_compare(GROUP(group1), GROUP(group2), result);
}

int natmpj_group_combine(int op, natmpj_handle group1, natmpj_handle group2, natmpj_handle *new_group) {
    MPI_Group g = MPI_GROUP_NULL;
    int rc = op == 0 ? MPI_Group_union(GROUP(group1), GROUP(group2), &g)
           : op == 1 ? MPI_Group_intersection(GROUP(group1), GROUP(group2), &g)
                     : MPI_Group_difference(GROUP(group1), GROUP(group2), &g);
    *new_group = (natmpj_handle)g;
    return rc;
}

int natmpj_group_incl(int exclude, natmpj_handle group, int n, const int *ranks, natmpj_handle *new_group) {
    MPI_Group g = MPI_GROUP_NULL;
    int rc = exclude ? MPI_Group_excl(GROUP(group), n, ranks, &g) : MPI_Group_incl(GROUP(group), n, ranks, &g);
    *new_group = (natmpj_handle)g;
    return rc;
}

int natmpj_group_free(natmpj_handle group) {
    MPI_Group g = GROUP(group);
    return MPI_Group_free(&g);
}
