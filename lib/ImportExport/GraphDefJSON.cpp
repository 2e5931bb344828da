//===- GraphDefJSON.cpp - GraphDefs in protobuf's JSON form ---------------===//
//
// Protobuf parses and writes the JSON; the text is never held as a JSON
// tree (that would take about 25 times its size).
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/type_resolver.h"
#include "google/protobuf/util/type_resolver_util.h"
#include "mlir/IR/Diagnostics.h"

#include <limits>
#include <memory>

using namespace mlir;
using namespace mlir::tfg;

LogicalResult
mlir::tfg::parseGraphDefJSON(StringRef json, tensorflow::GraphDef &graph,
                             Location loc, StringRef what,
                             llvm::function_ref<bool()> explainEmpty,
                             llvm::function_ref<Location(size_t)> locate) {
  json = dropByteOrderMark(json);
  // Protobuf reads the JSON into its binary form, which it parses only up
  // to 2 GB.
  auto tooLarge = [&] {
    return emitError(loc) << what << " of " << json.size()
                          << " bytes is larger than protobuf can parse (2 GB)";
  };
  if (json.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return tooLarge();
  // Bytes as arrays of byte values (older TF.js converters): as base64
  // (a one-byte array grows from 3 characters to 6).
  std::string withBase64;
  JSONByteArrayError bytesError;
  switch (rewriteJSONByteArrays(json, tensorflow::GraphDef::descriptor(),
                                withBase64, bytesError)) {
  case ByteArrayRewrite::Failed:
    return emitError(locate ? locate(bytesError.offset) : loc)
           << what << ": " << bytesError.message;
  case ByteArrayRewrite::Rewritten:
    json = withBase64;
    if (json.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
      return tooLarge();
    break;
  case ByteArrayRewrite::Unchanged:
    break;
  }
  // Protobuf reads the integer literal -0 as an integer, and a float field
  // then gets +0: such literals are read as -0.0 (in an integer field,
  // protobuf takes that as 0 too).
  std::string withNegativeZeros;
  SmallVector<size_t> negativeZeros = findNegativeZeroIntegers(json);
  if (!negativeZeros.empty()) {
    withNegativeZeros.reserve(json.size() + 2 * negativeZeros.size());
    size_t from = 0;
    for (size_t at : negativeZeros) {
      withNegativeZeros.append(json.data() + from, at + 2 - from);
      withNegativeZeros += ".0";
      from = at + 2;
    }
    withNegativeZeros.append(json.data() + from, json.size() - from);
    json = withNegativeZeros;
  }
  google::protobuf::StringPiece text(json.data(), json.size());
  google::protobuf::util::JsonParseOptions options;
  auto status =
      google::protobuf::util::JsonStringToMessage(text, &graph, options);
  if (status.ok())
    return success();
  std::string strict(status.message());
  graph.Clear();
  // Nested past protobuf's limit: no lenient reading will do.
  if (StringRef(strict).contains("Message too deep"))
    return emitError(loc) << what << " nests messages deeper than "
                          << kMaxMessageDepth - 1
                          << " levels, the limit of protobuf's JSON reader "
                             "(protobuf: "
                          << strict << ")";
  options.ignore_unknown_fields = true;
  status = google::protobuf::util::JsonStringToMessage(text, &graph, options);
  if (!status.ok())
    return emitError(loc) << what << " is not a GraphDef: "
                          << std::string(status.message());
  // Nothing of a GraphDef in it: not one at all.
  if (graph.ByteSizeLong() == 0) {
    if (explainEmpty && explainEmpty())
      return failure();
    return emitError(loc) << what
                          << " has none of a GraphDef's fields (node, "
                             "library, versions): "
                          << strict;
  }
  emitWarning(loc) << what
                   << " holds fields tfg does not know: they are dropped "
                      "(protobuf: "
                   << strict << ")";
  return success();
}

LogicalResult mlir::tfg::printGraphDefJSON(tensorflow::GraphDef &&graph,
                                           std::string &json, Location loc) {
  // Protobuf writes JSON from a binary encoding, in its order: encoded
  // deterministically (map entries in key order), the same GraphDef gives
  // the same text. (MessageToJsonString encodes each map in its hash order,
  // which differs from process to process.)
  std::string encoded;
  if (!serializeDeterministically(graph, encoded))
    return emitError(loc, "cannot encode the GraphDef");
  graph.Clear();
  // Past the depth protobuf's JSON writer follows, it fails (logging a
  // warning of its own): say where instead. Export checks this before
  // converting anything (ExportOptions::forJSON); this holds for any
  // GraphDef.
  SmallVector<NestedMessage> path;
  if (nestedMessageDepth(encoded, tensorflow::GraphDef::descriptor(),
                         kMaxJSONWriteDepth, &path) > kMaxJSONWriteDepth)
    return emitError(loc) << describeGraphDefPath(path)
                          << " nests messages deeper than "
                          << kMaxJSONWriteDepth
                          << " levels, which protobuf's JSON writer does not "
                             "follow (binary and text GraphDefs hold "
                          << kMaxMessageDepth << ")";
  std::unique_ptr<google::protobuf::util::TypeResolver> resolver(
      google::protobuf::util::NewTypeResolverForDescriptorPool(
          "type.googleapis.com",
          google::protobuf::DescriptorPool::generated_pool()));
  google::protobuf::util::JsonPrintOptions printOptions;
  printOptions.add_whitespace = true;
  auto status = google::protobuf::util::BinaryToJsonString(
      resolver.get(),
      "type.googleapis.com/" + tensorflow::GraphDef::descriptor()->full_name(),
      encoded, &json, printOptions);
  if (!status.ok())
    return emitError(loc, "cannot write the GraphDef as JSON: ")
           << status.ToString();
  return success();
}

bool mlir::tfg::isGraphDefJSON(StringRef bytes) {
  return jsonObjectHasMember(bytes, "modelTopology") == false;
}
