//===- GraphDefInput.cpp - A GraphDef given in any of its forms -----------===//
//
// The forms are told apart in the order that keeps each unambiguous: a
// binary SavedModel (its first field is a varint, never a GraphDef's), a
// JSON object, a text GraphDef (strictly, else without the fields tfg's
// protos do not declare, with a warning), a text SavedModel or
// MetaGraphDef, and else a binary GraphDef, which is parsed (in place) only
// when imported. A text's errors are located at protobuf's line and column,
// and the import's diagnostics about a text GraphDef's nodes at the node.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/GraphDefInput.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/ImportExport/SavedModel.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/Support/TextGraphPositions.h"
#include "tfg/proto/graph.pb.h"
#include "tfg/proto/saved_model_graphs.pb.h"

#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/text_format.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <limits>
#include <optional>

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Collects text-format parse errors instead of letting protobuf log them,
/// with where the first error and the first warning are.
class ErrorCollector : public google::protobuf::io::ErrorCollector {
public:
  void AddError(int line, google::protobuf::io::ColumnNumber column,
                const std::string &message) override {
    if (!first.empty())
      return;
    first = message;
    firstLine = line;
    firstColumn = column;
  }
  void AddWarning(int line, google::protobuf::io::ColumnNumber column,
                  const std::string &message) override {
    if (!firstWarning.empty())
      return;
    firstWarning = message;
    warningLine = line;
    warningColumn = column;
  }

  /// Whether the first error is protobuf's recursion limit.
  bool firstIsTooDeep() const {
    return StringRef(first).contains("Message is too deep");
  }

  /// The position of the first error in the text that `loc` names (a
  /// FileLineColLoc; otherwise `loc` itself).
  Location firstErrorLoc(Location loc, StringRef text) const {
    return position(loc, text, firstLine, firstColumn);
  }
  Location firstWarningLoc(Location loc, StringRef text) const {
    return position(loc, text, warningLine, warningColumn);
  }

  std::string first, firstWarning;

private:
  /// Protobuf's 0-based line and column (a tab advancing the column to the
  /// next multiple of 8) as MLIR's 1-based line and byte column in `text`.
  static Location position(Location loc, StringRef text, int line, int column) {
    auto file = llvm::dyn_cast<FileLineColLoc>(loc);
    if (!file || line < 0 || column < 0)
      return loc;
    size_t begin = 0;
    for (int l = 0; l < line && begin != StringRef::npos; ++l) {
      begin = text.find('\n', begin);
      if (begin != StringRef::npos)
        ++begin;
    }
    unsigned byteColumn = 0;
    if (begin != StringRef::npos) {
      StringRef rest = text.drop_front(begin);
      int expanded = 0;
      while (byteColumn < rest.size() && rest[byteColumn] != '\n' &&
             expanded < column) {
        expanded = rest[byteColumn] == '\t' ? expanded + 8 - expanded % 8
                                            : expanded + 1;
        ++byteColumn;
      }
    }
    return FileLineColLoc::get(file.getFilename(), line + 1, byteColumn + 1);
  }

  int firstLine = -1, firstColumn = -1, warningLine = -1, warningColumn = -1;
};

