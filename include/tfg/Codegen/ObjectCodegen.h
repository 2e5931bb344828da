//===- ObjectCodegen.h - StableHLO functions to host objects ----*- C++ -*-===//
//
// Compiles one StableHLO function to a relocatable object file for a CPU
// (the host by default) with a checked C entry point: the ahead-of-time
// compiler tfg-compile writes the object and its C header, the JIT
// (CPUJit.h) loads the same object into the process. The ABI is in
// docs/Codegen.md ("Ahead-of-time compilation"):
//
//   int32_t PREFIX_run(const tfg_tensor *inputs, int64_t num_inputs,
//                      tfg_tensor *outputs, int64_t num_outputs,
//                      char *error, int64_t error_size);
//
// checks the count, element type, rank, shape and buffer size of every
// tensor and that no output overlaps another buffer before the compiled code
// runs; nothing is written to an output when a check fails.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_OBJECTCODEGEN_H
#define TFG_CODEGEN_OBJECTCODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace mlir {
namespace tfg {

/// Element type codes of the C ABI (`TFG_DTYPE_*`).
enum class AOTDType : int64_t {
  F32 = 1,
  F64 = 2,
  F16 = 3,
  BF16 = 4,
  Bool = 5,
  I8 = 6,
  I16 = 7,
  I32 = 8,
  I64 = 9,
  U8 = 10,
};

/// Return codes of the entry points (`TFG_OK`, `TFG_ERROR_*`).
enum AOTStatus : int32_t {
  kAOTOk = 0,
  kAOTErrorCount = 1,
  kAOTErrorDType = 2,
  kAOTErrorShape = 3,
  kAOTErrorBuffer = 4,
  kAOTErrorOverlap = 5,
  kAOTErrorWeights = 6,
  kAOTErrorBound = 7,
};

/// The C ABI's `tfg_tensor` (version 2): six 8-byte fields.
struct AOTTensor {
  void *data;
  const int64_t *shape;
  int64_t rank;
  int64_t dtype;
  int64_t sizeBytes;
  /// An output of `?` size: where the callee writes its `rank` actual
  /// sizes; read nowhere else.
  int64_t *dims;
};

/// The code of `type` (nullopt: no ABI type: unsigned, complex, ...).
std::optional<AOTDType> getAOTDType(Type type);
/// "float32", "int64", "bool", ...
StringRef getAOTDTypeName(AOTDType dtype);
/// Bytes per element in the buffers (a bool is one byte).
int64_t getAOTDTypeBytes(AOTDType dtype);

/// One argument or result of the compiled function.
struct TensorSignature {
  std::string name;
  SmallVector<int64_t> shape;
  AOTDType dtype;
  /// A result of `?` size: `shape` is its bound (the buffer's shape) and
  /// the entry point returns the actual sizes (AOTTensor::dims).
  bool dynamicDims = false;
  /// Bytes of the whole buffer.
  int64_t getBytes() const;
};

/// The target: empty strings mean the host's triple, CPU and features.
struct CPUTargetOptions {
  std::string triple, cpu, features;
  /// LLVM optimization level (0-3) of the IR optimizer and the code
  /// generator.
  unsigned optLevel = 2;
};

struct ObjectOptions {
  CPUTargetOptions target;
  /// C identifier the entry points start with (PREFIX_run).
  std::string prefix = "model";
  /// Constant arrays of at least `sideFileMinBytes` bytes go to the weights
  /// file (ObjectResult::weights), loaded by PREFIX_load_weights, instead
  /// of the object.
  bool weightsInSideFile = false;
  uint64_t sideFileMinBytes = 1024;
  /// Names of the results (default: their tfg.name, else resultN).
  std::vector<std::string> resultNames;
  /// Tile and vectorize the linalg ops left after the micro-kernels
  /// (the pipeline's `vectorize` option, tfg-vectorize-linalg).
  bool vectorize = true;
  /// Threads of the generated loops (the pipeline's `threads`): above 1,
  /// the large parallel loop nests are dispatched to MLIR's async runtime,
  /// and the object needs libmlir_async_runtime (docs/Codegen.md,
  /// "Threads").
  unsigned threads = 1;
};

struct ObjectResult {
  /// The relocatable object file.
  std::string object;
  /// The weights file (with weightsInSideFile): a 32-byte header (magic
  /// "TFGWGHT1", version 1, payload bytes, FNV-1a 64 checksum of the
  /// payload; little-endian 64-bit words), then the payload.
  std::string weights;
  uint64_t weightsPayloadBytes = 0;
  std::vector<TensorSignature> inputs, outputs;
  /// The resolved target (triple, CPU, features).
  std::string triple, cpu, features;
  double loweringSeconds = 0, llvmSeconds = 0;
};

/// The signature of function `name` of `module` as the ABI sees it. Every
/// argument and result must be a static tensor of an ABI element type;
/// otherwise an error is emitted at the function and failure returned.
FailureOr<std::pair<std::vector<TensorSignature>, std::vector<TensorSignature>>>
getABISignature(ModuleOp module, StringRef name,
                ArrayRef<std::string> resultNames = {});

/// A target machine for `options` (position-independent code, 64-bit
/// little-endian targets only).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createCPUTargetMachine(const CPUTargetOptions &options);

/// Lowers function `name` of `module` (left unchanged: a clone is lowered)
/// with tfg-stablehlo-to-llvm-pipeline, adds the checked entry points,
/// optimizes and emits the object. Diagnostics go to the context's handler;
/// the error names the step that failed.
llvm::Expected<ObjectResult> compileToObject(ModuleOp module, StringRef name,
                                             const ObjectOptions &options);

/// The C header declaring `result`'s entry points (ABI types, the
/// signature as macros, the functions).
std::string emitCHeader(const ObjectResult &result,
                        const ObjectOptions &options);

/// Whether `prefix` is a C identifier (letters, digits, `_`, not starting
/// with a digit).
bool isCIdentifier(StringRef prefix);

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_OBJECTCODEGEN_H
