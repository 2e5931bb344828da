//===- OpDefRecord.h - OpDef data read from text format ---------*- C++ -*-===//
//
// Plain C++ records for TensorFlow OpDefs, read from the protobuf text format
// (an `OpList` of `op { ... }` entries, as in TensorFlow's ops.pbtxt). They
// feed both the build-time generator of the compiled op table and the run-time
// registration of custom OpDefs; neither needs protobuf.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_OPDEFRECORD_H
#define TFG_SUPPORT_OPDEFRECORD_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// Bits of OpDef's boolean flags.
enum OpDefFlags : uint32_t {
  kOpIsStateful = 1u << 0,
  kOpIsCommutative = 1u << 1,
  kOpIsAggregate = 1u << 2,
  kOpAllowsUninitializedInput = 1u << 3,
  kOpIsDistributedCommunication = 1u << 4,
};

struct OpDefArgRecord {
  std::string name;
  /// DataType enum value (0 = DT_INVALID when the type comes from an attr).
  int32_t type = 0;
  std::string typeAttr, numberAttr, typeListAttr;
  bool isRef = false;
};

struct OpDefAttrRecord {
  std::string name, type;
  /// The AttrValue default in text format (e.g. `b: false`), or empty.
  std::string defaultValue;
  /// The allowed values as an AttrValue in text format, or empty.
  std::string allowedValues;
  bool hasMinimum = false;
  int64_t minimum = 0;
};

struct OpDefRecord {
  std::string name;
  std::vector<OpDefArgRecord> inputs, outputs;
  std::vector<OpDefAttrRecord> attrs;
  uint32_t flags = 0;
};

/// Reads every `op { ... }` of a text-format OpList. Also accepts a single
/// OpDef body (a text with a top-level `name:` field).
llvm::Expected<std::vector<OpDefRecord>>
parseOpDefList(llvm::StringRef text, llvm::StringRef bufferName);

/// The hash used by the compiled op table (FNV-1a, 32 bits). Shared by the
/// generator and the run-time lookup.
inline uint32_t hashOpName(llvm::StringRef name) {
  uint32_t h = 2166136261u;
  for (unsigned char c : name) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

/// Maps a `DT_*` enum name to its number; -1 if unknown.
int32_t dataTypeFromName(llvm::StringRef name);
/// Maps a DataType number to its `DT_*` name; empty if unknown.
llvm::StringRef dataTypeName(int32_t type);

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_OPDEFRECORD_H
