//===- TFGToMLProgram.h - tfg to ml_program and tf ops ----------*- C++ -*-===//
//
// Lowers a module's tfg.graph and the functions it calls to func.funcs of
// `tf` ops, its variables (resource and ref) to upstream MLIR's
// `ml_program.global`s read and written by `global_load`/`global_store`
// (their `_graph` forms, with tokens, where control edges order variable
// accesses). docs/Lowering.md has the mapping.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_TFGTOMLPROGRAM_TFGTOMLPROGRAM_H
#define TFG_CONVERSION_TFGTOMLPROGRAM_TFGTOMLPROGRAM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

// The pass and its options are declared in tfg/Conversion/Passes.h.

/// What to lower.
struct MLProgramOptions {
  /// The graph's outputs (`name`, `name:k`; `^name` runs a node for its
  /// effects only). Empty: the module's recorded fetches (`tfg.fetches`),
  /// else every unused data output of a node other than a Placeholder or
  /// Const (as tfg-run takes them).
  std::vector<std::string> fetch;
  /// The name of the function the graph becomes.
  std::string funcName = "main";
};

/// Rewrites `module`: its tfg.graph (at most one) into func.func
/// `options.funcName` whose arguments are the Placeholders the fetches need
/// and whose results are the fetches; the tfg.funcs its nodes call into
/// func.funcs (the others are dropped); variables into ml_program.globals,
/// their initial values from the module's `tfg.saved_model_variables`
/// (tfg-translate --saved-model-variables). Fails with errors at the
/// offending nodes.
LogicalResult convertTFGToMLProgram(ModuleOp module,
                                    const MLProgramOptions &options);

/// The argument and result attribute naming the graph's Placeholder, or
/// fetch, that a function argument or result stands for.
inline constexpr llvm::StringLiteral kMLProgramNameAttr = "tfg.name";

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_TFGTOMLPROGRAM_TFGTOMLPROGRAM_H
