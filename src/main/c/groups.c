/* Groups of ranks. */
#include "internal.h"
#include "groups.h"

int natmpj_group_size(natmpj_handle group, int *out_int) { return MPI_Group_size(GROUP(group), out_int); }
int natmpj_group_rank(natmpj_handle group, int *out_int) { return MPI_Group_rank(GROUP(group), out_int); }

int natmpj_group_translate_ranks(natmpj_handle group1, int n, const int *in_ints, natmpj_handle group2,
                                 int *out_ints) {
    return MPI_Group_translate_ranks(GROUP(group1), n, in_ints, GROUP(group2), out_ints);
}

int natmpj_group_compare(natmpj_handle group1, natmpj_handle group2, int *out_int) {
    return MPI_Group_compare(GROUP(group1), GROUP(group2), out_int);
}

int natmpj_group_combine(int op, natmpj_handle group1, natmpj_handle group2, natmpj_handle *out_handle) {
    MPI_Group g = MPI_GROUP_NULL;
    int rc = op == 0 ? MPI_Group_union(GROUP(group1), GROUP(group2), &g)
           : op == 1 ? MPI_Group_intersection(GROUP(group1), GROUP(group2), &g)
                     : MPI_Group_difference(GROUP(group1), GROUP(group2), &g);
    *out_handle = (natmpj_handle)g;
    return rc;
}

int natmpj_group_incl(int exclude, natmpj_handle group, int n, const int *in_ints, natmpj_handle *out_handle) {
    MPI_Group g = MPI_GROUP_NULL;
    int rc = exclude ? MPI_Group_excl(GROUP(group), n, in_ints, &g) : MPI_Group_incl(GROUP(group), n, in_ints, &g);
    *out_handle = (natmpj_handle)g;
    return rc;
}

int natmpj_group_free(natmpj_handle group) {
    MPI_Group g = GROUP(group);
    return MPI_Group_free(&g);
}
