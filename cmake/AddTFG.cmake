#===- AddTFG.cmake - helpers for tfg targets ------------------------------===#
#
# Thin wrappers over MLIR's add_mlir_* functions so that every tfg target
# links the same way: the libMLIR.so/libLLVM.so dylibs by default, or the
# static component libraries with -DTFG_LINK_STATIC=ON. The two are never
# mixed in one binary.
#
#===------------------------------------------------------------------------===#

# Libraries from MLIR/LLVM that a target needs, in the linking mode chosen.
# STATIC_LIBS are only used in static mode; the dylibs contain all of them.
function(tfg_mlir_link_libs out)
  cmake_parse_arguments(ARG "" "" "STATIC_LIBS" ${ARGN})
  if(TFG_LINK_STATIC)
    set(${out} ${ARG_STATIC_LIBS} PARENT_SCOPE)
  else()
    set(${out} MLIR LLVM PARENT_SCOPE)
  endif()
endfunction()

# tfg_install_library(name): installs a static library of the project into
# <prefix>/lib and its TFGTargets export set (TFG::name for find_package(TFG),
# see cmake/TFGInstall.cmake). Its code is position independent, so that the
# dialect plugin (a shared object) can link it. MLIR's own install rule
# (add_mlir_library_install) is not used: it exports into MLIRTargets.
function(tfg_install_library name)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(TARGET obj.${name})
    set_target_properties(obj.${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  endif()
  # Installed headers (and MLIR's, added by TFGConfig.cmake); nothing in the
  # build tree.
  target_link_libraries(${name} INTERFACE TFGHeaders)
  install(TARGETS ${name} EXPORT TFGTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY TFG_INSTALLED_LIBS ${name})
endfunction()

# add_tfg_library(name sources... [DEPENDS ...] [LINK_LIBS ...]
#                 [MLIR_LIBS ...])
# MLIR_LIBS name the static MLIR/LLVM component libraries; they are replaced
# by the dylibs unless TFG_LINK_STATIC is on. The library is installed.
function(add_tfg_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS;MLIR_LIBS" ${ARGN})
  tfg_mlir_link_libs(mlir_libs STATIC_LIBS ${ARG_MLIR_LIBS})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS}
    DISABLE_INSTALL
    DEPENDS ${ARG_DEPENDS}
    LINK_LIBS PUBLIC ${ARG_LINK_LIBS} ${mlir_libs})
  tfg_use_pch(obj.${name} Library)
  tfg_install_library(${name})
endfunction()

# add_tfg_tool(name sources... [NO_INSTALL] [LINK_LIBS ...] [MLIR_LIBS ...])
# The tool is installed into <prefix>/bin (exported as TFG::name) unless
# NO_INSTALL is given.
function(add_tfg_tool name)
  cmake_parse_arguments(ARG "NO_INSTALL" "" "DEPENDS;LINK_LIBS;MLIR_LIBS"
                        ${ARGN})
  tfg_mlir_link_libs(mlir_libs STATIC_LIBS ${ARG_MLIR_LIBS})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS} DEPENDS ${ARG_DEPENDS})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} ${mlir_libs})
  llvm_update_compile_flags(${name})
  if(NOT ARG_NO_INSTALL)
    # LLVM gives installed tools $ORIGIN/../lib only; libMLIR.so lies in
    # LLVM's own lib directory, which is not on the loader's path on Debian.
    set_property(TARGET ${name} APPEND PROPERTY INSTALL_RPATH
                 "${LLVM_LIBRARY_DIR}")
    install(TARGETS ${name} EXPORT TFGTargets
      RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
    set_property(GLOBAL APPEND PROPERTY TFG_INSTALLED_TOOLS ${name})
  endif()
endfunction()

# add_tfg_unittest(name sources... [NO_PCH] LINK_LIBS ...): a GoogleTest binary under
# ${CMAKE_BINARY_DIR}/unittests, run by check-tfg through test/Unit.
function(add_tfg_unittest name)
  cmake_parse_arguments(ARG "NO_PCH" "" "LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/unittests)
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} GTest::gtest
                        GTest::gtest_main)
  llvm_update_compile_flags(${name})
  # NO_PCH: a test that links LLVM alone (MLIR's headers in the precompiled
  # ones emit MLIR's dump methods, which need libMLIR).
  if(NOT ARG_NO_PCH)
    tfg_use_pch(${name} UnitTests)
  endif()
  set_property(GLOBAL APPEND PROPERTY TFG_UNITTESTS ${name})
endfunction()

# add_tfg_doc(td_file output_name backend...): generate a markdown page from
# ODS into ${CMAKE_BINARY_DIR}/docs and hook it to the tfg-doc target.
function(add_tfg_doc td_file output_name)
  set(LLVM_TARGET_DEFINITIONS ${td_file})
  mlir_tablegen(${output_name}.md ${ARGN})
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/${output_name}.md)
  set(dst ${CMAKE_BINARY_DIR}/docs/${output_name}.md)
  add_custom_command(OUTPUT ${dst}
    COMMAND ${CMAKE_COMMAND} -E copy ${gen} ${dst}
    DEPENDS ${gen})
  add_custom_target(${output_name}DocGen DEPENDS ${dst})
  set_property(GLOBAL APPEND PROPERTY TFG_DOC_TARGETS ${output_name}DocGen)
endfunction()

# tfg_check_layering(target FORBIDDEN libs...): fails the configuration when
# `target` depends on one of `libs`, directly or through any library it
# links (the transitive closure of LINK_LIBRARIES and
# INTERFACE_LINK_LIBRARIES). Called once every target is defined. A forbidden
# name matches a target name or any link item containing it.
function(tfg_check_layering target)
  cmake_parse_arguments(ARG "" "" "FORBIDDEN" ${ARGN})
  set(seen "")
  set(work ${target})
  while(work)
    list(POP_FRONT work item)
    if(item IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${item})
    foreach(bad ${ARG_FORBIDDEN})
      string(FIND "${item}" "${bad}" pos)
      if(NOT pos EQUAL -1)
        message(FATAL_ERROR "layering: ${target} must not depend on ${bad}, "
                            "but reaches it through '${item}' "
                            "(docs/rationale/Build.md, \"Layers\")")
      endif()
    endforeach()
    if(TARGET ${item})
      get_target_property(aliased ${item} ALIASED_TARGET)
      if(aliased)
        list(APPEND work ${aliased})
      endif()
      get_target_property(type ${item} TYPE)
      set(props INTERFACE_LINK_LIBRARIES)
      if(NOT type STREQUAL "INTERFACE_LIBRARY")
        list(APPEND props LINK_LIBRARIES)
      endif()
      foreach(prop ${props})
        get_target_property(deps ${item} ${prop})
        if(deps)
          foreach(dep ${deps})
            # $<LINK_ONLY:x> and other generator expressions name x.
            string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" dep "${dep}")
            list(APPEND work ${dep})
          endforeach()
        endif()
      endforeach()
    endif()
  endwhile()
endfunction()
