//===- BytecodeIRCheck.cpp - The IR section of untrusted bytecode ---------===//
//
// Walks the IR section of MLIR bytecode as MLIR 22's reader reads it
// (regions, blocks, operations, values, use-list orders), iteratively and
// without building IR, checking every count against the bytes that remain
// and every index against its table (tfg/IR/BytecodeCheck.h). Beyond the
// reader's own checks it requires what MLIR's writer always produces and
// the reader relies on without checking:
// - each region defines exactly the number of values it declares (the
//   reader allocates them first), so values in flight never exceed the
//   bytes that remain;
// - use-list orders name uses that exist (the reader writes at the
//   positions they name);
// - no trailing bytes, no unknown bits in an operation's mask.
//
//===----------------------------------------------------------------------===//

#include "BytecodeCursor.h"

#include <memory>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::bytecode_check;

namespace {
constexpr uint64_t kNoValue = ~uint64_t(0);

/// A value slot of a scope: the value defined there, and the uses of it
/// read before its definition (forward references).
struct Slot {
  uint64_t value = kNoValue;
  uint64_t pendingUses = 0;
};

/// Values visible at one point: a scope per region isolated from above, a
/// range of slots per region being read within it (as the reader's
/// ValueScope).
struct Scope {
  std::vector<Slot> slots;
  std::vector<uint64_t> nextSlot;
};

/// The regions of one operation being read.
struct Frame {
  Cursor *reader;
  std::unique_ptr<Cursor> ownReader;
  uint64_t regionsLeft;
  bool isolated;
  bool inRegion = false;
  uint64_t numBlocks = 0, blocksLeft = 0, opsLeft = 0;
  uint64_t numValues = 0, defined = 0;
};

/// A use-list order, checked once every use has been counted.
struct UseListOrder {
  const uint8_t *at;
  uint64_t value;
  bool pairs;
  std::vector<uint64_t> indices;
};

class IRCheck {
public:
  IRCheck(Cursor ir, const Tables &tables, DefectSlot &defect)
      : top(ir), tables(tables), defect(defect),
        irEnd(ir.position() + ir.remaining()) {}

  LogicalResult check();

private:
  LogicalResult blockHeader(Frame &frame, bool moduleBody = false);
  LogicalResult operation(Frame &frame);
  LogicalResult regionStart(Frame &frame);
  LogicalResult regionEnd(Frame &frame);
  LogicalResult define(Cursor &reader, uint64_t count,
                       SmallVectorImpl<uint64_t> *ids);
  LogicalResult operand(Cursor &reader);
  LogicalResult useListOrders(Cursor &reader, ArrayRef<uint64_t> values);
  LogicalResult checkUseListOrders();

  Cursor top;
  const Tables &tables;
  DefectSlot &defect;
  const uint8_t *irEnd;
  std::vector<Frame> frames;
  std::vector<Scope> scopes;
  /// Uses counted for each value defined, by value id.
  std::vector<uint64_t> uses;
  std::vector<UseListOrder> orders;
  /// Values the regions being read have declared and not yet defined.
  uint64_t pendingValues = 0;
};
} // namespace

/// Defines `count` values in the innermost region, as the reader's
/// defineValues: within the slots of the innermost scope.
LogicalResult IRCheck::define(Cursor &reader, uint64_t count,
                              SmallVectorImpl<uint64_t> *ids) {
  Scope &scope = scopes.back();
  uint64_t &next = scope.nextSlot.back();
  if (count > scope.slots.size() - next)
    return reader.fail("defines " + llvm::Twine(count) +
                       " values where its region declared room for " +
                       llvm::Twine(scope.slots.size() - next));
  Frame &frame = frames.back();
  for (uint64_t i = 0; i < count; ++i, ++next) {
    Slot &slot = scope.slots[next];
    slot.value = uses.size();
    uses.push_back(slot.pendingUses);
    slot.pendingUses = 0;
    if (ids)
      ids->push_back(slot.value);
  }
  frame.defined += count;
  pendingValues -= count;
  return success();
}

