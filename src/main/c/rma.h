/*
 * One-sided communication (MPI_Win): windows, their synchronisation, RMA operations, and the window's names,
 * info, error handler and keyvals. Buffers arrive as addresses (direct buffers, pinned arrays or staging memory,
 * resolved in Java), never as Java arrays: an RMA operation completes only at a later synchronisation call, so no
 * buffer can be pinned for one JNI call only. Buffer parameters are named for what MPI does with them: origin (read),
 * rorigin (written: MPI_Get's), compare (read), result (written); base is a window's memory.
 */
#ifndef NATMPJ_RMA_H
#define NATMPJ_RMA_H

#include "natmpj.h"

/*
 * Window creation. Each sets MPI_ERRORS_RETURN on the new window (MPI's default for windows is ERRORS_ARE_FATAL)
 * and, on success, gathers every rank's window size (bytes) and displacement unit into extents (2 per rank of comm,
 * Java's array of 2 * size longs), so Java checks target ranges before MPI sees them. allocate: shared selects
 * MPI_Win_allocate_shared; the allocated memory's address is written to where (8 bytes, as Open MPI's bindings do).
 * refused: this rank's arguments were refused in Java; the ranks agree first (MPI_Allreduce), and when any refused
 * none creates the window and *flag is 1, so that a refusal on one rank is an exception on all, never a hang.
 */
int natmpj_win_create(void *base, int64_t size, int disp_unit, natmpj_handle info, natmpj_handle comm, int refused,
                      int *flag, int64_t *extents, natmpj_handle *created);
int natmpj_win_allocate(int64_t size, int disp_unit, natmpj_handle info, natmpj_handle comm, int shared,
                        void *where, int refused, int *flag, int64_t *extents, natmpj_handle *created);
/*
 * The alignment a window's base needs (1: any): 16 under the MPICH family. MPICH 4.0.2 rounds the base of
 * MPI_Win_create down to a multiple of 16 bytes (MPI_WIN_BASE shows it) and RMA lands there, before the memory
 * given (seen in C: a base 12 bytes past a 16-byte boundary received a put 12 bytes early). Read once from
 * MPI_Get_library_version, so that the MPI-5 ABI build over MPICH is covered too.
 */
int natmpj_win_base_alignment(void);
int natmpj_win_create_dynamic(natmpj_handle info, natmpj_handle comm, int refused, int *flag,
                              natmpj_handle *created);
int natmpj_win_attach(natmpj_handle win, void *base, int64_t size);
int natmpj_win_detach(natmpj_handle win, void *base);
int natmpj_win_free(natmpj_handle win);
int natmpj_win_get_group(natmpj_handle win, natmpj_handle *new_group);

/* RMA operations; request: the r-forms, the request handle to created. Displacements count the target's units. */
int natmpj_put(void *origin, int origin_count, natmpj_handle origin_type, int target_rank, int64_t target_disp,
               int target_count, natmpj_handle target_type, natmpj_handle win, int request, natmpj_handle *created);
int natmpj_get(void *rorigin, int origin_count, natmpj_handle origin_type, int target_rank, int64_t target_disp,
               int target_count, natmpj_handle target_type, natmpj_handle win, int request, natmpj_handle *created);
int natmpj_accumulate(void *origin, int origin_count, natmpj_handle origin_type, int target_rank,
                      int64_t target_disp, int target_count, natmpj_handle target_type, natmpj_handle op,
                      natmpj_handle win, int request, natmpj_handle *created);
int natmpj_get_accumulate(void *origin, int origin_count, natmpj_handle origin_type, void *result, int result_count,
                          natmpj_handle result_type, int target_rank, int64_t target_disp, int target_count,
                          natmpj_handle target_type, natmpj_handle op, natmpj_handle win, int request,
                          natmpj_handle *created);
int natmpj_fetch_and_op(void *origin, void *result, natmpj_handle type, int target_rank, int64_t target_disp,
                        natmpj_handle op, natmpj_handle win);
int natmpj_compare_and_swap(void *origin, void *compare, void *result, natmpj_handle type, int target_rank,
                            int64_t target_disp, natmpj_handle win);

/* Synchronisation. */
int natmpj_win_fence(int assertion, natmpj_handle win);
int natmpj_win_start(natmpj_handle group, int assertion, natmpj_handle win);
int natmpj_win_complete(natmpj_handle win);
int natmpj_win_post(natmpj_handle group, int assertion, natmpj_handle win);
int natmpj_win_wait(natmpj_handle win);
int natmpj_win_test(natmpj_handle win, int *flag);
int natmpj_win_lock(int lock_type, int target_rank, int assertion, natmpj_handle win);
int natmpj_win_unlock(int target_rank, natmpj_handle win);
int natmpj_win_lock_all(int assertion, natmpj_handle win);
int natmpj_win_unlock_all(natmpj_handle win);
int natmpj_win_flush(int target_rank, natmpj_handle win);
int natmpj_win_flush_all(natmpj_handle win);
int natmpj_win_flush_local(int target_rank, natmpj_handle win);
int natmpj_win_flush_local_all(natmpj_handle win);
int natmpj_win_sync(natmpj_handle win);

/* The window's info, name (natmpj_text(), info.h), error handler, keyvals (Java keeps attribute values) and the
 * predefined attributes MPI_WIN_BASE (an address), MPI_WIN_SIZE and MPI_WIN_DISP_UNIT: *flag 0 when unset. */
int natmpj_win_set_info(natmpj_handle win, natmpj_handle info);
int natmpj_win_get_info(natmpj_handle win, natmpj_handle *new_info);
int natmpj_win_set_name(natmpj_handle win, const char *text);
int natmpj_win_get_name(natmpj_handle win);
int natmpj_win_set_errhandler(natmpj_handle win, natmpj_handle errhandler);
int natmpj_win_get_errhandler(natmpj_handle win, natmpj_handle *errhandler);
int natmpj_win_call_errhandler(natmpj_handle win, int errorcode);
int natmpj_win_create_keyval(int *keyval);
int natmpj_win_free_keyval(int keyval);
int natmpj_win_get_attr(natmpj_handle win, int keyval, natmpj_handle *attr, int *flag);

#endif
