# natmpj's installation (docs/install.md), included by NatmpjJava.cmake:
#   <prefix>/bin/mpjrun, bin/mpjavac, bin/natmpj-java, bin/natmpj-aot
#   <prefix>/lib/natmpj/natmpj.jar, lib/natmpj/native/<flavour>/libnatmpj.so, libnativempjdev.so
#   <prefix>/lib/natmpj/aot/<JDK>.aot with -DNATMPJ_AOT_JDKS=<JDK 25 homes> (bin/natmpj-aot)
#   <prefix>/share/java/natmpj.jar -> ../../lib/natmpj/natmpj.jar
#   <prefix>/share/doc/natmpj/ (README.md, docs/), share/natmpj/examples/
#   modulefiles, generated at install time since the prefix is only known then (cmake --install --prefix P):
#   <NATMPJ_MODULEFILES_DIR>/<name>/<version>.lua (Lmod) and <NATMPJ_MODULEFILES_TCL_DIR>/<name>/<version> (Tcl)
set(NATMPJ_MODULEFILES_DIR "share/modulefiles" CACHE STRING
    "Where the Lmod modulefile goes (<dir>/<name>/<version>.lua): relative to the prefix, or absolute")
set(NATMPJ_MODULEFILES_TCL_DIR "share/modulefiles-tcl" CACHE STRING
    "Where the Tcl modulefile goes (<dir>/<name>/<version>): relative to the prefix, or absolute")
set(NATMPJ_MODULE_NAME "natmpj" CACHE STRING "The modulefiles' name (the directory holding <version>)")
set(NATMPJ_MODULE_VERSION "${PROJECT_VERSION}" CACHE STRING "The modulefiles' version (their file name)")
set(NATMPJ_MODULE_PREREQ "" CACHE STRING
    "Modules the modulefiles require loaded (prereq), e.g. openmpi/4.1 in a flat module tree; empty in a hierarchy")

install(PROGRAMS bin/mpjrun bin/mpjavac bin/natmpj-java bin/natmpj-aot DESTINATION bin)
install(FILES "${natmpj_jar}" DESTINATION lib/natmpj)
foreach(flavour IN LISTS NATMPJ_BUILT_FLAVOURS)
  set(files "")
  foreach(library IN LISTS NATMPJ_LIBRARIES)
    list(APPEND files "${NATMPJ_NATIVE_DIR}/${flavour}/${library}")
  endforeach()
  # OPTIONAL: the mpich flavour's stub libmpi.so.12 exists where the build made one (src/main/c/CMakeLists.txt).
  install(FILES "${NATMPJ_NATIVE_DIR}/${flavour}/libmpi.so.12" OPTIONAL DESTINATION lib/natmpj/native/${flavour}
          PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  install(FILES ${files} DESTINATION lib/natmpj/native/${flavour}
          PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()
install(CODE [[
  file(MAKE_DIRECTORY "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/share/java")
  set(link "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/share/java/natmpj.jar")
  message(STATUS "Installing: ${link} -> ../../lib/natmpj/natmpj.jar")
  file(CREATE_LINK ../../lib/natmpj/natmpj.jar "${link}" SYMBOLIC)
]])
# natmpj's AOT cache for each JDK 25 or newer named (docs/scale.md): made by the installed bin/natmpj-aot, which
# trains on two ranks under the installed mpjrun. A failure is reported and does not fail the installation.
set(NATMPJ_AOT_JDKS "" CACHE STRING
    "JDKs (homes, ;-separated) to make natmpj's AOT cache for at install time: JDK 25 or newer")
foreach(jdk IN LISTS NATMPJ_AOT_JDKS)
  install(CODE "
    execute_process(COMMAND \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/bin/natmpj-aot\" --quiet --java \"${jdk}\"
                    RESULT_VARIABLE rc)
    if(rc EQUAL 0)
      message(STATUS \"natmpj: AOT cache made for ${jdk}\")
    else()
      message(WARNING \"natmpj: no AOT cache for ${jdk} (natmpj-aot exited \${rc}); run bin/natmpj-aot --java ${jdk}\")
    endif()")
endforeach()
install(FILES README.md DESTINATION share/doc/natmpj)
install(DIRECTORY docs/ DESTINATION share/doc/natmpj/docs)
install(DIRECTORY examples/ DESTINATION share/natmpj/examples)

# What the modulefiles say about the MPI(s): one line per flavour built.
set(mpi_lines "")
set(mpi_names "")
foreach(flavour IN LISTS NATMPJ_BUILT_FLAVOURS)
  if(flavour STREQUAL "openmpi")
    set(name "Open MPI")
  elseif(flavour STREQUAL "mpich")
    set(name "MPICH")
  else()
    set(name "the MPI standard ABI")
  endif()
  list(APPEND mpi_names "${name} ${NATMPJ_MPI_VERSION_${flavour}}")
  string(APPEND mpi_lines "  ${flavour}: ${name} ${NATMPJ_MPI_VERSION_${flavour}}, built with ${mpicc_${flavour}}\n")
endforeach()
list(LENGTH NATMPJ_BUILT_FLAVOURS count)
if(count EQUAL 1)
  set(NATMPJ_MODULE_MPI "${mpi_names} only")
  set(NATMPJ_MODULE_FLAVOUR_HELP
"This build is for ${mpi_names} only (flavour ${NATMPJ_BUILT_FLAVOURS}): run its programs with that MPI's mpirun,
or with mpjrun, which uses it.")
else()
  string(REPLACE ";" " and " NATMPJ_MODULE_MPI "${mpi_names}")
  string(REPLACE ";" ", " flavours "${NATMPJ_BUILT_FLAVOURS}")
  set(NATMPJ_MODULE_FLAVOUR_HELP
"This build holds one native library per MPI (${flavours}). mpjrun picks the flavour: --mpi <flavour>, else the
first of ${flavours} it finds a launcher for (mpjrun --help). Under plain mpirun, natmpj loads the library of the
launcher's MPI.")
endif()
set(NATMPJ_MODULE_MPI_LINES "${mpi_lines}")
configure_file(cmake/natmpj-install-vars.cmake.in natmpj-install-vars.cmake @ONLY)
install(CODE "include(\"${CMAKE_BINARY_DIR}/natmpj-install-vars.cmake\")")
install(SCRIPT cmake/natmpj_modulefiles.cmake)
