# natmpj's own build of the Java part, its smoke tests and its installation (included by CMakeLists.txt when
# NATMPJ_JAVA is on, i.e. when CMake is used without Maven). Needs: JAVA_HOME, NATMPJ_BUILT_FLAVOURS, mpicc_<flavour>,
# NATMPJ_MPI_VERSION_<flavour>, NATMPJ_LIBRARIES, NATMPJ_NATIVE_DIR, NATMPJ_JAVA_DIR and the natmpj_<flavour> and
# natmpj_swig targets.
#
# The build tree is laid out like an installation: lib/natmpj/natmpj.jar beside lib/natmpj/native/<flavour>/, and
# bin/mpjrun, bin/mpjavac, which find them relative to themselves.

foreach(tool javac java jar)
  if(NOT EXISTS "${JAVA_HOME}/bin/${tool}")
    message(FATAL_ERROR "natmpj: ${JAVA_HOME}/bin/${tool} not found: JAVA_HOME must be a JDK 11 or newer")
  endif()
endforeach()

# ---- the jar ----
set(natmpj_jar_dir "${CMAKE_BINARY_DIR}/lib/natmpj")
set(natmpj_jar "${natmpj_jar_dir}/natmpj.jar")
set(natmpj_classes "${CMAKE_BINARY_DIR}/java/classes")
set(natmpj_classes_stamp "${CMAKE_BINARY_DIR}/java/classes.stamp")
# The natives' folder in the jar, META-INF/natives/<platform>/<flavour>/: linux-x86_64 or linux-aarch64, the machine's
# name for its architecture (Java's os.arch says amd64 and arm64 on some systems), as Maven's pom names it.
string(TOLOWER "${CMAKE_HOST_SYSTEM_PROCESSOR}" natmpj_arch)
if(natmpj_arch STREQUAL "amd64")
  set(natmpj_arch x86_64)
elseif(natmpj_arch STREQUAL "arm64")
  set(natmpj_arch aarch64)
endif()
set(NATMPJ_PLATFORM "linux-${natmpj_arch}")

