//===- BytecodeCheck.cpp - Structure of untrusted MLIR bytecode -----------===//
//
// The header, the sections and every table before the IR section
// (tfg/IR/BytecodeCheck.h). The IR section is walked in BytecodeIRCheck.cpp.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/BytecodeCheck.h"
#include "BytecodeCursor.h"
#include "tfg/Support/InputLimits.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/bit.h"

#include <climits>
#include <cstring>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::bytecode_check;

//===----------------------------------------------------------------------===//
// Cursor
//===----------------------------------------------------------------------===//

LogicalResult Cursor::byte(uint8_t &value, StringRef what) {
  if (empty())
    return fail("expected " + what + ", found the end of its range");
  value = *pos++;
  return success();
}

LogicalResult Cursor::bytes(uint64_t length, ArrayRef<uint8_t> &result,
                            StringRef what) {
  if (length > remaining())
    return fail(what + " of " + llvm::Twine(length) + " bytes, only " +
                llvm::Twine(remaining()) + " remain");
  result = ArrayRef<uint8_t>(pos, length);
  pos += length;
  return success();
}

LogicalResult Cursor::varInt(uint64_t &value, StringRef what) {
  const uint8_t *start = pos;
  uint8_t first;
  if (failed(byte(first, what)))
    return failure();
  // The number of bytes after the first: its trailing zero bits (all eight
  // zero: eight bytes follow, the first holding no value bits).
  unsigned extra = first == 0 ? 8 : llvm::countr_zero(first);
  if (extra > remaining())
    return failAt(start, what + ": a variable-length integer of " +
                             llvm::Twine(extra + 1) + " bytes, only " +
                             llvm::Twine(remaining() + 1) + " remain");
  uint64_t result = extra == 8 ? 0 : uint64_t(first) >> (extra + 1);
  unsigned shift = extra == 8 ? 0 : 7 - extra;
  for (unsigned i = 0; i < extra; ++i, shift += 8)
    result |= uint64_t(*pos++) << shift;
  value = result;
  return success();
}

LogicalResult Cursor::varIntWithFlag(uint64_t &value, bool &flag,
                                     StringRef what) {
  if (failed(varInt(value, what)))
    return failure();
  flag = value & 1;
  value >>= 1;
  return success();
}

/// Counts above this are refused whatever the size of the file: the reader
/// loops over some counts with an `int`.
static constexpr uint64_t kMaxCount = INT_MAX;

/// Refuses a count read at `start` that more bytes than remain could not
/// hold, or that the reader's `int` loops could not count.
static LogicalResult checkCount(Cursor &cursor, const uint8_t *start,
                                uint64_t value, StringRef what) {
  if (value <= cursor.remaining() && value <= kMaxCount)
    return success();
  return cursor.failAt(start, what + " " + llvm::Twine(value) +
                                  " exceeds the bytes that remain (" +
                                  llvm::Twine(cursor.remaining()) + ")");
}

LogicalResult Cursor::count(uint64_t &value, StringRef what) {
  const uint8_t *start = pos;
  if (failed(varInt(value, what)))
    return failure();
  return checkCount(*this, start, value, what);
}

LogicalResult Cursor::countWithFlag(uint64_t &value, bool &flag,
                                    StringRef what) {
  const uint8_t *start = pos;
  if (failed(varIntWithFlag(value, flag, what)))
    return failure();
  return checkCount(*this, start, value, what);
}

LogicalResult Cursor::index(uint64_t size, StringRef what) {
  const uint8_t *start = pos;
  uint64_t value;
  if (failed(varInt(value, what)))
    return failure();
  if (value >= size)
    return failAt(start, what + " " + llvm::Twine(value) +
                             " is out of range (" + llvm::Twine(size) +
                             " entries)");
  return success();
}

