//===- MessageDepth.h - How deep protobuf messages nest ---------*- C++ -*-===//
//
// Protobuf's readers and writers refuse messages nested beyond a depth;
// tfg's readers keep the binary reader's limit for every form, and export
// checks it before writing (see docs/rationale/ImportExport.md, "Message
// depth").
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IMPORTEXPORT_MESSAGEDEPTH_H
#define TFG_IMPORTEXPORT_MESSAGEDEPTH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace google {
namespace protobuf {
class Descriptor;
class FieldDescriptor;
} // namespace protobuf
} // namespace google

namespace mlir {
namespace tfg {

/// How deep protobuf's binary reader lets messages nest (CodedInputStream's
/// default recursion limit): the message read is at depth 0 (a GraphDef),
/// the messages it holds at 1 (its nodes), and nothing may be deeper than
/// this. tfg's text reader is given the same limit (protobuf's text parser
/// has none unless told), and its JSON reader stops one level before (at
/// 100 JSON objects, the outermost counted).
constexpr int kMaxMessageDepth = 100;

/// How deep protobuf 3.21's JSON writer (BinaryToJsonString) follows
/// messages: it fails on a message nested deeper, with depths counted as
/// above.
constexpr int kMaxJSONWriteDepth = 64;

/// A message on the way to one nested too deep: the field that holds it
/// (null for a group that its container does not declare) and its
/// encoding (for a group, from after its start tag to the end of what
/// holds it).
struct NestedMessage {
  const google::protobuf::FieldDescriptor *field;
  llvm::StringRef encoding;
};

/// How deep messages nest in `encoded`, the encoding of a message of type
/// `type`: 0 when it holds no message, 1 when the messages it holds hold
/// none, and so on, counted as protobuf's parser counts them (map entries
/// are messages, and groups are, known or not; an undeclared
/// length-delimited field is bytes). Stops at the first message nested
/// deeper than `limit`, returning `limit + 1`, and then gives in `path` the
/// messages from the outermost down to that one. Iterative; an encoding
/// that does not read is walked as far as it reads.
int nestedMessageDepth(llvm::StringRef encoded,
                       const google::protobuf::Descriptor *type, int limit,
                       llvm::SmallVectorImpl<NestedMessage> *path = nullptr);

/// The last length-delimited field `number` of `encoded` (protobuf's rule
/// for a singular field given twice), as far as the encoding reads; empty
/// when there is none.
llvm::StringRef lastStringField(llvm::StringRef encoded, uint32_t number);

/// For a diagnostic: what the path of a GraphDef's message nested too deep
/// (from nestedMessageDepth on a GraphDef's encoding) lies in, as "node
/// 'x'", "node 'x' of function 'f'", "function 'f'" or "the GraphDef's
/// <field>".
std::string describeGraphDefPath(llvm::ArrayRef<NestedMessage> path);

} // namespace tfg
} // namespace mlir

#endif // TFG_IMPORTEXPORT_MESSAGEDEPTH_H
