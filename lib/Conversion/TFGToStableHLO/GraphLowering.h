//===- GraphLowering.h - tfg nodes and functions to StableHLO ---*- C++ -*-===//
//
// The tfg-specific half of tfg-to-stablehlo: nodes of a graph or function
// body in topological order (data edges), Const nodes as constants, the
// rule table (Lowering.h) for the other op types, and functional control
// flow (While, StatelessWhile, If, StatelessIf, Case, StatelessCase) as
// stablehlo.while/if/case whose regions hold the lowered function bodies
// (ControlFlow.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOSTABLEHLO_GRAPHLOWERING_H
#define TFG_LIB_CONVERSION_TFGTOSTABLEHLO_GRAPHLOWERING_H

#include "ListAnalysis.h"
#include "tfg/Transforms/KnownValues.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir {
namespace tfg {
namespace tohlo {

/// The most functional control-flow ops nested in one another (each level
/// lowers a function body inside the region of the level above).
inline constexpr unsigned kMaxControlFlowNesting = 64;

class GraphLowering {
public:
  GraphLowering(ModuleOp module, int64_t resourceThreshold,
                const ListAnalysis &lists)
      : module(module), resourceThreshold(resourceThreshold), lists(lists) {}

  /// The StableHLO type of `v`: its static type, or for a TensorList or
  /// TensorArray value its buffer (ListAnalysis); null if not static.
  RankedTensorType loweredType(Value v) const;
  /// The error for `v` (input or output `index` of `op`), whose
  /// loweredType is null.
  LogicalResult loweredTypeError(Operation *op, StringRef what, unsigned index,
                                 Value v) const;

  /// The nodes the `fetches` need through data edges, in topological order
  /// (iterative); block arguments end the walk. A data cycle is an error at
  /// a node on it.
  LogicalResult topoOrder(ArrayRef<Value> fetches,
                          SmallVectorImpl<Operation *> &order);

  /// Lowers `order` at the builder's insertion point; `mapped` holds the
  /// StableHLO value of every value defined outside `order` they read and
  /// receives theirs. Placeholders are skipped (the caller maps them).
  LogicalResult lowerNodes(OpBuilder &b, ArrayRef<Operation *> order,
                           DenseMap<Value, Value> &mapped);

  /// Lowers the body of function `name` (a tfg.func of the module, called by
  /// node `caller`) at the builder's insertion point, its data arguments
  /// taking `args`; `results` receives its returned data values.
  LogicalResult lowerFunction(OpBuilder &b, Operation *caller,
                              Attribute funcAttr, ValueRange args,
                              SmallVectorImpl<Value> &results);

  /// Lowers functional control flow node `op` (isFunctionalControlFlow) on
  /// the StableHLO values `operands`.
  LogicalResult lowerControlFlow(OpBuilder &b, Operation *op,
                                 ValueRange operands,
                                 SmallVectorImpl<Value> &results);

  Value lowerConst(OpBuilder &b, Operation *op, RankedTensorType type);

  /// Lowers TensorList/TensorArray node `op` (isListOp) on the StableHLO
  /// values `operands` (lists as their buffers; ListLowering.cpp).
  LogicalResult lowerListOp(OpBuilder &b, Operation *op, ValueRange operands,
                            SmallVectorImpl<Value> &results);

private:
  ModuleOp module;
  int64_t resourceThreshold;
  const ListAnalysis &lists;
  /// Values of index operands the graph computes (Tile's multiples from a
  /// Shape, ...), evaluated when a rule asks.
  KnownValueEvaluator known;
  /// The functions whose bodies are being lowered (recursion is an error).
  SmallPtrSet<Operation *, 8> active;
  unsigned depth = 0;
};

/// Whether op type `opType` is lowered by lowerControlFlow.
bool isFunctionalControlFlow(StringRef opType);
/// The op types lowerControlFlow handles.
ArrayRef<StringRef> getFunctionalControlFlowOpTypes();

/// "tfg-to-stablehlo: node 'NAME' (OP): " at the node.
InFlightDiagnostic nodeError(Operation *op);

/// `type` as a static ranked tensor of a StableHLO element type, or null.
RankedTensorType getStaticType(Type type);

/// The error for a value of `type` that getStaticType refuses.
LogicalResult typeError(Operation *op, StringRef what, unsigned index,
                        Type type);

} // namespace tohlo
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOSTABLEHLO_GRAPHLOWERING_H
