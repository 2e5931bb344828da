//===- Layout.h - Internals of tfg-layout -----------------------*- C++ -*-===//
//
// What the parts of the layout optimizer share: the conversion's direction
// and candidates (Layout.cpp), the node-building helpers (Layout.cpp), the
// layout-sensitive transposers (Sensitive.cpp) and the layout-agnostic ones
// (Agnostic.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSFORMS_LAYOUT_LAYOUT_H
#define TFG_LIB_TRANSFORMS_LAYOUT_LAYOUT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

#include <array>

namespace mlir {
namespace tfg {
class PreservedNodes;
namespace layout {

using Perm = std::array<int64_t, 4>;

/// One run of the layout optimizer on one body.
struct LayoutContext {
  /// The formats converted from and to (NHWC and NCHW, or the reverse).
  StringRef from, to;
  /// Transpose(x_from, toPerm) is x in `to`; backPerm is its inverse.
  Perm toPerm, backPerm;
  bool assumeGpu = false, reverse = false;
  const PreservedNodes *preserved = nullptr;
  /// The names taken in the body (for unique names of new nodes).
  llvm::StringSet<> names;
  /// The Transposes and permutation constants this run built.
  SmallVector<Operation *> created;
  /// The nodes erased since (compared, never dereferenced).
  llvm::DenseSet<Operation *> erased;
  int64_t converted = 0, cancelled = 0;

  /// Whether `op` may be converted: on the right device, not fetched or
  /// fed.
  bool isCandidate(Operation *op) const;
  /// A name not taken yet, `base` if free; taken from now on.
  std::string uniqueName(StringRef base);
  /// Builds `Transpose(value, perm)` next to `like` (its device), named
  /// `<like>-<port>-Transpose<A>To<B>-LayoutOptimizer`; the result type is
  /// `value`'s permuted when ranked.
  Operation *buildTranspose(OpBuilder &b, Operation *like, Value value,
                            const Perm &perm, unsigned port, bool input);
  /// Builds a Const of `value`, named `name` (uniqued), like `like`.
  Operation *buildConst(OpBuilder &b, Operation *like, DenseElementsAttr value,
                        StringRef name);
  /// Transposes every user of `op`'s data result `index` (now in `to`)
  /// back to `from`: one Transpose after `op` takes over its users.
  void transposeResultBack(OpBuilder &b, Operation *op, unsigned index);
};

/// `type` with its rank-4 shape permuted by `perm` (y.shape[i] =
/// x.shape[perm[i]]), unchanged when unranked or of another rank.
Type permuteType(Type type, const Perm &perm);
/// The rank of `v`'s type, or -1 when unknown.
int64_t getRank(Value v);
/// The constant permutation of a Transpose node, if it has one of rank 4.
std::optional<Perm> getTransposePerm(Operation *op);
/// The dense value of the Const node producing `v`, or null.
DenseElementsAttr getConstValue(Value v);

/// Converts the layout-sensitive node `op` if it is one and can be;
/// returns whether it did.
bool convertSensitive(LayoutContext &ctx, Operation *op);
/// Moves the layout-agnostic node `op` past the Transposes feeding it if it
/// is one and can be; returns whether it did.
bool convertAgnostic(LayoutContext &ctx, Operation *op);

} // namespace layout
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSFORMS_LAYOUT_LAYOUT_H
