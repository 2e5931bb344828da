//===- TFExecutorToTF.h - tf_executor islands to tf functions ---*- C++ -*-===//
//
// Merges the islands of tf_executor graphs into func.funcs of tf ops
// (`--tf-executor-to-tf`), as a free function.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_TFEXECUTORTOTF_TFEXECUTORTOTF_H
#define TFG_CONVERSION_TFEXECUTORTOTF_TFEXECUTORTOTF_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace mlir {
namespace tfg {

// The pass (createTFExecutorToTFPass, TFExecutorToTFPassOptions) is
// declared in tfg/Conversion/Passes.h.

/// Rewrites the func.funcs of `module` holding tf_executor graphs of
/// islands into functions of tf ops; the entry function takes `feeds` as
/// arguments and returns `fetches` (tensor names; defaults as the pass
/// describes). Graphs with v1 control flow stay, with a remark. Fails with
/// an error at what cannot be converted (an unknown feed or fetch).
LogicalResult convertTFExecutorToTF(ModuleOp module,
                                    ArrayRef<std::string> feeds,
                                    ArrayRef<std::string> fetches);

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_TFEXECUTORTOTF_TFEXECUTORTOTF_H
