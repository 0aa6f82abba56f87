/*
 * MPI-IO (see io.h). Every call returns MPI's error code: files have MPI_ERRORS_RETURN by default (MPI-3.1 13.7),
 * so errors come back here rather than ending the job, unless the program set another handler on the file.
 */
#include "io.h"

#include <string.h>

#include "internal.h"

#define FILEH(h) ((MPI_File)(h))
#define INFO(h) ((MPI_Info)(h))

int natmpj_file_open(natmpj_handle comm, const char *filename, int amode, natmpj_handle info,
                     natmpj_handle *new_file) {
    MPI_File fh = MPI_FILE_NULL;
    int rc = MPI_File_open(COMM(comm), filename, amode, INFO(info), &fh);
    *new_file = (natmpj_handle)fh;
    return rc;
}

int natmpj_file_close(natmpj_handle file) {
    MPI_File fh = FILEH(file);
    return MPI_File_close(&fh);
}

int natmpj_file_delete(const char *filename, natmpj_handle info) {
    return MPI_File_delete(filename, INFO(info));
}

int natmpj_file_set_size(natmpj_handle file, int64_t size) {
    return MPI_File_set_size(FILEH(file), (MPI_Offset)size);
}

int natmpj_file_preallocate(natmpj_handle file, int64_t size) {
    return MPI_File_preallocate(FILEH(file), (MPI_Offset)size);
}

int natmpj_file_get_size(natmpj_handle file, int64_t *file_size) {
    MPI_Offset size = 0;
    int rc = MPI_File_get_size(FILEH(file), &size);
    *file_size = (int64_t)size;
    return rc;
}

int natmpj_file_get_group(natmpj_handle file, natmpj_handle *new_group) {
    MPI_Group group = MPI_GROUP_NULL;
    int rc = MPI_File_get_group(FILEH(file), &group);
    *new_group = (natmpj_handle)group;
    return rc;
}

int natmpj_file_get_amode(natmpj_handle file, int *value) {
    return MPI_File_get_amode(FILEH(file), value);
}

int natmpj_file_set_info(natmpj_handle file, natmpj_handle info) {
    return MPI_File_set_info(FILEH(file), INFO(info));
}

int natmpj_file_get_info(natmpj_handle file, natmpj_handle *new_info) {
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_File_get_info(FILEH(file), &info);
    *new_info = (natmpj_handle)info;
    return rc;
}

int natmpj_file_set_view(natmpj_handle file, int64_t disp, natmpj_handle etype, natmpj_handle filetype,
                         const char *datarep, natmpj_handle info) {
    return MPI_File_set_view(FILEH(file), (MPI_Offset)disp, TYPE(etype), TYPE(filetype), datarep, INFO(info));
}

/* A type MPI_File_get_view returned: derived ones are new handles the caller frees (MPI-3.1 13.3). */
static void free_returned_type(MPI_Datatype type) {
    int n = 0, a = 0, d = 0, combiner = MPI_COMBINER_NAMED;
    if (MPI_Type_get_envelope(type, &n, &a, &d, &combiner) == MPI_SUCCESS && combiner != MPI_COMBINER_NAMED) {
        MPI_Type_free(&type);
    }
}

int natmpj_file_get_view(natmpj_handle file, int64_t *file_offset) {
    MPI_Offset disp = 0;
    MPI_Datatype etype = MPI_DATATYPE_NULL, filetype = MPI_DATATYPE_NULL;
    /* MPI_MAX_DATAREP_STRING is 128 in both MPIs; the text buffer holds far more. */
    char datarep[MPI_MAX_DATAREP_STRING + 1];
    datarep[0] = 0;
    int rc = MPI_File_get_view(FILEH(file), &disp, &etype, &filetype, datarep);
    if (rc != MPI_SUCCESS) return rc;
    free_returned_type(etype);
    free_returned_type(filetype);
    *file_offset = (int64_t)disp;
    natmpj_set_text(datarep);
    return MPI_SUCCESS;
}

int natmpj_file_set_atomicity(natmpj_handle file, int flag_value) {
    return MPI_File_set_atomicity(FILEH(file), flag_value);
}

int natmpj_file_get_atomicity(natmpj_handle file, int *flag) {
    return MPI_File_get_atomicity(FILEH(file), flag);
}

int natmpj_file_sync(natmpj_handle file) {
    return MPI_File_sync(FILEH(file));
}

int natmpj_file_seek(int shared, natmpj_handle file, int64_t offset, int whence) {
    return shared ? MPI_File_seek_shared(FILEH(file), (MPI_Offset)offset, whence)
                  : MPI_File_seek(FILEH(file), (MPI_Offset)offset, whence);
}

