//===- tfg-compile.cpp - ahead-of-time compiler of TensorFlow models ------===//
//
// tfg-compile MODEL -o model.o --header model.h: the model (anything
// tfg-run reads) legalized to StableHLO (tfg/Translate/ModelLowering.h, as
// tfg-run --backend=llvm does), compiled for a CPU into an object file with
// the checked C entry point PREFIX_run (tfg/Codegen/ObjectCodegen.h), and
// its C header; with --weights, the large constants go to a file of their
// own, read by PREFIX_load_weights. Every file is written atomically and
// only when the whole compilation succeeded. docs/Codegen.md,
// "Ahead-of-time compilation".
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/GPU.h"
#include "tfg/Codegen/ObjectCodegen.h"
#include "tfg/Dialect/StableHLO/StableHLODialect.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/GraphDef.h"
#include "tfg/Support/CommandLine.h"
#include "tfg/Support/InputLimits.h"
#include "tfg/Support/OutputFile.h"
#include "tfg/Translate/ModelInput.h"
#include "tfg/Translate/ModelLowering.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::tfg;
namespace cl = llvm::cl;

static cl::OptionCategory category("tfg-compile options");
static cl::opt<std::string>
    modelPath(cl::Positional,
              cl::desc("<model: tfg MLIR, StableHLO MLIR, GraphDef, "
                       "SavedModel (file or directory), TF.js model.json>"),
              cl::Required, cl::cat(category));
static cl::opt<std::string>
    outputPath("o", cl::desc("The object file to write (required)"),
               cl::value_desc("model.o"), cl::Required, cl::cat(category));
static cl::opt<std::string>
    headerPath("header",
               cl::desc("Also writes the C header declaring the entry points "
                        "and the signature"),
               cl::value_desc("model.h"), cl::cat(category));
static cl::opt<std::string> symbolPrefix(
    "name",
    cl::desc("Prefix of the C symbols (PREFIX_run, PREFIX_load_weights) and "
             "macros; default: the object file's name without extension, "
             "other characters than letters, digits and _ replaced by _"),
    cl::value_desc("prefix"), cl::cat(category));
static cl::list<std::string>
    fetchNames("fetch", cl::CommaSeparated,
               cl::desc("Tensors the entry point returns, in order (node or "
                        "node:output); default: the model's recorded outputs, "
                        "else the graph's unused outputs"),
               cl::value_desc("name,..."), cl::cat(category));
static cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("Pins the shape of a Placeholder (by node name): "
                         "the compiled code takes exactly this shape. "
                         "Repeatable"),
                cl::value_desc("NAME=1x224x224x3"), cl::cat(category));
static cl::opt<std::string> functionName(
    "function",
    cl::desc("The function to compile when the model is a module of "
             "StableHLO functions (no graph)"),
    cl::value_desc("name"), cl::init("main"), cl::cat(category));
static cl::opt<std::string> weightsPath(
    "weights",
    cl::desc("Writes the constants of at least --weights-min-bytes bytes to "
             "this file instead of the object; the program loads it with "
             "PREFIX_load_weights before PREFIX_run"),
    cl::value_desc("model.weights"), cl::cat(category));
static cl::opt<uint64_t> weightsMinBytes(
    "weights-min-bytes",
    cl::desc("With --weights: the smallest constant moved to the file "
             "(default 1024)"),
    cl::init(1024), cl::cat(category));
static cl::opt<bool> noVectorize(
    "no-vectorize",
    cl::desc("Leave the elementwise, reduction and pooling loops scalar "
             "(no tfg-vectorize-linalg)"),
    cl::cat(category));
static cl::opt<unsigned> loopThreads(
    "loop-threads",
    cl::desc("Threads of the generated loops (default 1): above 1, the large "
             "parallel loop nests run on MLIR's async runtime, and the "
             "program links libmlir_async_runtime (docs/Codegen.md, "
             "\"Threads\")"),
    cl::init(1), cl::cat(category));
static cl::opt<std::string>
    targetTriple("mtriple",
                 cl::desc("Target triple (default: the host's); 64-bit "
                          "little-endian targets"),
                 cl::value_desc("triple"), cl::cat(category));
