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

namespace google {
namespace protobuf {
class Descriptor;
} // namespace protobuf
} // namespace google

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
///
/// Bytes fields may be written as arrays of byte values (integers from 0 to
/// 255) instead of base64 strings, as TensorFlow.js converters 0.x and 1.x
/// write them (rewriteJSONByteArrays); an array that is not one is an error
/// at `locate(offset)` (the offset in `json` of the element), or at `loc`.
LogicalResult
parseGraphDefJSON(StringRef json, tensorflow::GraphDef &graph, Location loc,
                  StringRef what, llvm::function_ref<bool()> explainEmpty = {},
                  llvm::function_ref<Location(size_t)> locate = {});

/// What rewriteJSONByteArrays did.
enum class ByteArrayRewrite { Unchanged, Rewritten, Failed };

/// Where rewriteJSONByteArrays fails: the offset in the text, and why.
struct JSONByteArrayError {
  size_t offset = 0;
  std::string message;
};

/// Finds the bytes fields of `json`, a message of type `root` in protobuf's
/// JSON form, written as arrays of byte values (`"s": [83, 65]`, and for a
/// repeated bytes field `"stringVal": [[104, 105], "aGk="]`), and writes
/// the text with each such array as the base64 string protobuf reads to
/// `out` (Rewritten). Unchanged when there is none, or when the text is no
/// JSON (protobuf's reader then says why); Failed, with `error`, when such
/// an array holds something else than byte values. Linear in the text,
/// iterative.
ByteArrayRewrite rewriteJSONByteArrays(StringRef json,
                                       const google::protobuf::Descriptor *root,
                                       std::string &out,
                                       JSONByteArrayError &error);

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
