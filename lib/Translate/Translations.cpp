//===- Translations.cpp - tfg-translate registrations ---------------------===//
//
// The translations of tfg-translate, each a thin layer over the library:
// GraphDef input is read by GraphDefInput (every form told apart, errors
// located), TF.js input by importTFJSFile, and exports prepare the module
// with prepareForExport before writing it. What is left here is the command
// line (options, the hint naming the translation that reads an input given
// the wrong way round) and how the outputs are written.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/Translations.h"
#include "DOTTranslation.h"
#include "InterpretTranslation.h"
#include "ModuleInput.h"
#include "TranslationOutputs.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"
#include "tfg/Dialect/TF/TFDialect.h"
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/ImportExport/GraphDefInput.h"
#include "tfg/ImportExport/GraphDefJSON.h"
#include "tfg/ImportExport/SavedModelVariables.h"
#include "tfg/ImportExport/TFJS.h"
#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/Support/JSONScan.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/Translate/FreezeVariables.h"
#include "tfg/Translate/PrepareForExport.h"
#include "tfg/proto/graph.pb.h"

#include "google/protobuf/arena.h"
#include "google/protobuf/text_format.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tfg;

static llvm::cl::list<std::string> savedModelTags(
    "saved-model-tags",
    llvm::cl::desc(
        "With a SavedModel (saved_model.pb or .pbtxt) as the "
        "GraphDef input: the tags of the meta graph whose GraphDef to "
        "read (default: its only meta graph, or the one tagged "
        "'serve')"),
    llvm::cl::value_desc("tag,..."), llvm::cl::CommaSeparated);

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
  if ((kinds & kSavedModelInput) && isSavedModelInput(bytes))
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

/// How the GraphDef translations read their input: the meta graph
/// --saved-model-tags names, and for input that is no GraphDef, the
/// translation that reads MLIR or a model.json.
static GraphDefInputOptions getGraphDefInputOptions() {
  GraphDefInputOptions options;
  options.savedModelTags.assign(savedModelTags.begin(), savedModelTags.end());
  options.describeOtherInput = [](StringRef bytes) {
    return translationHint(bytes, kMLIRInput | kTFJSInput);
  };
  return options;
}

/// Emits `hint` (from translationHint) as a note at `loc`, if any.
static void noteTranslationHint(Location loc, const std::string &hint) {
  if (!hint.empty())
    loc->getContext()->getDiagEngine().emit(loc, DiagnosticSeverity::Note)
        << hint;
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

static llvm::cl::opt<bool> savedModelVariables(
    "saved-model-variables",
    llvm::cl::desc(
        "With --graphdef-to-mlir of a SavedModel: read its variables' values "
        "(the tensor bundle variables/variables.index and .data-* beside "
        "saved_model.pb, every offset, size and checksum checked) into the "
        "module attribute tfg.saved_model_variables, and its saver's "
        "filename tensor and restore op into tfg.saved_model_saver"),
    llvm::cl::init(false));

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

/// --saved-model-variables: attaches the variables of the SavedModel
/// `input` read from file `path` to `module`.
static LogicalResult attachVariables(ModuleOp module,
                                     const GraphDefInput &input, StringRef path,
                                     Location loc) {
  const SavedModelGraph *graph = input.getSavedModelGraph();
  if (!graph)
    return emitError(loc) << "--saved-model-variables needs a SavedModel "
                             "(saved_model.pb or .pbtxt) as the input";
  if (path.empty() || path == "-" || path == "<stdin>")
    return emitError(loc) << "--saved-model-variables needs the SavedModel's "
                             "file, not the standard input: its variables "
                             "lie in its directory";
  StringRef directory = llvm::sys::path::parent_path(path);
  return attachSavedModelVariables(module, *graph,
                                   directory.empty() ? "." : directory, loc);
}

/// The main input of a translation and a location naming it.
static std::pair<const llvm::MemoryBuffer *, Location>
getMainInput(llvm::SourceMgr &sourceMgr, MLIRContext *ctx) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  return {buffer,
          FileLineColLoc::get(ctx, buffer->getBufferIdentifier(), 0, 0)};
}

/// Reads the main input as a GraphDef or SavedModel (detected) into
/// `input`; the buffer and its location, or failure (diagnosed).
static FailureOr<std::pair<const llvm::MemoryBuffer *, Location>>
readGraphDefInput(llvm::SourceMgr &sourceMgr, MLIRContext *ctx,
                  GraphDefInput &input) {
  ctx->loadDialect<TFGraphDialect>(); // loads tf_type as a dependency
  auto main = getMainInput(sourceMgr, ctx);
  if (failed(input.read(*main.first, main.second, getGraphDefInputOptions())))
    return failure();
  return main;
}

