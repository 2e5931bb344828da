//===- OpSignature.h - Output arguments of TensorFlow nodes -----*- C++ -*-===//
//
// Resolves an OpDef's output arguments against a node's attributes (with
// OpDef defaults): the flat result types and, per output argument, its range
// of results. Used by the importer (result types, `node:out:k` inputs) and
// the exporter (naming function-body inputs `node:out:k`).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_OPSIGNATURE_H
#define TFG_IMPORTEXPORT_OPSIGNATURE_H

#include "tfg/IR/OpRegistry.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"

#include <string>
#include <tuple>

namespace tensorflow {
class OpDef;
} // namespace tensorflow

namespace mlir {
namespace tfg {

/// No real op has more outputs; larger counts in an input are errors, not
/// allocations.
constexpr int64_t kMaxNodeOutputs = int64_t(1) << 20;

struct OutputArgs {
  SmallVector<Type> types;
  /// (output argument name, first result, number of results).
  SmallVector<std::tuple<std::string, unsigned, unsigned>> args;
};

/// The registry record of a FunctionDef signature, so that library functions
/// act as ops.
OpDefRecord convertOpDef(const tensorflow::OpDef &def);

/// The OpDef default of `attr` as an MLIR attribute (the importer's form),
/// or null when it has none or it cannot be converted.
Attribute getOpDefDefaultAttr(const OpDefAttr &attr, Location loc);

/// `getAttr` returns the node's attribute of that name, or null.
FailureOr<OutputArgs>
inferOutputArgs(const OpDef &def, StringRef nodeName,
                function_ref<Attribute(StringRef)> getAttr, Location loc);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_OPSIGNATURE_H
