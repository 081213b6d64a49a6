# The game list's machinery. A list file (rules/games.cmake for the games
# Brethren ships, tests/games/games.cmake for test-only games) holds one line
# per game:
#
#   brethren_game(<game-id> <folder> [BOTS <kind>...] [BELIEF])
#
# which builds the game's folder (its CMakeLists.txt defines the library
# brethren_rules_<folder>) and records the game for the registry, the bots
# and the conformance runs. The conventions the generated code relies on:
#   <folder>/<folder>.h       declares <folder>::make_game()
#   <folder>/<folder>_bot.h   declares <folder>::make_<kind>_bot(seed) per BOTS kind,
#                             and with BELIEF <folder>::make_belief(state, seat)
#                             (rules/core/belief.h: the search bots' inference)
# all in namespace brethren::rules::<folder>.
#
# BRETHREN_GAME_LIST names the list a line goes to (BRETHREN_GAMES by default,
# the production list; tests/games sets BRETHREN_TEST_GAMES). Every game of
# every list is in BRETHREN_CONFORMANCE_GAMES: tests/CMakeLists.txt makes one
# conformance run per game from it.
include_guard(GLOBAL)

function(brethren_game id folder)
  cmake_parse_arguments(PARSE_ARGV 2 GAME "BELIEF" "" "BOTS")
  if(GAME_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "brethren_game(${id} ${folder}): unexpected '${GAME_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT id MATCHES "^[a-z0-9]+(-[a-z0-9]+)*$")
    message(FATAL_ERROR "brethren_game: '${id}' is not a game id (lower case words joined by '-')")
  endif()
  get_property(known GLOBAL PROPERTY BRETHREN_CONFORMANCE_GAMES)
  if(id IN_LIST known)
    message(FATAL_ERROR "brethren_game: '${id}' is listed twice")
  endif()
  set(list_name BRETHREN_GAMES)
  if(BRETHREN_GAME_LIST)
    set(list_name ${BRETHREN_GAME_LIST})
  endif()
  add_subdirectory("${CMAKE_CURRENT_SOURCE_DIR}/${folder}")
  # Headers are included as "<dir relative to the project>/<folder>/...".
  file(RELATIVE_PATH include_dir "${PROJECT_SOURCE_DIR}" "${CMAKE_CURRENT_SOURCE_DIR}/${folder}")
  set_property(GLOBAL APPEND PROPERTY ${list_name} ${id})
  set_property(GLOBAL APPEND PROPERTY BRETHREN_CONFORMANCE_GAMES ${id})
  set_property(GLOBAL PROPERTY BRETHREN_GAME_${id}_FOLDER ${folder})
  set_property(GLOBAL PROPERTY BRETHREN_GAME_${id}_INCLUDE_DIR ${include_dir})
  set_property(GLOBAL PROPERTY BRETHREN_GAME_${id}_BOTS ${GAME_BOTS})
  set_property(GLOBAL PROPERTY BRETHREN_GAME_${id}_BELIEF ${GAME_BELIEF})
endfunction()

# Writes `output_file` defining
#   GameRegistry <function>()   (declared in <header>)
# holding the games of list `list_name` in list order, and links `target`
# with their libraries.
function(brethren_generate_registry target list_name header function output_file)
  get_property(ids GLOBAL PROPERTY ${list_name})
  set(GAME_INCLUDES "")
  set(GAME_ADDS "")
  foreach(id IN LISTS ids)
    get_property(folder GLOBAL PROPERTY BRETHREN_GAME_${id}_FOLDER)
    get_property(include_dir GLOBAL PROPERTY BRETHREN_GAME_${id}_INCLUDE_DIR)
    string(APPEND GAME_INCLUDES "#include \"${include_dir}/${folder}.h\"\n")
    string(APPEND GAME_ADDS "  registry.add(${folder}::make_game());\n")
    # BRETHREN_REGISTRY_LIBRARY_<folder>, when set, names another build of
    # the game's library (tests/server/CMakeLists.txt: High Card at other
    # rules versions).
    set(library brethren_rules_${folder})
    if(BRETHREN_REGISTRY_LIBRARY_${folder})
      set(library ${BRETHREN_REGISTRY_LIBRARY_${folder}})
    endif()
    target_link_libraries(${target} PUBLIC ${library})
  endforeach()
  set(REGISTRY_HEADER ${header})
  set(REGISTRY_FUNCTION ${function})
  set(LIST_NAME ${list_name})
  configure_file("${PROJECT_SOURCE_DIR}/rules/registry/games.cc.in" "${output_file}" @ONLY)
  target_sources(${target} PRIVATE "${output_file}")
endfunction()

# Writes <output_dir>/all_bots.cc: the game-specific bots of list
# `list_name` (the BOTS kinds of each line) for make_bot() and bot_kinds(),
# and the list's game ids for make_search_bot() (every game has them), with
# the beliefs of the games that have one (BELIEF).
function(brethren_generate_bots target list_name output_dir)
  get_property(ids GLOBAL PROPERTY ${list_name})
  set(BOT_INCLUDES "")
  set(BOT_ENTRIES "")
  set(GAME_ID_ENTRIES "")
  set(BELIEF_ENTRIES "")
  foreach(id IN LISTS ids)
    string(APPEND GAME_ID_ENTRIES "    \"${id}\",\n")
    get_property(folder GLOBAL PROPERTY BRETHREN_GAME_${id}_FOLDER)
    get_property(include_dir GLOBAL PROPERTY BRETHREN_GAME_${id}_INCLUDE_DIR)
    get_property(kinds GLOBAL PROPERTY BRETHREN_GAME_${id}_BOTS)
    get_property(belief GLOBAL PROPERTY BRETHREN_GAME_${id}_BELIEF)
    if(kinds OR belief)
      string(APPEND BOT_INCLUDES "#include \"${include_dir}/${folder}_bot.h\"\n")
    endif()
    if(belief)
      string(APPEND BELIEF_ENTRIES "    {\"${id}\", &${folder}::make_belief},\n")
    endif()
    foreach(kind IN LISTS kinds)
      string(APPEND BOT_ENTRIES "    {\"${id}\", \"${kind}\", &${folder}::make_${kind}_bot},\n")
    endforeach()
  endforeach()
  set(LIST_NAME ${list_name})
  configure_file("${PROJECT_SOURCE_DIR}/rules/registry/all_bots.cc.in" "${output_dir}/all_bots.cc" @ONLY)
  target_sources(${target} PRIVATE "${output_dir}/all_bots.cc")
endfunction()
