//===- SavedModel.cpp - The GraphDef inside a SavedModel ------------------===//
//
// Reads only the framing of a SavedModel and of its meta graphs (see
// WireFormat.h): the meta graphs' tags and where their GraphDefs lie.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/SavedModel.h"
#include "WireFormat.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail::wire;

// Field numbers of TensorFlow's saved_model.proto and meta_graph.proto.
/// SavedModel.saved_model_schema_version (int64) and .meta_graphs.
constexpr uint32_t kSchemaVersionField = 1;
constexpr uint32_t kMetaGraphsField = 2;
/// MetaGraphDef.meta_info_def, .graph_def and .saver_def.
constexpr uint32_t kMetaInfoField = 1;
constexpr uint32_t kGraphDefField = 2;
constexpr uint32_t kSaverDefField = 3;
/// SaverDef.filename_tensor_name and .restore_op_name (strings).
constexpr uint32_t kFilenameTensorField = 1;
constexpr uint32_t kRestoreOpField = 3;
/// MetaInfoDef.tags (repeated string).
constexpr uint32_t kTagsField = 4;

/// Collects the encodings of the SavedModel's meta graphs; false on a field
/// that is neither a schema version nor a meta graph, or that does not read.
static bool readMetaGraphs(StringRef bytes,
                           SmallVectorImpl<StringRef> &metaGraphs) {
  return forEachField(
      bytes, [&](uint32_t number, uint32_t type, StringRef payload, StringRef) {
        if (number == kSchemaVersionField && type == kVarint)
          return true;
        if (number != kMetaGraphsField || type != kLengthDelimited)
          return false;
        metaGraphs.push_back(payload);
        return true;
      });
}

bool mlir::tfg::isBinarySavedModel(StringRef bytes) {
  // The tag of field 1 as a varint.
  if (bytes.empty() || static_cast<uint8_t>(bytes.front()) != 0x08)
    return false;
  SmallVector<StringRef> metaGraphs;
  return readMetaGraphs(bytes, metaGraphs) && !metaGraphs.empty();
}

/// Reads a meta graph's tags, the pieces of its GraphDef and its saver's
/// names; false when its
/// encoding does not read. Fields other than length-delimited ones are
/// skipped (a declared field with another wire type is an unknown field to
/// protobuf).
static bool readMetaGraph(StringRef encoded, SavedModelGraph &graph,
                          SmallVectorImpl<StringRef> &pieces) {
  return forEachField(encoded, [&](uint32_t number, uint32_t type,
                                   StringRef payload, StringRef) {
    if (type != kLengthDelimited)
      return true;
    if (number == kGraphDefField) {
      pieces.push_back(payload);
      return true;
    }
    if (number == kSaverDefField)
      return forEachField(payload, [&](uint32_t saverNumber, uint32_t saverType,
                                       StringRef name, StringRef) {
        if (saverType != kLengthDelimited)
          return true;
        if (saverNumber == kFilenameTensorField)
          graph.saverFilenameTensor = name.str();
        else if (saverNumber == kRestoreOpField)
          graph.saverRestoreOp = name.str();
        return true;
      });
    if (number != kMetaInfoField)
      return true;
    return forEachField(payload, [&](uint32_t tagNumber, uint32_t tagType,
                                     StringRef tag, StringRef) {
      if (tagNumber == kTagsField && tagType == kLengthDelimited)
        graph.tags.push_back(tag.str());
      return true;
    });
  });
}

/// The tags as a set: sorted, without repeats.
static std::vector<std::string> tagSet(ArrayRef<std::string> tags) {
  std::vector<std::string> set(tags.begin(), tags.end());
  llvm::sort(set);
  set.erase(std::unique(set.begin(), set.end()), set.end());
  return set;
}

/// `{'a', 'b'}`.
static std::string formatTags(ArrayRef<std::string> tags) {
  std::string text = "{";
  for (const std::string &tag : tags)
    text += (text.size() > 1 ? ", '" : "'") + tag + "'";
  return text + "}";
}

std::string mlir::tfg::describeMetaGraph(const SavedModelGraph &graph) {
  return "#" + std::to_string(graph.index) + " " + formatTags(graph.tags);
}

FailureOr<SavedModelGraph>
mlir::tfg::selectSavedModelGraph(StringRef bytes, ArrayRef<std::string> tags,
                                 Location loc) {
  SmallVector<StringRef> metaGraphs;
  if (!readMetaGraphs(bytes, metaGraphs) || metaGraphs.empty())
    return emitError(loc) << "input is not a binary SavedModel";
  std::vector<SavedModelGraph> graphs(metaGraphs.size());
  std::vector<SmallVector<StringRef, 1>> pieces(metaGraphs.size());
  for (size_t i = 0; i < metaGraphs.size(); ++i) {
    graphs[i].index = i;
    if (!readMetaGraph(metaGraphs[i], graphs[i], pieces[i]))
      return emitError(loc) << "meta graph #" << i
                            << " of the SavedModel is not a MetaGraphDef";
  }
  std::vector<std::string> wanted = tagSet(tags);
  bool byDefault = tags.empty();
  if (byDefault)
    wanted = {"serve"};
  SmallVector<size_t> matches;
  for (size_t i = 0; i < graphs.size(); ++i)
    if ((byDefault && graphs.size() == 1) || tagSet(graphs[i].tags) == wanted)
      matches.push_back(i);
  if (matches.size() != 1) {
    InFlightDiagnostic diag = emitError(loc);
    diag << (matches.empty() ? "no meta graph" : "several meta graphs")
         << " of the SavedModel " << (matches.empty() ? "has" : "have")
         << " the tags " << formatTags(wanted)
         << " (--saved-model-tags selects one); its meta graphs: ";
    // The first few (a SavedModel has one to three; a broken one, any).
    constexpr size_t kListed = 16;
    llvm::interleaveComma(ArrayRef(graphs).take_front(kListed), diag,
                          [&](const SavedModelGraph &graph) {
                            diag << describeMetaGraph(graph);
                          });
    if (graphs.size() > kListed)
      diag << " and " << graphs.size() - kListed << " more";
    return diag;
  }
  SavedModelGraph &found = graphs[matches.front()];
  ArrayRef<StringRef> foundPieces = pieces[matches.front()];
  if (foundPieces.empty())
    return emitError(loc) << "meta graph " << describeMetaGraph(found)
                          << " of the SavedModel has no graph_def";
  if (foundPieces.size() == 1)
    found.piece = foundPieces.front();
  else
    for (StringRef piece : foundPieces)
      found.merged += piece;
  return std::move(found);
}
