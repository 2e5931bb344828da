//===- BytecodeCursor.h - Reading bytecode for its structure ----*- C++ -*-===//
//
// The primitives of MLIR's bytecode encoding (mlir/Bytecode/Encoding.h,
// https://mlir.llvm.org/docs/BytecodeFormat/) read with every bound
// checked, and the tables the IR section refers to, as BytecodeCheck.cpp
// and BytecodeIRCheck.cpp share them. Private to lib/IR.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IR_BYTECODECURSOR_H
#define TFG_LIB_IR_BYTECODECURSOR_H

#include "tfg/IR/BytecodeCheck.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <vector>

namespace mlir {
namespace tfg {
namespace bytecode_check {

/// Section ids and the bits of an operation's encoding mask
/// (mlir/Bytecode/Encoding.h).
enum SectionID : uint8_t {
  kString = 0,
  kDialect = 1,
  kAttrType = 2,
  kAttrTypeOffset = 3,
  kIR = 4,
  kResource = 5,
  kResourceOffset = 6,
  kDialectVersions = 7,
  kProperties = 8,
  kNumSections = 9,
};
enum OpMask : uint8_t {
  kHasAttrs = 1 << 0,
  kHasResults = 1 << 1,
  kHasOperands = 1 << 2,
  kHasSuccessors = 1 << 3,
  kHasInlineRegions = 1 << 4,
  kHasUseListOrders = 1 << 5,
  kHasProperties = 1 << 6,
};
/// Bytecode versions that changed the encoding.
enum Version : uint64_t {
  kDialectVersioning = 1,
  kLazyLoading = 2,
  kUseListOrdering = 3,
  kElideUnknownBlockArgLocation = 4,
  kNativePropertiesEncoding = 5,
  kCurrentVersion = 6,
};
constexpr uint8_t kAlignmentByte = 0xCB;

/// The first defect found, shared by every cursor of one check.
using DefectSlot = std::optional<BytecodeDefect>;

/// A position in a range of the file. Every read checks its bounds; a
/// failed read records the first defect (with its offset in the file) and
/// returns failure.
class Cursor {
public:
  Cursor(const uint8_t *fileStart, ArrayRef<uint8_t> data, DefectSlot &defect)
      : fileStart(fileStart), pos(data.begin()), end(data.end()),
        defect(defect) {}

  size_t offset() const { return pos - fileStart; }
  size_t remaining() const { return end - pos; }
  bool empty() const { return pos == end; }
  const uint8_t *position() const { return pos; }
  /// A cursor over `data`, a range of the same file.
  Cursor within(ArrayRef<uint8_t> data) const {
    return Cursor(fileStart, data, defect);
  }

  /// Records a defect at `at` (the current position by default).
  LogicalResult fail(const llvm::Twine &message) const {
    return failAt(pos, message);
  }
  LogicalResult failAt(const uint8_t *at, const llvm::Twine &message) const {
    if (!defect)
      defect =
          BytecodeDefect{static_cast<size_t>(at - fileStart), message.str()};
    return failure();
  }

  LogicalResult byte(uint8_t &value, llvm::StringRef what);
  LogicalResult bytes(uint64_t length, ArrayRef<uint8_t> &result,
                      llvm::StringRef what);
  /// A variable-length integer: the low bits of the first byte say how many
  /// bytes follow (trailing zeros), all-zero meaning eight.
  LogicalResult varInt(uint64_t &value, llvm::StringRef what);
  /// A variable-length integer whose low bit is a flag.
  LogicalResult varIntWithFlag(uint64_t &value, bool &flag,
                               llvm::StringRef what);
  /// A count of items that take at least one byte each in this range.
  LogicalResult count(uint64_t &value, llvm::StringRef what);
  /// A count whose low bit is a flag, bounded as count().
  LogicalResult countWithFlag(uint64_t &value, bool &flag,
                              llvm::StringRef what);
  /// An index into a table of `size` entries.
  LogicalResult index(uint64_t size, llvm::StringRef what);
  /// The same, when the index carries a flag in its low bit.
  LogicalResult indexWithFlag(uint64_t size, bool &flag, llvm::StringRef what);
  /// A NUL-terminated string.
  LogicalResult nulTerminated(llvm::StringRef &result, llvm::StringRef what);
  /// Padding (0xCB) up to the next address that is a multiple of
  /// `alignment`, a power of two below 2^32 (the reader keeps it in 32 bits).
  LogicalResult alignTo(uint64_t alignment);
  /// A section header and its data: an id byte (high bit: aligned), the
  /// length, the alignment and its padding if aligned.
  LogicalResult section(uint8_t &id, ArrayRef<uint8_t> &data);

private:
  const uint8_t *fileStart;
  const uint8_t *pos;
  const uint8_t *end;
  DefectSlot &defect;
};

/// What the IR section refers to: the tables of the sections before it.
struct Tables {
  uint64_t version = 0;
  uint64_t numStrings = 0;
  uint64_t numDialects = 0;
  /// For each operation name: 0 not registered when written, 1 registered,
  /// -1 not recorded (versions before kNativePropertiesEncoding).
  std::vector<int8_t> opNameRegistered;
  uint64_t numAttributes = 0;
  uint64_t numTypes = 0;
  uint64_t numProperties = 0;
};

/// Checks the IR section `ir` against `tables` (BytecodeIRCheck.cpp).
LogicalResult checkIRSection(Cursor ir, const Tables &tables,
                             DefectSlot &defect);

} // namespace bytecode_check
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IR_BYTECODECURSOR_H
