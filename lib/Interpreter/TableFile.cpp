//===- TableFile.cpp - Reading a lookup table's vocabulary file -----------===//
//
// InitializeTableFromTextFile reads a file named by a tensor of the graph,
// so a model could name any file of the machine. A file is read only from
// the directory InterpreterOptions::assetDirectory allows: both paths are
// resolved to real paths (symlinks, `.` and `..` resolved), and the file's
// components must continue the directory's (a component boundary, so that
// `/models/a` does not allow `/models/ab`). The file is opened once, and
// the open file is checked (before and after opening) to be a regular file of
// at most kMaxAssetFileBytes bytes before it is read. Its lines split at '\n'
// (a '\r' before it is dropped, as TensorFlow's line reader does); a last
// line without '\n' counts, the empty piece after a final '\n' does not.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Whether real path `file` lies inside real directory `dir`: every
/// component of `dir` starts `file`, which has more.
static bool isInside(StringRef dir, StringRef file) {
  auto d = llvm::sys::path::begin(dir), dEnd = llvm::sys::path::end(dir);
  auto f = llvm::sys::path::begin(file), fEnd = llvm::sys::path::end(file);
  for (; d != dEnd; ++d, ++f) {
    if (f == fEnd || *d != *f)
      return false;
  }
  return f != fEnd;
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
interp::readAssetFile(const InterpreterOptions &options, StringRef path) {
  if (options.assetDirectory.empty())
    return error("reading file '" + path +
                 "' is not allowed: the interpreter has no asset directory");
  llvm::SmallString<256> dir;
  if (std::error_code ec =
          llvm::sys::fs::real_path(options.assetDirectory, dir))
    return error("the asset directory '" + options.assetDirectory +
                 "' cannot be resolved: " + ec.message());
  llvm::SmallString<256> joined;
  if (llvm::sys::path::is_absolute(path)) {
    joined = path;
  } else {
    joined = dir;
    llvm::sys::path::append(joined, path);
  }
  llvm::SmallString<256> file;
  if (std::error_code ec = llvm::sys::fs::real_path(joined, file))
    return error("file '" + path + "' cannot be resolved: " + ec.message());
  if (!isInside(dir, file))
    return error("file '" + path + "' is outside the asset directory '" +
                 options.assetDirectory + "'");
  // Checked before opening too: opening a FIFO would wait for a writer.
  if (!llvm::sys::fs::is_regular_file(file))
    return error("file '" + path + "' is not a regular file");
  auto fd = llvm::sys::fs::openNativeFileForRead(file);
  if (!fd)
    return error("file '" + path +
                 "' cannot be opened: " + toString(fd.takeError()));
  llvm::scope_exit closeFile([&] { llvm::sys::fs::closeFile(*fd); });
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(*fd, status))
    return error("file '" + path + "': " + ec.message());
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return error("file '" + path + "' is not a regular file");
  if (status.getSize() > uint64_t(kMaxAssetFileBytes))
    return error("file '" + path + "' has " + Twine(status.getSize()) +
                 " bytes, over the bound of " + Twine(kMaxAssetFileBytes));
  auto buffer = llvm::MemoryBuffer::getOpenFile(*fd, file, status.getSize(),
                                                /*RequiresNullTerminator=*/
                                                false);
  if (!buffer)
    return error("file '" + path +
                 "' cannot be read: " + buffer.getError().message());
  return std::move(*buffer);
}

llvm::Expected<std::vector<StringRef>> interp::splitLines(StringRef text,
                                                          int64_t maxLines) {
  std::vector<StringRef> lines;
  while (!text.empty()) {
    if (int64_t(lines.size()) >= maxLines)
      return error("the file has more than " + Twine(maxLines) + " lines");
    auto [line, rest] = text.split('\n');
    line.consume_back("\r");
    lines.push_back(line);
    text = rest;
  }
  return lines;
}
