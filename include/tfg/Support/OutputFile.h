//===- OutputFile.h - Files written whole or not at all ---------*- C++ -*-===//
//
// Every file a tfg tool writes goes through AtomicOutputFile: the bytes go to
// a temporary file in the target's directory, renamed over the target only
// when the run succeeded. A failed or interrupted run leaves an existing file
// exactly as it was, and an input that is also the output is never truncated
// under the reader (the old file stays whole until the rename).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_OUTPUTFILE_H
#define TFG_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace mlir {
namespace tfg {

/// An output file that appears at its path only once committed.
/// - "-" is standard output, written as it goes;
/// - an existing path that is not a regular file (/dev/null, a FIFO, a
///   terminal) is written directly: there is nothing to replace;
/// - otherwise the bytes go to `.<name>.tmp-XXXXXX` beside the target (the
///   real file's directory when the path is a symbolic link, so the link
///   stays), which commit() renames over the target and which is removed if
///   the file is destroyed uncommitted (or the process is killed by a
///   signal). A new file gets the permissions the umask allows, a replaced
///   file keeps its own.
class AtomicOutputFile {
public:
  /// Opens `path` for writing; null with `error` set when it cannot be.
  static std::unique_ptr<AtomicOutputFile> open(llvm::StringRef path,
                                                std::string &error);
  ~AtomicOutputFile();
  AtomicOutputFile(const AtomicOutputFile &) = delete;
  AtomicOutputFile &operator=(const AtomicOutputFile &) = delete;

  llvm::raw_ostream &os();
  /// The path as given.
  llvm::StringRef getPath() const { return path; }

  /// Flushes and puts the file in place. False, with `error` set and the
  /// target left as it was, when writing or renaming failed.
  bool commit(std::string &error);

private:
  AtomicOutputFile() = default;
  void discard();

  std::string path;
  /// Where commit() renames the temporary file to.
  std::string target;
  std::optional<llvm::sys::fs::TempFile> temp;
  std::unique_ptr<llvm::raw_fd_ostream> stream;
  bool committed = false;
};

/// Whether `a` and `b` name the same existing file.
bool isSameFile(llvm::StringRef a, llvm::StringRef b);

/// Reads a tool's main input ("-" is standard input). Memory-mapped when
/// large, unless `mayBeReplaced` (the input is also an output): then it is
/// read completely, so that nothing that happens to the file later can
/// fault a reader of the buffer.
std::unique_ptr<llvm::MemoryBuffer>
openToolInput(llvm::StringRef path, bool mayBeReplaced, std::string &error);

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_OUTPUTFILE_H