LogicalResult Cursor::indexWithFlag(uint64_t size, bool &flag, StringRef what) {
  const uint8_t *start = pos;
  uint64_t value;
  if (failed(varIntWithFlag(value, flag, what)))
    return failure();
  if (value >= size)
    return failAt(start, what + " " + llvm::Twine(value) +
                             " is out of range (" + llvm::Twine(size) +
                             " entries)");
  return success();
}

LogicalResult Cursor::nulTerminated(StringRef &result, StringRef what) {
  const void *nul = std::memchr(pos, 0, remaining());
  if (!nul)
    return fail(what + " has no terminating NUL");
  const uint8_t *stop = static_cast<const uint8_t *>(nul);
  result = StringRef(reinterpret_cast<const char *>(pos), stop - pos);
  pos = stop + 1;
  return success();
}

LogicalResult Cursor::alignTo(uint64_t alignment) {
  if (alignment == 0 || !llvm::has_single_bit(alignment) ||
      alignment > (uint64_t(1) << 31))
    return fail("alignment " + llvm::Twine(alignment) +
                " is not a power of two below 2^32");
  while (reinterpret_cast<uintptr_t>(pos) & (alignment - 1)) {
    uint8_t padding;
    if (failed(byte(padding, "alignment padding")))
      return failure();
    if (padding != kAlignmentByte)
      return failAt(pos - 1, "alignment padding byte is not 0xCB");
  }
  return success();
}

LogicalResult Cursor::section(uint8_t &id, ArrayRef<uint8_t> &data) {
  const uint8_t *start = pos;
  uint8_t idAndAligned;
  uint64_t length;
  if (failed(byte(idAndAligned, "a section id")) ||
      failed(varInt(length, "a section length")))
    return failure();
  id = idAndAligned & 0x7f;
  if (id >= kNumSections)
    return failAt(start, "section id " + llvm::Twine(unsigned(id)) +
                             " is not one of MLIR's");
  if (idAndAligned & 0x80) {
    uint64_t alignment;
    if (failed(varInt(alignment, "a section alignment")) ||
        failed(alignTo(alignment)))
      return failure();
  }
  return bytes(length, data, "section " + llvm::Twine(unsigned(id)).str());
}

//===----------------------------------------------------------------------===//
// Sections before the IR
//===----------------------------------------------------------------------===//

namespace {
/// Checks one bytecode file: each section in the order the reader reads
/// them, filling the tables the IR section refers to.
class FileCheck {
public:
  FileCheck(StringRef bytes, DefectSlot &defect)
      : start(reinterpret_cast<const uint8_t *>(bytes.data())),
        file(start, ArrayRef<uint8_t>(start, bytes.size()), defect),
        defect(defect) {}

  LogicalResult check();

private:
  Cursor cursor(ArrayRef<uint8_t> data) { return Cursor(start, data, defect); }
  LogicalResult checkStrings(ArrayRef<uint8_t> data);
  LogicalResult checkDialects(ArrayRef<uint8_t> data);
  LogicalResult checkProperties(ArrayRef<uint8_t> data);
  LogicalResult checkResources(ArrayRef<uint8_t> data,
                               ArrayRef<uint8_t> offsets);
  LogicalResult checkResourceGroup(Cursor &offsets, Cursor &data);
  LogicalResult checkResourceEntry(Cursor entry, uint8_t kind);
  LogicalResult checkAttrTypeOffsets(ArrayRef<uint8_t> data,
                                     ArrayRef<uint8_t> offsets);

  const uint8_t *start;
  Cursor file;
  DefectSlot &defect;
  Tables tables;
};
} // namespace

