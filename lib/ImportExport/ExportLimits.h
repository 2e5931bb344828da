//===- ExportLimits.h - What export may write -------------------*- C++ -*-===//
//
// Export must not write a GraphDef that import (protobuf's reader) refuses:
// one whose messages nest deeper than protobuf reads (kMaxMessageDepth, or
// kMaxJSONWriteDepth for protobuf's JSON writer), or whose encoding could
// not be below 2 GB. A module's attributes are a DAG (one attribute can be
// used many times, in MLIR text through aliases), which export expands into
// a tree: each attribute is measured once, without recursion, and the
// expansion is measured before it is made.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_EXPORTLIMITS_H
#define TFG_LIB_IMPORTEXPORT_EXPORTLIMITS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace mlir {
namespace tfg {
namespace detail {

/// What an attribute becomes in a GraphDef.
struct AttrExtent {
  /// How deep messages nest below the AttrValue that holds the attribute
  /// (0 for a scalar; for a #tf_type.full_type, below its FullTypeDef).
  int depth = 0;
  /// A lower bound of the size of its encoding, in bytes (saturating).
  uint64_t bytes = 0;
};

/// Measures attributes as export writes them; each distinct attribute once.
class AttrMeasure {
public:
  AttrExtent measure(Attribute attr);

private:
  /// The extent of `attr` when that of each attribute it holds is known.
  AttrExtent combine(Attribute attr);
  llvm::DenseMap<Attribute, AttrExtent> known;
};

/// Checks that everything export would write of `module` nests messages at
/// most `maxDepth` deep and stays below 2 GB encoded; fails with an error
/// at the node or function that would not, naming it and its attribute.
/// `reader` names what stops at `maxDepth`, for the error.
LogicalResult checkExportLimits(ModuleOp module, int maxDepth,
                                llvm::StringRef reader);

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_EXPORTLIMITS_H