/// Points the diagnostics of a text GraphDef's import that name a node or
/// a function (the importer's NameLoc over the file) at where the text
/// writes it; the text is scanned when the first one comes.
class TextPositionsHandler {
public:
  TextPositionsHandler(MLIRContext *ctx, StringRef text)
      : text(text),
        handler(ctx, [this](Diagnostic &diag) { return repoint(diag); }) {}

private:
  LogicalResult repoint(Diagnostic &diag) {
    // What the diagnostic is about: the importer's NameLoc of a graph node
    // or of a function (over the file), of a function's node (over its
    // function's NameLoc), or (where the importer keeps no location per
    // node) the node a message begins with, "node 'x' ...", in the graph
    // (at the file) or in a function (at the function's NameLoc).
    std::string message = diag.str();
    Location loc = diag.getLocation();
    StringRef named, function;
    if (auto name = llvm::dyn_cast<NameLoc>(loc)) {
      named = name.getName().getValue();
      loc = name.getChildLoc();
      if (auto scope = llvm::dyn_cast<NameLoc>(loc)) {
        function = scope.getName().getValue();
        loc = scope.getChildLoc();
      }
    }
    auto file = llvm::dyn_cast<FileLineColLoc>(loc);
    if (!file || file.getLine() != 0)
      return failure(); // to the next handler, as it is
    StringRef node, rest = message;
    if (rest.consume_front("node '"))
      node = rest.take_until([](char c) { return c == '\''; });
    if (named.empty() && node.empty())
      return failure();
    if (!positions)
      positions = findTextGraphPositions(text);
    auto find = [&](StringRef key) -> const TextPosition * {
      auto it = positions->find(key);
      return it == positions->end() ? nullptr : &it->second;
    };
    // A function's node where its function writes it, else where the name
    // alone is written (when no other node or function has it).
    const TextPosition *pos = nullptr;
    if (!function.empty()) {
      pos = find(functionNodeKey(function, named));
      if (!pos)
        pos = find(named);
      if (!pos)
        pos = find(function);
    } else if (!named.empty()) {
      // The message's node in the function `named`, else what is named.
      if (!node.empty())
        pos = find(functionNodeKey(named, node));
      if (!pos)
        pos = find(named);
    } else {
      pos = find(node);
    }
    if (!pos)
      return failure();
    Location at = withFilePosition(
        diag.getLocation(),
        FileLineColLoc::get(file.getFilename(), pos->line, pos->column));
    InFlightDiagnostic moved =
        at->getContext()->getDiagEngine().emit(at, diag.getSeverity());
    moved << message;
    for (Diagnostic &note : diag.getNotes())
      moved.attachNote(note.getLocation()) << note.str();
    return success();
  }

  /// `loc` (the file, or names over it) with the file at `pos`.
  static Location withFilePosition(Location loc, Location pos) {
    if (auto name = llvm::dyn_cast<NameLoc>(loc))
      return NameLoc::get(name.getName(),
                          withFilePosition(name.getChildLoc(), pos));
    return pos;
  }

  StringRef text;
  std::optional<llvm::StringMap<TextPosition>> positions;
  ScopedDiagnosticHandler handler;
};
} // namespace

/// Parses the text-format `bytes` into `message`, its errors to `errors`;
/// with `allowUnknown`, fields (and Any expansions) `message` does not
/// declare are skipped, each a warning. A UTF-8 byte order mark (which
/// editors put first and protobuf's parser refuses) is read over. Messages
/// nest at most as deep as protobuf's binary reader allows (100 levels; the
/// text parser has no limit of its own, and recursed until the stack
/// overflowed). False on an error, or for a text over 2 GB.
static bool parseTextProto(StringRef bytes, google::protobuf::Message &message,
                           ErrorCollector &errors, bool allowUnknown) {
  bytes = dropByteOrderMark(bytes);
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return false;
  google::protobuf::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.AllowUnknownField(allowUnknown);
  parser.AllowUnknownExtension(allowUnknown);
  parser.SetRecursionLimit(kMaxMessageDepth);
  google::protobuf::io::ArrayInputStream text(bytes.data(),
                                              static_cast<int>(bytes.size()));
  return parser.Parse(&text, &message);
}

/// Whether `bytes` are a binary SavedModel given as GraphDef input; if so,
/// `bytes` become those of the GraphDef of the meta graph that `tags`
/// select (kept alive by `graph`), with a warning that
/// the rest of the SavedModel (`kind` says what the input is) is not kept.
/// Fails, with an error at `loc`, when no meta graph can be read.
static FailureOr<bool>
selectGraphOfSavedModel(StringRef &bytes, SavedModelGraph &graph,
                        ArrayRef<std::string> tags, Location loc,
                        StringRef kind = "a SavedModel") {
  if (!isBinarySavedModel(bytes))
    return false;
  FailureOr<SavedModelGraph> found = selectSavedModelGraph(bytes, tags, loc);
  if (failed(found))
    return failure();
  graph = std::move(*found);
  bytes = graph.graphDefBytes();
  emitWarning(loc) << "input is " << kind
                   << ": reading the GraphDef of its meta graph "
                   << describeMetaGraph(graph)
                   << "; its signatures, saver, assets and object graph are "
                      "not kept";
  return true;
}

namespace {
/// A text SavedModel or MetaGraphDef, encoded as a binary SavedModel.
struct TextSavedModel {
  std::string encoded;
  StringRef kind;
};
} // namespace

