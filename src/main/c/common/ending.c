/*
 * Ending the job when a rank ends early.
 *
 * A rank that exits before MPI_Finalize is caught by both mpiruns when its exit status is non-zero (the job ends
 * with that status), but MPICH's hydra takes status 0 as success: it kills the other ranks, however far they got,
 * and reports 0; and srun with Slurm's PMI-2 (MPICH's direct launch) notes any status and goes on waiting for the
 * other ranks, which wait forever for the one that left (Slurm 22.05; its PMIx plugin does end the step). So once
 * MPI is initialized, an exit handler (which, unlike a JVM shutdown hook, sees the status that System.exit or the
 * return from main gives) says which rank exited early and aborts the job with that status, 1 for status 0. Exits
 * at or above 128 are the JVM ending on a signal, usually the launcher's SIGTERM while it tears a failed job down:
 * nothing is added to those.
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "handles.h"

/* Set once this process asked MPI to abort: MPI_Abort may leave through exit(), which must not abort again. Any
 * thread may abort (Comm.Abort, an uncaught exception) while another exits: atomic, not volatile. */
static atomic_int aborting;

/*
 * MPI_Abort after a pause: the launchers forward a rank's output through pipes, and MPICH's hydra, once the abort
 * has it kill the job, drops what it has not forwarded yet (about 1 run in 7 lost every line, the reason for the
 * abort included). 200 ms lets the lines already written get out; an abort has no hurry.
 */
static int abort_job(MPI_Comm comm, int code) {
    atomic_store(&aborting, 1);
    fflush(stdout);
    fflush(stderr);
    usleep(200 * 1000);
    return MPI_Abort(comm, code);
}

int natmpj_abort(natmpj_handle comm, int code) {
    return abort_job(COMM(comm), code);
}

static void on_exit_before_finalize(int status, void *unused) {
    (void)unused;
    int initialized = 0, finalized = 0, rank = -1, len = 0;
    if (atomic_load(&aborting) || status >= 128) return;
    if (MPI_Initialized(&initialized) != MPI_SUCCESS || !initialized) return;
    if (MPI_Finalized(&finalized) != MPI_SUCCESS || finalized) return;
    char host[MPI_MAX_PROCESSOR_NAME] = "?";
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Get_processor_name(host, &len);
    fflush(stdout);
    fprintf(stderr, "natmpj: rank %d (host %s, pid %ld) is exiting with status %d without MPI.Finalize: aborting the"
            " MPI job\n", rank, host, (long)getpid(), status);
    fflush(stderr);
    abort_job(MPI_COMM_WORLD, status == 0 ? 1 : status);
}

/* Registers the handler once per library copy, whichever thread calls first. */
int natmpj_guard_exit(void) {
    static atomic_flag registered = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&registered)) return 0;
    return on_exit(on_exit_before_finalize, NULL);
}
