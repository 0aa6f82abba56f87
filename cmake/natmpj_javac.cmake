# Compiles natmpj's Java sources into CLASSES, then runs the process-classes step (SyntheticForms); run by the
# top-level CMakeLists.txt with `cmake -P` at build time, since the SWIG-generated sources are only known then.
# The javac options are the ones Maven's compiler plugin passes for pom.xml (-g, --release 11, -parameters, UTF-8,
# the same -Xlint, -XDstringConcat=inline), so that both builds produce the same class bytes (ci/compare-jars
# checks it).
#   -DJAVAC=... -DJAVA=... -DCLASSES=<dir> -DARGFILE=<file> -DSTAMP=<file> -DSOURCE_DIRS=<dir;dir> -DSYNTHETIC=<.java>
foreach(var JAVAC JAVA CLASSES ARGFILE STAMP SOURCE_DIRS SYNTHETIC)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "natmpj_javac.cmake: ${var} not set")
  endif()
endforeach()

set(sources "")
foreach(dir IN LISTS SOURCE_DIRS)
  file(GLOB_RECURSE found "${dir}/*.java")
  list(APPEND sources ${found})
endforeach()
list(SORT sources)
# One quoted path a line: javac's @argfile syntax
set(lines "")
foreach(source IN LISTS sources)
  string(APPEND lines "\"${source}\"\n")
endforeach()
file(WRITE "${ARGFILE}" "${lines}")

# A stale class of a deleted source must not end up in the jar.
file(REMOVE_RECURSE "${CLASSES}")
file(MAKE_DIRECTORY "${CLASSES}")
execute_process(
  COMMAND "${JAVAC}" -d "${CLASSES}" -g --release 11 -encoding UTF-8 -parameters -Xlint:all,-serial,-options
          -XDstringConcat=inline
          "@${ARGFILE}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "natmpj: javac failed (${rc})")
endif()
execute_process(COMMAND "${JAVA}" "${SYNTHETIC}" "${CLASSES}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "natmpj: ${SYNTHETIC} failed (${rc}) on ${CLASSES}")
endif()
file(TOUCH "${STAMP}")
