/* Predefined handles and integers (see constants.h): switch tables over mpi.h's values, no state. */
#include "internal.h"
#include "constants.h"

natmpj_handle natmpj_handle_constant(int id) {
    switch (id) {
    case NATMPJ_COMM_WORLD: return (natmpj_handle)MPI_COMM_WORLD;
    case NATMPJ_COMM_SELF: return (natmpj_handle)MPI_COMM_SELF;
    case NATMPJ_COMM_NULL: return (natmpj_handle)MPI_COMM_NULL;
    case NATMPJ_TYPE_INT8: return (natmpj_handle)MPI_INT8_T;
    case NATMPJ_TYPE_UINT16: return (natmpj_handle)MPI_UINT16_T;
    case NATMPJ_TYPE_INT16: return (natmpj_handle)MPI_INT16_T;
    case NATMPJ_TYPE_BOOL: return (natmpj_handle)MPI_C_BOOL;
    case NATMPJ_TYPE_INT32: return (natmpj_handle)MPI_INT32_T;
    case NATMPJ_TYPE_INT64: return (natmpj_handle)MPI_INT64_T;
    case NATMPJ_TYPE_FLOAT: return (natmpj_handle)MPI_FLOAT;
    case NATMPJ_TYPE_DOUBLE: return (natmpj_handle)MPI_DOUBLE;
    case NATMPJ_TYPE_PACKED: return (natmpj_handle)MPI_PACKED;
    case NATMPJ_TYPE_NULL: return (natmpj_handle)MPI_DATATYPE_NULL;
    case NATMPJ_OP_MAX: return (natmpj_handle)MPI_MAX;
    case NATMPJ_OP_MIN: return (natmpj_handle)MPI_MIN;
    case NATMPJ_OP_SUM: return (natmpj_handle)MPI_SUM;
    case NATMPJ_OP_PROD: return (natmpj_handle)MPI_PROD;
    case NATMPJ_OP_LAND: return (natmpj_handle)MPI_LAND;
    case NATMPJ_OP_BAND: return (natmpj_handle)MPI_BAND;
    case NATMPJ_OP_LOR: return (natmpj_handle)MPI_LOR;
    case NATMPJ_OP_BOR: return (natmpj_handle)MPI_BOR;
    case NATMPJ_OP_LXOR: return (natmpj_handle)MPI_LXOR;
    case NATMPJ_OP_BXOR: return (natmpj_handle)MPI_BXOR;
    case NATMPJ_OP_MAXLOC: return (natmpj_handle)MPI_MAXLOC;
    case NATMPJ_OP_MINLOC: return (natmpj_handle)MPI_MINLOC;
    case NATMPJ_OP_NULL: return (natmpj_handle)MPI_OP_NULL;
    case NATMPJ_ERRORS_ARE_FATAL: return (natmpj_handle)MPI_ERRORS_ARE_FATAL;
    case NATMPJ_ERRORS_RETURN: return (natmpj_handle)MPI_ERRORS_RETURN;
    case NATMPJ_ERRHANDLER_NULL: return (natmpj_handle)MPI_ERRHANDLER_NULL;
    case NATMPJ_REQUEST_NULL: return (natmpj_handle)MPI_REQUEST_NULL;
    case NATMPJ_GROUP_EMPTY: return (natmpj_handle)MPI_GROUP_EMPTY;
    case NATMPJ_GROUP_NULL: return (natmpj_handle)MPI_GROUP_NULL;
    case NATMPJ_TYPE_BYTE: return (natmpj_handle)MPI_BYTE;
    case NATMPJ_MESSAGE_NULL: return (natmpj_handle)MPI_MESSAGE_NULL;
    case NATMPJ_MESSAGE_NO_PROC: return (natmpj_handle)MPI_MESSAGE_NO_PROC;
    default: return 0;
    }
}

