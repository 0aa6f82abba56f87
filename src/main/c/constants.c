/* Predefined handles and integers (see constants.h): switch tables over mpi.h's values, no state. */
#include "internal.h"
#include "constants.h"

#include <dlfcn.h>

/*
 * MPI-4's MPI_ERRORS_ABORT, else MPI_ERRORS_ARE_FATAL (the nearest before MPI-4). One openmpi build serves Open MPI
 * 4.1 and 5.0, so it names no object only one of them has: Open MPI 5's handle is the address of its
 * ompi_mpi_errors_abort, looked up when asked for (Open MPI 4.1 has none).
 */
static natmpj_handle errors_abort(void) {
#if defined(OPEN_MPI) && OPEN_MPI
    void *handle = dlsym(RTLD_DEFAULT, "ompi_mpi_errors_abort");
    return handle ? (natmpj_handle)handle : (natmpj_handle)MPI_ERRORS_ARE_FATAL;
#elif defined(MPI_ERRORS_ABORT)
    return (natmpj_handle)MPI_ERRORS_ABORT;
#else
    return (natmpj_handle)MPI_ERRORS_ARE_FATAL;
#endif
}

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
    case NATMPJ_OP_REPLACE: return (natmpj_handle)MPI_REPLACE;
    case NATMPJ_OP_NO_OP: return (natmpj_handle)MPI_NO_OP;
    case NATMPJ_INFO_NULL: return (natmpj_handle)MPI_INFO_NULL;
    case NATMPJ_INFO_ENV: return (natmpj_handle)MPI_INFO_ENV;
    case NATMPJ_TYPE_FLOAT_COMPLEX: return (natmpj_handle)MPI_C_FLOAT_COMPLEX;
    case NATMPJ_TYPE_DOUBLE_COMPLEX: return (natmpj_handle)MPI_C_DOUBLE_COMPLEX;
    case NATMPJ_TYPE_SHORT_INT: return (natmpj_handle)MPI_SHORT_INT;
    case NATMPJ_TYPE_LONG_INT: return (natmpj_handle)MPI_LONG_INT; /* C long: 64 bits on LP64, Java's long */
    case NATMPJ_TYPE_FLOAT_INT: return (natmpj_handle)MPI_FLOAT_INT;
    case NATMPJ_TYPE_DOUBLE_INT: return (natmpj_handle)MPI_DOUBLE_INT;
    case NATMPJ_TYPE_2INT: return (natmpj_handle)MPI_2INT;
    case NATMPJ_ERRORS_ABORT: return errors_abort();
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
    case NATMPJ_DIST_GRAPH: return MPI_DIST_GRAPH;
    case NATMPJ_KEYVAL_APPNUM: return MPI_APPNUM;
    case NATMPJ_KEYVAL_LASTUSEDCODE: return MPI_LASTUSEDCODE;
    case NATMPJ_KEYVAL_UNIVERSE_SIZE: return MPI_UNIVERSE_SIZE;
    case NATMPJ_KEYVAL_WIN_BASE: return MPI_WIN_BASE;
    case NATMPJ_KEYVAL_WIN_SIZE: return MPI_WIN_SIZE;
    case NATMPJ_KEYVAL_WIN_DISP_UNIT: return MPI_WIN_DISP_UNIT;
    case NATMPJ_ROOT: return MPI_ROOT;
    case NATMPJ_KEYVAL_INVALID: return MPI_KEYVAL_INVALID;
    case NATMPJ_MAX_OBJECT_NAME: return MPI_MAX_OBJECT_NAME;
    case NATMPJ_MAX_PORT_NAME: return MPI_MAX_PORT_NAME;
    case NATMPJ_MAX_DATAREP_STRING: return MPI_MAX_DATAREP_STRING;
    case NATMPJ_MAX_INFO_KEY: return MPI_MAX_INFO_KEY;
    case NATMPJ_MAX_INFO_VAL: return MPI_MAX_INFO_VAL;
    case NATMPJ_ORDER_C: return MPI_ORDER_C;
    case NATMPJ_ORDER_FORTRAN: return MPI_ORDER_FORTRAN;
    case NATMPJ_DISTRIBUTE_BLOCK: return MPI_DISTRIBUTE_BLOCK;
    case NATMPJ_DISTRIBUTE_CYCLIC: return MPI_DISTRIBUTE_CYCLIC;
    case NATMPJ_DISTRIBUTE_NONE: return MPI_DISTRIBUTE_NONE;
    case NATMPJ_DISTRIBUTE_DFLT_DARG: return MPI_DISTRIBUTE_DFLT_DARG;
    case NATMPJ_MODE_CREATE: return MPI_MODE_CREATE;
    case NATMPJ_MODE_RDONLY: return MPI_MODE_RDONLY;
    case NATMPJ_MODE_WRONLY: return MPI_MODE_WRONLY;
    case NATMPJ_MODE_RDWR: return MPI_MODE_RDWR;
    case NATMPJ_MODE_DELETE_ON_CLOSE: return MPI_MODE_DELETE_ON_CLOSE;
    case NATMPJ_MODE_UNIQUE_OPEN: return MPI_MODE_UNIQUE_OPEN;
    case NATMPJ_MODE_EXCL: return MPI_MODE_EXCL;
    case NATMPJ_MODE_APPEND: return MPI_MODE_APPEND;
    case NATMPJ_MODE_SEQUENTIAL: return MPI_MODE_SEQUENTIAL;
    case NATMPJ_DISPLACEMENT_CURRENT: return MPI_DISPLACEMENT_CURRENT;
    case NATMPJ_SEEK_SET: return MPI_SEEK_SET;
    case NATMPJ_SEEK_CUR: return MPI_SEEK_CUR;
    case NATMPJ_SEEK_END: return MPI_SEEK_END;
    case NATMPJ_MODE_NOCHECK: return MPI_MODE_NOCHECK;
    case NATMPJ_MODE_NOPRECEDE: return MPI_MODE_NOPRECEDE;
    case NATMPJ_MODE_NOPUT: return MPI_MODE_NOPUT;
    case NATMPJ_MODE_NOSTORE: return MPI_MODE_NOSTORE;
    case NATMPJ_MODE_NOSUCCEED: return MPI_MODE_NOSUCCEED;
    case NATMPJ_LOCK_EXCLUSIVE: return MPI_LOCK_EXCLUSIVE;
    case NATMPJ_LOCK_SHARED: return MPI_LOCK_SHARED;
    case NATMPJ_SUCCESS: return MPI_SUCCESS;
    case NATMPJ_ERR_UNKNOWN: return MPI_ERR_UNKNOWN;
    case NATMPJ_ERR_INTERN: return MPI_ERR_INTERN;
    case NATMPJ_ERR_ACCESS: return MPI_ERR_ACCESS;
    case NATMPJ_ERR_AMODE: return MPI_ERR_AMODE;
    case NATMPJ_ERR_ASSERT: return MPI_ERR_ASSERT;
    case NATMPJ_ERR_BAD_FILE: return MPI_ERR_BAD_FILE;
    case NATMPJ_ERR_BASE: return MPI_ERR_BASE;
    case NATMPJ_ERR_CONVERSION: return MPI_ERR_CONVERSION;
    case NATMPJ_ERR_DISP: return MPI_ERR_DISP;
    case NATMPJ_ERR_DUP_DATAREP: return MPI_ERR_DUP_DATAREP;
    case NATMPJ_ERR_FILE_EXISTS: return MPI_ERR_FILE_EXISTS;
    case NATMPJ_ERR_FILE_IN_USE: return MPI_ERR_FILE_IN_USE;
    case NATMPJ_ERR_FILE: return MPI_ERR_FILE;
    case NATMPJ_ERR_INFO_KEY: return MPI_ERR_INFO_KEY;
    case NATMPJ_ERR_INFO_NOKEY: return MPI_ERR_INFO_NOKEY;
    case NATMPJ_ERR_INFO_VALUE: return MPI_ERR_INFO_VALUE;
    case NATMPJ_ERR_INFO: return MPI_ERR_INFO;
    case NATMPJ_ERR_IO: return MPI_ERR_IO;
    case NATMPJ_ERR_KEYVAL: return MPI_ERR_KEYVAL;
    case NATMPJ_ERR_LOCKTYPE: return MPI_ERR_LOCKTYPE;
    case NATMPJ_ERR_NAME: return MPI_ERR_NAME;
    case NATMPJ_ERR_NO_MEM: return MPI_ERR_NO_MEM;
    case NATMPJ_ERR_NOT_SAME: return MPI_ERR_NOT_SAME;
    case NATMPJ_ERR_NO_SPACE: return MPI_ERR_NO_SPACE;
    case NATMPJ_ERR_NO_SUCH_FILE: return MPI_ERR_NO_SUCH_FILE;
    case NATMPJ_ERR_PORT: return MPI_ERR_PORT;
    case NATMPJ_ERR_QUOTA: return MPI_ERR_QUOTA;
    case NATMPJ_ERR_READ_ONLY: return MPI_ERR_READ_ONLY;
    case NATMPJ_ERR_RMA_CONFLICT: return MPI_ERR_RMA_CONFLICT;
    case NATMPJ_ERR_RMA_SYNC: return MPI_ERR_RMA_SYNC;
    case NATMPJ_ERR_SERVICE: return MPI_ERR_SERVICE;
    case NATMPJ_ERR_SIZE: return MPI_ERR_SIZE;
    case NATMPJ_ERR_SPAWN: return MPI_ERR_SPAWN;
    case NATMPJ_ERR_UNSUPPORTED_DATAREP: return MPI_ERR_UNSUPPORTED_DATAREP;
    case NATMPJ_ERR_UNSUPPORTED_OPERATION: return MPI_ERR_UNSUPPORTED_OPERATION;
    case NATMPJ_ERR_WIN: return MPI_ERR_WIN;
#ifdef MPI_ERR_PROC_ABORTED
    case NATMPJ_ERR_PROC_ABORTED: return MPI_ERR_PROC_ABORTED;
#else
    case NATMPJ_ERR_PROC_ABORTED: return MPI_ERR_OTHER; /* an MPI-4 error class */
#endif
#ifdef MPI_ERR_SYSRESOURCE
    case NATMPJ_ERR_SYSRESOURCE: return MPI_ERR_SYSRESOURCE;
#else
    case NATMPJ_ERR_SYSRESOURCE: return MPI_ERR_OTHER; /* Open MPI's own error class; other MPIs report ERR_OTHER */
#endif
    default: return 0;
    }
}
