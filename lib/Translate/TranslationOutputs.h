//===- TranslationOutputs.h - Files a translation run writes ----*- C++ -*-===//
//
// Internal to TFGTranslations: how tfg-translate's driver and the
// translations that write more than their output (TF.js weight shards)
// share the files of one run, committed together only when it succeeded.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_TRANSLATE_TRANSLATIONOUTPUTS_H
#define TFG_LIB_TRANSLATE_TRANSLATIONOUTPUTS_H

#include "tfg/Support/OutputFile.h"

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// The files of one tfg-translate run: its main output (-o) and the files a
/// translation adds beside it.
class TranslationOutputs {
public:
  explicit TranslationOutputs(std::unique_ptr<AtomicOutputFile> main)
      : main(std::move(main)) {}

  /// The main output's path as given ("-" is standard output).
  llvm::StringRef getMainPath() const { return main->getPath(); }
  llvm::raw_ostream &mainStream() { return main->os(); }

  /// Opens one more output; null with `error` set if it cannot be opened or
  /// is opened already in this run.
  llvm::raw_ostream *openExtra(llvm::StringRef path, std::string &error);

  /// Puts every file in place: the extra ones first, the main output last.
  /// False at the first that fails (those after it stay as they were).
  bool commit(std::string &error);

  /// The outputs of the run in progress in this process (set by
  /// tfgTranslateMain), or null when a translation runs from elsewhere.
  static TranslationOutputs *getActive();
  static void setActive(TranslationOutputs *outputs);

  /// The run's timing (--mlir-timing), in which a translation times its
  /// steps (see nestTiming).
  void setTiming(TimingScope *scope) { timing = scope; }
  TimingScope *getTiming() const { return timing; }

private:
  TimingScope *timing = nullptr;
  std::unique_ptr<AtomicOutputFile> main;
  std::vector<std::unique_ptr<AtomicOutputFile>> extras;
};

/// A step of the run in progress, timed under its --mlir-timing (a scope
/// that times nothing when no run is active or timing is off).
inline TimingScope nestTiming(llvm::StringRef name) {
  TranslationOutputs *outputs = TranslationOutputs::getActive();
  if (!outputs || !outputs->getTiming())
    return TimingScope();
  return outputs->getTiming()->nest(name);
}

/// Where --mlir-to-tfjs writes its weight shard: `tfjsWeights`, or
/// group1-shard1of1.bin beside the output. model.json names the shard by
/// its file name, so a shard in another directory than model.json, or the
/// output itself, is an error at `loc`.
LogicalResult chooseWeightShard(Location loc, llvm::StringRef tfjsWeights,
                                std::string &path);

/// Writes the weight shard: with the run's other outputs when the driver
/// commits them together, atomically on its own otherwise.
LogicalResult writeWeightShard(Location loc, llvm::StringRef path,
                               llvm::StringRef weights);

} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_TRANSLATE_TRANSLATIONOUTPUTS_H
