/*
 * Datatypes: sizes, derived-type construction and the shape queries Java caches. Displacements and strides arrive
 * in bytes (Java converts mpiJava's base-element units), except where MPI itself counts old-type extents
 * (vector stride, indexed displacements).
 */
#ifndef NATMPJ_DATATYPES_H
#define NATMPJ_DATATYPES_H

#include "natmpj.h"

int natmpj_type_size(natmpj_handle type, int *size);

/* Constructors: the new (uncommitted) type goes to *out_handle. */
int natmpj_type_contiguous(int count, natmpj_handle oldtype, natmpj_handle *out_handle);
int natmpj_type_vector(int count, int blocklength, int stride, natmpj_handle oldtype, natmpj_handle *out_handle);
int natmpj_type_hvector(int count, int blocklength, int64_t stride_bytes, natmpj_handle oldtype,
                        natmpj_handle *out_handle);
/* in_ints: block lengths, in_ints2: displacements in old-type extents. */
int natmpj_type_indexed(int count, const int *in_ints, const int *in_ints2, natmpj_handle oldtype,
                        natmpj_handle *out_handle);
/* in_ints: block lengths, in_longs: displacements in bytes. */
int natmpj_type_hindexed(int count, const int *in_ints, const int64_t *in_longs, natmpj_handle oldtype,
                         natmpj_handle *out_handle);
/* in_ints: block lengths, in_longs: displacements in bytes, in_handles: the component types. */
int natmpj_type_struct(int count, const int *in_ints, const int64_t *in_longs, const natmpj_handle *in_handles,
                       natmpj_handle *out_handle);
/* A copy of oldtype with lower bound lb and extent extent (bytes): how MPI-3 expresses MPI_LB/MPI_UB markers. */
int natmpj_type_resized(natmpj_handle oldtype, int64_t lb, int64_t extent, natmpj_handle *out_handle);

int natmpj_type_commit(natmpj_handle type);
int natmpj_type_free(natmpj_handle type);

/* Writes {lb, extent, true lb, true extent, size} in bytes into out_longs (5 longs). */
int natmpj_type_shape(natmpj_handle type, int64_t *out_longs);

#endif