file(GLOB_RECURSE natmpj_java_sources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/main/java/*.java")
file(GLOB_RECURSE natmpj_resources CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/src/main/resources/*")
add_custom_command(
  OUTPUT "${natmpj_classes_stamp}"
  COMMAND "${CMAKE_COMMAND}"
    "-DJAVAC=${JAVA_HOME}/bin/javac" "-DJAVA=${JAVA_HOME}/bin/java" "-DCLASSES=${natmpj_classes}"
    "-DARGFILE=${CMAKE_BINARY_DIR}/java/sources.txt" "-DSTAMP=${natmpj_classes_stamp}"
    "-DSOURCE_DIRS=${CMAKE_SOURCE_DIR}/src/main/java\;${NATMPJ_JAVA_DIR}"
    "-DSYNTHETIC=${CMAKE_SOURCE_DIR}/src/build/java/SyntheticForms.java"
    -P "${CMAKE_SOURCE_DIR}/cmake/natmpj_javac.cmake"
  DEPENDS ${natmpj_java_sources} "${NATMPJ_JAVA_DIR}/natmpj/jni/NativeMPIJNI.java"
          "${CMAKE_SOURCE_DIR}/src/build/java/SyntheticForms.java" "${CMAKE_SOURCE_DIR}/cmake/natmpj_javac.cmake"
  COMMENT "javac: natmpj's classes (--release 11), then SyntheticForms")

set(natmpj_native_files "")
foreach(flavour IN LISTS NATMPJ_BUILT_FLAVOURS)
  foreach(library IN LISTS NATMPJ_LIBRARIES)
    list(APPEND natmpj_native_files "${NATMPJ_NATIVE_DIR}/${flavour}/${library}")
  endforeach()
endforeach()
string(REPLACE ";" "\\;" natmpj_flavours_arg "${NATMPJ_BUILT_FLAVOURS}")
string(REPLACE ";" "\\;" natmpj_libraries_arg "${NATMPJ_LIBRARIES}")
add_custom_command(
  OUTPUT "${natmpj_jar}"
  COMMAND "${CMAKE_COMMAND}"
    "-DJAR_TOOL=${JAVA_HOME}/bin/jar" "-DJAR=${natmpj_jar}" "-DCLASSES=${natmpj_classes}"
    "-DSTAGE=${CMAKE_BINARY_DIR}/java/natives" "-DMANIFEST=${CMAKE_BINARY_DIR}/java/MANIFEST.MF"
    "-DPLATFORM=${NATMPJ_PLATFORM}" "-DNATIVE_DIR=${NATMPJ_NATIVE_DIR}"
    "-DFLAVOURS=${natmpj_flavours_arg}" "-DLIBRARIES=${natmpj_libraries_arg}"
    "-DRESOURCES=${CMAKE_SOURCE_DIR}/src/main/resources"
    -P "${CMAKE_SOURCE_DIR}/cmake/natmpj_jar.cmake"
  DEPENDS "${natmpj_classes_stamp}" ${natmpj_native_files} ${natmpj_resources}
          "${CMAKE_SOURCE_DIR}/cmake/natmpj_jar.cmake"
  COMMENT "jar: ${natmpj_jar} with the natives of ${NATMPJ_BUILT_FLAVOURS}")
set(natmpj_native_targets "")
foreach(flavour IN LISTS NATMPJ_BUILT_FLAVOURS)
  list(APPEND natmpj_native_targets natmpj_${flavour})
endforeach()
add_custom_target(natmpj_jar ALL DEPENDS "${natmpj_jar}")
add_dependencies(natmpj_jar natmpj_swig ${natmpj_native_targets})

# The launchers in the build tree: copies, so that they resolve the build tree (not the source tree) as their root.
foreach(script mpjrun mpjavac natmpj-java natmpj-aot)
  configure_file("${CMAKE_SOURCE_DIR}/bin/${script}" "${CMAKE_BINARY_DIR}/bin/${script}" COPYONLY)
endforeach()

# The launcher of each flavour's MPI, recorded for mpjrun as <native>/<flavour>/launcher (and installed): the mpirun
# beside the compiler wrapper, mpirun.<flavour> for Debian's mpicc.<flavour>. mpjrun uses it before any mpirun on
# PATH, so that a site build runs under the MPI it is linked with.
foreach(flavour IN LISTS NATMPJ_BUILT_FLAVOURS)
  get_filename_component(mpi_bin "${mpicc_${flavour}}" DIRECTORY)
  get_filename_component(mpicc_name "${mpicc_${flavour}}" NAME)
  if(mpicc_name MATCHES "^mpicc\\.(.+)$")
    set(mpirun_names "mpirun.${CMAKE_MATCH_1}" "mpiexec.${CMAKE_MATCH_1}")
  else()
    set(mpirun_names mpirun mpiexec)
  endif()
  find_program(NATMPJ_MPIRUN_${flavour} NAMES ${mpirun_names} PATHS "${mpi_bin}" NO_DEFAULT_PATH)
  set(launcher_file "${NATMPJ_NATIVE_DIR}/${flavour}/launcher")
  if(NATMPJ_MPIRUN_${flavour})
    file(WRITE "${launcher_file}" "${NATMPJ_MPIRUN_${flavour}}\n")
    install(FILES "${launcher_file}" DESTINATION lib/natmpj/native/${flavour})
  else()
    file(REMOVE "${launcher_file}")
    message(WARNING "natmpj: no ${mpirun_names} beside ${mpicc_${flavour}}: mpjrun will look for ${flavour}'s "
                    "mpirun on PATH")
  endif()
endforeach()

# ---- ctest: a multi-rank smoke set per flavour ----
enable_testing()
set(natmpj_examples_out "${CMAKE_BINARY_DIR}/examples")
file(GLOB natmpj_examples "${CMAKE_SOURCE_DIR}/examples/*.java")
# The launchers must use this build tree even when the environment points elsewhere (a loaded natmpj module).
set(natmpj_env env -u NATMPJ_HOME -u CLASSPATH)
add_test(NAME compile_examples
  COMMAND ${natmpj_env} "${CMAKE_BINARY_DIR}/bin/mpjavac" -d "${natmpj_examples_out}" ${natmpj_examples})
set_tests_properties(compile_examples PROPERTIES FIXTURES_SETUP natmpj_examples)
foreach(flavour IN LISTS NATMPJ_BUILT_FLAVOURS)
  if(NOT NATMPJ_MPIRUN_${flavour})
    continue() # warned above: no launcher known to run the tests with
  endif()
  set(mpirun "${NATMPJ_MPIRUN_${flavour}}")
  set(mpirun_opts "")
  if(flavour STREQUAL "openmpi")
    set(mpirun_opts --oversubscribe)
    execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(uid STREQUAL "0")
      list(APPEND mpirun_opts --allow-run-as-root)
    endif()
  endif()
  # mpjrun runs the launcher recorded above.
  set(run ${natmpj_env} "${CMAKE_SOURCE_DIR}/cmake/check-run")
  set(mpjrun "${CMAKE_BINARY_DIR}/bin/mpjrun" --mpi ${flavour})
  # Every rank's line (in any order), all of one job of 4.
  set(hello "")
  foreach(rank 0 1 2 3)
    list(APPEND hello --expect "Hello from rank ${rank} of 4 ")
  endforeach()
  add_test(NAME ${flavour}_mpjrun_Hello_4
    COMMAND ${run} ${hello} -- ${mpjrun} -np 4 -cp "${natmpj_examples_out}" Hello)
  add_test(NAME ${flavour}_mpjrun_Ring_3
    COMMAND ${run} --expect "over 3 ranks, token = [0-9]+ \\(as expected\\)"
            -- ${mpjrun} -np 3 -cp "${natmpj_examples_out}" Ring)
  # Without mpjrun: plain mpirun and java, the jar finding native/<flavour> beside itself.
  add_test(NAME ${flavour}_mpirun_java_Pi_2
    COMMAND ${run} --expect "pi = 3\\.14159[0-9]*, error = [0-9.e+-]+, [0-9]+ intervals on 2 ranks"
            -- "${mpirun}" ${mpirun_opts} -np 2 "${JAVA_HOME}/bin/java" -cp "${natmpj_jar}:${natmpj_examples_out}" Pi)
  set_tests_properties(${flavour}_mpjrun_Hello_4 ${flavour}_mpjrun_Ring_3 ${flavour}_mpirun_java_Pi_2 PROPERTIES
    FIXTURES_REQUIRED natmpj_examples TIMEOUT 120)
endforeach()

# ---- install ----
include(cmake/NatmpjInstall.cmake)
