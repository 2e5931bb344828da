//===- InitAll.h - Register everything tfg tools provide --------*- C++ -*-===//
//
// Entry points for tools and for compilers that embed tfg: register the
// tf_type and tfg dialects with the upstream dialects tfg works with, and the
// passes. Nothing registers itself through static constructors.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_INITALL_H
#define TFG_INITALL_H

namespace mlir {
class DialectRegistry;
namespace tfg {

/// Registers tf_type, tfg, tfg's StableHLO dialect (`stablehlo`), check
/// (StableHLO's check dialect) and the
/// upstream dialects tfg lowers to (func, ml_program, arith, tensor, linalg,
/// ...).
void registerAllDialects(DialectRegistry &registry);

/// Registers every upstream MLIR pass and the tfg passes.
void registerAllPasses();

} // namespace tfg
} // namespace mlir

#endif // TFG_INITALL_H
