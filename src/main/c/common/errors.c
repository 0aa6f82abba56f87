/*
 * Error codes to text and to error classes, for MPI's codes and natmpj's own (enum natmpj_error, negative).
 *
 * MPI_Error_string writes into the caller's buffer. The text is handed out as a char* that the JNI wrapper turns
 * into a Java String at once on the same thread, so a per-thread buffer is enough: a static one was overwritten
 * when two threads reported errors at once under MPI_THREAD_MULTIPLE.
 */
#include <stdio.h>
#include "handles.h"

const char *natmpj_error_string(int code) {
    static _Thread_local char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    switch (code) {
    case NATMPJ_ERR_NO_BUFFER: return "the JVM returned no address for a non-empty buffer";
    }
    if (MPI_Error_string(code, text, &len) != MPI_SUCCESS) snprintf(text, sizeof text, "MPI error code %d", code);
    return text;
}

int natmpj_error_class(int code) {
    int cls = code;
    if (code > 0 && MPI_Error_class(code, &cls) != MPI_SUCCESS) cls = code;
    return cls;
}
