//===- WeightShard.cpp - Where --mlir-to-tfjs writes its shard ------------===//

#include "TranslationOutputs.h"

#include "tfg/Support/OutputFile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::tfg;

/// The real path of the directory holding `path` (which need not exist).
static std::string realDirectoryOf(StringRef path) {
  SmallString<256> dir = llvm::sys::path::parent_path(path);
  if (dir.empty())
    dir = ".";
  SmallString<256> real;
  if (llvm::sys::fs::real_path(dir, real))
    return dir.str().str();
  return real.str().str();
}

/// Where --mlir-to-tfjs writes its weight shard: --tfjs-weights, or
/// group1-shard1of1.bin beside the output. model.json names the shard by
/// its file name, so a shard in another directory than model.json, or the
/// output itself, would make an export that cannot be imported again.
LogicalResult mlir::tfg::chooseWeightShard(Location loc, StringRef tfjsWeights,
                                           std::string &path) {
  TranslationOutputs *outputs = TranslationOutputs::getActive();
  StringRef output = outputs ? outputs->getMainPath() : StringRef("-");
  if (tfjsWeights.empty()) {
    if (output == "-")
      return emitError(loc, "--mlir-to-tfjs writing model.json to standard "
                            "output needs --tfjs-weights=<path of the weight "
                            "shard>; with -o <dir>/model.json the shard is "
                            "written beside it");
    SmallString<256> shard = llvm::sys::path::parent_path(output);
    llvm::sys::path::append(shard, "group1-shard1of1.bin");
    path = shard.str().str();
    return success();
  }
  path = tfjsWeights.str();
  if (path == "-")
    return emitError(loc, "--tfjs-weights cannot be standard output: the "
                          "weight shard is a file beside model.json");
  if (output == "-")
    return success();
  bool sameDir = realDirectoryOf(path) == realDirectoryOf(output);
  if (isSameFile(path, output) ||
      (sameDir &&
       llvm::sys::path::filename(path) == llvm::sys::path::filename(output)))
    return emitError(loc) << "--tfjs-weights '" << path
                          << "' is the output file: the weight shard and "
                             "model.json must be two files";
  if (!sameDir)
    return emitError(loc) << "--tfjs-weights '" << path
                          << "' is not in the directory of the output '"
                          << output
                          << "': model.json names its shard by file name, so "
                             "the shard must be written beside it";
  return success();
}

/// Writes the weight shard: with the run's other outputs when the driver
/// commits them together, atomically on its own otherwise.
LogicalResult mlir::tfg::writeWeightShard(Location loc, StringRef path,
                                          StringRef weights) {
  std::string error;
  if (TranslationOutputs *outputs = TranslationOutputs::getActive()) {
    llvm::raw_ostream *os = outputs->openExtra(path, error);
    if (!os)
      return emitError(loc) << "cannot write the weight shard: " << error;
    *os << weights;
    return success();
  }
  std::unique_ptr<AtomicOutputFile> file = AtomicOutputFile::open(path, error);
  if (file) {
    file->os() << weights;
    if (file->commit(error))
      return success();
  }
  return emitError(loc) << "cannot write the weight shard: " << error;
}
