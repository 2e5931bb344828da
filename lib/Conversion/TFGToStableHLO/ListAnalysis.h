//===- ListAnalysis.h - TensorLists and TensorArrays as dense buffers -*- C++
//-*-===//
//
// tfg-to-stablehlo lowers a TensorList or TensorArray to a dense buffer
// tensor [size, element...] carried as a value (through stablehlo.while as
// loop state). This analysis finds, over the graph and the library's
// function bodies, which values denote one list: the list ops' handles,
// flows and variants, joined through Identity/IdentityN and the operands,
// results and function arguments/returns of functional control flow
// (union-find, linear). For each list it gathers the element type, the
// size (a constant the creating node's operand evaluates to) and the
// element shape (the creating node's `element_shape`, merged with the
// shapes of the values written and read anywhere the list goes), and
// refines the types of the reads (TensorArrayReadV3/GatherV3,
// TensorListGetItem/Stack) so that shape inference can go on from them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOSTABLEHLO_LISTANALYSIS_H
#define TFG_LIB_CONVERSION_TFGTOSTABLEHLO_LISTANALYSIS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace mlir {
namespace tfg {
namespace tohlo {

/// Whether `opType` is a TensorList/TensorArray op the lowering handles.
bool isListOp(StringRef opType);
/// Whether input (or output) `i` of list op `opType` may have `?` sizes:
/// the item a write takes (the list's element type then holds, checked
/// when run), a TensorArrayGatherV3's indices and result.
bool acceptsDynamicValue(StringRef opType, bool input, unsigned i);
/// The list op types the lowering handles.
ArrayRef<StringRef> getListOpTypes();

/// Gives the functions of each While (called by it alone) the types of its
/// inputs, and its results the types the body returns unchanged
/// (WhileTypes.cpp). Whether a type changed.
bool refineWhileTypes(ModuleOp module, ArrayRef<Block *> bodies);

class ListAnalysis {
public:
  /// What is known of one list.
  struct Info {
    /// The element type (null: unknown).
    Type dtype;
    /// The number of elements.
    std::optional<int64_t> size;
    /// The element shape (ShapedType::kDynamic for unknown dimensions);
    /// unknown rank when `ranked` is false.
    bool ranked = false;
    SmallVector<int64_t> shape;
    /// The node that creates the list (for diagnostics), if seen.
    Operation *origin = nullptr;
    /// The first node whose facts conflict with the others', and how: the
    /// list then has no buffer type (an error where it is lowered).
    Operation *conflictAt = nullptr;
    std::string conflict;
  };

  /// Builds the classes and their facts over `module`'s graph and
  /// functions, refining the types of reads and rerunning shape inference
  /// until nothing changes (bounded). Conflicting facts are kept for the
  /// error where the list is lowered (a list the fetches do not need is no
  /// error).
  LogicalResult run(ModuleOp module);

  /// Whether `v` denotes a list (its handle, flow or variant).
  bool isList(Value v) const { return find(v) != nullptr; }
  /// The list `v` denotes, or null.
  const Info *find(Value v) const;
  /// The StableHLO type of list value `v`: the buffer [size, element...],
  /// or for a TensorArray's resource handle (which carries nothing; the
  /// flow carries the buffer) tensor<0xi32>. Null when the size or the
  /// element shape is not static.
  RankedTensorType loweredType(Value v) const;
  /// The buffer type of `info`, or null if not static.
  static RankedTensorType bufferType(const Info &info);
  /// Whether the buffer of `info` would be too large to build.
  static bool isTooLarge(const Info &info);
  /// The error for list value `v` whose lowered type is not static, at op.
  LogicalResult notStaticError(Operation *op, Value v) const;

private:
  unsigned idOf(Value v);
  unsigned root(unsigned id) const;
  void unite(Value a, Value b);
  void seed(Value v, Operation *origin);
  LogicalResult collectFacts(ArrayRef<Block *> bodies);
  bool refineReads(ArrayRef<Block *> bodies);
  /// Records the first conflict of `info` (always succeeds).
  LogicalResult conflict(Info &info, Operation *op, const Twine &message);
  LogicalResult mergeShape(Operation *op, Value list, ArrayRef<int64_t> shape,
                           bool ranked);
  LogicalResult mergeDtype(Operation *op, Value list, Type dtype);
  LogicalResult mergeSize(Operation *op, Value list, int64_t size);
  Info &infoOf(Value list);

  llvm::DenseMap<Value, unsigned> ids;
  mutable SmallVector<unsigned> parent;
  /// Facts by root id (only lists' roots have entries).
  llvm::DenseMap<unsigned, Info> infos;
};

} // namespace tohlo
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOSTABLEHLO_LISTANALYSIS_H
