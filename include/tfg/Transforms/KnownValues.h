//===- KnownValues.h - Small values computed from a graph -------*- C++ -*-===//
//
// Shape arithmetic (Shape, StridedSlice, Mul, Pack, Cast, ... of constants
// and static shapes) yields small tensors whose values the graph fixes, as
// TensorFlow's shape refiner evaluates small constant subgraphs. Shape
// inference records them as it visits nodes (recordKnownValues); a pass that
// needs one value on demand (the StableHLO legalization reading a Tile's
// multiples or a Pad's paddings) asks a KnownValueEvaluator, which evaluates
// the producers of that value only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TRANSFORMS_KNOWNVALUES_H
#define TFG_TRANSFORMS_KNOWNVALUES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace mlir {
namespace tfg {

/// Small integer and float values computed for the results of nodes.
using KnownValues = llvm::DenseMap<Value, DenseElementsAttr>;
/// The most elements a known value holds.
constexpr int64_t kMaxKnownElements = 64;

/// Whether every data result of tfg node `op` is a static tensor of at most
/// kMaxKnownElements integer or float elements (so that its values may be
/// known), and `op` is a plain TensorFlow node without state that is not fed
/// by design (Placeholder, PlaceholderWithDefault).
bool mayHaveKnownValues(Operation *op);

/// Evaluates `op` on the known values of its operands when
/// mayHaveKnownValues(op), and records its results in `known`. Whether a
/// value was recorded that was not known.
bool recordKnownValues(Operation *op, KnownValues &known);

/// The branch an If (`isIf`: branch 0 is then, 1 is else) or a Case of
/// `numBranches` takes for the known selector `value`: an If's condition is
/// true when it is a nonzero scalar or a non-empty tensor, a Case's index
/// out of range takes the last branch. None when `value` is null or not
/// of that form (a non-scalar index).
std::optional<unsigned> getKnownBranch(bool isIf, DenseElementsAttr value,
                                       unsigned numBranches);

/// Computes the values of tfg values on demand: the producers of a value are
/// evaluated (iteratively, each node once, through the nodes whose results
/// mayHaveKnownValues only) and the results cached.
class KnownValueEvaluator {
public:
  /// The value of `value`, or null when the graph does not fix it (a
  /// function argument, a fed Placeholder, a large tensor, an op without a
  /// kernel...).
  DenseElementsAttr lookup(Value value);

private:
  KnownValues known;
  /// Nodes evaluated (or being evaluated) already.
  llvm::DenseSet<Operation *> visited;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_TRANSFORMS_KNOWNVALUES_H