/// Reads `bytes` as a text SavedModel (saved_model.pbtxt) or a text
/// MetaGraphDef (as TensorFlow's export_meta_graph(as_text=True) writes
/// it): only the fields that hold meta graphs, their tags and their
/// GraphDefs (tfg/proto/saved_model_graphs.proto), protobuf skipping every
/// other field. Returns them encoded as a binary SavedModel, for the
/// binary SavedModel reader to select the meta graph; none when the text
/// holds no meta graph with a GraphDef.
static std::optional<TextSavedModel> encodeTextSavedModel(StringRef bytes) {
  auto parseLeniently = [&](google::protobuf::Message &message) {
    ErrorCollector silent;
    return parseTextProto(bytes, message, silent, /*allowUnknown=*/true);
  };
  TextSavedModel result;
  tensorflow::SavedModelGraphs saved;
  if (parseLeniently(saved) && saved.meta_graphs_size() > 0) {
    result.kind = "a text SavedModel";
  } else {
    saved.Clear();
    tensorflow::MetaGraphTagsAndGraph metaGraph;
    if (!parseLeniently(metaGraph) || !metaGraph.has_graph_def())
      return std::nullopt;
    *saved.add_meta_graphs() = std::move(metaGraph);
    result.kind = "a text MetaGraphDef";
  }
  // The binary reader knows a SavedModel by its schema version, first.
  if (saved.saved_model_schema_version() == 0)
    saved.set_saved_model_schema_version(1);
  if (!serializeDeterministically(saved, result.encoded))
    return std::nullopt;
  return result;
}

/// The bytes of the GraphDef of the meta graph that `tags` select in
/// `text` (kept alive by `text` and `graph`), with the warning
/// that the rest is not kept; fails with an error at `loc`.
static FailureOr<StringRef>
selectGraphOfTextSavedModel(const TextSavedModel &text, SavedModelGraph &graph,
                            ArrayRef<std::string> tags, Location loc) {
  StringRef bytes = text.encoded;
  FailureOr<bool> found =
      selectGraphOfSavedModel(bytes, graph, tags, loc, text.kind);
  if (failed(found))
    return failure();
  // Encoded as the binary reader knows a SavedModel.
  if (!*found)
    return emitError(loc) << "input is " << text.kind
                          << " whose meta graphs cannot be read";
  return bytes;
}

/// The error for a SavedModel whose GraphDef does not parse.
static constexpr llvm::StringLiteral kNotSavedModelGraphDef =
    "the GraphDef of the SavedModel's meta graph is not a binary GraphDef";

bool mlir::tfg::looksLikeMLIR(StringRef bytes) {
  StringRef text = bytes.ltrim();
  while (text.consume_front("//"))
    text = text.drop_until([](char c) { return c == '\n'; }).ltrim();
  StringRef afterModule = text;
  if (afterModule.consume_front("module") &&
      (afterModule.empty() ||
       !(llvm::isAlnum(afterModule.front()) || afterModule.front() == '_')))
    return true;
  return text.starts_with("tfg.") || text.starts_with("\"builtin.module\"") ||
         text.starts_with("\"tfg.");
}

bool mlir::tfg::isTextGraphDef(StringRef bytes) {
  ErrorCollector silent;
  tensorflow::GraphDef graph;
  return parseTextProto(bytes, graph, silent, /*allowUnknown=*/false) &&
         graph.ByteSizeLong() != 0;
}

bool mlir::tfg::isBinaryGraphDef(StringRef bytes) {
  tensorflow::GraphDef graph;
  if (!parseBinaryProto(bytes, graph) || graph.node_size() == 0)
    return false;
  return llvm::all_of(graph.node(), [](const tensorflow::NodeDef &node) {
    return !node.name().empty() && !node.op().empty();
  });
}

/// How diagnostics name a GraphDef in JSON form given as input.
static constexpr llvm::StringLiteral kJSONGraphDef = "the JSON input";

bool mlir::tfg::isSavedModelInput(StringRef bytes) {
  return isBinarySavedModel(bytes) || encodeTextSavedModel(bytes);
}

