/*
 * MPI_Info objects, and the per-thread text buffer the calls that return a string (an info value or key, an
 * object's name) leave it in: natmpj_text() reads it. Strings cross as Java Strings (SWIG's default for char *).
 */
#ifndef NATMPJ_INFO_H
#define NATMPJ_INFO_H

#include "natmpj.h"

int natmpj_info_create(natmpj_handle *new_info);
int natmpj_info_set(natmpj_handle info, const char *key, const char *text);
/* *flag = 1 and the value in natmpj_text() when the key is set, 0 otherwise */
int natmpj_info_get(natmpj_handle info, const char *key, int *flag);
int natmpj_info_delete(natmpj_handle info, const char *key);
int natmpj_info_get_nkeys(natmpj_handle info, int *count);
/* key number n (0-based) in natmpj_text() */
int natmpj_info_get_nthkey(natmpj_handle info, int n);
int natmpj_info_dup(natmpj_handle info, natmpj_handle *new_info);
int natmpj_info_free(natmpj_handle info);

/* Object names (MPI_Comm_set_name, MPI_Type_set_name and their getters: the name in natmpj_text()). */
int natmpj_comm_set_name(natmpj_handle comm, const char *text);
int natmpj_comm_get_name(natmpj_handle comm);
int natmpj_type_set_name(natmpj_handle type, const char *text);
int natmpj_type_get_name(natmpj_handle type);

/* Keyvals whose attributes Java keeps itself (no copy or delete callbacks in C). */
int natmpj_comm_create_keyval(int *keyval);
int natmpj_comm_free_keyval(int keyval);
int natmpj_type_create_keyval(int *keyval);
int natmpj_type_free_keyval(int keyval);

/* The text the last call above left on this thread. */
const char *natmpj_text(void);

#endif
