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

/* MPI-3 creation and info. MPI_Comm_idup writes the new communicator at completion: into address, native memory
 * Java keeps until then (at least sizeof(MPI_Comm) bytes), which natmpj_comm_idup_result turns into a handle (with
 * MPI_ERRORS_RETURN set) once the request completed. */
int natmpj_comm_idup(natmpj_handle comm, void *address, natmpj_handle *created);
int natmpj_comm_idup_result(void *address, natmpj_handle *new_comm);
int natmpj_comm_dup_with_info(natmpj_handle comm, natmpj_handle info, natmpj_handle *new_comm);
int natmpj_comm_set_info(natmpj_handle comm, natmpj_handle info);
int natmpj_comm_get_info(natmpj_handle comm, natmpj_handle *new_info);
/* shared: MPI_COMM_TYPE_SHARED when nonzero, MPI_UNDEFINED (no communicator for this process) when 0. */
int natmpj_comm_split_type(natmpj_handle comm, int shared, int key, natmpj_handle info, natmpj_handle *new_comm);
int natmpj_comm_create_group(natmpj_handle comm, natmpj_handle group, int tag, natmpj_handle *new_comm);

/* Dynamic processes. Port and service names cross as Java Strings; a name MPI returns (MPI_Open_port,
 * MPI_Lookup_name) is left in natmpj_text() (info.h). */
int natmpj_open_port(natmpj_handle info);
int natmpj_close_port(const char *port);
int natmpj_comm_accept(const char *port, natmpj_handle info, int root, natmpj_handle comm, natmpj_handle *new_comm);
int natmpj_comm_connect(const char *port, natmpj_handle info, int root, natmpj_handle comm,
                        natmpj_handle *new_comm);
int natmpj_publish_name(const char *service, natmpj_handle info, const char *port);
int natmpj_unpublish_name(const char *service, natmpj_handle info, const char *port);
int natmpj_lookup_name(const char *service, natmpj_handle info);
int natmpj_comm_get_parent(natmpj_handle *new_comm);
int natmpj_comm_disconnect(natmpj_handle comm);
/* MPI_Comm_spawn (count 1, multiple 0) or MPI_Comm_spawn_multiple. The strings are in address, each NUL-terminated:
 * for each of the count commands, the command then its argcs[i] arguments. maxprocs and infos have count
 * elements. Only the root's strings, maxprocs, infos and refused (its arguments were refused) matter: the root
 * tells the others first how many processes it asks for, or that it refused (*flag 1 everywhere; nothing is
 * spawned). errcodes (errcodes_len entries, null for none) gets the first codes MPI gives this rank, one per
 * process asked for. */
int natmpj_comm_spawn(int multiple, int count, void *address, const int *argcs, const int *maxprocs,
                      const natmpj_handle *infos, int root, natmpj_handle comm, int refused, int *flag,
                      int *errcodes, int errcodes_len, natmpj_handle *new_comm);

#endif