/// The error for input `bytes` that is neither a text nor a binary
/// GraphDef, saying what it is instead when `describeOtherInput` can tell;
/// at the text's first error, in the file `loc` names.
static NotGraphDefError notGraphDefError(
    const ErrorCollector &textErrors, StringRef bytes, Location loc,
    const std::function<std::string(StringRef)> &describeOtherInput) {
  std::string error = "input is neither a text GraphDef (" + textErrors.first +
                      ") nor a binary one";
  Location at = textErrors.firstErrorLoc(loc, dropByteOrderMark(bytes));
  std::string hint = describeOtherInput ? describeOtherInput(bytes) : "";
  if (!hint.empty())
    return NotGraphDefError(error + "; " + hint, at);
  // JSON that does not scan (a GraphDef in JSON form would have been read):
  // at the JSON's error, which says more than the text's at its first brace.
  if (beginsLikeJSONObject(bytes)) {
    bool isObject = false;
    SmallVector<JSONMember> members;
    JSONScanError where;
    if (llvm::Error jsonError =
            scanJSON(dropByteOrderMark(bytes), isObject, members,
                     kDefaultMaxJSONDepth, &where)) {
      llvm::consumeError(std::move(jsonError));
      error += ", nor JSON (" + where.message + ")";
      if (auto file = llvm::dyn_cast<FileLineColLoc>(loc))
        at = FileLineColLoc::get(file.getFilename(), where.line, where.column);
    }
  }
  return NotGraphDefError(std::move(error), at);
}

/// Parses a text GraphDef into `graph`, in place (a copy would cost the
/// file's size again at the import's peak). Fields the protos here do not
/// declare (from a newer TensorFlow) cannot be kept, text having no field
/// numbers: a text that parses only without them is read so, with a
/// warning at `loc` naming the first. `errors` gets the strict parse's.
/// A byte order mark is read over (parseTextProto): no binary GraphDef
/// begins with one (its first byte would be a tag of wire type 7, which
/// does not exist), and positions are counted after it, as editors show the
/// text.
static bool parseTextGraphDef(llvm::StringRef bytes,
                              tensorflow::GraphDef &graph,
                              ErrorCollector &errors, Location loc) {
  if (parseTextProto(bytes, graph, errors, /*allowUnknown=*/false))
    return true;
  graph.Clear();
  ErrorCollector lenient;
  // Nothing of a GraphDef read (a text SavedModel, say) is no GraphDef.
  if (!parseTextProto(bytes, graph, lenient, /*allowUnknown=*/true) ||
      graph.ByteSizeLong() == 0) {
    graph.Clear();
    return false;
  }
  // At the first such field, in the file.
  emitWarning(lenient.firstWarningLoc(loc, dropByteOrderMark(bytes)))
      << "the text GraphDef holds fields tfg does not know: they are "
         "dropped (protobuf: "
      << lenient.firstWarning << ")";
  return true;
}

/// What GraphDefInput read: a message parsed from text or JSON, or the
/// bytes of a binary GraphDef to read in place (the whole input, or the
/// GraphDef of a SavedModel's meta graph, which the members below keep
/// alive).
struct GraphDefInput::State {
  /// The whole input, and the buffer holding it when one was given.
  StringRef bytes;
  const llvm::MemoryBuffer *buffer = nullptr;
  Location loc;
  GraphDefInputForm form = GraphDefInputForm::Binary;
  std::optional<tensorflow::GraphDef> parsed;
  StringRef binary;
  /// The error to give when `binary` does not parse.
  NotGraphDefError notBinaryError;
  SavedModelGraph savedModelGraph;
  std::optional<TextSavedModel> textSavedModel;

  State(StringRef bytes, Location loc) : bytes(bytes), loc(loc) {}
  LogicalResult read(const GraphDefInputOptions &options);
};

