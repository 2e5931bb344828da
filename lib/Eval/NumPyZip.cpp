//===- NumPyZip.cpp - NumPy .npz archives of host tensors -----------------===//
//
// An .npz file is a zip archive whose entries are .npy files. The reader
// walks the central directory (the entries' order is the arrays' order),
// with the zip64 extensions NumPy's writer uses (it forces zip64 local
// headers), and takes each entry's data from its local header. Stored
// entries are read in place; deflated ones are inflated with zlib when the
// build has it, into a buffer of the declared size only after that size
// passed the limits. The writer writes stored entries and no zip64, so an
// archive is limited to 4 GiB and 65535 arrays.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/NumPy.h"
#include "tfg/Support/OutputFile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#ifdef TFG_HAVE_ZLIB
#include <zlib.h>
#endif

#include <limits>

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error npzError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 ".npz: " + message);
}

bool mlir::tfg::canReadCompressedNpz() {
#ifdef TFG_HAVE_ZLIB
  return true;
#else
  return false;
#endif
}

bool mlir::tfg::isNpz(StringRef bytes) {
  return bytes.starts_with(StringRef("PK\x03\x04", 4)) ||
         bytes.starts_with(StringRef("PK\x05\x06", 4));
}

/// Little-endian unsigned of `size` bytes at `offset` (checked by callers).
static uint64_t readLE(StringRef bytes, uint64_t offset, unsigned size) {
  uint64_t v = 0;
  for (unsigned i = 0; i < size; ++i)
    v |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[offset + i]))
         << (8 * i);
  return v;
}

static constexpr uint32_t kLocalSig = 0x04034b50;
static constexpr uint32_t kCentralSig = 0x02014b50;
static constexpr uint32_t kEndSig = 0x06054b50;
static constexpr uint32_t kZip64EndSig = 0x06064b50;
static constexpr uint32_t kZip64LocatorSig = 0x07064b50;
static constexpr uint64_t kMax32 = 0xFFFFFFFF;

namespace {
struct CentralEntry {
  std::string name;
  uint16_t flags, method;
  uint32_t crc;
  uint64_t compressedSize, size, localOffset;
};
} // namespace

/// Finds the end of central directory record and reads where the directory
/// is and how many entries it has.
static llvm::Error findDirectory(StringRef bytes, uint64_t &count,
                                 uint64_t &dirOffset, uint64_t &dirSize) {
  if (bytes.size() < 22)
    return npzError("too short for a zip archive");
  // The record is the last 22 bytes plus a comment of at most 65535.
  uint64_t lowest = bytes.size() >= 22 + 65535 ? bytes.size() - 22 - 65535 : 0;
  std::optional<uint64_t> end;
  for (uint64_t pos = bytes.size() - 22 + 1; pos-- > lowest;) {
    if (readLE(bytes, pos, 4) == kEndSig &&
        readLE(bytes, pos + 20, 2) == bytes.size() - pos - 22) {
      end = pos;
      break;
    }
  }
  if (!end)
    return npzError("no end of central directory record");
  if (readLE(bytes, *end + 4, 2) != 0 || readLE(bytes, *end + 6, 2) != 0)
    return npzError("multi-disk archives are not supported");
  count = readLE(bytes, *end + 10, 2);
  dirSize = readLE(bytes, *end + 12, 4);
  dirOffset = readLE(bytes, *end + 16, 4);
  if (count == 0xFFFF || dirSize == kMax32 || dirOffset == kMax32) {
    // Zip64: a locator just before the record points at the zip64 record.
    if (*end < 20 || readLE(bytes, *end - 20, 4) != kZip64LocatorSig)
      return npzError("zip64 archive without a zip64 locator");
    uint64_t rec = readLE(bytes, *end - 20 + 8, 8);
    if (rec > bytes.size() || bytes.size() - rec < 56 ||
        readLE(bytes, rec, 4) != kZip64EndSig)
      return npzError("bad zip64 end of central directory record");
    count = readLE(bytes, rec + 32, 8);
    dirSize = readLE(bytes, rec + 40, 8);
    dirOffset = readLE(bytes, rec + 48, 8);
  }
  if (dirOffset > bytes.size() || dirSize > bytes.size() - dirOffset)
    return npzError("central directory outside the file");
  // Each entry takes 46 bytes at least.
  if (count > dirSize / 46)
    return npzError("central directory too small for " + llvm::Twine(count) +
                    " entries");
  return llvm::Error::success();
}