int natmpj_file_get_position(int shared, natmpj_handle file, int64_t *file_offset) {
    MPI_Offset at = 0;
    int rc = shared ? MPI_File_get_position_shared(FILEH(file), &at) : MPI_File_get_position(FILEH(file), &at);
    *file_offset = (int64_t)at;
    return rc;
}

int natmpj_file_get_byte_offset(natmpj_handle file, int64_t offset, int64_t *file_offset) {
    MPI_Offset at = 0;
    int rc = MPI_File_get_byte_offset(FILEH(file), (MPI_Offset)offset, &at);
    *file_offset = (int64_t)at;
    return rc;
}

int natmpj_file_get_type_extent(natmpj_handle file, natmpj_handle type, int64_t *type_extent) {
    MPI_Aint extent = 0;
    int rc = MPI_File_get_type_extent(FILEH(file), TYPE(type), &extent);
    *type_extent = (int64_t)extent;
    return rc;
}

int natmpj_file_set_errhandler(natmpj_handle file, natmpj_handle errhandler_value) {
    return MPI_File_set_errhandler(FILEH(file), ERRHANDLER(errhandler_value));
}

int natmpj_file_get_errhandler(natmpj_handle file, natmpj_handle *errhandler) {
    MPI_Errhandler e = MPI_ERRHANDLER_NULL;
    int rc = MPI_File_get_errhandler(FILEH(file), &e);
    *errhandler = (natmpj_handle)e;
    return rc;
}

int natmpj_file_call_errhandler(natmpj_handle file, int errorcode) {
    return MPI_File_call_errhandler(FILEH(file), errorcode);
}