LogicalResult IRCheck::operand(Cursor &reader) {
  const uint8_t *at = reader.position();
  uint64_t index;
  if (failed(reader.varInt(index, "an operand")))
    return failure();
  std::vector<Slot> &slots = scopes.back().slots;
  if (index >= slots.size())
    return reader.failAt(at, "operand value " + llvm::Twine(index) +
                                 " is out of range (" +
                                 llvm::Twine(slots.size()) + " values)");
  Slot &slot = slots[index];
  if (slot.value == kNoValue)
    ++slot.pendingUses;
  else
    ++uses[slot.value];
  return success();
}

/// Use-list orders for a range of values (results or block arguments): how
/// many values have one (if more than one value), then for each the
/// value's position (likewise), the number of indices with the
/// pair-encoding flag, and the indices.
LogicalResult IRCheck::useListOrders(Cursor &reader,
                                     ArrayRef<uint64_t> values) {
  uint64_t numOrdered = 1;
  if (values.size() > 1 &&
      failed(reader.count(numOrdered, "the number of use-list orders")))
    return failure();
  std::vector<bool> seen(values.size());
  for (uint64_t i = 0; i < numOrdered; ++i) {
    const uint8_t *at = reader.position();
    uint64_t position = 0;
    if (values.size() > 1 &&
        failed(reader.varInt(position, "a use-list order's value")))
      return failure();
    if (position >= values.size() || seen[position])
      return reader.failAt(
          at, "a use-list order for value " + llvm::Twine(position) + " of " +
                  llvm::Twine(values.size()) + " (out of range or repeated)");
    seen[position] = true;
    UseListOrder order{at, values[position], false, {}};
    uint64_t numIndices;
    if (failed(reader.countWithFlag(numIndices, order.pairs,
                                    "the number of use-list indices")))
      return failure();
    order.indices.resize(numIndices);
    for (uint64_t &index : order.indices)
      if (failed(reader.varInt(index, "a use-list index")))
        return failure();
    orders.push_back(std::move(order));
  }
  return success();
}

/// The reader applies use-list orders once everything is read; an index
/// past the value's uses is written out of bounds (pair encoding).
LogicalResult IRCheck::checkUseListOrders() {
  for (const UseListOrder &order : orders) {
    uint64_t numUses = uses[order.value];
    if (numUses <= 1)
      continue;
    Cursor at(top);
    if (order.pairs ? order.indices.size() % 2 != 0
                    : order.indices.size() != numUses)
      return at.failAt(order.at, "a use-list order of " +
                                     llvm::Twine(order.indices.size()) +
                                     " indices for a value of " +
                                     llvm::Twine(numUses) + " uses");
    for (uint64_t index : order.indices)
      if (index >= numUses)
        return at.failAt(order.at, "a use-list order names use " +
                                       llvm::Twine(index) + " of a value of " +
                                       llvm::Twine(numUses) + " uses");
  }
  return success();
}

/// A block: the number of operations with a flag for arguments, the
/// arguments (type, optional location), their use-list orders. The module
/// body may not have the flag: MLIR 22's reader defines its arguments
/// (even none) before it has a value scope, and faults (SIGSEGV in
/// parseIRSection).
LogicalResult IRCheck::blockHeader(Frame &frame, bool moduleBody) {
  Cursor &reader = *frame.reader;
  const uint8_t *at = reader.position();
  bool hasArgs;
  if (failed(reader.countWithFlag(frame.opsLeft, hasArgs,
                                  "the number of operations")))
    return failure();
  if (!hasArgs)
    return success();
  if (moduleBody)
    return reader.failAt(at, "the top-level block declares arguments");
  uint64_t numArgs;
  if (failed(reader.count(numArgs, "the number of block arguments")))
    return failure();
  for (uint64_t i = 0; i < numArgs; ++i) {
    if (tables.version >= kElideUnknownBlockArgLocation) {
      bool hasLoc;
      if (failed(reader.indexWithFlag(tables.numTypes, hasLoc,
                                      "block argument type")) ||
          (hasLoc && failed(reader.index(tables.numAttributes,
                                         "block argument location"))))
        return failure();
      continue;
    }
    if (failed(reader.index(tables.numTypes, "block argument type")) ||
        failed(reader.index(tables.numAttributes, "block argument location")))
      return failure();
  }
  SmallVector<uint64_t> ids;
  if (failed(define(reader, numArgs, &ids)))
    return failure();
  if (tables.version < kUseListOrdering)
    return success();
  uint8_t hasOrders;
  if (failed(reader.byte(hasOrders, "the use-list order flag")))
    return failure();
  // Any byte but 0 means "orders follow" to MLIR's reader.
  return hasOrders ? useListOrders(reader, ids) : success();
}