/// The import options of the GraphDef translations.
static ImportOptions getGraphDefImportOptions(bool addDefaultAttributes) {
  ImportOptions options;
  options.addDefaultAttributes = addDefaultAttributes;
  options.missingInputs = missingInputs;
  return options;
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
    bool parsed = false;
    OwningOpRef<ModuleOp> module = parseVerifiedModule(sourceMgr, ctx, &parsed);
    if (!module && parsed)
      return failure();
    if (!module) {
      noteTranslationHint(
          loc,
          translationHint(buffer->getBuffer(),
                          kTFJSInput | kSavedModelInput | kTextGraphDefInput |
                              kBinaryGraphDefInput | kJSONGraphDefInput));
      return failure();
    }
    LogicalResult result = translate(*module, os);
    TimingScope timing = nestTiming("Destroy module");
    module = nullptr;
    return result;
  };
}

static llvm::cl::list<std::string> stablehloInputShapes(
    "input-shapes",
    llvm::cl::desc("With --graphdef-to-stablehlo/--tfjs-to-stablehlo: "
                   "static shapes of Placeholders, NAME=D0xD1x... (or "
                   "NAME=scalar), comma separated"),
    llvm::cl::CommaSeparated);

static llvm::cl::list<std::string> stablehloFetch(
    "fetch",
    llvm::cl::desc("With --graphdef-to-stablehlo/--tfjs-to-stablehlo: the "
                   "outputs to return (name or name:k), comma separated; "
                   "by default the outputs no node uses"),
    llvm::cl::CommaSeparated);

static llvm::cl::opt<int64_t> stablehloResourceThreshold(
    "resource-threshold",
    llvm::cl::desc("With --*-to-stablehlo: constants (weights) of more bytes "
                   "are dense_resource blobs, the others dense constants "
                   "(-1: every constant dense)"),
    llvm::cl::init(1024));

/// The StableHLO pipeline after an import: tfg-set-input-shapes (with
/// --input-shapes), tfg-shape-inference, tfg-to-stablehlo (--fetch,
/// --resource-threshold).
static LogicalResult printAsStableHLO(OwningOpRef<ModuleOp> module,
                                      llvm::raw_ostream &os) {
  if (!module)
    return failure();
  PassManager pm(module->getContext());
  if (!stablehloInputShapes.empty()) {
    SetInputShapesPassOptions shapes;
    shapes.shapes.assign(stablehloInputShapes.begin(),
                         stablehloInputShapes.end());
    pm.addPass(createSetInputShapesPass(shapes));
  }
  pm.addPass(createShapeInferencePass());
  TFGToStableHLOPassOptions options;
  options.fetch.assign(stablehloFetch.begin(), stablehloFetch.end());
  options.resourceThreshold = stablehloResourceThreshold;
  pm.addPass(createTFGToStableHLOPass(options));
  if (failed(pm.run(*module)))
    return failure();
  if (emitBytecode)
    return writeBytecodeToFile(*module, os);
  module->print(os);
  return success();
}

