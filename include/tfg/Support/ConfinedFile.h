//===- ConfinedFile.h - Files read only from inside a directory -*- C++ -*-===//
//
// A model's files (weight shards, tensor bundles, vocabulary files) are read
// only from the model's own directory: a file is opened when it is a regular
// file (checked before opening, since opening a FIFO would block, and again
// on the open file) whose real path, symbolic links and `..` resolved, lies
// inside the directory's real path. The importers and the interpreter share
// these checks; each adds to an error the context it knows (the file's role,
// its node).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_CONFINEDFILE_H
#define TFG_SUPPORT_CONFINEDFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"

#include <cstdint>

namespace mlir {
namespace tfg {

/// Whether the real path `file` lies inside the real directory `dir`: every
/// component of `dir` begins `file`, which has more.
bool isInsideDirectory(llvm::StringRef dir, llvm::StringRef file);

/// Checks, without opening it, that `path` is a regular file whose real path
/// lies in the real directory `dir` (any path when `dir` is empty), and
/// returns its size. `dirRole` names the directory in errors ("the model's
/// directory"). Errors: "not a regular file (it is a directory)", "it leads
/// to 'REAL', outside DIRROLE 'DIR'", or the system's message.
llvm::Expected<uint64_t> checkConfinedFile(const llvm::Twine &path,
                                           llvm::StringRef dir,
                                           llvm::StringRef dirRole);

/// A regular file open for reading inside a directory; closed when
/// destroyed.
class ConfinedFile {
public:
  /// Opens `path` after checkConfinedFile, and checks the open file again
  /// (still a regular file, still inside `dir`).
  static llvm::Expected<ConfinedFile>
  open(const llvm::Twine &path, llvm::StringRef dir, llvm::StringRef dirRole);

  ConfinedFile(ConfinedFile &&other) : fd(other.fd), fileSize(other.fileSize) {
    other.fd = llvm::sys::fs::kInvalidFile;
  }
  ConfinedFile(const ConfinedFile &) = delete;
  ConfinedFile &operator=(const ConfinedFile &) = delete;
  ConfinedFile &operator=(ConfinedFile &&) = delete;
  ~ConfinedFile();

  /// The file's size when it was opened.
  uint64_t size() const { return fileSize; }

  /// Reads `buffer.size()` bytes at `offset`; "it ends early: it changed
  /// while it was read" when the file is shorter now.
  llvm::Error readAt(uint64_t offset, llvm::MutableArrayRef<char> buffer) const;

private:
  ConfinedFile() = default;
  llvm::sys::fs::file_t fd = llvm::sys::fs::kInvalidFile;
  uint64_t fileSize = 0;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_CONFINEDFILE_H
