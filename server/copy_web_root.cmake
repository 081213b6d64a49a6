# cmake -DSOURCE=web/dist -DDESTINATION=build/server/web -P copy_web_root.cmake
# Mirrors the client bundle beside the server binary: stale files (old
# hashed names) go; timestamps are kept, so ETags stay the same across
# rebuilds of an unchanged bundle. No bundle: nothing beside the binary.
if(NOT EXISTS "${SOURCE}/index.html")
  file(REMOVE_RECURSE "${DESTINATION}")
  return()
endif()
file(REMOVE_RECURSE "${DESTINATION}")
file(COPY "${SOURCE}/" DESTINATION "${DESTINATION}")
