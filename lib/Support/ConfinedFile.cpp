//===- ConfinedFile.cpp - Files read only from inside a directory ---------===//

#include "tfg/Support/ConfinedFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace mlir::tfg;
namespace fs = llvm::sys::fs;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

bool mlir::tfg::isInsideDirectory(llvm::StringRef dir, llvm::StringRef file) {
  auto d = llvm::sys::path::begin(dir), dEnd = llvm::sys::path::end(dir);
  auto f = llvm::sys::path::begin(file), fEnd = llvm::sys::path::end(file);
  for (; d != dEnd; ++d, ++f)
    if (f == fEnd || *d != *f)
      return false;
  return f != fEnd;
}

static const char *describeFileType(fs::file_type type) {
  switch (type) {
  case fs::file_type::directory_file:
    return "a directory";
  case fs::file_type::character_file:
    return "a character device";
  case fs::file_type::block_file:
    return "a block device";
  case fs::file_type::fifo_file:
    return "a FIFO";
  case fs::file_type::socket_file:
    return "a socket";
  case fs::file_type::symlink_file:
    return "a symbolic link";
  default:
    return "not a file";
  }
}

static llvm::Error checkRegular(const fs::file_status &status) {
  if (status.type() == fs::file_type::regular_file)
    return llvm::Error::success();
  return makeError(llvm::Twine("not a regular file (it is ") +
                   describeFileType(status.type()) + ")");
}

static llvm::Error checkInside(llvm::StringRef real, llvm::StringRef dir,
                               llvm::StringRef dirRole) {
  if (dir.empty() || isInsideDirectory(dir, real))
    return llvm::Error::success();
  return makeError("it leads to '" + real + "', outside " + dirRole + " '" +
                   dir + "'");
}

llvm::Expected<uint64_t> mlir::tfg::checkConfinedFile(const llvm::Twine &path,
                                                      llvm::StringRef dir,
                                                      llvm::StringRef dirRole) {
  fs::file_status status;
  if (std::error_code ec = fs::status(path, status))
    return llvm::errorCodeToError(ec);
  if (llvm::Error err = checkRegular(status))
    return std::move(err);
  if (!dir.empty()) {
    llvm::SmallString<256> real;
    if (std::error_code ec = fs::real_path(path, real))
      return llvm::errorCodeToError(ec);
    if (llvm::Error err = checkInside(real, dir, dirRole))
      return std::move(err);
  }
  return status.getSize();
}

llvm::Expected<ConfinedFile> ConfinedFile::open(const llvm::Twine &path,
                                                llvm::StringRef dir,
                                                llvm::StringRef dirRole) {
  if (llvm::Expected<uint64_t> checked = checkConfinedFile(path, dir, dirRole);
      !checked)
    return checked.takeError();
  llvm::SmallString<256> opened;
  llvm::Expected<fs::file_t> fd =
      fs::openNativeFileForRead(path, fs::OF_None, &opened);
  if (!fd)
    return fd.takeError();
  ConfinedFile file;
  file.fd = *fd;
  fs::file_status status;
  if (std::error_code ec = fs::status(file.fd, status))
    return llvm::errorCodeToError(ec);
  if (llvm::Error err = checkRegular(status))
    return std::move(err);
  if (!opened.empty())
    if (llvm::Error err = checkInside(opened, dir, dirRole))
      return std::move(err);
  file.fileSize = status.getSize();
  return std::move(file);
}

ConfinedFile::~ConfinedFile() {
  if (fd != fs::kInvalidFile)
    fs::closeFile(fd);
}

llvm::Error ConfinedFile::readAt(uint64_t offset,
                                 llvm::MutableArrayRef<char> buffer) const {
  while (!buffer.empty()) {
    llvm::Expected<size_t> read = fs::readNativeFileSlice(fd, buffer, offset);
    if (!read)
      return read.takeError();
    if (*read == 0)
      return makeError("it ends early: it changed while it was read");
    buffer = buffer.drop_front(*read);
    offset += *read;
  }
  return llvm::Error::success();
}
