#ifndef NATMPJ_SIGNALS_H
#define NATMPJ_SIGNALS_H
/* Puts natmpj's JVM-first handler in front of SIGSEGV/SIGBUS/SIGFPE/SIGILL; see signals.c. Call whenever MPI
 * may have installed its own: at load and after MPI_Init. */
void natmpj_guard_jvm_signals(void);
#endif
