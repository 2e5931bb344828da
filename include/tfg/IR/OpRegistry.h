//===- OpRegistry.h - TensorFlow op signatures for tfg ----------*- C++ -*-===//
//
// The op registry answers, for a TensorFlow op name, the OpDef facts tfg needs:
// input/output arguments, attributes with defaults and allowed values, and the
// flags (stateful, commutative, ...). The 1,563 ops of TensorFlow's registry
// are compiled into constant tables (see lib/IR/Registry); lookups are O(1)
// and cost nothing at start-up. Each MLIRContext's tfg dialect owns an
// extensible registry: functions of a library and user OpDefs can be added at
// run time. No protobuf is involved.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_OPREGISTRY_H
#define TFG_IR_OPREGISTRY_H

#include "tfg/Support/OpDefRecord.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// One input or output argument of an OpDef.
struct OpDefArg {
  llvm::StringRef name;
  /// Fixed DataType number, or 0 when typed through an attribute.
  int32_t type;
  llvm::StringRef typeAttr, numberAttr, typeListAttr;
  bool isRef;
};

/// One attribute of an OpDef. Defaults and allowed values are AttrValue
/// messages in protobuf text format (empty when absent).
struct OpDefAttr {
  llvm::StringRef name, type, defaultValue, allowedValues;
  bool hasMinimum;
  int64_t minimum;
};

/// A compiled OpDef. Instances live in constant tables or in a registry's
/// arena; pointers stay valid for the registry's lifetime.
struct OpDef {
  llvm::StringRef name;
  const OpDefArg *inputsPtr;
  uint32_t numInputs;
  const OpDefArg *outputsPtr;
  uint32_t numOutputs;
  const OpDefAttr *attrsPtr;
  uint32_t numAttrs;
  uint32_t flags;

  llvm::ArrayRef<OpDefArg> inputs() const { return {inputsPtr, numInputs}; }
  llvm::ArrayRef<OpDefArg> outputs() const { return {outputsPtr, numOutputs}; }
  llvm::ArrayRef<OpDefAttr> attrs() const { return {attrsPtr, numAttrs}; }
  const OpDefAttr *findAttr(llvm::StringRef attrName) const;

  bool isStateful() const { return flags & kOpIsStateful; }
  bool isCommutative() const { return flags & kOpIsCommutative; }
  bool isAggregate() const { return flags & kOpIsAggregate; }
  bool allowsUninitializedInput() const {
    return flags & kOpAllowsUninitializedInput;
  }
  bool isDistributedCommunication() const {
    return flags & kOpIsDistributedCommunication;
  }
};

/// The compiled-in TensorFlow op table (immutable, shared by all contexts).
llvm::ArrayRef<OpDef> getBuiltinOpDefs();
/// O(1) lookup in the compiled-in table; null if absent.
const OpDef *lookupBuiltinOpDef(llvm::StringRef name);

/// An extensible registry: run-time registrations shadow the built-in table.
class OpRegistry {
public:
  OpRegistry();
  ~OpRegistry();

  /// Returns the OpDef for `name`, or null.
  const OpDef *lookup(llvm::StringRef name) const;

  /// Registers (or replaces) an op from a record. Returns the stored OpDef.
  const OpDef *registerOp(const OpDefRecord &record);

  /// Registers every OpDef of a text-format OpList; fails with a message
  /// naming the position of the first error (nothing is registered then).
  llvm::Error registerOpsFromText(llvm::StringRef text,
                                  llvm::StringRef bufferName);
  /// Same, reading the text from a file.
  llvm::Error registerOpsFromFile(llvm::StringRef path);

  /// Number of ops registered at run time.
  size_t getNumCustomOps() const { return custom.size(); }

private:
  struct OwnedOpDef;
  std::vector<std::unique_ptr<OwnedOpDef>> storage;
  llvm::StringMap<const OpDef *> custom;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_IR_OPREGISTRY_H
