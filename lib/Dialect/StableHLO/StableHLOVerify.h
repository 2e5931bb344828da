//===- StableHLOVerify.h - helpers of the stablehlo verifiers ---*- C++ -*-===//
//
// Shape and dimension checks that several ops' constraints share, written
// from the spec's helper functions (`is_unique`, `rank`, `dim`, ...), and the
// type compatibility rule of the inferred result types. Private to
// lib/Dialect/StableHLO.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_DIALECT_STABLEHLO_STABLEHLOVERIFY_H
#define TFG_LIB_DIALECT_STABLEHLO_STABLEHLOVERIFY_H

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/IR/Diagnostics.h"

#include <optional>

namespace mlir::tfg::stablehlo {

/// Result types are compatible with the inferred ones when each pair has the
/// same kind, compatible shapes (equal, or one side dynamic) and the same
/// element type, quantized element types aside (their parameters may
/// differ).
bool compatibleReturnTypes(TypeRange inferred, TypeRange actual);

/// True when the element types are equal, or both are quantized with the
/// same storage type.
bool compatibleElementTypes(Type a, Type b);

/// Two dimension sizes that may be equal (one of them dynamic or both the
/// same).
inline bool compatibleDim(int64_t a, int64_t b) {
  return a == b || ShapedType::isDynamic(a) || ShapedType::isDynamic(b);
}

/// Emits "`what` must be unique" etc. through `emit` when `dims` has
/// duplicates or values outside [0, bound). Returns failure then.
LogicalResult checkDims(function_ref<InFlightDiagnostic()> emit, StringRef what,
                        ArrayRef<int64_t> dims, int64_t bound);

/// checkDims for the op-level verifiers.
inline LogicalResult checkDims(Operation *op, StringRef what,
                               ArrayRef<int64_t> dims, int64_t bound) {
  return checkDims([op] { return op->emitOpError(); }, what, dims, bound);
}

/// `[2, ?, 3]`: a shape for diagnostics.
std::string shapeString(ArrayRef<int64_t> shape);

/// A failure with a diagnostic at `loc` (none without a location).
LogicalResult inferError(std::optional<Location> loc, const Twine &message);

/// `is_promotable(from, to)`: the same type, or a type of the same kind
/// at least as wide.
bool isPromotable(Type from, Type to);

/// Checks the signature of a reduction body over inputs of `elementTypes`:
/// `(tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
/// (tensor<E0>, ..., tensor<EN-1>)` with each input type promotable to its
/// Ei. `what` names the region in errors. Appends the Ei to `bodyTypes`.
LogicalResult verifyReducerRegion(Operation *op, Region &region,
                                  ArrayRef<Type> elementTypes, StringRef what,
                                  SmallVectorImpl<Type> *bodyTypes = nullptr);

/// The `stablehlo.return` ending `region`'s block, or an error.
FailureOr<ReturnOp> getReturn(Operation *op, Region &region, StringRef what);

/// Checks that `region` takes no arguments and returns `types`.
LogicalResult verifyBranch(Operation *op, Region &region, TypeRange types,
                           StringRef what);

/// Window sizes and padding of reduce_window and select_and_scatter:
/// `dims.size() == rank`, positive dims/strides/dilations, padding [rank,
/// 2]. Fills the defaults of absent lists. Errors name the op.
struct WindowSpec {
  SmallVector<int64_t> dims, strides, baseDilations, windowDilations;
  SmallVector<std::pair<int64_t, int64_t>> padding;
};
LogicalResult verifyWindow(Operation *op, int64_t rank,
                           std::optional<ArrayRef<int64_t>> dims,
                           std::optional<ArrayRef<int64_t>> strides,
                           std::optional<ArrayRef<int64_t>> baseDilations,
                           std::optional<ArrayRef<int64_t>> windowDilations,
                           DenseIntElementsAttr padding, WindowSpec &out);

/// The number of windows along one dimension of a (dilated, padded) input,
/// as the spec's reduce_window and convolution define it; dynamic stays
/// dynamic.
int64_t windowCount(int64_t size, int64_t window, int64_t stride,
                    int64_t baseDilation, int64_t windowDilation,
                    int64_t padLow, int64_t padHigh);

/// Checks `replica_groups`-like attributes: 2-d.
LogicalResult verifyReplicaGroups(Operation *op, DenseIntElementsAttr groups,
                                  StringRef what);

} // namespace mlir::tfg::stablehlo

#endif // TFG_LIB_DIALECT_STABLEHLO_STABLEHLOVERIFY_H
