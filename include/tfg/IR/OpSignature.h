//===- OpSignature.h - What an OpDef says about a node ----------*- C++ -*-===//
//
// The OpDef facts a pass needs to build or inspect a node, computed from the
// op registry alone: the default of an attribute as an MLIR attribute, and
// the flat result types of a node with, per output argument, its range of
// results. The importers (result types, `node:out:k` inputs), the exporters
// (naming function-body inputs) and the passes that create nodes share them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_OPSIGNATURE_H
#define TFG_IR_OPSIGNATURE_H

#include "tfg/IR/OpRegistry.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"

#include <string>
#include <tuple>

namespace mlir {
namespace tfg {

/// No real op has more outputs; larger counts in an input are errors, not
/// allocations.
constexpr int64_t kMaxNodeOutputs = int64_t(1) << 20;

/// The name of the node attribute listing the attributes the importer
/// added from OpDef defaults; export (and tfg-strip-default-attrs) leave
/// those (and the list) out.
constexpr llvm::StringLiteral kDefaultedAttrsAttrName = "tfg.defaulted_attrs";

struct OutputArgs {
  SmallVector<Type> types;
  /// (output argument name, first result, number of results).
  SmallVector<std::tuple<std::string, unsigned, unsigned>> args;
};

/// An AttrValue in protobuf text format (`b: false`, `list { i: 1 i: 1 }`,
/// `shape { unknown_rank: true }`, ...) as the MLIR attribute the importer
/// builds for it, or null when it does not parse or has no such form.
Attribute parseAttrValueText(MLIRContext *ctx, StringRef text);

/// The OpDef default of `attr` as an MLIR attribute (the importer's form),
/// or null when it has none or it cannot be converted.
Attribute getOpDefDefaultAttr(MLIRContext *ctx, const OpDefAttr &attr);
inline Attribute getOpDefDefaultAttr(const OpDefAttr &attr, Location loc) {
  return getOpDefDefaultAttr(loc.getContext(), attr);
}

/// The result types of a node of op `def` (data results, unranked tensors)
/// and its output arguments. `getAttr` returns the node's attribute of that
/// name, or null; OpDef defaults fill the ones it lacks. Fails with an error
/// at `loc` naming `nodeName` when an attribute the outputs need is missing.
FailureOr<OutputArgs>
inferOutputArgs(const OpDef &def, StringRef nodeName,
                function_ref<Attribute(StringRef)> getAttr, Location loc);

/// The number of data results inferOutputArgs gives a node of op `def`,
/// with the same checks and errors, but no types or names built.
FailureOr<size_t> inferNumOutputs(const OpDef &def, StringRef nodeName,
                                  function_ref<Attribute(StringRef)> getAttr,
                                  Location loc);

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_OPSIGNATURE_H
