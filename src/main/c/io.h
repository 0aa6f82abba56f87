/*
 * MPI-IO: files opened by a communicator's processes, their views, and reads and writes at explicit offsets,
 * through each process's file pointer, through the file's shared pointer, blocking, non-blocking and as split
 * collectives. File handles cross as natmpj_handle (MPI_File: a pointer in Open MPI, an int in MPICH).
 *
 * Blocking calls take their buffer as the usual (array, direct) pair plus a byte offset: an array pinned for the call
 * (rarray: read into, released copying back; sarray: written from, released without), or a direct buffer's or
 * staging's address. Non-blocking calls and split collectives take memory that stays put (address). Offsets are in
 * etypes of the view, as in MPI; status is a status slot block (the count MPI read or wrote).
 */
#ifndef NATMPJ_IO_H
#define NATMPJ_IO_H

#include "natmpj.h"

/* What a data-access call does: one entry point per direction, the MPI function chosen by this. */
enum natmpj_file_access {
    NATMPJ_FILE_AT, NATMPJ_FILE_AT_ALL, NATMPJ_FILE_INDIVIDUAL, NATMPJ_FILE_ALL, NATMPJ_FILE_SHARED,
    NATMPJ_FILE_ORDERED
};

int natmpj_file_open(natmpj_handle comm, const char *filename, int amode, natmpj_handle info,
                     natmpj_handle *new_file);
int natmpj_file_close(natmpj_handle file);
int natmpj_file_delete(const char *filename, natmpj_handle info);
int natmpj_file_set_size(natmpj_handle file, int64_t size);
int natmpj_file_preallocate(natmpj_handle file, int64_t size);
int natmpj_file_get_size(natmpj_handle file, int64_t *file_size);
int natmpj_file_get_group(natmpj_handle file, natmpj_handle *new_group);
int natmpj_file_get_amode(natmpj_handle file, int *value);
int natmpj_file_set_info(natmpj_handle file, natmpj_handle info);
int natmpj_file_get_info(natmpj_handle file, natmpj_handle *new_info);
int natmpj_file_set_view(natmpj_handle file, int64_t disp, natmpj_handle etype, natmpj_handle filetype,
                         const char *datarep, natmpj_handle info);
/* The view's displacement in *file_offset, its data representation in natmpj_text() (info.h); the types MPI
 * returns are not kept (Java keeps the Datatype objects it set). */
int natmpj_file_get_view(natmpj_handle file, int64_t *file_offset);
int natmpj_file_set_atomicity(natmpj_handle file, int flag_value);
int natmpj_file_get_atomicity(natmpj_handle file, int *flag);
int natmpj_file_sync(natmpj_handle file);
/* shared: 1 for the shared file pointer (MPI_File_seek_shared, MPI_File_get_position_shared) */
int natmpj_file_seek(int shared, natmpj_handle file, int64_t offset, int whence);
int natmpj_file_get_position(int shared, natmpj_handle file, int64_t *file_offset);
int natmpj_file_get_byte_offset(natmpj_handle file, int64_t offset, int64_t *file_offset);
int natmpj_file_get_type_extent(natmpj_handle file, natmpj_handle type, int64_t *type_extent);
int natmpj_file_set_errhandler(natmpj_handle file, natmpj_handle errhandler_value);
int natmpj_file_get_errhandler(natmpj_handle file, natmpj_handle *errhandler);
int natmpj_file_call_errhandler(natmpj_handle file, int errorcode);

/* Blocking reads and writes (access: enum natmpj_file_access; offset is used by the _AT kinds only). */
int natmpj_file_read(int access, natmpj_handle file, int64_t offset, void *rarray, void *rdirect, int64_t off,
                     int count, natmpj_handle type, int *status);
int natmpj_file_write(int access, natmpj_handle file, int64_t offset, void *sarray, void *sdirect, int64_t off,
                      int count, natmpj_handle type, int *status);
/* Non-blocking (every kind but ORDERED): the request in *created. */
int natmpj_file_iread(int access, natmpj_handle file, int64_t offset, void *address, int count, natmpj_handle type,
                      natmpj_handle *created);
int natmpj_file_iwrite(int access, natmpj_handle file, int64_t offset, void *address, int count,
                       natmpj_handle type, natmpj_handle *created);
/* Split collectives (AT_ALL, ALL, ORDERED): begin, then end with the same memory. */
int natmpj_file_read_begin(int access, natmpj_handle file, int64_t offset, void *address, int count,
                           natmpj_handle type);
int natmpj_file_read_end(int access, natmpj_handle file, void *address, int *status);
int natmpj_file_write_begin(int access, natmpj_handle file, int64_t offset, void *address, int count,
                            natmpj_handle type);
int natmpj_file_write_end(int access, natmpj_handle file, void *address, int *status);

#endif
