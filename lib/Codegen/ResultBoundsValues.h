//===- ResultBoundsValues.h - integer values behind `?` sizes ---*- C++ -*-===//
//
// The integer half of computeResultBounds (ResultBounds.cpp): the elements
// of small integer tensors (sizes, paddings, counts) of a StableHLO function,
// each as an interval and, where known, an exact linear form in one `?` size
// of a tensor: `value = coef * size(t, d) + x` with x in an interval. The
// form keeps what intervals lose: `100 - get_dimension_size(t, 0)` pads t to
// exactly 100 whatever t's size, `get_dimension_size(t, 0) - 0` cuts t to
// its own size. Values wrap as StableHLO integers do: an element whose exact
// value may leave its type's range is unknown.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CODEGEN_RESULTBOUNDSVALUES_H
#define TFG_LIB_CODEGEN_RESULTBOUNDSVALUES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>

namespace mlir {
namespace tfg {
namespace bounds {

/// A dimension without a known bound.
constexpr int64_t kUnknown = -1;
/// Integers are tracked within [-kBig, kBig]: sums and products saturate
/// there and an unknown value is the whole range.
constexpr int64_t kBig = int64_t(1) << 62;
/// The elements of a small integer tensor tracked one by one.
constexpr int64_t kMaxTracked = 16;
/// A `?` size is at most this (the lowering keeps each tensor within 1 GiB,
/// so no dimension has more elements).
constexpr int64_t kMaxDynamicSize = int64_t(1) << 30;

using Bound = SmallVector<int64_t>;
/// Per dimension the bound of a tensor value (kUnknown where none).
using BoundFn = std::function<Bound(Value)>;

struct Interval {
  int64_t lo = -kBig, hi = kBig;
  bool isKnown() const { return lo > -kBig && hi < kBig; }
};

int64_t satAdd(int64_t a, int64_t b);
int64_t satMul(int64_t a, int64_t b);
Interval add(Interval a, Interval b);
Interval mul(Interval a, Interval b);
Interval join(Interval a, Interval b);

/// One integer element: `range` holds its value; with `sizeOf` set, the
/// value is exactly `coef * size(sizeOf, dim) + x` with x in `offset`.
struct Element {
  Interval range;
  Value sizeOf;
  int64_t dim = 0, coef = 0;
  Interval offset;
  bool hasForm() const { return static_cast<bool>(sizeOf); }
};

/// The integer values of a function's top-level ops, tracked forward in
/// program order (`track` each op after its operands).
class IntegerValues {
public:
  explicit IntegerValues(BoundFn bounds) : bounds(std::move(bounds)) {}

  /// Tracks the integer result of `op` from its operands.
  void track(Operation *op);

  /// The elements of `v`, an integer tensor of at most kMaxTracked
  /// elements (row-major; unknown elements span the whole range), or none.
  SmallVector<Element> elements(Value v) const;
  SmallVector<Interval> values(Value v) const;
  /// One interval holding every element of an integer tensor of any size.
  Interval range(Value v) const;
  /// Upper bound, at least 0, of element `i` of a size operand: the least
  /// of its range's and its form's (kUnknown if neither bounds it).
  int64_t upper(Value v, int64_t i) const;
  /// Upper bound of `coef * size(sizeOf, dim) + offset` (kBig if none).
  int64_t formUpper(const Element &e) const;

private:
  Element settle(Element e, Type elementType) const;
  void trackRange(Operation *op, Value result);
  std::optional<Interval> sumOf(Operation *op) const;
  std::optional<Element> minMaxSelect(Operation *op, size_t i) const;

  BoundFn bounds;
  DenseMap<Value, SmallVector<Element>> ints;
  DenseMap<Value, Interval> ranges;
};

} // namespace bounds
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CODEGEN_RESULTBOUNDSVALUES_H
