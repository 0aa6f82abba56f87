/*
 * Communicators: shape, attributes, error handlers, creation (every new communicator gets MPI_ERRORS_RETURN, see
 * natmpj_created_comm) and freeing.
 */
#include "internal.h"
#include "communicators.h"
#include "info.h"

#include <stdlib.h>
#include <string.h>

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

int natmpj_comm_idup(natmpj_handle comm, void *address, natmpj_handle *created) {
    MPI_Comm *slot = address;
    MPI_Request req = MPI_REQUEST_NULL;
    if (!slot) return NATMPJ_ERR_NO_BUFFER;
    *slot = MPI_COMM_NULL;
    int rc = MPI_Comm_idup(COMM(comm), slot, &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_comm_idup_result(void *address, natmpj_handle *new_comm) {
    if (!address) return NATMPJ_ERR_NO_BUFFER;
    return natmpj_created_comm(MPI_SUCCESS, *(MPI_Comm *)address, new_comm);
}

int natmpj_comm_dup_with_info(natmpj_handle comm, natmpj_handle info, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_dup_with_info(COMM(comm), (MPI_Info)info, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_set_info(natmpj_handle comm, natmpj_handle info) {
    return MPI_Comm_set_info(COMM(comm), (MPI_Info)info);
}

int natmpj_comm_get_info(natmpj_handle comm, natmpj_handle *new_info) {
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Comm_get_info(COMM(comm), &info);
    *new_info = (natmpj_handle)info;
    return rc;
}

int natmpj_comm_split_type(natmpj_handle comm, int shared, int key, natmpj_handle info, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_split_type(COMM(comm), shared ? MPI_COMM_TYPE_SHARED : MPI_UNDEFINED, key, (MPI_Info)info,
                                 &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_create_group(natmpj_handle comm, natmpj_handle group, int tag, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_create_group(COMM(comm), GROUP(group), tag, &c);
    return natmpj_created_comm(rc, c, new_comm);
}

/* MPI_MAX_PORT_NAME and the names MPI_Lookup_name returns fit natmpj_text()'s buffer (4096 bytes); checked here. */
_Static_assert(MPI_MAX_PORT_NAME <= 4096, "port names must fit natmpj_text()");

int natmpj_open_port(natmpj_handle info) {
    char *text = (char *)natmpj_text();
    text[0] = 0;
    return MPI_Open_port((MPI_Info)info, text);
}

int natmpj_close_port(const char *port) { return MPI_Close_port(port); }

int natmpj_comm_accept(const char *port, natmpj_handle info, int root, natmpj_handle comm, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_accept(port, (MPI_Info)info, root, COMM(comm), &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_connect(const char *port, natmpj_handle info, int root, natmpj_handle comm,
                        natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_connect(port, (MPI_Info)info, root, COMM(comm), &c);
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_publish_name(const char *service, natmpj_handle info, const char *port) {
    return MPI_Publish_name(service, (MPI_Info)info, port);
}

int natmpj_unpublish_name(const char *service, natmpj_handle info, const char *port) {
    return MPI_Unpublish_name(service, (MPI_Info)info, port);
}

int natmpj_lookup_name(const char *service, natmpj_handle info) {
    char *text = (char *)natmpj_text();
    text[0] = 0;
    return MPI_Lookup_name(service, (MPI_Info)info, text);
}

int natmpj_comm_get_parent(natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    int rc = MPI_Comm_get_parent(&c);
    /* The parent is MPI's, not a new communicator: errors return (natmpj_created_comm) but Java never frees it. */
    return natmpj_created_comm(rc, c, new_comm);
}

int natmpj_comm_disconnect(natmpj_handle comm) {
    MPI_Comm c = COMM(comm);
    return MPI_Comm_disconnect(&c);
}

/*
 * Every rank passes MPI an array for the error codes, as many as the root asks processes for, which the root tells
 * the others first: MPICH sends the codes to each rank that passed an array, so a rank passing MPI_ERRCODES_IGNORE
 * beside ranks that passed one would leave the root's messages to the communicator's next collective (MPICH 5.0.2:
 * "Message truncated" in the next MPI_Barrier). The same message tells a refusal at the root, so that the other
 * ranks do not wait in MPI_Comm_spawn for a root that never comes.
 */
int natmpj_comm_spawn(int multiple, int count, void *address, const int *argcs, const int *maxprocs,
                      const natmpj_handle *infos, int root, natmpj_handle comm, int refused, int *flag,
                      int *errcodes, int errcodes_len, natmpj_handle *new_comm) {
    MPI_Comm c = MPI_COMM_NULL;
    *new_comm = (natmpj_handle)MPI_COMM_NULL;
    int rank = 0, processes = -1;
    int rc = MPI_Comm_rank(COMM(comm), &rank);
    if (rc != MPI_SUCCESS) return rc;
    if (rank == root && !refused) {
        processes = 0;
        for (int i = 0; i < count; i++) processes += maxprocs[i];
    }
    rc = MPI_Bcast(&processes, 1, MPI_INT, root, COMM(comm));
    if (rc != MPI_SUCCESS) return rc;
    *flag = processes < 0;
    if (*flag) return MPI_SUCCESS;
    int n = count > 0 ? count : 1, total = 0;
    for (int i = 0; i < count; i++) total += argcs[i] + 1;
    char **commands = calloc((size_t)n, sizeof *commands);
    char ***argvs = calloc((size_t)n, sizeof *argvs);
    char **args = calloc((size_t)total + (size_t)n, sizeof *args);
    MPI_Info *info = calloc((size_t)n, sizeof *info);
    int *codes = calloc(processes > 0 ? (size_t)processes : 1, sizeof *codes);
    rc = NATMPJ_ERR_NO_BUFFER;
    if (commands && argvs && args && info && codes) {
        char *p = address, **next = args;
        for (int i = 0; i < count; i++) {
            commands[i] = p;
            p += strlen(p) + 1;
            argvs[i] = next;
            for (int a = 0; a < argcs[i]; a++) {
                *next++ = p;
                p += strlen(p) + 1;
            }
            *next++ = NULL;
            info[i] = (MPI_Info)infos[i];
        }
        /* maxprocs is the root's; elsewhere the number the root asks for, which Open MPI 4.1 takes there as the
         * number of codes to write */
        const int *procs = rank == root ? maxprocs : &processes;
        rc = multiple ? MPI_Comm_spawn_multiple(count, commands, argvs, procs, info, root, COMM(comm), &c, codes)
                      : MPI_Comm_spawn(commands[0], argvs[0], procs[0], info[0], root, COMM(comm), &c, codes);
        rc = natmpj_created_comm(rc, c, new_comm);
        if (errcodes) {
            for (int i = 0; i < errcodes_len && i < processes; i++) errcodes[i] = codes[i];
        }
    }
    free(codes);
    free(commands);
    free(argvs);
    free(args);
    free(info);
    return rc;
}
