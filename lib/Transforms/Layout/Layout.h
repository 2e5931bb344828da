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
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include <array>

namespace mlir {
namespace tfg {
class PreservedNodes;
namespace layout {

using Perm = std::array<int64_t, 4>;
/// The permutations of the 5-D formats (NDHWC <-> NCDHW).
using Perm5 = std::array<int64_t, 5>;

/// One run of the layout optimizer on one body.
struct LayoutContext {
  /// The formats converted from and to (NHWC and NCHW, or the reverse).
  StringRef from, to;
  /// Transpose(x_from, toPerm) is x in `to`; backPerm is its inverse.
  Perm toPerm, backPerm;
  /// The same for the 5-D formats of the 3-D ops (NDHWC and NCDHW).
  StringRef from5, to5;
  Perm5 toPerm5, backPerm5;
  bool assumeGpu = false, reverse = false;
  const PreservedNodes *preserved = nullptr;
  /// The names taken in the body (for unique names of new nodes): the
  /// nodes' own (kept by their attributes) and those of the nodes built
  /// (kept by nameSaver).
  llvm::DenseSet<StringRef> names;
  llvm::BumpPtrAllocator nameStorage;
  llvm::StringSaver nameSaver{nameStorage};
  /// The Transposes and permutation constants this run built.
  SmallVector<Operation *> created;
  /// The nodes erased since (compared, never dereferenced).
  llvm::DenseSet<Operation *> erased;
  /// The GatherV2 nodes this run built to put a shape vector computed in the
  /// target format back in the source order (a Shape's result).
  llvm::DenseSet<Operation *> shapeGathers;
  int64_t converted = 0, cancelled = 0;

  /// The Transposes are built lazily (materialize), once every node is
  /// converted: a result in the target format is *pending* (its users keep
  /// reading it; those left in the source format get a Transpose back at the
  /// end), and a converted node's data operand is recorded as a *target use*
  /// (it reads the target format: a pending value as it is, another value
  /// through a Transpose built at the end). A Transpose pair that would
  /// cancel is never built, so a chain of converted nodes costs no node.
  llvm::DenseSet<Value> pending;
  llvm::DenseSet<std::pair<Operation *, unsigned>> targetUses;
  /// What materialize builds, in the order the conversions asked for it:
  /// a Transpose to the target format of `op`'s operand `index` (input), or
  /// one back to the source format of its data result `index`.
  struct Deferred {
    Operation *op;
    unsigned index;
    bool input;
  };
  SmallVector<Deferred> deferred;

  /// Whether `op` may be converted: on the right device, not fetched or
  /// fed.
  bool isCandidate(Operation *op) const;
  /// A name not taken yet, `base` if free; taken from now on.
  std::string uniqueName(StringRef base);
  /// Builds `Transpose(value, perm)` next to `like` (its device), named
  /// `<like>-<port>-Transpose<A>To<B>-LayoutOptimizer` (A and B the 5-D
  /// formats for a permutation of 5); the result type is `value`'s
  /// permuted when ranked.
  Operation *buildTranspose(OpBuilder &b, Operation *like, Value value,
                            ArrayRef<int64_t> perm, unsigned port, bool input);
  /// Builds a Const of `value`, named `name` (uniqued), like `like`.
  Operation *buildConst(OpBuilder &b, Operation *like, DenseElementsAttr value,
                        StringRef name);
  /// Marks `op`'s data result `index` (now in `to`, or `to5` when it is
  /// rank 5) pending: materialize transposes it back to `from` (`from5`) for
  /// the users that read the source format (one Transpose after `op`).
  void transposeResultBack(Operation *op, unsigned index);
  /// `op`'s data operand `port` (rank 4 or 5) is read in the target format: as
  /// it is when pending, else through a Transpose that materialize builds
  /// unless the value is pending by then.
  void transposeInput(Operation *op, unsigned port);
  /// `op`'s operand `port` reads a pending value in the target format.
  void readInTarget(Operation *op, unsigned port) {
    targetUses.insert({op, port});
  }
  /// Whether `v` is a result in the target format (see `pending`).
  bool isPending(Value v) const { return pending.contains(v); }
  /// `v`'s type in the source format (permuted back when pending).
  Type sourceType(Value v) const;
  /// Builds the Transposes the conversions deferred; fails when a node
  /// cannot be built.
  LogicalResult materialize();
  /// Puts the shape vector `op`'s result `index` (now in the target order)
  /// back in the source order for its users: GatherV2 by `backPerm`
  /// (`backPerm5` when `five`).
  void gatherShapeBack(OpBuilder &b, Operation *op, unsigned index, bool five);
  /// Builds `Reshape(value, s)` before `like` for its operand `port`: s is 1
  /// everywhere but -1 at the target position of the source format's last
  /// dimension, so that the vector broadcasts along the same dimension.
  Operation *buildVectorReshape(OpBuilder &b, Operation *like, Value value,
                                unsigned port);
  /// Builds a Const of `value` for `like`'s operand `port`, named
  /// `<like>-<port>-DataFormat<A>To<B>-LayoutOptimizer` (A and B the 5-D
  /// formats when `five`: the operand of a node on rank-5 data).
  Operation *buildOperandConst(OpBuilder &b, Operation *like,
                               DenseElementsAttr value, unsigned port,
                               bool five);