int natmpj_file_read(int access, natmpj_handle file, int64_t offset, void *rarray, void *rdirect, int64_t off,
                     int count, natmpj_handle type, int *status) {
    void *rbuf = BUF(rarray, rdirect, off);
    NEED_BUFFER(rbuf, count, type);
    MPI_File fh = FILEH(file);
    MPI_Datatype t = TYPE(type);
    MPI_Offset at = (MPI_Offset)offset;
    MPI_Status st;
    int rc;
    switch (access) {
    case NATMPJ_FILE_AT: rc = MPI_File_read_at(fh, at, rbuf, count, t, &st); break;
    case NATMPJ_FILE_AT_ALL: rc = MPI_File_read_at_all(fh, at, rbuf, count, t, &st); break;
    case NATMPJ_FILE_INDIVIDUAL: rc = MPI_File_read(fh, rbuf, count, t, &st); break;
    case NATMPJ_FILE_ALL: rc = MPI_File_read_all(fh, rbuf, count, t, &st); break;
    case NATMPJ_FILE_SHARED: rc = MPI_File_read_shared(fh, rbuf, count, t, &st); break;
    case NATMPJ_FILE_ORDERED: rc = MPI_File_read_ordered(fh, rbuf, count, t, &st); break;
    default: return MPI_ERR_ARG;
    }
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_file_write(int access, natmpj_handle file, int64_t offset, void *sarray, void *sdirect, int64_t off,
                      int count, natmpj_handle type, int *status) {
    void *sbuf = BUF(sarray, sdirect, off);
    NEED_BUFFER(sbuf, count, type);
    MPI_File fh = FILEH(file);
    MPI_Datatype t = TYPE(type);
    MPI_Offset at = (MPI_Offset)offset;
    MPI_Status st;
    int rc;
    switch (access) {
    case NATMPJ_FILE_AT: rc = MPI_File_write_at(fh, at, sbuf, count, t, &st); break;
    case NATMPJ_FILE_AT_ALL: rc = MPI_File_write_at_all(fh, at, sbuf, count, t, &st); break;
    case NATMPJ_FILE_INDIVIDUAL: rc = MPI_File_write(fh, sbuf, count, t, &st); break;
    case NATMPJ_FILE_ALL: rc = MPI_File_write_all(fh, sbuf, count, t, &st); break;
    case NATMPJ_FILE_SHARED: rc = MPI_File_write_shared(fh, sbuf, count, t, &st); break;
    case NATMPJ_FILE_ORDERED: rc = MPI_File_write_ordered(fh, sbuf, count, t, &st); break;
    default: return MPI_ERR_ARG;
    }
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_file_iread(int access, natmpj_handle file, int64_t offset, void *address, int count, natmpj_handle type,
                      natmpj_handle *created) {
    void *rbuf = address;
    NEED_BUFFER(rbuf, count, type);
    MPI_File fh = FILEH(file);
    MPI_Datatype t = TYPE(type);
    MPI_Offset at = (MPI_Offset)offset;
    MPI_Request request = MPI_REQUEST_NULL;
    int rc;
    switch (access) {
    case NATMPJ_FILE_AT: rc = MPI_File_iread_at(fh, at, rbuf, count, t, &request); break;
    case NATMPJ_FILE_AT_ALL: rc = MPI_File_iread_at_all(fh, at, rbuf, count, t, &request); break;
    case NATMPJ_FILE_INDIVIDUAL: rc = MPI_File_iread(fh, rbuf, count, t, &request); break;
    case NATMPJ_FILE_ALL: rc = MPI_File_iread_all(fh, rbuf, count, t, &request); break;
    case NATMPJ_FILE_SHARED: rc = MPI_File_iread_shared(fh, rbuf, count, t, &request); break;
    default: return MPI_ERR_ARG;
    }
    *created = (natmpj_handle)request;
    return rc;
}

int natmpj_file_iwrite(int access, natmpj_handle file, int64_t offset, void *address, int count,
                       natmpj_handle type, natmpj_handle *created) {
    void *sbuf = address;
    NEED_BUFFER(sbuf, count, type);
    MPI_File fh = FILEH(file);
    MPI_Datatype t = TYPE(type);
    MPI_Offset at = (MPI_Offset)offset;
    MPI_Request request = MPI_REQUEST_NULL;
    int rc;
    switch (access) {
    case NATMPJ_FILE_AT: rc = MPI_File_iwrite_at(fh, at, sbuf, count, t, &request); break;
    case NATMPJ_FILE_AT_ALL: rc = MPI_File_iwrite_at_all(fh, at, sbuf, count, t, &request); break;
    case NATMPJ_FILE_INDIVIDUAL: rc = MPI_File_iwrite(fh, sbuf, count, t, &request); break;
    case NATMPJ_FILE_ALL: rc = MPI_File_iwrite_all(fh, sbuf, count, t, &request); break;
    case NATMPJ_FILE_SHARED: rc = MPI_File_iwrite_shared(fh, sbuf, count, t, &request); break;
    default: return MPI_ERR_ARG;
    }
    *created = (natmpj_handle)request;
    return rc;
}

int natmpj_file_read_begin(int access, natmpj_handle file, int64_t offset, void *address, int count,
                           natmpj_handle type) {
    void *rbuf = address;
    NEED_BUFFER(rbuf, count, type);
    switch (access) {
    case NATMPJ_FILE_AT_ALL:
        return MPI_File_read_at_all_begin(FILEH(file), (MPI_Offset)offset, rbuf, count, TYPE(type));
    case NATMPJ_FILE_ALL: return MPI_File_read_all_begin(FILEH(file), rbuf, count, TYPE(type));
    case NATMPJ_FILE_ORDERED: return MPI_File_read_ordered_begin(FILEH(file), rbuf, count, TYPE(type));
    default: return MPI_ERR_ARG;
    }
}

/* The end calls take the begin's buffer; with no memory (count 0) begin gave MPI the placeholder, so end does. */
int natmpj_file_read_end(int access, natmpj_handle file, void *address, int *status) {
    void *rbuf = address ? address : (void *)(natmpj_nowhere + 1);
    MPI_Status st;
    int rc;
    switch (access) {
    case NATMPJ_FILE_AT_ALL: rc = MPI_File_read_at_all_end(FILEH(file), rbuf, &st); break;
    case NATMPJ_FILE_ALL: rc = MPI_File_read_all_end(FILEH(file), rbuf, &st); break;
    case NATMPJ_FILE_ORDERED: rc = MPI_File_read_ordered_end(FILEH(file), rbuf, &st); break;
    default: return MPI_ERR_ARG;
    }
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}

int natmpj_file_write_begin(int access, natmpj_handle file, int64_t offset, void *address, int count,
                            natmpj_handle type) {
    void *sbuf = address;
    NEED_BUFFER(sbuf, count, type);
    switch (access) {
    case NATMPJ_FILE_AT_ALL:
        return MPI_File_write_at_all_begin(FILEH(file), (MPI_Offset)offset, sbuf, count, TYPE(type));
    case NATMPJ_FILE_ALL: return MPI_File_write_all_begin(FILEH(file), sbuf, count, TYPE(type));
    case NATMPJ_FILE_ORDERED: return MPI_File_write_ordered_begin(FILEH(file), sbuf, count, TYPE(type));
    default: return MPI_ERR_ARG;
    }
}

int natmpj_file_write_end(int access, natmpj_handle file, void *address, int *status) {
    void *sbuf = address ? address : (void *)natmpj_nowhere;
    MPI_Status st;
    int rc;
    switch (access) {
    case NATMPJ_FILE_AT_ALL: rc = MPI_File_write_at_all_end(FILEH(file), sbuf, &st); break;
    case NATMPJ_FILE_ALL: rc = MPI_File_write_all_end(FILEH(file), sbuf, &st); break;
    case NATMPJ_FILE_ORDERED: rc = MPI_File_write_ordered_end(FILEH(file), sbuf, &st); break;
    default: return MPI_ERR_ARG;
    }
    if (rc == MPI_SUCCESS) natmpj_export_status(&st, status);
    return rc;
}
