//===- RunSupport.h - tfg-run's inputs, statistics and checks ---*- C++ -*-===//
//
// What tfg-run does around a run: generating inputs (random or zeros) of a
// Placeholder's dtype and shape, summarizing outputs (--print) and
// comparing them with reference arrays (--expect).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_TOOLS_TFG_RUN_RUNSUPPORT_H
#define TFG_TOOLS_TFG_RUN_RUNSUPPORT_H

#include "tfg/Eval/HostTensor.h"
#include "tfg/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace tfg {

/// The generator of random inputs: splitmix64 seeded with the seed. Floats
/// take the top 24 bits of each draw as a multiple of 2^-24 in [0, 1);
/// signed and unsigned ints take the draw modulo 10 ([0, 10)); bools its
/// lowest bit; strings are empty.
class InputRandom {
public:
  explicit InputRandom(uint64_t seed) : state(seed) {}
  uint64_t next();

private:
  uint64_t state;
};

/// A tensor of `elementType` and `shape`: zeros, or random values of
/// generator `seed` (InputRandom).
llvm::Expected<HostTensor> makeInput(Type elementType, ArrayRef<int64_t> shape,
                                     bool random, uint64_t seed);

/// The type and shape of a value to feed, as far as known.
struct FeedSignature {
  Type elementType;
  std::optional<SmallVector<int64_t, 4>> shape;
};

/// The dtype and shape of a Placeholder `op` (nothing for null or another
/// node).
FeedSignature getPlaceholderSignature(Operation *op);

/// The value input `name`'s `source` describes (FILE.npy/.npz, random:SEED
/// or zeros) for a feed of signature `sig`; `shapes` (--input-shape, by
/// node name) gives or checks its shape.
llvm::Expected<HostTensor> makeFeed(MLIRContext *context, StringRef name,
                                    StringRef source, const FeedSignature &sig,
                                    const llvm::StringMap<std::string> &shapes);

/// Prints `name: dtype=... shape=[...] min=... max=... mean=...`.
void printSummary(llvm::raw_ostream &os, StringRef name, const HostTensor &t);

/// Compares `actual` with `expected`: floats within `atol + rtol*|expected|`
/// (NaN equals NaN), other types exactly. Prints the largest absolute and
/// relative differences; returns whether they match.
bool compareTensors(llvm::raw_ostream &os, StringRef name,
                    const HostTensor &actual, const HostTensor &expected,
                    double rtol, double atol);

/// `1x224x224x3` as dimensions (a scalar is the empty string).
llvm::Expected<SmallVector<int64_t, 4>> parseShape(StringRef text);

/// Takes `--threads=N` (or `-threads=N`, `--threads N`) out of the
/// command line: libLLVM registers an option named `threads` of its own,
/// so tfg-run cannot register one. `args` receives the other arguments.
/// False with `error` set for a value that is no number.
bool takeThreadsOption(int argc, char **argv, SmallVectorImpl<char *> &args,
                       unsigned &threads, std::string &error);

/// A copy of `module` after the pass pipeline `pipeline` (tfg-opt's
/// --pass-pipeline syntax, the `builtin.module(...)` anchor optional).
llvm::Expected<OwningOpRef<ModuleOp>> applyPipeline(ModuleOp module,
                                                    StringRef pipeline);

/// The names a TF.js model's signature (the module's `tfjs.signature`, as
/// the importer keeps it) gives its inputs and outputs, mapped to the
/// tensors they stand for (`{"outputs": {"scores": {"name":
/// "Identity:0"}}}`: scores -> Identity:0). Empty without a signature or
/// for one that is not such JSON.
llvm::StringMap<std::string> getSignatureAliases(ModuleOp module);

/// --memory-profile: prints the interpreter's measured peak of live tensor
/// bytes (`measured`) and the static estimate of the module's graph with
/// the fed Placeholders given their fed shapes (MemoryProfile.cpp).
llvm::Error printMemoryProfile(ModuleOp module, ArrayRef<InterpreterFeed> feeds,
                               const MemoryProfile &measured,
                               llvm::raw_ostream &os);

} // namespace tfg
} // namespace mlir

#endif // TFG_TOOLS_TFG_RUN_RUNSUPPORT_H
