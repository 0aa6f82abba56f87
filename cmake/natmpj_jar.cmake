# Builds natmpj.jar from the compiled classes and every built flavour's native libraries, which go in as
# META-INF/natives/<platform>/<flavour>/<library> (the same entries as Maven's jar; run by CMakeLists.txt with
# `cmake -P`).
#   -DJAR_TOOL=... -DJAR=<out.jar> -DCLASSES=<dir> -DSTAGE=<dir> -DMANIFEST=<file> -DPLATFORM=linux-x86_64
#   -DNATIVE_DIR=<root of <flavour>/ dirs> -DFLAVOURS=<f;f> -DLIBRARIES=<lib;lib> -DRESOURCES=<src/main/resources>
foreach(var JAR_TOOL JAR CLASSES STAGE MANIFEST PLATFORM NATIVE_DIR FLAVOURS LIBRARIES RESOURCES)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "natmpj_jar.cmake: ${var} not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${STAGE}")
foreach(flavour IN LISTS FLAVOURS)
  foreach(library IN LISTS LIBRARIES)
    set(from "${NATIVE_DIR}/${flavour}/${library}")
    if(NOT EXISTS "${from}")
      message(FATAL_ERROR "natmpj: ${from} was not built")
    endif()
    file(COPY "${from}" DESTINATION "${STAGE}/META-INF/natives/${PLATFORM}/${flavour}")
  endforeach()
  # The mpich flavour's stub libmpi.so.12, where the build made one (src/main/c/CMakeLists.txt).
  if(EXISTS "${NATIVE_DIR}/${flavour}/libmpi.so.12")
    file(COPY "${NATIVE_DIR}/${flavour}/libmpi.so.12" DESTINATION "${STAGE}/META-INF/natives/${PLATFORM}/${flavour}")
  endif()
endforeach()
# The manifest's own attribute; the jar tool adds Manifest-Version and Created-By.
file(WRITE "${MANIFEST}" "Enable-Native-Access: ALL-UNNAMED\n")
# Maven's resources folder, when there is one, goes in as it is, as Maven's process-resources copies it.
set(resources "")
if(IS_DIRECTORY "${RESOURCES}")
  set(resources -C "${RESOURCES}" .)
endif()
file(REMOVE "${JAR}")
execute_process(
  COMMAND "${JAR_TOOL}" --create --file "${JAR}" --manifest "${MANIFEST}" -C "${CLASSES}" . ${resources}
          -C "${STAGE}" META-INF
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "natmpj: jar failed (${rc})")
endif()