LogicalResult FileCheck::check() {
  ArrayRef<uint8_t> magic;
  if (failed(file.bytes(4, magic, "the magic number")))
    return failure();
  if (failed(file.varInt(tables.version, "the bytecode version")))
    return failure();
  if (tables.version > kCurrentVersion)
    return file.fail("bytecode version " + llvm::Twine(tables.version) +
                     " is newer than MLIR 22's (" +
                     llvm::Twine(uint64_t(kCurrentVersion)) + ")");
  StringRef producer;
  if (failed(file.nulTerminated(producer, "the producer string")))
    return failure();

  std::optional<ArrayRef<uint8_t>> sections[kNumSections];
  while (!file.empty()) {
    const uint8_t *at = file.position();
    uint8_t id;
    ArrayRef<uint8_t> data;
    if (failed(file.section(id, data)))
      return failure();
    if (sections[id])
      return file.failAt(at, "section " + llvm::Twine(unsigned(id)) +
                                 " appears twice");
    sections[id] = data;
  }
  for (uint8_t id : {kString, kDialect, kAttrType, kAttrTypeOffset, kIR})
    if (!sections[id])
      return file.fail("section " + llvm::Twine(unsigned(id)) + " is missing");
  if (!sections[kProperties] && tables.version >= kNativePropertiesEncoding)
    return file.fail("the properties section is missing");
  if (sections[kResource].has_value() != sections[kResourceOffset].has_value())
    return file.fail("the resource and resource offset sections come only "
                     "together");

  if (failed(checkStrings(*sections[kString])) ||
      (sections[kProperties] &&
       failed(checkProperties(*sections[kProperties]))) ||
      failed(checkDialects(*sections[kDialect])) ||
      (sections[kResource] &&
       failed(
           checkResources(*sections[kResource], *sections[kResourceOffset]))) ||
      failed(checkAttrTypeOffsets(*sections[kAttrType],
                                  *sections[kAttrTypeOffset])))
    return failure();
  return checkIRSection(cursor(*sections[kIR]), tables, defect);
}

/// The string section: the count, the sizes (last string first), then the
/// strings, each with its NUL. The reader takes a size of 0 as a string of
/// SIZE_MAX bytes: every size must hold the NUL.
LogicalResult FileCheck::checkStrings(ArrayRef<uint8_t> data) {
  Cursor strings = cursor(data);
  if (failed(strings.count(tables.numStrings, "the number of strings")))
    return failure();
  size_t dataEnd = data.size();
  for (uint64_t i = 0; i < tables.numStrings; ++i) {
    const uint8_t *at = strings.position();
    uint64_t size;
    if (failed(strings.varInt(size, "a string size")))
      return failure();
    if (size == 0 || size > dataEnd)
      return strings.failAt(at, "string size " + llvm::Twine(size) +
                                    " does not fit the string data");
    dataEnd -= size;
    if (data[dataEnd + size - 1] != 0)
      return strings.failAt(data.begin() + dataEnd + size - 1,
                            "string does not end in NUL");
  }
  if (size_t(strings.position() - data.begin()) != dataEnd)
    return strings.fail("the string sizes and the string data do not meet");
  return success();
}

/// The properties section: the count, then each entry's size and bytes.
LogicalResult FileCheck::checkProperties(ArrayRef<uint8_t> data) {
  if (data.empty())
    return success();
  Cursor props = cursor(data);
  if (failed(props.count(tables.numProperties, "the number of properties")))
    return failure();
  for (uint64_t i = 0; i < tables.numProperties; ++i) {
    uint64_t size;
    ArrayRef<uint8_t> entry;
    if (failed(props.varInt(size, "a properties size")) ||
        failed(props.bytes(size, entry, "a properties entry")))
      return failure();
  }
  if (!props.empty())
    return props.fail("trailing bytes after the properties");
  return success();
}