void mlir::tfg::registerTFGTranslations() {
  static TranslateRegistration importer(
      "graphdef-to-mlir",
      "Import a GraphDef (text, binary or JSON; detected) into tfg",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        GraphDefInput input;
        auto main = readGraphDefInput(*sourceMgr, ctx, input);
        if (failed(main))
          return failure();
        auto [buffer, loc] = *main;
        OwningOpRef<ModuleOp> module =
            input.import(ctx, getGraphDefImportOptions(importDefaultAttrs));
        if (module && savedModelVariables &&
            failed(attachVariables(*module, input,
                                   buffer->getBufferIdentifier(), loc)))
          return failure();
        return printImported(std::move(module), os);
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

  static TranslateRegistration graphdefToStableHLO(
      "graphdef-to-stablehlo",
      "Import a GraphDef and legalize it to StableHLO (shape inference, "
      "--input-shapes, --fetch; docs/Lowering.md)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        GraphDefInput input;
        if (failed(readGraphDefInput(*sourceMgr, ctx, input)))
          return failure();
        return printAsStableHLO(
            input.import(ctx, getGraphDefImportOptions(true)), os);
      });

  static TranslateRegistration savedModelToStableHLO(
      "savedmodel-to-stablehlo",
      "Import a SavedModel (its directory or saved_model.pb), give its "
      "variables the values of its bundle (variables/ of the model's "
      "directory, read by the saver's restore op) as constants and "
      "legalize it to StableHLO (--input-shapes, --fetch, "
      "--resource-threshold; docs/Lowering.md)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        GraphDefInput input;
        auto main = readGraphDefInput(*sourceMgr, ctx, input);
        if (failed(main))
          return failure();
        auto [buffer, loc] = *main;
        const SavedModelGraph *graph = input.getSavedModelGraph();
        StringRef path = buffer->getBufferIdentifier();
        if (!graph || path.empty() || path == "-" || path == "<stdin>")
          return emitError(loc)
                 << "--savedmodel-to-stablehlo needs a SavedModel's "
                    "directory or saved_model.pb(txt) file";
        OwningOpRef<ModuleOp> module =
            input.import(ctx, getGraphDefImportOptions(true));
        if (!module)
          return failure();
        attachSavedModelSaver(*module, *graph);
        StringRef parent = llvm::sys::path::parent_path(path);
        std::string directory = parent.empty() ? "." : parent.str();
        InterpreterOptions run;
        run.assetDirectory = directory;
        GraphOp graphOp;
        for (Operation &op : *module->getBody())
          if (auto g = dyn_cast<GraphOp>(op))
            graphOp = g;
        if (!graphOp)
          return emitError(loc) << "the SavedModel has no graph";
        {
          Interpreter interp(*module, run);
          llvm::Error err =
              restoreSavedModelVariables(*module, interp, directory);
          llvm::Expected<unsigned> frozen =
              err ? llvm::Expected<unsigned>(std::move(err))
                  : freezeVariableReads(graphOp, interp);
          if (!frozen)
            return emitError(loc) << toString(frozen.takeError());
        }
        // The saver has done its work: the weights are constants now.
        (*module)->removeAttr(kSavedModelSaverAttr);
        return printAsStableHLO(std::move(module), os);
      });

  static TranslateRegistration tfjsToStableHLO(
      "tfjs-to-stablehlo",
      "Import a TensorFlow.js graph model and legalize it to StableHLO "
      "(shape inference, --input-shapes, --fetch; docs/Lowering.md)",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        ctx->loadDialect<TFGraphDialect>();
        auto [buffer, loc] = getMainInput(*sourceMgr, ctx);
        return printAsStableHLO(
            importTFJSFile(ctx, *buffer, tfjsWeightsManifest, loc), os);
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
        if (failed(prepareForExport(module)))
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
        {
          TimingScope timing = nestTiming("Prepare for export");
          if (failed(prepareForExport(module)))
            return failure();
        }
        // The message lives on an arena: its million strings, nodes and
        // attribute maps are bump-allocated and freed at once (the JSON
        // printer takes a heap message by move).
        google::protobuf::Arena arena;
        tensorflow::GraphDef heapGraph;
        tensorflow::GraphDef &graph =
            jsonOutput
                ? heapGraph
                : *google::protobuf::Arena::CreateMessage<tensorflow::GraphDef>(
                      &arena);
        ExportOptions options;
        options.forJSON = jsonOutput;
        options.nameUnnamedNodes = !refuseUnnamedNodes;
        {
          TimingScope timing = nestTiming("Export");
          if (failed(exportGraphDef(module, graph, options)))
            return failure();
        }
        TimingScope serializeTiming = nestTiming("Serialize");
        std::string out;
        if (jsonOutput) {
          // JSON names fields: those kept by number only are left out.
          warnUnknownFieldsLeftOut(module, "the JSON GraphDef",
                                   "--binary writes them");
          if (failed(printGraphDefJSON(std::move(heapGraph), out,
                                       module.getLoc())))
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
        serializeTiming.stop();
        {
          TimingScope writeTiming = nestTiming("Write output");
          os << out;
        }
        TimingScope freeTiming = nestTiming("Free GraphDef");
        std::string().swap(out);
        tensorflow::GraphDef().Swap(&heapGraph);
        arena.Reset();
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
        if (failed(readGraphDef(buffer->getBuffer(), graph, loc,
                                getGraphDefInputOptions())))
          return failure();
        std::string diff;
        if (failed(checkGraphDefRoundTrip(ctx, graph, loc, diff))) {
          os << "round trip differs:\n" << diff;
          return emitError(loc) << "round trip differs";
        }
        os << "round trip OK: " << graph.node_size() << " nodes\n";
        return success();
      });

  static TranslateRegistration tfExecutorRoundTrip(
      "test-graphdef-tf-executor-roundtrip",
      "Import a GraphDef, lower it to tf_executor and back, export it and "
      "report the first difference",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &os, MLIRContext *ctx) -> LogicalResult {
        ctx->loadDialect<TFGraphDialect, TF::TFDialect,
                         tf_executor::TFExecutorDialect, func::FuncDialect>();
        auto [buffer, loc] = getMainInput(*sourceMgr, ctx);
        tensorflow::GraphDef graph;
        if (failed(readGraphDef(buffer->getBuffer(), graph, loc,
                                getGraphDefInputOptions())))
          return failure();
        // Each step is verified: the tf ops against their OpDefs, the
        // raised graph as tfg.
        auto transform = [](ModuleOp module) -> LogicalResult {
          if (failed(convertTFGToTFExecutor(module)) ||
              failed(verify(module)) ||
              failed(convertTFExecutorToTFG(module)) || failed(verify(module)))
            return failure();
          return success();
        };
        std::string diff;
        if (failed(checkGraphDefRoundTrip(ctx, graph, loc, diff, transform))) {
          os << "round trip differs:\n" << diff;
          return emitError(loc) << "round trip through tf_executor differs";
        }
        os << "round trip through tf_executor OK: " << graph.node_size()
           << " nodes\n";
        return success();
      });

  registerDOTTranslation();
  registerInterpretTranslation();
}
