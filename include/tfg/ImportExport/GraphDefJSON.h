//===- GraphDefJSON.h - GraphDefs in protobuf's JSON form -------*- C++ -*-===//
//
// Protobuf's JSON mapping of a GraphDef: what a TensorFlow.js model.json
// holds as its modelTopology, and what protobuf's json_format writes. JSON
// names fields (no numbers), so fields tfg's protos do not declare cannot
// be kept: they are dropped with a warning.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_GRAPHDEFJSON_H
#define TFG_IMPORTEXPORT_GRAPHDEFJSON_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tensorflow {
class GraphDef;
} // namespace tensorflow

namespace mlir {
namespace tfg {

/// Parses `json`, a GraphDef in protobuf's JSON form (after a byte order
/// mark, if any), into `graph`: strictly, else ignoring the fields tfg's protos
/// do not declare, which are dropped with a warning at `loc` naming the first.
/// `what` names the text in diagnostics ("modelTopology"). Fails with an error
/// at `loc` when the text is not a GraphDef, or holds none of a GraphDef's
/// fields but unknown ones; in that case `explainEmpty`, when given, may emit a
/// more precise error itself, and returns true when it did.
LogicalResult parseGraphDefJSON(StringRef json, tensorflow::GraphDef &graph,
                                Location loc, StringRef what,
                                llvm::function_ref<bool()> explainEmpty = {});

/// Writes `graph` in protobuf's JSON form to `json`: fields in field-number
/// order, `attr` maps in key order (the same GraphDef gives the same text),
/// a space of indentation a level. `graph` is freed once encoded. Fails
/// with an error at `loc`.
LogicalResult printGraphDefJSON(tensorflow::GraphDef &&graph, std::string &json,
                                Location loc);

/// Whether `bytes` are a JSON object (after a byte order mark and white
/// space) without the `modelTopology` member of a TF.js model.json: a
/// GraphDef in JSON form, as far as its members tell.
bool isGraphDefJSON(StringRef bytes);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_GRAPHDEFJSON_H
