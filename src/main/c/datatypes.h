/*
 * Datatypes: sizes, derived-type construction, the shape queries Java caches, and Pack/Unpack. Displacements and
 * strides arrive in bytes (Java converts mpiJava's base-element units), except where MPI itself counts old-type
 * extents (vector stride, indexed displacements).
 */
#ifndef NATMPJ_DATATYPES_H
#define NATMPJ_DATATYPES_H

#include "natmpj.h"

int natmpj_type_size(natmpj_handle type, int *size);

/* Constructors: the new (uncommitted) type goes to *new_type. */
int natmpj_type_contiguous(int count, natmpj_handle oldtype, natmpj_handle *new_type);
int natmpj_type_vector(int count, int blocklength, int stride, natmpj_handle oldtype, natmpj_handle *new_type);
int natmpj_type_hvector(int count, int blocklength, int64_t stride_bytes, natmpj_handle oldtype,
                        natmpj_handle *new_type);
/* displacements in old-type extents. */
int natmpj_type_indexed(int count, const int *blocklengths, const int *displacements, natmpj_handle oldtype,
                        natmpj_handle *new_type);
/* displacements in bytes. */
int natmpj_type_hindexed(int count, const int *blocklengths, const int64_t *displacements, natmpj_handle oldtype,
                         natmpj_handle *new_type);
/* displacements in bytes, types the component types. */
int natmpj_type_struct(int count, const int *blocklengths, const int64_t *displacements, const natmpj_handle *types,
                       natmpj_handle *new_type);
/* A copy of oldtype with lower bound lb and extent extent (bytes): how MPI-3 expresses MPI_LB/MPI_UB markers. */
int natmpj_type_resized(natmpj_handle oldtype, int64_t lb, int64_t extent, natmpj_handle *new_type);

int natmpj_type_commit(natmpj_handle type);
int natmpj_type_free(natmpj_handle type);

/* Writes {lb, extent, true lb, true extent, size} in bytes into shape (5 longs). */
int natmpj_type_shape(natmpj_handle type, int64_t *shape);

/* Pack/Unpack between a typed buffer (array or direct) and a byte buffer (array or direct): position is the byte
 * position to start at in the packed bytes, *new_position where the next item goes (MPI's inout position). */
int natmpj_pack(void *sarray, void *sdirect, int64_t soff, int count, natmpj_handle type,
                void *rarray, void *rdirect, int outsize, int position, natmpj_handle comm, int *new_position);
int natmpj_unpack(void *sarray, void *sdirect, int insize, int position,
                  void *rarray, void *rdirect, int64_t roff, int count, natmpj_handle type, natmpj_handle comm,
                  int *new_position);
int natmpj_pack_size(int count, natmpj_handle type, natmpj_handle comm, int *size);

int natmpj_type_dup(natmpj_handle type, natmpj_handle *new_type);

#endif
