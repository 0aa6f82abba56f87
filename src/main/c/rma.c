/*
 * One-sided communication: windows, RMA operations and their synchronisation (rma.h). Buffers arrive as addresses
 * that stay valid until the synchronisation that completes the operation (Java holds them), so nothing here pins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "info.h"
#include "rma.h"

#define WIN(h) ((MPI_Win)(h))
#define INFO(h) ((MPI_Info)(h))

/* After a creating call: errors returned, not fatal, and every rank's size and unit gathered for Java's checks. */
static int created_win(int rc, MPI_Win win, MPI_Aint size, int disp_unit, MPI_Comm comm, int64_t *extents,
                       natmpj_handle *created) {
    *created = (natmpj_handle)win;
    if (rc != MPI_SUCCESS) return rc;
    rc = MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    if (rc == MPI_SUCCESS && extents) {
        int64_t mine[2] = {(int64_t)size, (int64_t)disp_unit};
        rc = MPI_Allgather(mine, 2, MPI_INT64_T, extents, 2, MPI_INT64_T, comm);
    }
    return rc;
}

/* Whether any rank of comm refused its arguments (*flag then 1): nothing is created. */
static int agree(int refused, int *flag, MPI_Comm comm) {
    *flag = refused;
    return MPI_Allreduce(MPI_IN_PLACE, flag, 1, MPI_INT, MPI_MAX, comm);
}

int natmpj_win_create(void *base, int64_t size, int disp_unit, natmpj_handle info, natmpj_handle comm, int refused,
                      int *flag, int64_t *extents, natmpj_handle *created) {
    MPI_Win win = MPI_WIN_NULL;
    *created = (natmpj_handle)MPI_WIN_NULL;
    int rc = agree(refused, flag, COMM(comm));
    if (rc != MPI_SUCCESS || *flag) return rc;
    /* MPICH refuses a NULL base even for size 0 on some paths: an address MPI never touches (no byte is in it). */
    if (!base && size == 0) base = natmpj_nowhere + 1;
    rc = MPI_Win_create(base, (MPI_Aint)size, disp_unit, INFO(info), COMM(comm), &win);
    return created_win(rc, win, (MPI_Aint)size, disp_unit, COMM(comm), extents, created);
}

int natmpj_win_base_alignment(void) {
    static int alignment; /* 0: not known yet; threads racing here compute the same value */
    if (!alignment) {
        char version[MPI_MAX_LIBRARY_VERSION_STRING];
        int length = 0;
        version[0] = 0;
        MPI_Get_library_version(version, &length);
        alignment = strstr(version, "MPICH") ? 16 : 1;
    }
    return alignment;
}

int natmpj_win_allocate(int64_t size, int disp_unit, natmpj_handle info, natmpj_handle comm, int shared,
                        void *where, int refused, int *flag, int64_t *extents, natmpj_handle *created) {
    MPI_Win win = MPI_WIN_NULL;
    void *memory = NULL;
    *created = (natmpj_handle)MPI_WIN_NULL;
    int rc = agree(refused, flag, COMM(comm));
    if (rc != MPI_SUCCESS || *flag) return rc;
    rc = shared ? MPI_Win_allocate_shared((MPI_Aint)size, disp_unit, INFO(info), COMM(comm), &memory, &win)
                    : MPI_Win_allocate((MPI_Aint)size, disp_unit, INFO(info), COMM(comm), &memory, &win);
    if (rc == MPI_SUCCESS && where) memcpy(where, &memory, sizeof memory);
    return created_win(rc, win, (MPI_Aint)size, disp_unit, COMM(comm), extents, created);
}

int natmpj_win_create_dynamic(natmpj_handle info, natmpj_handle comm, int refused, int *flag,
                              natmpj_handle *created) {
    MPI_Win win = MPI_WIN_NULL;
    *created = (natmpj_handle)MPI_WIN_NULL;
    int rc = agree(refused, flag, COMM(comm));
    if (rc != MPI_SUCCESS || *flag) return rc;
    rc = MPI_Win_create_dynamic(INFO(info), COMM(comm), &win);
    return created_win(rc, win, 0, 1, COMM(comm), NULL, created);
}

int natmpj_win_attach(natmpj_handle win, void *base, int64_t size) {
    if (!base) base = natmpj_nowhere + 1;
    return MPI_Win_attach(WIN(win), base, (MPI_Aint)size);
}

int natmpj_win_detach(natmpj_handle win, void *base) {
    if (!base) base = natmpj_nowhere + 1;
    return MPI_Win_detach(WIN(win), base);
}

int natmpj_win_free(natmpj_handle win) {
    MPI_Win w = WIN(win);
    return MPI_Win_free(&w);
}

int natmpj_win_get_group(natmpj_handle win, natmpj_handle *new_group) {
    MPI_Group group = MPI_GROUP_NULL;
    int rc = MPI_Win_get_group(WIN(win), &group);
    *new_group = (natmpj_handle)group;
    return rc;
}

