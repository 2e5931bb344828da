//===- Passes.h - tfg graph passes ------------------------------*- C++ -*-===//
//
// Declarations of the tfg passes generated from Passes.td: `createXPass()`,
// the option structs and `registerTFGPasses()`. The algorithms behind the
// passes are in tfg/Transforms/GraphTransforms.h.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_PASSES_H
#define TFG_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace mlir {
namespace tfg {

#define GEN_PASS_DECL
#include "tfg/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfg/Transforms/Passes.h.inc"

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_PASSES_H