static cl::opt<std::string>
    targetCPU("mcpu",
              cl::desc("Target CPU (default: the host's with --mtriple "
                       "unset, else generic)"),
              cl::value_desc("cpu"), cl::cat(category));
static cl::opt<std::string>
    targetFeatures("mattr",
                   cl::desc("Target features (+avx512f,...; default: the "
                            "host's with --mtriple and --mcpu unset)"),
                   cl::value_desc("a1,+a2,-a3,..."), cl::cat(category));
enum class Target { Host, NVPTX };
static cl::opt<Target> target(
    "target", cl::desc("What to compile for"),
    cl::values(clEnumValN(Target::Host, "host",
                          "a CPU object file with a C entry point (default; "
                          "--mtriple picks another CPU)"),
               clEnumValN(Target::NVPTX, "nvptx",
                          "PTX text of the model's GPU kernels (-o model.ptx; "
                          "the host side is tfg-run --backend=cuda's)")),
    cl::init(Target::Host), cl::cat(category));
static cl::opt<std::string>
    gpuArch("gpu-arch", cl::desc("With --target=nvptx: the SM of the PTX"),
            cl::value_desc("sm_XY"), cl::init("sm_80"), cl::cat(category));
static cl::opt<unsigned>
    optLevel("O", cl::desc("LLVM optimization level 0-3 (default 2)"),
             cl::Prefix, cl::init(2), cl::cat(category));
static cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    cl::desc("Checks the diagnostics against expected-* lines of an MLIR "
             "model (tests)"),
    cl::cat(category));

static int error(const Twine &message) {
  llvm::errs() << "tfg-compile: error: " << message << "\n";
  return 1;
}

/// The default prefix: the object's stem as a C identifier.
static std::string getDefaultPrefix(StringRef path) {
  std::string stem = llvm::sys::path::stem(path).str();
  for (char &c : stem)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  if (stem.empty() || llvm::isDigit(stem.front()))
    stem.insert(0, "m");
  return stem;
}

/// Writes `bytes` to `path` atomically.
static bool writeFile(StringRef path, StringRef bytes, std::string &message) {
  std::unique_ptr<AtomicOutputFile> file =
      AtomicOutputFile::open(path, message);
  if (!file)
    return false;
  file->os() << bytes;
  return file->commit(message);
}