/// Tells the forms apart: a binary SavedModel, a GraphDef in JSON form, a
/// text GraphDef, a text SavedModel or MetaGraphDef, else a binary
/// GraphDef (parsed when imported or taken). Fails after emitting an error
/// at `loc`.
LogicalResult GraphDefInput::State::read(const GraphDefInputOptions &options) {
  StringRef graphBytes = bytes;
  FailureOr<bool> savedModel = selectGraphOfSavedModel(
      graphBytes, savedModelGraph, options.savedModelTags, loc);
  if (failed(savedModel))
    return failure();
  if (*savedModel) {
    form = GraphDefInputForm::SavedModel;
    binary = graphBytes;
    notBinaryError = kNotSavedModelGraphDef;
    return success();
  }
  parsed.emplace();
  if (isGraphDefJSON(bytes)) {
    form = GraphDefInputForm::JSON;
    return parseGraphDefJSON(bytes, *parsed, loc, kJSONGraphDef);
  }
  ErrorCollector textErrors;
  if (parseTextGraphDef(bytes, *parsed, textErrors, loc)) {
    form = GraphDefInputForm::Text;
    return success();
  }
  parsed.reset();
  // A text nested past the limit was read as text that far: it is a text
  // GraphDef, whatever else it might be read as.
  if (textErrors.firstIsTooDeep())
    return emitError(textErrors.firstErrorLoc(loc, dropByteOrderMark(bytes)))
           << "the text GraphDef nests messages deeper than "
           << kMaxMessageDepth
           << " levels, the limit of protobuf's binary reader, which the text "
              "reader keeps too";
  if ((textSavedModel = encodeTextSavedModel(bytes))) {
    FailureOr<StringRef> textGraphBytes = selectGraphOfTextSavedModel(
        *textSavedModel, savedModelGraph, options.savedModelTags, loc);
    if (failed(textGraphBytes))
      return failure();
    form = GraphDefInputForm::TextSavedModel;
    binary = *textGraphBytes;
    notBinaryError = kNotSavedModelGraphDef;
    return success();
  }
  form = GraphDefInputForm::Binary;
  binary = bytes;
  notBinaryError =
      notGraphDefError(textErrors, bytes, loc, options.describeOtherInput);
  return success();
}

GraphDefInput::GraphDefInput() = default;
GraphDefInput::~GraphDefInput() = default;

LogicalResult GraphDefInput::read(StringRef bytes, Location loc,
                                  const GraphDefInputOptions &options) {
  state = std::make_unique<State>(bytes, loc);
  return state->read(options);
}

LogicalResult GraphDefInput::read(const llvm::MemoryBuffer &buffer,
                                  Location loc,
                                  const GraphDefInputOptions &options) {
  state = std::make_unique<State>(buffer.getBuffer(), loc);
  state->buffer = &buffer;
  return state->read(options);
}

GraphDefInputForm GraphDefInput::getForm() const {
  assert(state && "read the input first");
  return state->form;
}

const SavedModelGraph *GraphDefInput::getSavedModelGraph() const {
  assert(state && "read the input first");
  if (state->form != GraphDefInputForm::SavedModel &&
      state->form != GraphDefInputForm::TextSavedModel)
    return nullptr;
  return &state->savedModelGraph;
}

OwningOpRef<ModuleOp> GraphDefInput::import(MLIRContext *context,
                                            const ImportOptions &options) {
  assert(state && "read the input first");
  State &in = *state;
  if (in.parsed) {
    std::optional<TextPositionsHandler> positions;
    if (in.form == GraphDefInputForm::Text)
      positions.emplace(context, dropByteOrderMark(in.bytes));
    return importGraphDef(context, std::move(*in.parsed), in.loc, options);
  }
  // A binary GraphDef is imported in place (the whole input giving back the
  // pages of a mapped file as it goes).
  if (in.form == GraphDefInputForm::Binary && in.buffer)
    return importBinaryGraphDef(context, *in.buffer, in.loc, options,
                                in.notBinaryError);
  return importBinaryGraphDef(context, in.binary, in.loc, options,
                              in.notBinaryError);
}

LogicalResult GraphDefInput::takeGraphDef(tensorflow::GraphDef &graph) {
  assert(state && "read the input first");
  State &in = *state;
  if (in.parsed) {
    graph = std::move(*in.parsed);
    return success();
  }
  if (parseBinaryProto(in.binary, graph))
    return success();
  return emitError(in.notBinaryError.loc.value_or(in.loc))
         << in.notBinaryError.message;
}

LogicalResult mlir::tfg::readGraphDef(StringRef bytes,
                                      tensorflow::GraphDef &graph, Location loc,
                                      const GraphDefInputOptions &options) {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return emitError(loc) << "input of " << bytes.size()
                          << " bytes is larger than protobuf can parse (2 GB)";
  GraphDefInput input;
  if (failed(input.read(bytes, loc, options)))
    return failure();
  return input.takeGraphDef(graph);
}
