#include "info.h"

#include <string.h>

#include "internal.h"

/* Long enough for MPI_MAX_INFO_VAL, MPI_MAX_INFO_KEY and MPI_MAX_OBJECT_NAME of every MPI natmpj supports. */
#define TEXT_BYTES 4096
static _Thread_local char text[TEXT_BYTES];

const char *natmpj_text(void) { return text; }

void natmpj_set_text(const char *value) {
    strncpy(text, value, TEXT_BYTES - 1);
    text[TEXT_BYTES - 1] = 0;
}

int natmpj_info_create(natmpj_handle *new_info) {
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Info_create(&info);
    *new_info = (natmpj_handle)info;
    return rc;
}

int natmpj_info_set(natmpj_handle info, const char *key, const char *text_value) {
    return MPI_Info_set(INFO(info), key, text_value);
}

int natmpj_info_get(natmpj_handle info, const char *key, int *flag) {
    int length = 0;
    text[0] = 0;
    int rc = MPI_Info_get_valuelen(INFO(info), key, &length, flag);
    if (rc != MPI_SUCCESS || !*flag) return rc;
    if (length >= TEXT_BYTES) length = TEXT_BYTES - 1;
    return MPI_Info_get(INFO(info), key, length, text, flag);
}

int natmpj_info_delete(natmpj_handle info, const char *key) { return MPI_Info_delete(INFO(info), key); }

int natmpj_info_get_nkeys(natmpj_handle info, int *count) { return MPI_Info_get_nkeys(INFO(info), count); }

int natmpj_info_get_nthkey(natmpj_handle info, int n) {
    text[0] = 0;
    return MPI_Info_get_nthkey(INFO(info), n, text);
}

int natmpj_info_dup(natmpj_handle info, natmpj_handle *new_info) {
    MPI_Info copy = MPI_INFO_NULL;
    int rc = MPI_Info_dup(INFO(info), &copy);
    *new_info = (natmpj_handle)copy;
    return rc;
}

int natmpj_info_free(natmpj_handle info) {
    MPI_Info i = INFO(info);
    return MPI_Info_free(&i);
}

int natmpj_comm_set_name(natmpj_handle comm, const char *text_value) {
    return MPI_Comm_set_name(COMM(comm), text_value);
}

int natmpj_comm_get_name(natmpj_handle comm) {
    int length = 0;
    text[0] = 0;
    return MPI_Comm_get_name(COMM(comm), text, &length);
}

int natmpj_type_set_name(natmpj_handle type, const char *text_value) {
    return MPI_Type_set_name(TYPE(type), text_value);
}

int natmpj_type_get_name(natmpj_handle type) {
    int length = 0;
    text[0] = 0;
    return MPI_Type_get_name(TYPE(type), text, &length);
}

int natmpj_comm_create_keyval(int *keyval) {
    return MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, keyval, NULL);
}

int natmpj_comm_free_keyval(int keyval) { return MPI_Comm_free_keyval(&keyval); }

int natmpj_type_create_keyval(int *keyval) {
    return MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, keyval, NULL);
}

int natmpj_type_free_keyval(int keyval) { return MPI_Type_free_keyval(&keyval); }
