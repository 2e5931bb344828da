#===- PrecompiledHeaders.cmake - precompiled MLIR/LLVM headers -----------===#
#
# Most of a tfg translation unit's compile time is spent parsing MLIR's and
# LLVM's headers (docs/BuildTime.md). With TFG_USE_PCH (the default) those
# headers are precompiled twice for the whole build: once with the flags of
# the libraries (TFGPCHLibrary) and once with those of the GoogleTest
# binaries (TFGPCHUnitTests, which adds gtest.h); every library and unit
# test reuses one of them. Only upstream headers are precompiled, never the
# project's own, so that a missing #include of a tfg header still fails to
# compile.
#
#===------------------------------------------------------------------------===#

option(TFG_USE_PCH "Precompile the MLIR/LLVM headers the sources share" ON)

set(TFG_PCH_HEADERS
  <algorithm>
  <cstdint>
  <cstring>
  <functional>
  <map>
  <memory>
  <optional>
  <string>
  <utility>
  <vector>
  <llvm/ADT/ArrayRef.h>
  <llvm/ADT/DenseMap.h>
  <llvm/ADT/DenseSet.h>
  <llvm/ADT/STLExtras.h>
  <llvm/ADT/SmallVector.h>
  <llvm/ADT/StringExtras.h>
  <llvm/ADT/StringMap.h>
  <llvm/ADT/StringRef.h>
  <llvm/Support/raw_ostream.h>
  <mlir/Bytecode/BytecodeOpInterface.h>
  <mlir/IR/Builders.h>
  <mlir/IR/BuiltinAttributes.h>
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/BuiltinTypes.h>
  <mlir/IR/Diagnostics.h>
  <mlir/IR/MLIRContext.h>
  <mlir/IR/OpImplementation.h>
  <mlir/IR/RegionKindInterface.h>
  <mlir/IR/SymbolTable.h>
  <mlir/Interfaces/CallInterfaces.h>
  <mlir/Interfaces/ControlFlowInterfaces.h>
  <mlir/Interfaces/FunctionInterfaces.h>
  <mlir/Interfaces/SideEffectInterfaces.h>
)

if(TFG_USE_PCH)
  set(pch_source ${CMAKE_CURRENT_LIST_DIR}/pch/Empty.cpp)
  # The libraries' flags: position independent, as tfg_install_library
  # makes every library.
  add_library(TFGPCHLibrary OBJECT ${pch_source})
  set_target_properties(TFGPCHLibrary PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # LLVM's flags (-fno-exceptions, -fno-rtti, ...), as every target has them:
  # a header precompiled with other flags is ignored by the compiler.
  llvm_update_compile_flags(TFGPCHLibrary)
  target_precompile_headers(TFGPCHLibrary PRIVATE ${TFG_PCH_HEADERS})
  if(TFG_BUILD_UNITTESTS)
    find_package(GTest REQUIRED)
    add_library(TFGPCHUnitTests OBJECT ${pch_source})
    target_link_libraries(TFGPCHUnitTests PRIVATE GTest::gtest)
    llvm_update_compile_flags(TFGPCHUnitTests)
    target_precompile_headers(TFGPCHUnitTests PRIVATE ${TFG_PCH_HEADERS}
                              <gtest/gtest.h>)
  endif()
endif()

# tfg_use_pch(target KIND): `target` reuses the precompiled headers of KIND
# (Library or UnitTests), when they are on.
function(tfg_use_pch target kind)
  if(TFG_USE_PCH AND TARGET TFGPCH${kind})
    target_precompile_headers(${target} REUSE_FROM TFGPCH${kind})
  endif()
endfunction()
