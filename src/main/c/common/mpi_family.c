/*
 * The stub libmpi.so.12 of the mpich flavour where the MPI library is named otherwise (Debian's libmpich.so.12):
 * no code, only its soname and its dependency on the real library (src/main/c/CMakeLists.txt). The natmpj
 * libraries depend on libmpi.so.12, the MPICH family's soname; with no family member's lib/ on LD_LIBRARY_PATH
 * they find this stub beside themselves, and through it the MPICH they were built with.
 */
const char natmpj_mpi_family_stub[] = "natmpj: libmpi.so.12 -> the MPICH this flavour was built with";
