/* Communicators: shape, attributes, error handlers. */
#include "internal.h"

int natmpj_comm_rank(natmpj_handle comm, int *rank) { return MPI_Comm_rank(COMM(comm), rank); }
int natmpj_comm_size(natmpj_handle comm, int *size) { return MPI_Comm_size(COMM(comm), size); }

int natmpj_comm_tag_ub(natmpj_handle comm, int *tag_ub) {
    int *value = NULL, flag = 0;
    int rc = MPI_Comm_get_attr(COMM(comm), MPI_TAG_UB, &value, &flag);
    *tag_ub = (rc == MPI_SUCCESS && flag) ? *value : 32767; /* 32767 is the least the standard allows */
    return rc;
}

int natmpj_comm_set_errhandler(natmpj_handle comm, natmpj_handle errhandler) {
    return MPI_Comm_set_errhandler(COMM(comm), (MPI_Errhandler)errhandler);
}

int natmpj_comm_get_errhandler(natmpj_handle comm, natmpj_handle *errhandler) {
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    int rc = MPI_Comm_get_errhandler(COMM(comm), &handler);
    *errhandler = (natmpj_handle)handler;
    /* MPI hands out a reference; predefined handlers are never really freed, so keep the handle valid. */
    if (rc == MPI_SUCCESS && handler != MPI_ERRORS_ARE_FATAL && handler != MPI_ERRORS_RETURN)
        MPI_Errhandler_free(&handler);
    return rc;
}
