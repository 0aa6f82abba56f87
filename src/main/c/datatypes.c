/* Datatypes. */
#include "internal.h"

int natmpj_type_size(natmpj_handle type, int *size) { return MPI_Type_size(TYPE(type), size); }