/// An operation without its regions: name, mask, location, attributes,
/// properties, result types, operands, successors, use-list orders, the
/// number of regions. Pushes a frame for its regions.
LogicalResult IRCheck::operation(Frame &frame) {
  Cursor &reader = *frame.reader;
  const uint8_t *nameAt = reader.position();
  uint64_t name;
  if (failed(reader.varInt(name, "an operation name")))
    return failure();
  if (name >= tables.opNameRegistered.size())
    return reader.failAt(
        nameAt, "operation name " + llvm::Twine(name) + " is out of range (" +
                    llvm::Twine(tables.opNameRegistered.size()) + " names)");
  uint8_t mask;
  if (failed(reader.byte(mask, "an operation's encoding mask")))
    return failure();
  if (mask & 0x80)
    return reader.failAt(reader.position() - 1,
                         "an operation's encoding mask has an unknown bit");
  if (failed(reader.index(tables.numAttributes, "operation location")))
    return failure();
  if ((mask & kHasAttrs) &&
      failed(reader.index(tables.numAttributes, "attribute dictionary")))
    return failure();
  if (mask & kHasProperties) {
    int8_t registered = tables.opNameRegistered[name];
    if (registered < 0)
      return reader.fail("properties in bytecode older than version 5");
    if (failed(registered ? reader.index(tables.numProperties, "properties")
                          : reader.index(tables.numAttributes,
                                         "properties attribute")))
      return failure();
  }
  uint64_t numResults = 0;
  if (mask & kHasResults) {
    if (failed(reader.count(numResults, "the number of results")))
      return failure();
    for (uint64_t i = 0; i < numResults; ++i)
      if (failed(reader.index(tables.numTypes, "result type")))
        return failure();
  }
  if (mask & kHasOperands) {
    uint64_t numOperands;
    if (failed(reader.count(numOperands, "the number of operands")))
      return failure();
    for (uint64_t i = 0; i < numOperands; ++i)
      if (failed(operand(reader)))
        return failure();
  }
  if (mask & kHasSuccessors) {
    uint64_t numSuccessors;
    if (failed(reader.count(numSuccessors, "the number of successors")))
      return failure();
    for (uint64_t i = 0; i < numSuccessors; ++i)
      if (failed(reader.index(frame.numBlocks, "successor block")))
        return failure();
  }
  // Parsed now, applied to the results once they are defined.
  const uint8_t *ordersAt = nullptr;
  Cursor ordersReader = reader;
  if (tables.version >= kUseListOrdering && (mask & kHasUseListOrders)) {
    ordersAt = reader.position();
    // Skip over them here; they are read once the result ids are known.
    SmallVector<uint64_t> placeholder(numResults, 0);
    size_t before = orders.size();
    if (failed(useListOrders(reader, placeholder)))
      return failure();
    orders.resize(before);
  }
  uint64_t numRegions = 0;
  bool isolated = false;
  if ((mask & kHasInlineRegions) &&
      failed(
          reader.countWithFlag(numRegions, isolated, "the number of regions")))
    return failure();

  SmallVector<uint64_t> ids;
  if (frame.numValues && numResults && failed(define(reader, numResults, &ids)))
    return failure();
  if (ordersAt) {
    if (ids.size() != numResults)
      return reader.failAt(ordersAt, "use-list orders for results that "
                                     "define no value");
    if (failed(useListOrders(ordersReader, ids)))
      return failure();
  }
  if (!numRegions)
    return success();

  Frame child{&reader, nullptr, numRegions, isolated};
  if (tables.version >= kLazyLoading && isolated) {
    const uint8_t *at = reader.position();
    uint8_t id;
    ArrayRef<uint8_t> data;
    if (failed(reader.section(id, data)))
      return failure();
    if (id != kIR)
      return reader.failAt(at, "the regions of an operation isolated from "
                               "above are not in an IR section");
    child.ownReader = std::make_unique<Cursor>(reader.within(data));
    child.reader = child.ownReader.get();
  }
  if (isolated)
    scopes.emplace_back();
  frames.push_back(std::move(child));
  return success();
}

