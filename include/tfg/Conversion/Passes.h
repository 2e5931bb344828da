//===- Passes.h - tfg conversion passes -------------------------*- C++ -*-===//
//
// The conversion passes generated from Passes.td and
// `registerTFGConversionPasses()`.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_PASSES_H
#define TFG_CONVERSION_PASSES_H

#include "tfg/Conversion/TFExecutorToTF/TFExecutorToTF.h"
#include "tfg/Conversion/TFGToMLProgram/TFGToMLProgram.h"
#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"
#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace mlir {
namespace tfg {

#define GEN_PASS_DECL
#include "tfg/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfg/Conversion/Passes.h.inc"

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_PASSES_H
