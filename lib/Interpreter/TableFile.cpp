//===- TableFile.cpp - Reading a lookup table's vocabulary file -----------===//
//
// InitializeTableFromTextFile reads a file named by a tensor of the graph,
// so a model could name any file of the machine. A file is read only from
// the directory InterpreterOptions::assetDirectory allows, as
// tfg/Support/ConfinedFile.h checks it (real paths, a component boundary, a
// regular file before and after opening), and only when it has at most
// kMaxAssetFileBytes bytes. Its lines split at '\n'
// (a '\r' before it is dropped, as TensorFlow's line reader does); a last
// line without '\n' counts, the empty piece after a final '\n' does not.
//
//===----------------------------------------------------------------------===//

#include "InterpreterImpl.h"

#include "tfg/Support/ConfinedFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::interp;

static llvm::Error error(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
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
  auto file = ConfinedFile::open(joined, dir, "the asset directory");
  if (!file)
    return error("file '" + path +
                 "' cannot be read: " + toString(file.takeError()));
  if (file->size() > uint64_t(kMaxAssetFileBytes))
    return error("file '" + path + "' has " + Twine(file->size()) +
                 " bytes, over the bound of " + Twine(kMaxAssetFileBytes));
  auto buffer =
      llvm::WritableMemoryBuffer::getNewUninitMemBuffer(file->size(), joined);
  if (!buffer)
    return error("file '" + path + "' does not fit in memory");
  if (llvm::Error err = file->readAt(
          0, {buffer->getBufferStart(), size_t(buffer->getBufferSize())}))
    return error("file '" + path +
                 "' cannot be read: " + toString(std::move(err)));
  return std::unique_ptr<llvm::MemoryBuffer>(std::move(buffer));
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