int natmpj_put(void *origin, int origin_count, natmpj_handle origin_type, int target_rank, int64_t target_disp,
               int target_count, natmpj_handle target_type, natmpj_handle win, int request, natmpj_handle *created) {
    NEED_BUFFER(origin, origin_count, origin_type);
    if (!request) {
        return MPI_Put(origin, origin_count, TYPE(origin_type), target_rank, (MPI_Aint)target_disp, target_count,
                       TYPE(target_type), WIN(win));
    }
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_Rput(origin, origin_count, TYPE(origin_type), target_rank, (MPI_Aint)target_disp, target_count,
                      TYPE(target_type), WIN(win), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_get(void *rorigin, int origin_count, natmpj_handle origin_type, int target_rank, int64_t target_disp,
               int target_count, natmpj_handle target_type, natmpj_handle win, int request, natmpj_handle *created) {
    NEED_BUFFER(rorigin, origin_count, origin_type);
    if (!request) {
        return MPI_Get(rorigin, origin_count, TYPE(origin_type), target_rank, (MPI_Aint)target_disp, target_count,
                       TYPE(target_type), WIN(win));
    }
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_Rget(rorigin, origin_count, TYPE(origin_type), target_rank, (MPI_Aint)target_disp, target_count,
                      TYPE(target_type), WIN(win), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_accumulate(void *origin, int origin_count, natmpj_handle origin_type, int target_rank,
                      int64_t target_disp, int target_count, natmpj_handle target_type, natmpj_handle op,
                      natmpj_handle win, int request, natmpj_handle *created) {
    NEED_BUFFER(origin, origin_count, origin_type);
    if (!request) {
        return MPI_Accumulate(origin, origin_count, TYPE(origin_type), target_rank, (MPI_Aint)target_disp,
                              target_count, TYPE(target_type), OP(op), WIN(win));
    }
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_Raccumulate(origin, origin_count, TYPE(origin_type), target_rank, (MPI_Aint)target_disp,
                             target_count, TYPE(target_type), OP(op), WIN(win), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_get_accumulate(void *origin, int origin_count, natmpj_handle origin_type, void *result, int result_count,
                          natmpj_handle result_type, int target_rank, int64_t target_disp, int target_count,
                          natmpj_handle target_type, natmpj_handle op, natmpj_handle win, int request,
                          natmpj_handle *created) {
    NEED_BUFFER(origin, origin_count, origin_type);
    NEED_BUFFER(result, result_count, result_type);
    if (!request) {
        return MPI_Get_accumulate(origin, origin_count, TYPE(origin_type), result, result_count, TYPE(result_type),
                                  target_rank, (MPI_Aint)target_disp, target_count, TYPE(target_type), OP(op),
                                  WIN(win));
    }
    MPI_Request req = MPI_REQUEST_NULL;
    int rc = MPI_Rget_accumulate(origin, origin_count, TYPE(origin_type), result, result_count, TYPE(result_type),
                                 target_rank, (MPI_Aint)target_disp, target_count, TYPE(target_type), OP(op),
                                 WIN(win), &req);
    *created = (natmpj_handle)req;
    return rc;
}

int natmpj_fetch_and_op(void *origin, void *result, natmpj_handle type, int target_rank, int64_t target_disp,
                        natmpj_handle op, natmpj_handle win) {
    if (!origin) origin = natmpj_nowhere; /* MPI.NO_OP: MPI reads no origin, and Java passed none */
    NEED_BUFFER(result, 1, type);
    return MPI_Fetch_and_op(origin, result, TYPE(type), target_rank, (MPI_Aint)target_disp, OP(op), WIN(win));
}

int natmpj_compare_and_swap(void *origin, void *compare, void *result, natmpj_handle type, int target_rank,
                            int64_t target_disp, natmpj_handle win) {
    NEED_BUFFER(origin, 1, type);
    NEED_BUFFER(compare, 1, type);
    NEED_BUFFER(result, 1, type);
    return MPI_Compare_and_swap(origin, compare, result, TYPE(type), target_rank, (MPI_Aint)target_disp, WIN(win));
}

int natmpj_win_fence(int assertion, natmpj_handle win) { return MPI_Win_fence(assertion, WIN(win)); }
int natmpj_win_start(natmpj_handle group, int assertion, natmpj_handle win) {
    return MPI_Win_start(GROUP(group), assertion, WIN(win));
}
int natmpj_win_complete(natmpj_handle win) { return MPI_Win_complete(WIN(win)); }
int natmpj_win_post(natmpj_handle group, int assertion, natmpj_handle win) {
    return MPI_Win_post(GROUP(group), assertion, WIN(win));
}
int natmpj_win_wait(natmpj_handle win) { return MPI_Win_wait(WIN(win)); }
int natmpj_win_test(natmpj_handle win, int *flag) { return MPI_Win_test(WIN(win), flag); }
int natmpj_win_lock(int lock_type, int target_rank, int assertion, natmpj_handle win) {
    return MPI_Win_lock(lock_type, target_rank, assertion, WIN(win));
}
int natmpj_win_unlock(int target_rank, natmpj_handle win) { return MPI_Win_unlock(target_rank, WIN(win)); }
int natmpj_win_lock_all(int assertion, natmpj_handle win) { return MPI_Win_lock_all(assertion, WIN(win)); }
int natmpj_win_unlock_all(natmpj_handle win) { return MPI_Win_unlock_all(WIN(win)); }
int natmpj_win_flush(int target_rank, natmpj_handle win) { return MPI_Win_flush(target_rank, WIN(win)); }
int natmpj_win_flush_all(natmpj_handle win) { return MPI_Win_flush_all(WIN(win)); }
int natmpj_win_flush_local(int target_rank, natmpj_handle win) { return MPI_Win_flush_local(target_rank, WIN(win)); }
int natmpj_win_flush_local_all(natmpj_handle win) { return MPI_Win_flush_local_all(WIN(win)); }
int natmpj_win_sync(natmpj_handle win) { return MPI_Win_sync(WIN(win)); }

int natmpj_win_set_info(natmpj_handle win, natmpj_handle info) { return MPI_Win_set_info(WIN(win), INFO(info)); }

int natmpj_win_get_info(natmpj_handle win, natmpj_handle *new_info) {
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Win_get_info(WIN(win), &info);
    *new_info = (natmpj_handle)info;
    return rc;
}

int natmpj_win_set_name(natmpj_handle win, const char *text) {
    return MPI_Win_set_name(WIN(win), (char *)text);
}

int natmpj_win_get_name(natmpj_handle win) {
    /* info.c's per-thread text buffer (4096 bytes, more than MPI_MAX_OBJECT_NAME), which natmpj_text() reads. */
    char *text = (char *)natmpj_text();
    int length = 0;
    text[0] = 0;
    return MPI_Win_get_name(WIN(win), text, &length);
}

int natmpj_win_set_errhandler(natmpj_handle win, natmpj_handle errhandler) {
    return MPI_Win_set_errhandler(WIN(win), ERRHANDLER(errhandler));
}

int natmpj_win_get_errhandler(natmpj_handle win, natmpj_handle *errhandler) {
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    int rc = MPI_Win_get_errhandler(WIN(win), &handler);
    *errhandler = (natmpj_handle)handler;
    /* MPI hands out a reference; predefined handlers are never really freed, so the handle stays valid. */
    if (rc == MPI_SUCCESS && handler != MPI_ERRORS_ARE_FATAL && handler != MPI_ERRORS_RETURN)
        MPI_Errhandler_free(&handler);
    return rc;
}

int natmpj_win_call_errhandler(natmpj_handle win, int errorcode) {
    return MPI_Win_call_errhandler(WIN(win), errorcode);
}

int natmpj_win_create_keyval(int *keyval) {
    return MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, keyval, NULL);
}

int natmpj_win_free_keyval(int keyval) { return MPI_Win_free_keyval(&keyval); }

int natmpj_win_get_attr(natmpj_handle win, int keyval, natmpj_handle *attr, int *flag) {
    void *value = NULL;
    *attr = 0;
    int rc = MPI_Win_get_attr(WIN(win), keyval, &value, flag);
    if (rc != MPI_SUCCESS || !*flag) return rc;
    if (keyval == MPI_WIN_BASE) *attr = (natmpj_handle)value;
    else if (keyval == MPI_WIN_SIZE) *attr = (natmpj_handle)*(MPI_Aint *)value;
    else if (keyval == MPI_WIN_DISP_UNIT) *attr = (natmpj_handle)*(int *)value;
    else *attr = (natmpj_handle)value;
    return rc;
}

/*
 * Debian's Open MPI 4.1 ships /etc/openmpi/openmpi-mca-params.conf with "osc = ^ucx,pt2pt", which leaves osc rdma
 * (and sm, for MPI_Win_allocate[_shared] only) to serve windows; rdma refuses MPI_Win_create and
 * MPI_Win_create_dynamic on a communicator of one process (MPI_ERR_WIN: a window on MPI.COMM_SELF, or on any split
 * of one rank). Measured 2026-11-28: with pt2pt allowed again ("osc = ^ucx") every flavour works on COMM_SELF and
 * COMM_WORLD, and rdma still serves the windows it can. So, before MPI_Init, when the program's environment sets no
 * osc selection (mpirun --mca osc ... and -x OMPI_MCA_osc=... do) and that file holds exactly Debian's line, pt2pt
 * is allowed again through the environment, which outranks the file. Nothing else is touched.
 */
void natmpj_rma_before_init(void) {
#ifdef OPEN_MPI
    if (getenv("OMPI_MCA_osc")) return;
    FILE *f = fopen("/etc/openmpi/openmpi-mca-params.conf", "r");
    if (!f) return;
    char line[256];
    int debian_default = 0;
    while (fgets(line, sizeof line, f)) {
        char compact[256];
        size_t n = 0;
        for (const char *p = line; *p && n + 1 < sizeof compact; p++)
            if (*p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') compact[n++] = *p;
        compact[n] = 0;
        if (strncmp(compact, "osc=", 4) == 0) debian_default = strcmp(compact, "osc=^ucx,pt2pt") == 0;
    }
    fclose(f);
    if (debian_default) setenv("OMPI_MCA_osc", "^ucx", 0);
#endif
}
