//===- MessageDepth.cpp - How deep protobuf messages nest -----------------===//
//
// A walk of a message's encoding with its descriptor: an explicit stack of
// the open messages, so that the depth of the input costs no C++ stack.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/MessageDepth.h"
#include "WireFormat.h"

#include "google/protobuf/descriptor.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir::tfg;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;
using llvm::StringRef;

namespace {
/// A message open on the walk's stack.
struct Frame {
  /// Its type; null for a group its container does not declare.
  const Descriptor *type;
  const FieldDescriptor *field;
  const char *begin;
  /// Where a length-delimited message ends; null for a group, which ends at
  /// its end tag.
  const char *end;
  /// Where the innermost length-delimited message holding it ends.
  const char *bound;
  /// A group's field number.
  uint32_t group;
};
} // namespace

int mlir::tfg::nestedMessageDepth(StringRef encoded, const Descriptor *type,
                                  int limit,
                                  llvm::SmallVectorImpl<NestedMessage> *path) {
  namespace wire = detail::wire;
  llvm::SmallVector<Frame, 16> stack;
  stack.push_back(
      {type, nullptr, encoded.begin(), encoded.end(), encoded.end(), 0});
  int deepest = 0;
  wire::Cursor in{encoded.begin(), encoded.end()};
  // Opens a message; false when it is nested deeper than `limit`.
  auto open = [&](Frame frame) {
    stack.push_back(frame);
    int depth = static_cast<int>(stack.size()) - 1;
    deepest = std::max(deepest, depth);
    if (depth <= limit)
      return true;
    if (path) {
      path->clear();
      for (const Frame &f : llvm::drop_begin(stack))
        path->push_back(
            {f.field, StringRef(f.begin, (f.end ? f.end : f.bound) - f.begin)});
    }
    return false;
  };
  while (true) {
    Frame &top = stack.back();
    if (top.end && in.p == top.end) {
      if (stack.size() == 1)
        return deepest;
      stack.pop_back();
      continue;
    }
    // Fields are read within the innermost length-delimited message.
    in.end = top.bound;
    if (in.atEnd())
      return deepest; // a group left open: the encoding ends here
    uint64_t tag;
    if (!in.varint(tag, 5) || tag > UINT32_MAX || (tag >> 3) == 0)
      return deepest;
    auto number = static_cast<uint32_t>(tag >> 3);
    const FieldDescriptor *field =
        top.type ? top.type->FindFieldByNumber(static_cast<int>(number))
                 : nullptr;
    uint64_t value;
    switch (tag & 7) {
    case wire::kVarint:
      if (!in.varint(value, 10))
        return deepest;
      break;
    case wire::kFixed64:
      if (!in.skip(8))
        return deepest;
      break;
    case wire::kFixed32:
      if (!in.skip(4))
        return deepest;
      break;
    case wire::kLengthDelimited: {
      if (!in.varint(value, 5) || value > static_cast<uint64_t>(in.end - in.p))
        return deepest;
      const char *begin = in.p, *end = in.p + value;
      if (field && field->type() == FieldDescriptor::TYPE_MESSAGE) {
        if (!open({field->message_type(), field, begin, end, end, 0}))
          return limit + 1;
      } else {
        in.p = end;
      }
      break;
    }
    case 3: { // start group
      const Descriptor *groupType =
          field && field->type() == FieldDescriptor::TYPE_GROUP
              ? field->message_type()
              : nullptr;
      if (!open({groupType, field, in.p, nullptr, top.bound, number}))
        return limit + 1;
      break;
    }
    case 4: // end group
      if (top.end || top.group != number)
        return deepest;
      stack.pop_back();
      break;
    default:
      return deepest;
    }
  }
}

StringRef mlir::tfg::lastStringField(StringRef encoded, uint32_t number) {
  StringRef found;
  detail::wire::forEachField(
      encoded, [&](uint32_t n, uint32_t type, StringRef payload, StringRef) {
        if (n == number && type == detail::wire::kLengthDelimited)
          found = payload;
        return true;
      });
  return found;
}

std::string
mlir::tfg::describeGraphDefPath(llvm::ArrayRef<NestedMessage> path) {
  // GraphDef fields: node = 1, library = 2; FunctionDefLibrary: function =
  // 1; FunctionDef: signature = 1 (OpDef: name = 1), node_def = 3; NodeDef:
  // name = 1.
  auto number = [&](size_t i) {
    return i < path.size() && path[i].field ? path[i].field->number() : 0;
  };
  auto quoted = [](StringRef name) { return "'" + name.str() + "'"; };
  if (number(0) == 1)
    return "node " + quoted(lastStringField(path[0].encoding, 1));
  if (number(0) == 2 && number(1) == 1) {
    std::string function =
        "function " +
        quoted(lastStringField(lastStringField(path[1].encoding, 1), 1));
    if (number(2) == 3)
      return "node " + quoted(lastStringField(path[2].encoding, 1)) + " of " +
             function;
    return function;
  }
  if (!path.empty() && path[0].field)
    return "the GraphDef's " + path[0].field->name();
  return "the GraphDef";
}