static int compile(MLIRContext &context) {
  if (optLevel > 3)
    return error("-O" + Twine(optLevel) + ": expected 0 to 3");
  ObjectOptions options;
  options.prefix = symbolPrefix.getNumOccurrences()
                       ? symbolPrefix.getValue()
                       : getDefaultPrefix(outputPath);
  if (!isCIdentifier(options.prefix))
    return error("--name=" + options.prefix + ": not a C identifier");
  options.target.triple = targetTriple;
  options.target.cpu = targetCPU;
  options.target.features = targetFeatures;
  options.target.optLevel = optLevel;
  options.weightsInSideFile = !weightsPath.empty();
  options.sideFileMinBytes = weightsMinBytes;
  options.vectorize = !noVectorize;
  options.threads = std::max(1u, unsigned(loopThreads));
  for (StringRef path : {StringRef(headerPath), StringRef(weightsPath)})
    if (!path.empty() && (path == outputPath || path == modelPath))
      return error("'" + path + "' is both an output and another file");
  if (!headerPath.empty() && headerPath == weightsPath)
    return error("--header and --weights name the same file");
  if (target == Target::NVPTX)
    for (auto [given, option] :
         {std::pair<bool, const char *>{!headerPath.empty(), "--header"},
          {!weightsPath.empty(), "--weights"},
          {!targetTriple.empty(), "--mtriple"},
          {!targetCPU.empty(), "--mcpu"},
          {!targetFeatures.empty(), "--mattr"}})
      if (given)
        return error(Twine(option) + " is for CPU objects, not --target=nvptx");

  ModelLoweringOptions lowering;
  for (const std::string &spec : inputShapes) {
    auto [name, shape] = StringRef(spec).split('=');
    if (name.empty() || shape.empty())
      return error("--input-shape=" + spec + ": expected NAME=1x2x3");
    lowering.nodeShapes[name.split(':').first] = shape.str();
  }
  OwningOpRef<ModuleOp> model = loadModel(&context, modelPath);
  if (!model)
    return 1;
  lowering.fetches.assign(fetchNames.begin(), fetchNames.end());
  if (lowering.fetches.empty())
    if (auto list = (*model)->getAttrOfType<ArrayAttr>(kFetchesAttrName))
      for (Attribute a : list)
        if (auto s = dyn_cast<StringAttr>(a))
          lowering.fetches.push_back(s.str());
  bool fromGraph = hasGraph(*model);
  if (fromGraph)
    options.resultNames = lowering.fetches;
  auto module = legalizeModelToStableHLO(*model, lowering);
  if (!module)
    return error(llvm::toString(module.takeError()));
  std::string name = fromGraph ? std::string("main") : functionName.getValue();
  std::string message;
  if (target == Target::NVPTX) {
    StableHLOToGPUPipelineOptions gpu;
    gpu.gpuArch = gpuArch;
    gpu.optLevel = optLevel;
    std::string ptx;
    llvm::raw_string_ostream os(ptx);
    if (llvm::Error err = writePTX(**module, name, gpu, os))
      return error(llvm::toString(std::move(err)));
    if (!writeFile(outputPath, ptx, message))
      return error("cannot write '" + outputPath + "': " + message);
    return 0;
  }
  auto result = compileToObject(**module, name, options);
  if (!result)
    return error(llvm::toString(result.takeError()));
  // Everything is compiled before anything is written: a failure leaves
  // the old files as they were.
  if (!weightsPath.empty() && !writeFile(weightsPath, result->weights, message))
    return error("cannot write '" + weightsPath + "': " + message);
  if (!headerPath.empty() &&
      !writeFile(headerPath, emitCHeader(*result, options), message))
    return error("cannot write '" + headerPath + "': " + message);
  if (!writeFile(outputPath, result->object, message))
    return error("cannot write '" + outputPath + "': " + message);
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  initToolCommandLine();
  // --mlir-timing (and --mlir-print-ir-*) for the CPU pipeline's passes.
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tfg-compile: compiles a TensorFlow model ahead of time to an object "
      "file with a C entry point\n\n"
      "The model (what tfg-run reads) is legalized to StableHLO with the "
      "Placeholder shapes of --input-shape, compiled for the CPU (the host "
      "by default) and written as a relocatable object defining\n"
      "  int32_t PREFIX_run(const tfg_tensor *inputs, int64_t num_inputs,\n"
      "                     tfg_tensor *outputs, int64_t num_outputs,\n"
      "                     char *error, int64_t error_size);\n"
      "which checks every tensor's element type, shape and buffer size "
      "before it runs (docs/Codegen.md). Link the object with -lm and "
      "MLIR's libmlir_c_runner_utils.\n\n"
      "  tfg-compile model.json --input-shape=x=1x64x64x1 -o model.o "
      "--header model.h\n\n"
      "With --target=nvptx it writes the PTX of the model's kernels for "
      "NVIDIA GPUs instead (docs/Codegen.md, \"GPU\"):\n"
      "  tfg-compile model.json --target=nvptx --gpu-arch=sm_80 -o "
      "model.ptx\n");
  DialectRegistry registry;
  registry.insert<TFGraphDialect, tf_type::TFTypeDialect, func::FuncDialect,
                  stablehlo::StableHLODialect>();
  if (target == Target::NVPTX)
    registerStableHLOToGPUDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  int code = 1;
  if (verifyDiagnostics) {
    // The expected-* lines are read from the model's own text.
    auto buffer = llvm::MemoryBuffer::getFile(modelPath);
    if (!buffer)
      return error("cannot read '" + modelPath +
                   "': " + buffer.getError().message());
    sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    SourceMgrDiagnosticVerifierHandler verifier(sourceMgr, &context);
    runOnLargeStack([&] { code = compile(context); });
    // Expected errors make the run fail; the verifier decides.
    return failed(verifier.verify()) ? 1 : 0;
  }
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  runOnLargeStack([&] { code = compile(context); });
  return code;
}