  /// toPerm (toPerm5) for rank 4 (5); backPerm (backPerm5) likewise.
  ArrayRef<int64_t> getToPerm(int64_t rank) const {
    return rank == 5 ? ArrayRef<int64_t>(toPerm5) : ArrayRef<int64_t>(toPerm);
  }
  ArrayRef<int64_t> getBackPerm(int64_t rank) const {
    return rank == 5 ? ArrayRef<int64_t>(backPerm5)
                     : ArrayRef<int64_t>(backPerm);
  }
  /// The position in the target format of the source format's dimension
  /// `axis` (in [-rank, rank)) of a value of `rank` (4 or 5), or -1 when out
  /// of range.
  int64_t mapAxis(int64_t axis, int64_t rank = 4) const;
  /// A vector of 4 (5) per-dimension values in the target order (new[i] =
  /// old[toPerm[i]]).
  SmallVector<int64_t, 4> permuteVector(ArrayRef<int64_t> values) const;
  /// Whether the source dimensions not in `removed` (a bit per dimension of
  /// `rank`) keep their relative order in the target format, so that a
  /// result without them is the same in both formats.
  bool keepsOrder(unsigned removed, int64_t rank = 4) const;
};

/// The integer elements of the Const node producing `v`, if it is one.
std::optional<SmallVector<int64_t, 4>> getConstInts(Value v);
/// A constant of `like`'s type (shape and element type) holding `values`.
DenseElementsAttr makeIntsLike(DenseElementsAttr like,
                               ArrayRef<int64_t> values);

/// `type` with its shape permuted by `perm` (y.shape[i] =
/// x.shape[perm[i]]), unchanged when unranked or of another rank.
Type permuteType(Type type, ArrayRef<int64_t> perm);
/// The rank of `v`'s type, or -1 when unknown.
int64_t getRank(Value v);
/// The constant permutation of a Transpose node, if it has one of rank 4.
std::optional<Perm> getTransposePerm(Operation *op);
/// The constant permutation of a Transpose node of rank 4 or 5, if any.
std::optional<SmallVector<int64_t, 5>> getAnyTransposePerm(Operation *op);
/// The dense value of the Const node producing `v`, or null.
DenseElementsAttr getConstValue(Value v);

/// How a layout-agnostic node's operands read (Agnostic.cpp).
enum class AgnosticKind {
  None,
  /// Every data operand is rank 4 of one shape (unary ops, AddN, grads).
  Elementwise,
  /// Two operands, broadcasting: a scalar or a rank-1 operand is allowed.
  Binary,
  Pad,
  ConcatV2,
  Concat,
  Reduce,
  ReverseV2,
  Tile,
  Slice,
  Split,
  SplitV,
  Squeeze,
  StridedSlice,
  Select,
  SelectV2,
  IdentityN,
  Merge,
  Switch,
  Shape,
  ShapeN,
  Fill,
};

/// What converting a layout-agnostic node changes, found before anything
/// changes.
struct AgnosticPlan {
  /// Operands that read another value (a Transpose's input).
  SmallVector<std::pair<unsigned, Value>, 4> moved;
  /// Operands replaced by a new constant (a permuted axis, paddings, ...).
  SmallVector<std::pair<unsigned, DenseElementsAttr>, 2> constants;
  /// Rank-1 operands reshaped to broadcast along the same dimension.
  SmallVector<unsigned, 2> reshaped;
  /// Attributes set (permuted dimension lists and masks).
  SmallVector<NamedAttribute, 2> attrs;
  /// Data results now in the target format, transposed back.
  SmallVector<unsigned, 4> permuted;
  /// Data results that are shape vectors in the target order.
  SmallVector<unsigned, 4> shapes;
  /// The operands moved and the results permuted are rank 5 (NDHWC <->
  /// NCDHW), and so are the axes and per-dimension values permuted.
  bool rank5 = false;
  /// Why the plan failed (for -debug-only=tfg-layout).
  const char *reason = "";
};

/// The kind of the layout-agnostic op `name`.
AgnosticKind classifyAgnostic(StringRef name);
/// The value in the target format that `v` (rank 4, in the source format)
/// is a Transpose of: `v` itself when pending, the input of the Transpose
/// producing `v` when it moves from the target format back to the source
/// format (ctx.backPerm) and is rank 4, else null.
Value getTransposedFrom(const LayoutContext &ctx, Value v);
/// The same for rank 5 (a Transpose by ctx.backPerm5).
Value getTransposedFrom5(const LayoutContext &ctx, Value v);
/// Plans the conversion of `op` of `kind`; returns false (with
/// plan.reason) when it cannot be converted (AgnosticPlans.cpp).
bool planAgnostic(const LayoutContext &ctx, Operation *op, AgnosticKind kind,
                  AgnosticPlan &plan);

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
