# The browser client's version (web/package.json) is the project's
# (project(VERSION) in the root CMakeLists.txt, from which the server's
# version header is generated). Run with -DPACKAGE_JSON=... -DVERSION=...
file(READ "${PACKAGE_JSON}" package)
string(JSON web_version ERROR_VARIABLE problem GET "${package}" version)
if(problem)
  message(FATAL_ERROR "${PACKAGE_JSON}: no version: ${problem}")
endif()
if(NOT web_version STREQUAL VERSION)
  message(FATAL_ERROR "web/package.json says ${web_version}, CMakeLists.txt project(VERSION) says ${VERSION}")
endif()
message(STATUS "web/package.json and the server are both version ${VERSION}")
