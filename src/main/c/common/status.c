/*
 * An MPI_Status to the int slot block Java reads (enum natmpj_status_slot), and back from the raw longs Java kept.
 * Every receive-like call of every library exports its status this way; no state.
 */
#include <string.h>
#include "handles.h"

_Static_assert(sizeof(MPI_Status) <= NATMPJ_STATUS_RAW_LONGS * sizeof(int64_t), "MPI_Status does not fit its slots");
_Static_assert(NATMPJ_STATUS_SLOTS == NATMPJ_STATUS_RAW + 2 * NATMPJ_STATUS_RAW_LONGS, "status slot layout");

void natmpj_export_status(const MPI_Status *st, int *out) {
    out[NATMPJ_STATUS_SOURCE] = st->MPI_SOURCE;
    out[NATMPJ_STATUS_TAG] = st->MPI_TAG;
    out[NATMPJ_STATUS_ERROR] = st->MPI_ERROR;
    memcpy(out + NATMPJ_STATUS_RAW, st, sizeof *st);
}

MPI_Status natmpj_import_status(int64_t raw0, int64_t raw1, int64_t raw2, int64_t raw3) {
    int64_t raw[NATMPJ_STATUS_RAW_LONGS] = {raw0, raw1, raw2, raw3};
    MPI_Status st;
    memcpy(&st, raw, sizeof st);
    return st;
}