/* The MPI standard version (part 0) and subversion (1) the library implements. The standard ABI's mpi.h says the
 * version of the ABI's header, not of whichever MPI serves it: ask that MPI (MPI_Get_version may precede MPI_Init). */
static int standard_version(int part) {
#if defined(MPI_ABI_VERSION)
    int version = 0, subversion = 0;
    MPI_Get_version(&version, &subversion);
    return part == 0 ? version : subversion;
#else
    return part == 0 ? MPI_VERSION : MPI_SUBVERSION;
#endif
}

int natmpj_int_constant(int id) {
    switch (id) {
    case NATMPJ_ANY_SOURCE: return MPI_ANY_SOURCE;
    case NATMPJ_ANY_TAG: return MPI_ANY_TAG;
    case NATMPJ_PROC_NULL: return MPI_PROC_NULL;
    case NATMPJ_UNDEFINED: return MPI_UNDEFINED;
    case NATMPJ_THREAD_SINGLE: return MPI_THREAD_SINGLE;
    case NATMPJ_THREAD_FUNNELED: return MPI_THREAD_FUNNELED;
    case NATMPJ_THREAD_SERIALIZED: return MPI_THREAD_SERIALIZED;
    case NATMPJ_THREAD_MULTIPLE: return MPI_THREAD_MULTIPLE;
    case NATMPJ_MAX_PROCESSOR_NAME: return MPI_MAX_PROCESSOR_NAME;
    case NATMPJ_ERR_LASTCODE: return MPI_ERR_LASTCODE;
    case NATMPJ_VERSION: return standard_version(0);
    case NATMPJ_SUBVERSION: return standard_version(1);
    case NATMPJ_ERR_TRUNCATE: return MPI_ERR_TRUNCATE;
    case NATMPJ_ERR_RANK: return MPI_ERR_RANK;
    case NATMPJ_ERR_TAG: return MPI_ERR_TAG;
    case NATMPJ_ERR_COUNT: return MPI_ERR_COUNT;
    case NATMPJ_ERR_OP: return MPI_ERR_OP;
    case NATMPJ_ERR_TYPE: return MPI_ERR_TYPE;
    case NATMPJ_ERR_BUFFER: return MPI_ERR_BUFFER;
    case NATMPJ_ERR_REQUEST: return MPI_ERR_REQUEST;
    case NATMPJ_ERR_COMM: return MPI_ERR_COMM;
    case NATMPJ_ERR_GROUP: return MPI_ERR_GROUP;
    case NATMPJ_ERR_ARG: return MPI_ERR_ARG;
    case NATMPJ_ERR_OTHER: return MPI_ERR_OTHER;
    case NATMPJ_ERR_PENDING: return MPI_ERR_PENDING;
    case NATMPJ_ERR_IN_STATUS: return MPI_ERR_IN_STATUS;
    case NATMPJ_ERR_TOPOLOGY: return MPI_ERR_TOPOLOGY;
    case NATMPJ_ERR_DIMS: return MPI_ERR_DIMS;
    case NATMPJ_ERR_ROOT: return MPI_ERR_ROOT;
    case NATMPJ_IDENT: return MPI_IDENT;
    case NATMPJ_CONGRUENT: return MPI_CONGRUENT;
    case NATMPJ_SIMILAR: return MPI_SIMILAR;
    case NATMPJ_UNEQUAL: return MPI_UNEQUAL;
    case NATMPJ_CART: return MPI_CART;
    case NATMPJ_GRAPH: return MPI_GRAPH;
    case NATMPJ_KEYVAL_TAG_UB: return MPI_TAG_UB;
    case NATMPJ_KEYVAL_HOST: return MPI_HOST;
    case NATMPJ_KEYVAL_IO: return MPI_IO;
    case NATMPJ_KEYVAL_WTIME_IS_GLOBAL: return MPI_WTIME_IS_GLOBAL;
    case NATMPJ_BSEND_OVERHEAD: return MPI_BSEND_OVERHEAD;
    default: return 0;
    }
}