/// Reads the central directory entry at `pos`, moving `pos` past it.
static llvm::Error readCentralEntry(StringRef bytes, uint64_t dirEnd,
                                    uint64_t &pos, CentralEntry &e) {
  if (dirEnd - pos < 46 || readLE(bytes, pos, 4) != kCentralSig)
    return npzError("bad central directory entry");
  e.flags = readLE(bytes, pos + 8, 2);
  e.method = readLE(bytes, pos + 10, 2);
  e.crc = readLE(bytes, pos + 16, 4);
  e.compressedSize = readLE(bytes, pos + 20, 4);
  e.size = readLE(bytes, pos + 24, 4);
  uint64_t nameLen = readLE(bytes, pos + 28, 2);
  uint64_t extraLen = readLE(bytes, pos + 30, 2);
  uint64_t commentLen = readLE(bytes, pos + 32, 2);
  e.localOffset = readLE(bytes, pos + 42, 4);
  if (dirEnd - pos - 46 < nameLen + extraLen + commentLen)
    return npzError("central directory entry runs past the directory");
  e.name = bytes.substr(pos + 46, nameLen).str();
  StringRef extra = bytes.substr(pos + 46 + nameLen, extraLen);
  pos += 46 + nameLen + extraLen + commentLen;
  // The zip64 extra field holds, in this order, the 32-bit fields that are
  // saturated.
  while (extra.size() >= 4) {
    uint64_t id = readLE(extra, 0, 2), size = readLE(extra, 2, 2);
    if (extra.size() - 4 < size)
      return npzError("malformed extra field in entry '" + e.name + "'");
    StringRef body = extra.substr(4, size);
    extra = extra.drop_front(4 + size);
    if (id != 1)
      continue;
    uint64_t at = 0;
    for (uint64_t *field : {&e.size, &e.compressedSize, &e.localOffset}) {
      if (*field != kMax32)
        continue;
      if (body.size() - at < 8)
        return npzError("short zip64 field in entry '" + e.name + "'");
      *field = readLE(body, at, 8);
      at += 8;
    }
  }
  return llvm::Error::success();
}

#ifdef TFG_HAVE_ZLIB
/// Inflates raw deflate data into exactly `size` bytes.
static llvm::Error inflateEntry(StringRef in, uint64_t size, std::string &out,
                                const std::string &name) {
  if (size > std::numeric_limits<uInt>::max() ||
      in.size() > std::numeric_limits<uInt>::max())
    return npzError("compressed entry '" + name + "' over 4 GiB");
  out.assign(size, '\0');
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
    return npzError("cannot initialize zlib");
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef *>(out.data());
  z.avail_out = static_cast<uInt>(size);
  int rc = inflate(&z, Z_FINISH);
  uint64_t produced = z.total_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END || produced != size)
    return npzError("entry '" + name +
                    "' does not inflate to its declared size");
  return llvm::Error::success();
}
#endif

