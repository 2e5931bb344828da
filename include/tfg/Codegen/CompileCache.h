//===- CompileCache.h - on-disk cache of compiled objects -------*- C++ -*-===//
//
// The JIT's compiled objects (ObjectCodegen.h) kept on disk, so that the
// second run of the same model loads the object instead of compiling it
// (docs/Codegen.md, "Compile cache"). An entry is keyed by a SHA-256 of the
// StableHLO module (its bytecode), the entry function, the pipeline (its
// textual form, options included), the target (triple, CPU, features, O
// level), tfg's and LLVM's versions and the running tool's build (its
// size and modification time). Entries are written atomically (a temporary
// file renamed); an entry is used only when its magic, key, size and
// SHA-256 all match, else it is reported and compiled again.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CODEGEN_COMPILECACHE_H
#define TFG_CODEGEN_COMPILECACHE_H

#include "tfg/Codegen/ObjectCodegen.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
namespace tfg {

class CompileCache {
public:
  explicit CompileCache(std::string directory)
      : directory(std::move(directory)) {}

  /// $XDG_CACHE_HOME/tfg, else $HOME/.cache/tfg; empty when neither is
  /// set.
  static std::string getDefaultDirectory();

  /// The key of compiling `function` of `module` with `options`.
  static std::string computeKey(ModuleOp module, StringRef function,
                                const ObjectOptions &options);

  /// The object stored under `key`: nullopt when there is none, or when the
  /// entry is corrupt (`problem` then says how: truncated, wrong magic, key
  /// or checksum).
  std::optional<std::string> lookup(StringRef key, std::string &problem) const;

  /// Stores `object` under `key` (the directory created as needed).
  llvm::Error store(StringRef key, StringRef object) const;

  /// The entry's file.
  std::string getEntryPath(StringRef key) const;
  StringRef getDirectory() const { return directory; }

private:
  std::string directory;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_CODEGEN_COMPILECACHE_H
