/*
 * Communicators: shape, attributes, error handlers, creation (every new communicator gets MPI_ERRORS_RETURN, see
 * natmpj_created_comm) and freeing.
 */
#include "internal.h"
#include "communicators.h"

int natmpj_comm_rank(natmpj_handle comm, int *rank) { return MPI_Comm_rank(COMM(comm), rank); }
int natmpj_comm_size(natmpj_handle comm, int *size) { return MPI_Comm_size(COMM(comm), size); }

int natmpj_comm_tag_ub(natmpj_handle comm, int *tag_ub) {
    int *value = NULL, flag = 0;
    int rc = MPI_Comm_get_attr(COMM(comm), MPI_TAG_UB, &value, &flag);
    *tag_ub = (rc == MPI_SUCCESS && flag) ? *value : 32767; /* 32767 is the least the standard allows */
    return rc;
}

int natmpj_comm_set_errhandler(natmpj_handle comm, natmpj_handle errhandler) {
    return MPI_Comm_set_errhandler(COMM(comm), ERRHANDLER(errhandler));
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

int natmpj_comm_group(natmpj_handle comm, natmpj_handle *group) {
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Comm_group(COMM(comm), &g);
    *group = (natmpj_handle)g;
    return rc;
}

int natmpj_comm_compare(natmpj_handle comm1, natmpj_handle comm2, int *result) {
    return MPI_Comm_compare(COMM(comm1), COMM(comm2), result);
}

int natmpj_created_comm(int rc, MPI_Comm c, natmpj_handle *new_comm) {
    if (rc == MPI_SUCCESS && c != MPI_COMM_NULL) rc = MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    *new_comm = (natmpj_handle)c;
    return rc;
}

int natmpj_comm_dup(natmpj_handle comm, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_dup(COMM(comm), &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_split(natmpj_handle comm, int color, int key, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_split(COMM(comm), color, key, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_create(natmpj_handle comm, natmpj_handle group, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_create(COMM(comm), GROUP(group), &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_free(natmpj_handle comm) {
    MPI_Comm c = COMM(comm);
    return MPI_Comm_free(&c);
}

int natmpj_comm_test_inter(natmpj_handle comm, int *flag) { return MPI_Comm_test_inter(COMM(comm), flag); }
int natmpj_comm_remote_size(natmpj_handle comm, int *size) { return MPI_Comm_remote_size(COMM(comm), size); }

int natmpj_comm_remote_group(natmpj_handle comm, natmpj_handle *group) {
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Comm_remote_group(COMM(comm), &g);
    *group = (natmpj_handle)g;
    return rc;
}

int natmpj_intercomm_create(natmpj_handle local_comm, int local_leader, natmpj_handle peer_comm, int remote_leader,
                            int tag, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Intercomm_create(COMM(local_comm), local_leader, COMM(peer_comm), remote_leader, tag, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_intercomm_merge(natmpj_handle comm, int high, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Intercomm_merge(COMM(comm), high, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_get_attr_int(natmpj_handle comm, int keyval, int *value, int *flag) {
    int *attribute = NULL;
    int rc = MPI_Comm_get_attr(COMM(comm), keyval, &attribute, flag);
    *value = (rc == MPI_SUCCESS && *flag && attribute) ? *attribute : 0;
    return rc;
}

int natmpj_comm_delete_attr(natmpj_handle comm, int keyval) { return MPI_Comm_delete_attr(COMM(comm), keyval); }

int natmpj_topo_test(natmpj_handle comm, int *topo_type) { return MPI_Topo_test(COMM(comm), topo_type); }

int natmpj_comm_call_errhandler(natmpj_handle comm, int errorcode) {
    return MPI_Comm_call_errhandler(COMM(comm), errorcode);
}