/// The dialect section: the dialects (name and optional version section),
/// then the operation names, grouped by dialect.
LogicalResult FileCheck::checkDialects(ArrayRef<uint8_t> data) {
  Cursor dialects = cursor(data);
  if (failed(dialects.count(tables.numDialects, "the number of dialects")))
    return failure();
  for (uint64_t i = 0; i < tables.numDialects; ++i) {
    if (tables.version < kDialectVersioning) {
      if (failed(dialects.index(tables.numStrings, "dialect name string")))
        return failure();
      continue;
    }
    bool hasVersion;
    if (failed(dialects.indexWithFlag(tables.numStrings, hasVersion,
                                      "dialect name string")))
      return failure();
    if (!hasVersion)
      continue;
    const uint8_t *at = dialects.position();
    uint8_t id;
    ArrayRef<uint8_t> version;
    if (failed(dialects.section(id, version)))
      return failure();
    if (id != kDialectVersions)
      return dialects.failAt(at, "a dialect's version is not in a dialect "
                                 "version section");
  }
  if (tables.version >= kElideUnknownBlockArgLocation) {
    uint64_t numOpNames;
    if (failed(dialects.count(numOpNames, "the number of operation names")))
      return failure();
  }
  while (!dialects.empty()) {
    uint64_t numNames;
    if (failed(dialects.index(tables.numDialects, "dialect")) ||
        failed(dialects.count(numNames, "the number of operation names")))
      return failure();
    for (uint64_t i = 0; i < numNames; ++i) {
      if (tables.version < kNativePropertiesEncoding) {
        if (failed(dialects.index(tables.numStrings, "operation name string")))
          return failure();
        tables.opNameRegistered.push_back(-1);
        continue;
      }
      bool registered;
      if (failed(dialects.indexWithFlag(tables.numStrings, registered,
                                        "operation name string")))
        return failure();
      tables.opNameRegistered.push_back(registered ? 1 : 0);
    }
  }
  return success();
}

/// The resource sections: the offset section names each resource, its
/// size and kind; the resource section holds the entries in that order.
/// External resource groups come first, then dialects' groups.
LogicalResult FileCheck::checkResources(ArrayRef<uint8_t> data,
                                        ArrayRef<uint8_t> offsetData) {
  Cursor offsets = cursor(offsetData);
  Cursor entries = cursor(data);
  uint64_t numExternal;
  if (failed(offsets.count(numExternal, "the number of external resource "
                                        "groups")))
    return failure();
  for (uint64_t i = 0; i < numExternal; ++i)
    if (failed(offsets.index(tables.numStrings, "resource group key string")) ||
        failed(checkResourceGroup(offsets, entries)))
      return failure();
  while (!offsets.empty())
    if (failed(offsets.index(tables.numDialects, "resource dialect")) ||
        failed(checkResourceGroup(offsets, entries)))
      return failure();
  return success();
}

LogicalResult FileCheck::checkResourceGroup(Cursor &offsets, Cursor &data) {
  uint64_t numResources;
  if (failed(offsets.count(numResources, "the number of resources")))
    return failure();
  for (uint64_t i = 0; i < numResources; ++i) {
    uint64_t size;
    uint8_t kind;
    ArrayRef<uint8_t> entry;
    if (failed(offsets.index(tables.numStrings, "resource key string")) ||
        failed(offsets.varInt(size, "a resource size")))
      return failure();
    const uint8_t *kindAt = offsets.position();
    if (failed(offsets.byte(kind, "a resource kind")) ||
        failed(data.bytes(size, entry, "a resource entry")))
      return failure();
    // AsmResourceEntryKind: blob, bool, string.
    if (kind > 2)
      return offsets.failAt(kindAt, "resource kind " +
                                        llvm::Twine(unsigned(kind)) +
                                        " is not one of MLIR's");
    if (!entry.empty() && failed(checkResourceEntry(cursor(entry), kind)))
      return failure();
  }
  return success();
}

/// One resource entry: a blob (alignment, size, padding, data), a bool (one
/// byte) or a string (an index into the string section), and nothing more.
LogicalResult FileCheck::checkResourceEntry(Cursor entry, uint8_t kind) {
  if (kind == 0) {
    uint64_t alignment, size;
    ArrayRef<uint8_t> blob;
    if (failed(entry.varInt(alignment, "a blob's alignment")) ||
        failed(entry.varInt(size, "a blob's size")) ||
        failed(entry.alignTo(alignment)) ||
        failed(entry.bytes(size, blob, "a blob")))
      return failure();
  } else if (kind == 1) {
    uint8_t value;
    if (failed(entry.byte(value, "a bool resource")))
      return failure();
  } else if (failed(entry.index(tables.numStrings, "string resource"))) {
    return failure();
  }
  if (!entry.empty())
    return entry.fail("trailing bytes in a resource entry");
  return success();
}

