//===- OutputFile.cpp - Files written whole or not at all -----------------===//

#include "tfg/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace mlir::tfg;
namespace fs = llvm::sys::fs;

std::unique_ptr<AtomicOutputFile> AtomicOutputFile::open(llvm::StringRef path,
                                                         std::string &error) {
  std::unique_ptr<AtomicOutputFile> file(new AtomicOutputFile);
  file->path = path.str();
  if (path == "-") {
    std::error_code ec;
    file->stream = std::make_unique<llvm::raw_fd_ostream>("-", ec);
    if (ec) {
      error = "cannot write to standard output: " + ec.message();
      return nullptr;
    }
    return file;
  }
  // A symbolic link is followed: the file it names is replaced, the link
  // stays. A dangling link is replaced itself.
  llvm::SmallString<256> target(path);
  fs::file_status linkStatus;
  if (!fs::status(path, linkStatus, /*follow=*/false) &&
      linkStatus.type() == fs::file_type::symlink_file) {
    llvm::SmallString<256> real;
    if (!fs::real_path(path, real))
      target = real;
  }
  fs::file_status status;
  bool exists = !fs::status(target, status);
  if (exists && status.type() != fs::file_type::regular_file) {
    if (status.type() == fs::file_type::directory_file) {
      error = "cannot write '" + file->path + "': it is a directory";
      return nullptr;
    }
    // A device or a FIFO: written as it is.
    std::error_code ec;
    file->stream =
        std::make_unique<llvm::raw_fd_ostream>(target, ec, fs::OF_Append);
    if (ec) {
      error = "cannot write '" + file->path + "': " + ec.message();
      return nullptr;
    }
    return file;
  }
  unsigned mode = exists ? status.permissions() : fs::all_read | fs::all_write;
  llvm::SmallString<256> model = llvm::sys::path::parent_path(target);
  llvm::sys::path::append(model, "." + llvm::sys::path::filename(target) +
                                     ".tmp-%%%%%%");
  llvm::Expected<fs::TempFile> temp = fs::TempFile::create(model, mode);
  if (!temp) {
    error = "cannot write '" + file->path +
            "': " + llvm::toString(temp.takeError());
    return nullptr;
  }
  // The umask narrowed the mode: a replaced file keeps exactly its own.
  if (exists)
    (void)fs::setPermissions(temp->FD, static_cast<fs::perms>(mode));
  file->target = target.str().str();
  file->stream =
      std::make_unique<llvm::raw_fd_ostream>(temp->FD, /*shouldClose=*/false);
  file->temp.emplace(std::move(*temp));
  return file;
}

AtomicOutputFile::~AtomicOutputFile() {
  if (!committed)
    discard();
}

llvm::raw_ostream &AtomicOutputFile::os() { return *stream; }

void AtomicOutputFile::discard() {
  if (stream) {
    stream->flush();
    stream->clear_error();
  }
  if (temp) {
    stream.reset();
    llvm::consumeError(temp->discard());
    temp.reset();
  }
}

bool AtomicOutputFile::commit(std::string &error) {
  stream->flush();
  if (std::error_code ec = stream->error()) {
    error = "cannot write '" + path + "': " + ec.message();
    stream->clear_error();
    discard();
    return false;
  }
  committed = true;
  if (!temp)
    return true;
  stream.reset();
  llvm::Error kept = temp->keep(target);
  temp.reset();
  if (kept) {
    error = "cannot write '" + path + "': " + llvm::toString(std::move(kept));
    return false;
  }
  return true;
}

bool mlir::tfg::isSameFile(llvm::StringRef a, llvm::StringRef b) {
  if (a == "-" || b == "-")
    return false;
  bool same = false;
  return !fs::equivalent(a, b, same) && same;
}

std::unique_ptr<llvm::MemoryBuffer>
mlir::tfg::openToolInput(llvm::StringRef path, bool mayBeReplaced,
                         std::string &error) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      path == "-" ? llvm::MemoryBuffer::getSTDIN()
                  : llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                                /*RequiresNullTerminator=*/true,
                                                /*IsVolatile=*/mayBeReplaced);
  if (!buffer) {
    error = "cannot open input file '" + path.str() +
            "': " + buffer.getError().message();
    return nullptr;
  }
  return std::move(*buffer);
}