llvm::Expected<std::vector<NamedHostTensor>>
mlir::tfg::readNpz(MLIRContext *context, StringRef bytes,
                   const NumPyReadOptions &options) {
  uint64_t count = 0, dirOffset = 0, dirSize = 0;
  if (llvm::Error err = findDirectory(bytes, count, dirOffset, dirSize))
    return std::move(err);
  std::vector<NamedHostTensor> arrays;
  llvm::StringSet<> names;
  int64_t totalBytes = 0;
  uint64_t pos = dirOffset, dirEnd = dirOffset + dirSize;
  // An .npy file of `maxBytes` of data has a header besides.
  uint64_t maxEntry = static_cast<uint64_t>(options.maxBytes) + (1u << 20);
  for (uint64_t i = 0; i < count; ++i) {
    CentralEntry e;
    if (llvm::Error err = readCentralEntry(bytes, dirEnd, pos, e))
      return std::move(err);
    StringRef name = e.name;
    if (!name.consume_back(".npy"))
      return npzError("entry '" + e.name + "' is not an .npy file");
    if (!names.insert(name).second)
      return npzError("two entries named '" + e.name + "'");
    if (e.flags & 1)
      return npzError("entry '" + e.name + "' is encrypted");
    if (e.method != 0 && e.method != 8)
      return npzError("entry '" + e.name + "' uses compression method " +
                      llvm::Twine(e.method) +
                      " (only stored and deflated entries are read)");
    // The data follows the local header's name and extra field.
    uint64_t local = e.localOffset;
    if (local > bytes.size() || bytes.size() - local < 30 ||
        readLE(bytes, local, 4) != kLocalSig)
      return npzError("bad local header for entry '" + e.name + "'");
    uint64_t dataStart = local + 30 + readLE(bytes, local + 26, 2) +
                         readLE(bytes, local + 28, 2);
    if (dataStart > bytes.size() || e.compressedSize > bytes.size() - dataStart)
      return npzError("entry '" + e.name + "' runs past the end of the file");
    StringRef raw = bytes.substr(dataStart, e.compressedSize);
    if (e.size > maxEntry)
      return npzError("entry '" + e.name + "' of " + llvm::Twine(e.size) +
                      " bytes exceeds the limit");
    std::string inflated;
    StringRef npy = raw;
    if (e.method == 0) {
      if (e.size != e.compressedSize)
        return npzError("stored entry '" + e.name +
                        "' has two different sizes");
    } else {
#ifdef TFG_HAVE_ZLIB
      if (llvm::Error err = inflateEntry(raw, e.size, inflated, e.name))
        return std::move(err);
      npy = inflated;
#else
      return npzError(
          "entry '" + e.name +
          "' is compressed, and this build of tfg has no zlib; "
          "write the archive with numpy.savez, not savez_compressed");
#endif
    }
    if (llvm::crc32(llvm::arrayRefFromStringRef(npy)) != e.crc)
      return npzError("entry '" + e.name + "' fails its CRC-32 check");
    llvm::Expected<HostTensor> t = readNpy(context, npy, options);
    if (!t)
      return npzError("entry '" + e.name + "': " + toString(t.takeError()));
    totalBytes += t->getStorageBytes();
    if (totalBytes > options.maxTotalBytes)
      return npzError("arrays exceed the limit of " +
                      llvm::Twine(options.maxTotalBytes) + " bytes in all");
    arrays.push_back({name.str(), std::move(*t)});
  }
  return arrays;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

static void putLE(std::string &out, uint64_t v, unsigned size) {
  for (unsigned i = 0; i < size; ++i)
    out.push_back(static_cast<char>(v >> (8 * i)));
}

llvm::Error mlir::tfg::writeNpz(ArrayRef<NamedHostTensor> arrays,
                                llvm::raw_ostream &os,
                                const NumPyWriteOptions &options) {
  if (arrays.size() > 0xFFFF)
    return npzError("more than 65535 arrays");
  llvm::StringSet<> names;
  for (const NamedHostTensor &a : arrays) {
    if (a.name.empty() || a.name.size() > 0xFFFF - 4)
      return npzError("array name empty or too long");
    if (!names.insert(a.name).second)
      return npzError("two arrays named '" + a.name + "'");
  }
  // DOS date 1980-01-01 00:00: the archive does not depend on the clock.
  const uint64_t time = 0, date = (1 << 5) | 1;
  std::string directory;
  uint64_t offset = 0;
  for (const NamedHostTensor &a : arrays) {
    std::string npy;
    llvm::raw_string_ostream npyStream(npy);
    if (llvm::Error err = writeNpy(a.tensor, npyStream, options))
      return npzError("array '" + a.name + "': " + toString(std::move(err)));
    npyStream.flush();
    std::string name = a.name + ".npy";
    if (npy.size() > kMax32 || offset > kMax32 - 30 - name.size() - npy.size())
      return npzError("archive over 4 GiB (zip64 is not written)");
    uint32_t crc = llvm::crc32(llvm::arrayRefFromStringRef(npy));
    // Bit 11: the name is UTF-8.
    bool ascii = llvm::all_of(name, [](char c) { return !(c & 0x80); });
    uint64_t flags = ascii ? 0 : (1 << 11);
    std::string header;
    putLE(header, kLocalSig, 4);
    putLE(header, 20, 2); // version needed: 2.0
    putLE(header, flags, 2);
    putLE(header, 0, 2); // stored
    putLE(header, time, 2);
    putLE(header, date, 2);
    putLE(header, crc, 4);
    putLE(header, npy.size(), 4);
    putLE(header, npy.size(), 4);
    putLE(header, name.size(), 2);
    putLE(header, 0, 2);
    os << header << name << npy;

    putLE(directory, kCentralSig, 4);
    putLE(directory, 20, 2); // made by: 2.0
    putLE(directory, 20, 2);
    putLE(directory, flags, 2);
    putLE(directory, 0, 2);
    putLE(directory, time, 2);
    putLE(directory, date, 2);
    putLE(directory, crc, 4);
    putLE(directory, npy.size(), 4);
    putLE(directory, npy.size(), 4);
    putLE(directory, name.size(), 2);
    putLE(directory, 0, 2); // extra
    putLE(directory, 0, 2); // comment
    putLE(directory, 0, 2); // disk
    putLE(directory, 0, 2); // internal attributes
    putLE(directory, 0, 4); // external attributes
    putLE(directory, offset, 4);
    directory += name;
    offset += header.size() + name.size() + npy.size();
  }
  if (offset > kMax32 || directory.size() > kMax32 - offset)
    return npzError("archive over 4 GiB (zip64 is not written)");
  std::string end;
  putLE(end, kEndSig, 4);
  putLE(end, 0, 2);
  putLE(end, 0, 2);
  putLE(end, arrays.size(), 2);
  putLE(end, arrays.size(), 2);
  putLE(end, directory.size(), 4);
  putLE(end, offset, 4);
  putLE(end, 0, 2);
  os << directory << end;
  return llvm::Error::success();
}

llvm::Expected<std::vector<NamedHostTensor>>
mlir::tfg::readNumPyFile(MLIRContext *context, StringRef path,
                         const NumPyReadOptions &options) {
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read '" + path + "': " + message);
  };
  // A regular file only, read to the size it has when opened (a FIFO or
  // /dev/zero would never end).
  llvm::Expected<llvm::sys::fs::file_t> fd =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!fd)
    return fail(toString(fd.takeError()));
  llvm::scope_exit closeFd([&] { llvm::sys::fs::closeFile(*fd); });
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(*fd, status))
    return fail(ec.message());
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return fail("not a regular file");
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getOpenFile(*fd, path, status.getSize(),
                                      /*RequiresNullTerminator=*/false);
  if (!file)
    return fail(file.getError().message());
  StringRef bytes = (*file)->getBuffer();
  if (isNpy(bytes)) {
    llvm::Expected<HostTensor> t = readNpy(context, bytes, options);
    if (!t)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     path + ": " + toString(t.takeError()));
    std::vector<NamedHostTensor> arrays;
    arrays.push_back({"arr_0", std::move(*t)});
    return arrays;
  }
  if (isNpz(bytes)) {
    llvm::Expected<std::vector<NamedHostTensor>> arrays =
        readNpz(context, bytes, options);
    if (!arrays)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     path + ": " +
                                         toString(arrays.takeError()));
    return arrays;
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": not an .npy or .npz file");
}

llvm::Error mlir::tfg::writeNumPyFile(StringRef path,
                                      ArrayRef<NamedHostTensor> arrays,
                                      const NumPyWriteOptions &options) {
  auto fail = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot write '" + path + "': " + message);
  };
  bool npy = path.ends_with(".npy");
  if (npy && arrays.size() != 1)
    return fail("an .npy file holds one array, not " +
                llvm::Twine(arrays.size()));
  std::string error;
  std::unique_ptr<AtomicOutputFile> file = AtomicOutputFile::open(path, error);
  if (!file)
    return fail(error);
  if (llvm::Error err = npy ? writeNpy(arrays[0].tensor, file->os(), options)
                            : writeNpz(arrays, file->os(), options))
    return fail(toString(std::move(err)));
  if (!file->commit(error))
    return fail(error);
  return llvm::Error::success();
}
