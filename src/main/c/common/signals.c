/*
 * Keeps the JVM's own use of signals working inside an MPI process.
 *
 * HotSpot turns SIGSEGV into NullPointerException (implicit null checks), SIGFPE into ArithmeticException, and
 * uses SIGSEGV/SIGBUS/SIGILL for safepoint polls and stack banging. MPI stacks install crash handlers for the same
 * signals: UCX (MPICH's ch4:ucx, Open MPI's pml/ucx) does so when libucs is loaded, Open MPI's opal during
 * MPI_Init. Whoever comes last wins, so a plain NullPointerException would kill the JVM.
 *
 * After each point where MPI may have installed handlers, natmpj installs its own handler, which offers the signal
 * to the JVM first through JVM_handle_linux_signal (HotSpot's exported entry point for signal chaining, the one
 * libjsig uses) and passes what the JVM does not recognise on to the handler it displaced, so real crashes in
 * native code still get MPI's backtrace. Without HotSpot (no such symbol) nothing is changed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include "natmpj_common.h"

typedef int (*jvm_signal_handler)(int sig, siginfo_t *info, void *ucontext, int abort_if_unrecognized);

static const int guarded[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
/*
 * Process-wide state, written only by natmpj_guard_jvm_signals, which runs at load (inside System.load's lock) and
 * right after MPI_Init (once per process): never from two threads at once. displaced[sig] is written only while
 * the installed handler for sig is someone else's, before ours is installed over it, so on_signal reads a
 * complete entry. Each library that links natmpj_common has its own copy; a second library loaded into the same
 * JVM finds the first one's handler installed and chains in front of it, which still offers each signal to the
 * JVM first.
 */
static jvm_signal_handler jvm_handler;
static struct sigaction displaced[NSIG];

static void on_signal(int sig, siginfo_t *info, void *ucontext) {
    int saved_errno = errno;
    if (jvm_handler(sig, info, ucontext, 0)) {
        errno = saved_errno;
        return;
    }
    const struct sigaction *next = &displaced[sig];
    if ((next->sa_flags & SA_SIGINFO) && next->sa_sigaction) {
        next->sa_sigaction(sig, info, ucontext);
    } else if (!(next->sa_flags & SA_SIGINFO) && next->sa_handler != SIG_DFL && next->sa_handler != SIG_IGN) {
        next->sa_handler(sig);
    } else {
        jvm_handler(sig, info, ucontext, 1); /* the JVM's crash report, then abort */
    }
    errno = saved_errno;
}

void natmpj_guard_jvm_signals(void) {
    if (!jvm_handler) jvm_handler = (jvm_signal_handler)dlsym(RTLD_DEFAULT, "JVM_handle_linux_signal");
    if (!jvm_handler) return;
    for (size_t i = 0; i < sizeof guarded / sizeof guarded[0]; i++) {
        int sig = guarded[i];
        struct sigaction current, mine;
        if (sigaction(sig, NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_signal) continue;
        displaced[sig] = current;
        memset(&mine, 0, sizeof mine);
        mine.sa_sigaction = on_signal;
        mine.sa_flags = SA_SIGINFO | SA_RESTART;
        /* As HotSpot does: block everything but the synchronous error signals while handling. */
        sigfillset(&mine.sa_mask);
        for (size_t j = 0; j < sizeof guarded / sizeof guarded[0]; j++) sigdelset(&mine.sa_mask, guarded[j]);
        sigaction(sig, &mine, NULL);
    }
}
