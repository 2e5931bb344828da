//===- Translations.cpp - tfg-translate registrations ---------------------===//
//
// GraphDef input is detected: text format if it parses as text, else the
// binary wire format. Parse errors are diagnostics with the text position.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/Translations.h"
#include "DOTTranslation.h"
#include "TranslationOutputs.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TextNesting.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/MessageDepth.h"
#include "tfg/ImportExport/SavedModel.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/Support/TextGraphPositions.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/proto/graph.pb.h"
#include "tfg/proto/saved_model_graphs.pb.h"

#include "google/protobuf/io/tokenizer.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"
#include "google/protobuf/text_format.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

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

static llvm::cl::list<std::string> savedModelTags(
    "saved-model-tags",
    llvm::cl::desc(
        "With a SavedModel (saved_model.pb or .pbtxt) as the "
        "GraphDef input: the tags of the meta graph whose GraphDef to "
        "read (default: its only meta graph, or the one tagged "
        "'serve')"),
    llvm::cl::value_desc("tag,..."), llvm::cl::CommaSeparated);

/// Whether `bytes` are a binary SavedModel given as GraphDef input; if so,
/// `bytes` become those of the GraphDef of the meta graph that
/// --saved-model-tags selects (kept alive by `graph`), with a warning that
/// the rest of the SavedModel (`kind` says what the input is) is not kept.
/// Fails, with an error at `loc`, when no meta graph can be read.
static FailureOr<bool>
selectGraphOfSavedModel(StringRef &bytes, SavedModelGraph &graph, Location loc,
                        StringRef kind = "a SavedModel") {
  if (!isBinarySavedModel(bytes))
    return false;
  FailureOr<SavedModelGraph> found =
      selectSavedModelGraph(bytes, savedModelTags, loc);
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

/// The bytes of the GraphDef of the meta graph that --saved-model-tags
/// selects in `text` (kept alive by `text` and `graph`), with the warning
/// that the rest is not kept; fails with an error at `loc`.
static FailureOr<StringRef>
selectGraphOfTextSavedModel(const TextSavedModel &text, SavedModelGraph &graph,
                            Location loc) {
  StringRef bytes = text.encoded;
  FailureOr<bool> found = selectGraphOfSavedModel(bytes, graph, loc, text.kind);
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

/// Whether `bytes` begin as MLIR's text of a module does, after white
/// space and `//` comments: `module`, a `tfg.` operation, or an operation
/// name in quotes (generic form). No GraphDef begins so: a text one begins
/// with a field name or a `#` comment, a binary one with a field's tag.
static bool looksLikeMLIR(StringRef bytes) {
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

/// Whether `bytes` parse strictly as a text GraphDef with some content.
static bool isTextGraphDef(StringRef bytes) {
  ErrorCollector silent;
  tensorflow::GraphDef graph;
  return parseTextProto(bytes, graph, silent, /*allowUnknown=*/false) &&
         graph.ByteSizeLong() != 0;
}

/// Whether `bytes` parse as a binary GraphDef with nodes, each named and
/// with an op (which bytes of another kind seldom do).
static bool isBinaryGraphDef(StringRef bytes) {
  tensorflow::GraphDef graph;
  if (!parseBinaryProto(bytes, graph) || graph.node_size() == 0)
    return false;
  return llvm::all_of(graph.node(), [](const tensorflow::NodeDef &node) {
    return !node.name().empty() && !node.op().empty();
  });
}

/// How diagnostics name a GraphDef in JSON form given as input.
static constexpr llvm::StringLiteral kJSONGraphDef = "the JSON input";

namespace {
/// Kinds of input a translation is given the wrong way round.
enum InputKind : unsigned {
  kMLIRInput = 1,
  kTFJSInput = 2,
  kSavedModelInput = 4,
  kTextGraphDefInput = 8,
  kBinaryGraphDefInput = 16,
  kJSONGraphDefInput = 32,
};
} // namespace

/// For an error about an input a translation cannot read: what the input
/// is instead, among `kinds` (an InputKind mask), and which translation
/// reads it; empty when it is none of them.
static std::string translationHint(StringRef bytes, unsigned kinds) {
  if ((kinds & kMLIRInput) && looksLikeMLIR(bytes))
    return "the input looks like MLIR: --mlir-to-graphdef and "
           "--mlir-to-tfjs export a tfg module";
  if ((kinds & kTFJSInput) &&
      jsonObjectHasMember(bytes, "modelTopology") == true)
    return "the input is a TensorFlow.js model.json: --tfjs-to-mlir "
           "imports it";
  if ((kinds & kJSONGraphDefInput) && isGraphDefJSON(bytes))
    return "the input is JSON without a modelTopology: if it is a GraphDef "
           "in JSON form, --graphdef-to-mlir imports it";
  if ((kinds & kSavedModelInput) &&
      (isBinarySavedModel(bytes) || encodeTextSavedModel(bytes)))
    return "the input is a SavedModel or a MetaGraphDef: --graphdef-to-mlir "
           "reads its GraphDef";
  if ((kinds & kTextGraphDefInput) && isTextGraphDef(bytes))
    return "the input is a text GraphDef: --graphdef-to-mlir imports it";
  if ((kinds & kBinaryGraphDefInput) && !looksLikeMLIR(bytes) &&
      isBinaryGraphDef(bytes))
    return "the input reads as a binary GraphDef: --graphdef-to-mlir "
           "imports it";
  return "";
}

/// Emits `hint` (from translationHint) as a note at `loc`, if any.
static void noteTranslationHint(Location loc, const std::string &hint) {
  if (!hint.empty())
    loc->getContext()->getDiagEngine().emit(loc, DiagnosticSeverity::Note)
        << hint;
}

/// The error for input `bytes` that is neither a text nor a binary
/// GraphDef, saying which translation reads it when it is MLIR or a
/// model.json; at the text's first error, in the file `loc` names.
static NotGraphDefError notGraphDefError(const ErrorCollector &textErrors,
                                         StringRef bytes, Location loc) {
  std::string error = "input is neither a text GraphDef (" + textErrors.first +
                      ") nor a binary one";
  Location at = textErrors.firstErrorLoc(loc, dropByteOrderMark(bytes));
  std::string hint = translationHint(bytes, kMLIRInput | kTFJSInput);
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

namespace {
/// A GraphDef input as --graphdef-to-mlir and the round-trip checker read
/// it: a message parsed from text or JSON, or the bytes of a binary GraphDef
/// to read in place (the whole input, or the GraphDef of a SavedModel's meta
/// graph, which the members below keep alive: not to be moved once read).
struct GraphDefInput {
  std::optional<tensorflow::GraphDef> parsed;
  /// Whether `parsed` was read from a text GraphDef (whose diagnostics can
  /// point at the node).
  bool isText = false;
  StringRef binary;
  bool binaryIsWholeInput = false;
  /// The error to give when `binary` does not parse.
  NotGraphDefError notBinaryError;
  SavedModelGraph savedModelGraph;
  std::optional<TextSavedModel> textSavedModel;
};
} // namespace

/// Reads `bytes` into `input`, telling the forms apart: a binary SavedModel,
/// a GraphDef in JSON form, a text GraphDef, a text SavedModel or
/// MetaGraphDef, else a binary GraphDef (which the caller parses). Fails
/// after emitting an error at `loc`.
static LogicalResult readGraphDefInput(StringRef bytes, GraphDefInput &input,
                                       Location loc) {
  StringRef graphBytes = bytes;
  FailureOr<bool> savedModel =
      selectGraphOfSavedModel(graphBytes, input.savedModelGraph, loc);
  if (failed(savedModel))
    return failure();
  if (*savedModel) {
    input.binary = graphBytes;
    input.notBinaryError = kNotSavedModelGraphDef;
    return success();
  }
  input.parsed.emplace();
  if (isGraphDefJSON(bytes))
    return parseGraphDefJSON(bytes, *input.parsed, loc, kJSONGraphDef);
  ErrorCollector textErrors;
  if (parseTextGraphDef(bytes, *input.parsed, textErrors, loc)) {
    input.isText = true;
    return success();
  }
  input.parsed.reset();
  // A text nested past the limit was read as text that far: it is a text
  // GraphDef, whatever else it might be read as.
  if (textErrors.firstIsTooDeep())
    return emitError(textErrors.firstErrorLoc(loc, dropByteOrderMark(bytes)))
           << "the text GraphDef nests messages deeper than "
           << kMaxMessageDepth
           << " levels, the limit of protobuf's binary reader, which the text "
              "reader keeps too";
  if ((input.textSavedModel = encodeTextSavedModel(bytes))) {
    FailureOr<StringRef> textGraphBytes = selectGraphOfTextSavedModel(
        *input.textSavedModel, input.savedModelGraph, loc);
    if (failed(textGraphBytes))
      return failure();
    input.binary = *textGraphBytes;
    input.notBinaryError = kNotSavedModelGraphDef;
    return success();
  }
  input.binary = bytes;
  input.binaryIsWholeInput = true;
  input.notBinaryError = notGraphDefError(textErrors, bytes, loc);
  return success();
}

/// Reads a GraphDef input (readGraphDefInput) into `graph`; emits an error
/// at `loc` on failure.
static LogicalResult readGraphDef(llvm::StringRef bytes,
                                  tensorflow::GraphDef &graph, Location loc) {
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()))
    return emitError(loc) << "input of " << bytes.size()
                          << " bytes is larger than protobuf can parse (2 GB)";
  GraphDefInput input;
  if (failed(readGraphDefInput(bytes, input, loc)))
    return failure();
  if (input.parsed) {
    graph = std::move(*input.parsed);
    return success();
  }
  if (parseBinaryProto(input.binary, graph))
    return success();
  return emitError(input.notBinaryError.loc.value_or(loc))
         << input.notBinaryError.message;
}

static llvm::cl::opt<bool> binaryOutput(
    "binary", llvm::cl::desc("Write binary protobuf (with --mlir-to-graphdef)"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> jsonOutput(
    "json",
    llvm::cl::desc("Write protobuf's JSON form of the GraphDef, as a TF.js "
                   "model.json's modelTopology holds it (with "
                   "--mlir-to-graphdef)"),
    llvm::cl::init(false));

static llvm::cl::opt<bool> refuseUnnamedNodes(
    "refuse-unnamed-nodes",
    llvm::cl::desc("With --mlir-to-graphdef: refuse nodes without a name "
                   "instead of naming them after their op type"),
    llvm::cl::init(false));

static llvm::cl::opt<std::string> tfjsWeights(
    "tfjs-weights",
    llvm::cl::desc("Path of the weight shard to write (with --mlir-to-tfjs; "
                   "default: group1-shard1of1.bin beside the output). "
                   "model.json lists it by file name, so it must be in the "
                   "directory of model.json"),
    llvm::cl::value_desc("path"));

static llvm::cl::opt<std::string> tfjsWeightsManifest(
    "tfjs-weights-manifest",
    llvm::cl::desc("With --tfjs-to-mlir of a TensorFlow.js 0.x frozen model "
                   "(tensorflowjs_model.pb as the input): its weights "
                   "manifest (default: weights_manifest.json beside the "
                   "input)"),
    llvm::cl::value_desc("path"));

static llvm::cl::opt<bool> importDefaultAttrs(
    "import-default-attrs",
    llvm::cl::desc("With --graphdef-to-mlir: add the OpDef default of every "
                   "attribute a node leaves out, listed in "
                   "tfg.defaulted_attrs so that export leaves them out again"),
    llvm::cl::init(false));

static llvm::cl::opt<MissingInputs> missingInputs(
    "missing-inputs",
    llvm::cl::desc("With --graphdef-to-mlir: what to do with inputs that name "
                   "nodes the graph does not hold"),
    llvm::cl::values(
        clEnumValN(MissingInputs::Error, "error",
                   "refuse the graph, listing them (default)"),
        clEnumValN(MissingInputs::Placeholder, "placeholder",
                   "import each as a Placeholder of the type its users read "
                   "(a NoOp when only control inputs name it), with a "
                   "warning")),
    llvm::cl::init(MissingInputs::Error));

static llvm::cl::opt<bool> emitBytecode(
    "emit-bytecode",
    llvm::cl::desc("With the importers (--graphdef-to-mlir, --tfjs-to-mlir): "
                   "write MLIR bytecode instead of text (much faster to "
                   "write and read for large graphs)"),
    llvm::cl::init(false));

static void registerDialects(DialectRegistry &registry) {
  registry.insert<TFGraphDialect, tf_type::TFTypeDialect>();
}

/// Prints an imported module. The importers verify what they build (the
/// nodes of a large graph one by one, see tfg/IR/Verifier.h), so neither a
/// second verification nor the printer's own runs: MLIR's
/// TranslateToMLIRRegistration would verify the module again before
/// printing it, with mlir::verify, which takes twice as long on a large
/// graph.
static LogicalResult printImported(OwningOpRef<ModuleOp> module,
                                   llvm::raw_ostream &os) {
  if (!module)
    return failure();
  if (emitBytecode)
    return writeBytecodeToFile(*module, os);
  module->print(os, OpPrintingFlags().assumeVerified());
  return success();
}

/// The main input of a translation and a location naming it.
static std::pair<const llvm::MemoryBuffer *, Location>
getMainInput(llvm::SourceMgr &sourceMgr, MLIRContext *ctx) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  return {buffer,
          FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), 0, 0)};
}

/// A translation from a tfg module to `os`: what MLIR's
/// TranslateFromMLIRRegistration registers (the input parsed into a module,
/// written or implicit, and verified), except that input that does not parse
/// and is a GraphDef or a model.json gets a note saying which translation
/// reads it.
static TranslateFunction exportModule(
    std::function<LogicalResult(ModuleOp, llvm::raw_ostream &)> translate) {
  return [translate](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                     llvm::raw_ostream &os, MLIRContext *ctx) {
    DialectRegistry registry;
    registerDialects(registry);
    ctx->appendDialectRegistry(registry);
    auto [buffer, loc] = getMainInput(*sourceMgr, ctx);
    // MLIR's parser recurses once per level: deeper text is refused first.
    OwningOpRef<ModuleOp> module;
    if (succeeded(verifyTextNesting(buffer->getMemBufferRef(), ctx)))
      module = parseSourceFile<ModuleOp>(sourceMgr,
                                         ParserConfig(ctx, /*verify=*/false));
    // Bytecode can hold any nesting: bounded before anything recurses.
    if (module &&
        (failed(verifyRegionNesting(*module)) || failed(verify(*module))))
      return failure();
    if (!module) {
      noteTranslationHint(
          loc,
          translationHint(buffer->getBuffer(),
                          kTFJSInput | kSavedModelInput | kTextGraphDefInput |
                              kBinaryGraphDefInput | kJSONGraphDefInput));
      return failure();
    }
    return translate(*module, os);
  };
}

void mlir::tfg::registerTFGTranslations() {
  static TranslateRegistration importer(
      "graphdef-to-mlir",
      "Import a GraphDef (text, binary or JSON; detected) into tfg",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        ctx->loadDialect<TFGraphDialect>(); // loads tf_type as a dependency
        auto [buffer, loc] = getMainInput(*sourceMgr, ctx);
        ImportOptions options;
        options.addDefaultAttributes = importDefaultAttrs;
        options.missingInputs = missingInputs;
        GraphDefInput input;
        if (failed(readGraphDefInput(buffer->getBuffer(), input, loc)))
          return failure();
        if (input.parsed) {
          std::optional<TextPositionsHandler> positions;
          if (input.isText)
            positions.emplace(ctx, dropByteOrderMark(buffer->getBuffer()));
          return printImported(
              importGraphDef(ctx, std::move(*input.parsed), loc, options), os);
        }
        // A binary GraphDef is imported in place (the whole input giving
        // back the pages of a mapped file as it goes).
        if (input.binaryIsWholeInput)
          return printImported(importBinaryGraphDef(ctx, *buffer, loc, options,
                                                    input.notBinaryError),
                               os);
        return printImported(importBinaryGraphDef(ctx, input.binary, loc,
                                                  options,
                                                  input.notBinaryError),
                             os);
      });

  static TranslateRegistration tfjsImporter(
      "tfjs-to-mlir",
      "Import a TensorFlow.js graph model (model.json and its weight shards, "
      "or a 0.x frozen model's tensorflowjs_model.pb)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        ctx->loadDialect<TFGraphDialect>();
        auto [buffer, loc] = getMainInput(*sourceMgr, ctx);
        OwningOpRef<ModuleOp> module =
            importTFJSFile(ctx, *buffer, tfjsWeightsManifest, loc);
        // A binary GraphDef given the wrong way round is not told from a
        // 0.x model's tensorflowjs_model.pb.
        if (!module)
          noteTranslationHint(loc,
                              translationHint(buffer->getBuffer(),
                                              kMLIRInput | kSavedModelInput |
                                                  kTextGraphDefInput |
                                                  kJSONGraphDefInput));
        return printImported(std::move(module), os);
      });

  static TranslateRegistration tfjsExporter(
      "mlir-to-tfjs",
      "Export a tfg graph as a TensorFlow.js graph model (model.json to the "
      "output, its weight shard beside it: --tfjs-weights, by default "
      "group1-shard1of1.bin)",
      exportModule([](ModuleOp module, llvm::raw_ostream &os) -> LogicalResult {
        std::string weightsPath;
        if (failed(
                chooseWeightShard(module.getLoc(), tfjsWeights, weightsPath)))
          return failure();
        if (failed(convertRegionToFunctional(module)))
          return failure();
        std::string modelJson, weights;
        if (failed(exportTFJSModel(module,
                                   llvm::sys::path::filename(weightsPath),
                                   modelJson, weights)))
          return failure();
        if (failed(writeWeightShard(module.getLoc(), weightsPath, weights)))
          return failure();
        os << modelJson << "\n";
        return success();
      }));

  static TranslateRegistration exporter(
      "mlir-to-graphdef", "Export a tfg graph to a GraphDef (text by default)",
      exportModule([](ModuleOp module, llvm::raw_ostream &os) -> LogicalResult {
        if (binaryOutput && jsonOutput)
          return emitError(module.getLoc(),
                           "--binary and --json exclude each other");
        // GraphDefs have no region control flow: back to functions (exact
        // when the regions still are the functions they came from).
        if (failed(convertRegionToFunctional(module)))
          return failure();
        tensorflow::GraphDef graph;
        ExportOptions options;
        options.forJSON = jsonOutput;
        options.nameUnnamedNodes = !refuseUnnamedNodes;
        if (failed(exportGraphDef(module, graph, options)))
          return failure();
        std::string out;
        if (jsonOutput) {
          // JSON names fields: those kept by number only are left out.
          warnUnknownFieldsLeftOut(module, "the JSON GraphDef",
                                   "--binary writes them");
          if (failed(printGraphDefJSON(std::move(graph), out, module.getLoc())))
            return failure();
        } else if (binaryOutput) {
          // Attribute maps in key order: the same module, the same bytes.
          if (!serializeDeterministically(graph, out))
            return emitError(module.getLoc(), "GraphDef serialization failed");
        } else {
          // Text names fields: those kept by number only (which protobuf
          // would print as "111: 5", which no text parser reads back) are
          // left out.
          warnUnknownFieldsLeftOut(module, "the text GraphDef",
                                   "--binary writes them");
          google::protobuf::TextFormat::Printer printer;
          printer.SetHideUnknownFields(true);
          if (!printer.PrintToString(graph, &out))
            return emitError(module.getLoc(), "GraphDef printing failed");
        }
        os << out;
        return success();
      }));

  static TranslateRegistration roundTrip(
      "test-graphdef-roundtrip",
      "Import and export a GraphDef and report the first difference",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        ctx->loadDialect<TFGraphDialect>(); // loads tf_type as a dependency
        auto [buffer, loc] = getMainInput(*sourceMgr, ctx);
        tensorflow::GraphDef graph;
        if (failed(readGraphDef(buffer->getBuffer(), graph, loc)))
          return failure();
        std::string diff;
        if (failed(checkGraphDefRoundTrip(ctx, graph, loc, diff))) {
          os << "round trip differs:\n" << diff;
          return emitError(loc) << "round trip differs";
        }
        os << "round trip OK: " << graph.node_size() << " nodes\n";
        return success();
      });

  registerDOTTranslation();
}
