//===- TextProto.h - Minimal protobuf text-format reader --------*- C++ -*-===//
//
// A small, dependency-free reader for the protobuf text format, enough to read
// OpDef lists (ops.pbtxt) and AttrValue defaults without linking protobuf.
// It builds a generic tree of fields; callers interpret the field names.
// Errors carry line and column and never abort.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_TEXTPROTO_H
#define TFG_SUPPORT_TEXTPROTO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// One field of a text-format message: `name: scalar` or `name { ... }`.
struct TextProtoField {
  std::string name;
  /// True when the field is a nested message (`name { ... }`).
  bool isMessage = false;
  /// True when the scalar was a quoted string (already unescaped).
  bool isString = false;
  /// The scalar text (identifier, number, or unescaped string bytes).
  std::string scalar;
  /// The fields of a nested message.
  std::vector<TextProtoField> fields;
  unsigned line = 0, column = 0;

  /// First nested field with the given name, or null.
  const TextProtoField *find(llvm::StringRef fieldName) const;
  /// Scalar of the first nested field with that name, or `dflt`.
  llvm::StringRef get(llvm::StringRef fieldName,
                      llvm::StringRef dflt = "") const;
};

/// Parses a whole text-format message body. The result is a message field
/// with an empty name whose `fields` are the top-level fields. `bufferName`
/// is used in error messages ("file:line:col: message").
llvm::Expected<TextProtoField> parseTextProto(llvm::StringRef text,
                                              llvm::StringRef bufferName);

/// Escapes bytes as a C/protobuf string literal body (without quotes).
std::string escapeTextProtoString(llvm::StringRef bytes);

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_TEXTPROTO_H
