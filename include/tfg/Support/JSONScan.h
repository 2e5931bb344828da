//===- JSONScan.h - JSON validated without building it ----------*- C++ -*-===//
//
// Checks that a text is one JSON value (RFC 8259, UTF-8) and, when it is an
// object, returns its members as spans of the text, without building any of
// the values. The TF.js importer hands the large member of a model.json (the
// modelTopology, tens of MB) to protobuf as it is written: a DOM of it would
// take about 25 times its size. Iterative: nesting depth costs a byte of
// stack per level, never a call.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_JSONSCAN_H
#define TFG_SUPPORT_JSONSCAN_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace mlir {
namespace tfg {

/// A member of a JSON object: its key (unescaped) and its value's text.
struct JSONMember {
  std::string key;
  llvm::StringRef value;
};

/// How deep arrays and objects may nest by default: far beyond any real
/// document, and shallow enough for recursive JSON parsers (LLVM's) to
/// read what the scanner accepts without running out of stack.
constexpr size_t kDefaultMaxJSONDepth = 1000;

/// Where a JSON text is wrong: line and column from 1 (bytes), and the
/// message without them.
struct JSONScanError {
  size_t line = 0, column = 0;
  std::string message;
};

/// Checks that `text` is one JSON value, surrounded only by whitespace, with
/// arrays and objects nested at most `maxDepth` deep. When it is an object,
/// `members` gets its members in order (a repeated key appears each time);
/// otherwise `members` is left empty and `isObject` false. The error says
/// what is wrong where, as "[line:column, byte=N]: message"; `where`, when
/// given, gets the line, the column and the message apart.
llvm::Error scanJSON(llvm::StringRef text, bool &isObject,
                     llvm::SmallVectorImpl<JSONMember> &members,
                     size_t maxDepth = kDefaultMaxJSONDepth,
                     JSONScanError *where = nullptr);

/// Whether `text` scans as a JSON object (nesting bounded by default), with
/// its members in `members`; false on any error.
bool scanJSONObject(llvm::StringRef text,
                    llvm::SmallVectorImpl<JSONMember> &members);

/// `text` without the UTF-8 byte order mark some editors put first, which
/// RFC 8259 lets a parser ignore and browsers' fetch().json() does.
llvm::StringRef dropByteOrderMark(llvm::StringRef text);

/// `text` from its first JSON token on (after a byte order mark and white
/// space).
llvm::StringRef skipToJSONValue(llvm::StringRef text);

/// Whether `text` begins as a JSON object does (after a byte order mark
/// and white space); it may go on as no JSON does.
bool beginsLikeJSONObject(llvm::StringRef text);

/// Whether `text` (after a byte order mark and white space) scans as a JSON
/// object with a member named `key`; none when it is no JSON object.
std::optional<bool> jsonObjectHasMember(llvm::StringRef text,
                                        llvm::StringRef key);

/// Where `text`, a JSON text, writes the number -0 as an integer literal
/// (`-0` with no fraction or exponent), outside strings: the offsets of
/// their `-`, in order. Protobuf's JSON reader takes such a literal as the
/// integer 0, and a float field then gets +0.
llvm::SmallVector<size_t> findNegativeZeroIntegers(llvm::StringRef text);

/// LLVM's JSON parser, behind the scanner: a text nested deeper than
/// `maxDepth` (which LLVM's parser would recurse on, once per level) is an
/// error, as is anything else the scanner rejects.
llvm::Expected<llvm::json::Value>
parseBoundedJSON(llvm::StringRef text, size_t maxDepth = kDefaultMaxJSONDepth);

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_JSONSCAN_H
