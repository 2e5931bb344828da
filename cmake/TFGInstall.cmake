#===- TFGInstall.cmake - what `cmake --install` puts under the prefix -----===#
#
#   include/tfg/...        the public headers, the ODS .td files, every .inc
#                          generated from them, the protos and the protobuf
#                          headers generated from them (include/tfg/proto)
#   lib/libTFG*.a          the libraries (tfg_install_library, AddTFG.cmake)
#   lib/libTFGPlugin.so    the dialect and pass plugin for mlir-opt
#   bin/tfg-opt, ...       the tools (add_tfg_tool)
#   lib/cmake/tfg/         TFGConfig.cmake, its version file and the
#                          exported targets (TFG::TFGIR, TFG::tfg-opt, ...)
#
# Another project then writes find_package(TFG REQUIRED CONFIG) and links
# TFG::TFGIR and the like (docs/Install.md).
#
#===------------------------------------------------------------------------===#

include(CMakePackageConfigHelpers)

# The include directory of the installed tree, carried by every installed
# library. TFGConfig.cmake adds the headers of the MLIR and LLVM the project
# was built with (their imported targets carry none).
add_library(TFGHeaders INTERFACE)
target_include_directories(TFGHeaders INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
install(TARGETS TFGHeaders EXPORT TFGTargets)

# Headers written by hand, the X-macro tables they include (*.def) and the
# ODS sources downstream TableGen may read.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/tfg
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.def" PATTERN "*.td")
# Everything TableGen and tfg-opdef-gen generate (*.h.inc, *.cpp.inc,
# OpDefTable.inc), beside the headers that include them.
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/tfg
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc"
  PATTERN "CMakeFiles" EXCLUDE)
# The protos and protoc's headers: tfg/ImportExport/Convert.h and
# UnknownFields.h include tfg/proto/*.pb.h.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/proto/tfg
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.proto")
install(DIRECTORY ${PROJECT_BINARY_DIR}/proto/tfg
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.pb.h")

# tfg_install_package(): the CMake package, once every installed target is
# known (called at the end of the top-level CMakeLists.txt).
function(tfg_install_package)
  set(TFG_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/tfg)
  get_property(libs GLOBAL PROPERTY TFG_INSTALLED_LIBS)
  list(TRANSFORM libs PREPEND "TFG::" OUTPUT_VARIABLE TFG_INSTALLED_LIBS_EXPORTED)
  install(EXPORT TFGTargets
    NAMESPACE TFG::
    DESTINATION ${TFG_INSTALL_CMAKEDIR})
  configure_package_config_file(
    ${PROJECT_SOURCE_DIR}/cmake/TFGConfig.cmake.in
    ${PROJECT_BINARY_DIR}/cmake/TFGConfig.cmake
    INSTALL_DESTINATION ${TFG_INSTALL_CMAKEDIR}
    PATH_VARS CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR
              CMAKE_INSTALL_LIBDIR)
  # find_package(TFG 0.1) accepts an installed 0.x at or above 0.1.
  write_basic_package_version_file(
    ${PROJECT_BINARY_DIR}/cmake/TFGConfigVersion.cmake
    VERSION ${PROJECT_VERSION}
    COMPATIBILITY SameMajorVersion)
  install(FILES
    ${PROJECT_BINARY_DIR}/cmake/TFGConfig.cmake
    ${PROJECT_BINARY_DIR}/cmake/TFGConfigVersion.cmake
    DESTINATION ${TFG_INSTALL_CMAKEDIR})
endfunction()
