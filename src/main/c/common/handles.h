/*
 * The mpi.h side of natmpj_common, for the C files of every JNI library (never seen by SWIG or by Java): casts from
 * natmpj_handle back to MPI handles, and the status export every receive-like call uses.
 */
#ifndef NATMPJ_HANDLES_H
#define NATMPJ_HANDLES_H

#include <mpi.h>
#include "natmpj_common.h"

#define COMM(h) ((MPI_Comm)(h))
#define TYPE(h) ((MPI_Datatype)(h))
#define OP(h) ((MPI_Op)(h))
#define GROUP(h) ((MPI_Group)(h))
#define REQUEST(h) ((MPI_Request)(h))
#define MESSAGE(h) ((MPI_Message)(h))
#define ERRHANDLER(h) ((MPI_Errhandler)(h))
#define INFO(h) ((MPI_Info)(h))
#define WIN(h) ((MPI_Win)(h))
#define FILE_HANDLE(h) ((MPI_File)(h))

/* status.c: writes the public fields and the whole MPI_Status into a NATMPJ_STATUS_SLOTS int slot block ... */
void natmpj_export_status(const MPI_Status *st, int *out);
/* ... and reads back the status from the NATMPJ_STATUS_RAW_LONGS longs Java kept of such a block. */
MPI_Status natmpj_import_status(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3);

#endif
