/* Preprocessed (never compiled) with an MPI's compiler wrapper by CMakeLists.txt: tells which flavour and version
 * of MPI the wrapper's mpi.h is, by the same macros natmpj_flavour() (src/main/c/common/load.c) reports at run time. */
#include <mpi.h>
#define NATMPJ_STR2(x) #x
#define NATMPJ_STR(x) NATMPJ_STR2(x)
#if defined(MPI_ABI_VERSION)
/* The standard ABI's mpi.h (MPICH 5's mpicc_abi): no implementation's macros, whoever serves it at run time. */
natmpj_probe_flavour = abi ;
natmpj_probe_version = NATMPJ_STR(MPI_ABI_VERSION.MPI_ABI_SUBVERSION) ;
#elif defined(OPEN_MPI)
natmpj_probe_flavour = openmpi ;
natmpj_probe_version = NATMPJ_STR(OMPI_MAJOR_VERSION.OMPI_MINOR_VERSION.OMPI_RELEASE_VERSION) ;
#elif defined(MPICH_VERSION)
natmpj_probe_flavour = mpich ;
natmpj_probe_version = MPICH_VERSION ;
#else
natmpj_probe_flavour = unknown ;
#endif