/// The attribute and type offset section: the two counts, then the sizes
/// of the entries, grouped by dialect, attributes first; each group must
/// fit what is left of its table (the reader writes past it otherwise).
/// Entries in MLIR's textual syntax must be NUL-terminated text nested no
/// deeper than tfg's bound, as text read from a file must.
LogicalResult FileCheck::checkAttrTypeOffsets(ArrayRef<uint8_t> data,
                                              ArrayRef<uint8_t> offsetData) {
  Cursor offsets = cursor(offsetData);
  if (failed(offsets.count(tables.numAttributes, "the number of attributes")) ||
      failed(offsets.count(tables.numTypes, "the number of types")))
    return failure();
  if (tables.numAttributes + tables.numTypes > offsets.remaining())
    return offsets.fail("more attributes and types than the bytes that "
                        "remain");
  uint64_t dataOffset = 0;
  for (uint64_t total : {tables.numAttributes, tables.numTypes}) {
    uint64_t done = 0;
    while (done != total) {
      uint64_t numEntries;
      if (failed(offsets.index(tables.numDialects, "attribute or type "
                                                   "dialect")))
        return failure();
      const uint8_t *countAt = offsets.position();
      if (failed(offsets.count(numEntries, "the number of entries")))
        return failure();
      if (numEntries > total - done)
        return offsets.failAt(
            countAt, "a dialect's group of " + llvm::Twine(numEntries) +
                         " entries overruns its table (" +
                         llvm::Twine(total - done) + " left)");
      for (uint64_t i = 0; i < numEntries; ++i, ++done) {
        const uint8_t *at = offsets.position();
        uint64_t size;
        bool custom;
        if (failed(offsets.varIntWithFlag(size, custom, "an entry size")))
          return failure();
        if (size > data.size() - dataOffset)
          return offsets.failAt(at, "an attribute or type entry runs past "
                                    "its section");
        ArrayRef<uint8_t> entry = data.slice(dataOffset, size);
        dataOffset += size;
        if (custom)
          continue;
        StringRef text(reinterpret_cast<const char *>(entry.data()),
                       entry.size());
        size_t nul = text.find('\0');
        if (nul == StringRef::npos)
          return cursor(entry).fail("an attribute or type in textual syntax "
                                    "has no terminating NUL");
        if (std::optional<size_t> deep =
                findNestingBeyond(text.take_front(nul), kMaxTextNesting))
          return cursor(entry.drop_front(*deep))
              .fail("an attribute or type nests more than " +
                    llvm::Twine(kMaxTextNesting) + " levels deep");
      }
    }
  }
  if (!offsets.empty())
    return offsets.fail("trailing bytes in the attribute and type offsets");
  return success();
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::optional<BytecodeDefect> mlir::tfg::findBytecodeDefect(StringRef bytes) {
  DefectSlot defect;
  if (failed(FileCheck(bytes, defect).check()) && !defect)
    defect = BytecodeDefect{0, "malformed bytecode"};
  return defect;
}

LogicalResult mlir::tfg::verifyBytecodeStructure(llvm::MemoryBufferRef buffer,
                                                 MLIRContext *context) {
  if (!isBytecode(buffer))
    return success();
  std::optional<BytecodeDefect> defect = findBytecodeDefect(buffer.getBuffer());
  if (!defect)
    return success();
  return emitError(FileLineColLoc::get(context, buffer.getBufferIdentifier(),
                                       /*line=*/0, defect->offset))
         << "malformed MLIR bytecode at byte " << defect->offset << ": "
         << defect->message;
}