/// A region: the number of blocks and, if any, the number of values it
/// defines directly, then its first block.
LogicalResult IRCheck::regionStart(Frame &frame) {
  Cursor &reader = *frame.reader;
  if (failed(reader.count(frame.numBlocks, "the number of blocks")))
    return failure();
  if (frame.numBlocks == 0) {
    --frame.regionsLeft;
    return success();
  }
  const uint8_t *at = reader.position();
  if (failed(reader.varInt(frame.numValues, "the number of values")))
    return failure();
  // Each value still to be defined takes at least a byte of what remains.
  uint64_t left = irEnd - reader.position();
  if (frame.numValues > left - std::min(left, pendingValues))
    return reader.failAt(at, "a region declares " +
                                 llvm::Twine(frame.numValues) +
                                 " values, more than the bytes that remain "
                                 "can define");
  pendingValues += frame.numValues;
  frame.defined = 0;
  Scope &scope = scopes.back();
  scope.nextSlot.push_back(scope.slots.size());
  scope.slots.resize(scope.slots.size() + frame.numValues);
  frame.inRegion = true;
  frame.blocksLeft = frame.numBlocks - 1;
  return blockHeader(frame);
}

LogicalResult IRCheck::regionEnd(Frame &frame) {
  if (frame.defined != frame.numValues)
    return frame.reader->fail(
        "a region declared " + llvm::Twine(frame.numValues) +
        " values and defined " + llvm::Twine(frame.defined));
  Scope &scope = scopes.back();
  uint64_t begin = scope.nextSlot.back() - frame.defined;
  for (uint64_t i = begin; i < scope.slots.size(); ++i)
    if (scope.slots[i].pendingUses)
      return frame.reader->fail("a region uses a value it never defines");
  scope.slots.resize(begin);
  scope.nextSlot.pop_back();
  frame.inRegion = false;
  --frame.regionsLeft;
  return success();
}

LogicalResult IRCheck::check() {
  // The top level: the body of a module, whose block header comes first.
  scopes.emplace_back();
  scopes.back().nextSlot.push_back(0);
  frames.push_back(Frame{&top, nullptr, 1, true});
  frames.back().inRegion = true;
  frames.back().numBlocks = 1;
  if (failed(blockHeader(frames.back(), /*moduleBody=*/true)))
    return failure();
  while (!frames.empty()) {
    Frame &frame = frames.back();
    if (frame.regionsLeft == 0) {
      if (frame.ownReader && !frame.ownReader->empty())
        return frame.ownReader->fail("trailing bytes after the regions of an "
                                     "operation isolated from above");
      if (frame.isolated)
        scopes.pop_back();
      frames.pop_back();
      continue;
    }
    LogicalResult step = success();
    if (!frame.inRegion) {
      step = regionStart(frame);
    } else if (frame.opsLeft) {
      --frame.opsLeft;
      step = operation(frame); // May push a frame: `frame` is stale after.
    } else if (frame.blocksLeft) {
      --frame.blocksLeft;
      step = blockHeader(frame);
    } else {
      step = regionEnd(frame);
    }
    if (failed(step))
      return failure();
  }
  if (!top.empty())
    return top.fail("trailing bytes after the IR");
  return checkUseListOrders();
}

LogicalResult mlir::tfg::bytecode_check::checkIRSection(Cursor ir,
                                                        const Tables &tables,
                                                        DefectSlot &defect) {
  return IRCheck(ir, tables, defect).check();
}
