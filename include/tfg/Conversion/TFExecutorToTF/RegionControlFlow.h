//===- RegionControlFlow.h - tf functional/region control flow -*- C++ -*-===//
//
// tf.If/tf.Case/tf.While (and Stateless forms) to tf.IfRegion/
// tf.CaseRegion/tf.WhileRegion and back, as free functions (the passes
// --tf-functional-to-region and --tf-region-to-functional).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_TFEXECUTORTOTF_REGIONCONTROLFLOW_H
#define TFG_CONVERSION_TFEXECUTORTOTF_REGIONCONTROLFLOW_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace tfg {

/// Replaces each functional control-flow op of `module` whose functions are
/// func.funcs of tf ops by its region form holding copies of their bodies;
/// an op that stays (a recursive call, a function holding a tf_executor
/// graph, a function attribute with attributes) gets a remark. Functions
/// no op refers to afterwards are erased.
LogicalResult convertTFFunctionalToRegion(ModuleOp module);

/// Replaces each region control-flow op of `module` by the functional op
/// calling new func.funcs made of its regions (taking the values the
/// regions read from above as extra operands).
LogicalResult convertTFRegionToFunctional(ModuleOp module);

} // namespace tfg
} // namespace mlir

#endif // TFG_CONVERSION_TFEXECUTORTOTF_REGIONCONTROLFLOW_H
