//===- JSONByteArrays.cpp - Bytes written as arrays of byte values --------===//
//
// Protobuf's JSON mapping writes a bytes field as a base64 string. Models
// written by TensorFlow.js converters 0.x and 1.x write some as arrays of
// byte values instead (an attribute's `s`, a list's `s`, a tensor's
// `stringVal`), which TensorFlow.js reads (it interprets model.json itself:
// an array is taken as character codes, a string as base64). Protobuf
// refuses them; this pass finds them, guided by the message's descriptor
// (so that only bytes fields are touched, whatever their keys are), and
// rewrites each array as the base64 string protobuf reads. One pass over
// the text, iterative (an explicit stack, a frame per open object or
// array); a text that is no JSON is left to protobuf, which says why.
//
//===----------------------------------------------------------------------===//

#include "tfg/ImportExport/GraphDefJSON.h"

#include "google/protobuf/descriptor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Base64.h"

#include <vector>

using namespace mlir;
using namespace mlir::tfg;
using google::protobuf::Descriptor;
using google::protobuf::FieldDescriptor;

namespace {
/// What an open object or array holds.
struct Frame {
  enum Kind { Message, Map, Repeated, Skip } kind;
  bool isObject;
  /// Message: the message; its member being read (null when unknown).
  const Descriptor *message = nullptr;
  const FieldDescriptor *member = nullptr;
  /// Map, Repeated: the field.
  const FieldDescriptor *field = nullptr;
  /// Objects: whether a key comes next.
  bool expectKey = true;
};

/// A byte array's text and the base64 string that replaces it.
struct Replacement {
  size_t begin, end;
  std::string text;
};
} // namespace

static bool isDelimiter(char c) {
  return c == ',' || c == '}' || c == ']' || c == ':' || llvm::isSpace(c);
}

/// The end of the string starting at `pos` (after its closing quote); npos
/// when it does not end.
static size_t skipString(StringRef text, size_t pos) {
  for (++pos; pos < text.size(); ++pos) {
    if (text[pos] == '\\')
      ++pos;
    else if (text[pos] == '"')
      return pos + 1;
  }
  return StringRef::npos;
}

/// The field a member's key names in `message`: its name or its
/// lowerCamelCase JSON name (protobuf reads both; TensorFlow's protos set no
/// other JSON names).
static const FieldDescriptor *findField(const Descriptor *message,
                                        StringRef key) {
  std::string name = key.str();
  if (const FieldDescriptor *field = message->FindFieldByName(name))
    return field;
  return message->FindFieldByCamelcaseName(name);
}

ByteArrayRewrite mlir::tfg::rewriteJSONByteArrays(StringRef text,
                                                  const Descriptor *root,
                                                  std::string &out,
                                                  JSONByteArrayError &error) {
  std::vector<Frame> stack;
  std::vector<Replacement> replacements;
  size_t pos = 0;
  auto skipSpace = [&] {
    while (pos < text.size() && llvm::isSpace(text[pos]))
      ++pos;
  };
  // Reads the byte array at `pos` ('['): its values, base64-encoded.
  auto readBytes = [&](const FieldDescriptor *field) -> bool {
    size_t begin = pos++;
    std::string bytes;
    for (;;) {
      skipSpace();
      if (pos < text.size() && text[pos] == ']' && bytes.empty())
        break;
      size_t at = pos;
      while (pos < text.size() && !isDelimiter(text[pos]))
        ++pos;
      StringRef literal = text.slice(at, pos);
      unsigned value;
      if (literal.empty() || literal.getAsInteger(10, value) || value > 255 ||
          !llvm::isDigit(literal.front())) {
        error.offset = at;
        error.message =
            ("bytes field '" + field->name() + "' is an array, whose element " +
             Twine(bytes.size()) + " ('" +
             (literal.empty() ? text.slice(at, at + 1) : literal) +
             "') is not a byte value (an integer from 0 to 255)")
                .str();
        return false;
      }
      bytes.push_back(static_cast<char>(value));
      skipSpace();
      if (pos < text.size() && text[pos] == ',') {
        ++pos;
        continue;
      }
      if (pos < text.size() && text[pos] == ']')
        break;
      error.offset = pos;
      error.message = ("bytes field '" + field->name() +
                       "' is an array that is not closed after element " +
                       Twine(bytes.size() - 1))
                          .str();
      return false;
    }
    ++pos;
    replacements.push_back(
        {begin, pos, "\"" + llvm::encodeBase64(bytes) + "\""});
    return true;
  };

  bool atRoot = true;
  while (true) {
    skipSpace();
    if (pos >= text.size())
      break;
    char c = text[pos];
    Frame *top = stack.empty() ? nullptr : &stack.back();
    if (c == ',') {
      if (top && top->isObject)
        top->expectKey = true;
      ++pos;
      continue;
    }
    if (c == ':') {
      ++pos;
      continue;
    }
    if (c == '}' || c == ']') {
      if (!top || top->isObject != (c == '}'))
        return ByteArrayRewrite::Unchanged; // Not JSON: protobuf says why.
      stack.pop_back();
      ++pos;
      continue;
    }
    if (top && top->isObject && top->expectKey) {
      if (c != '"')
        return ByteArrayRewrite::Unchanged;
      size_t end = skipString(text, pos);
      if (end == StringRef::npos)
        return ByteArrayRewrite::Unchanged;
      StringRef key = text.slice(pos + 1, end - 1);
      top->member = top->kind == Frame::Message && !key.contains('\\')
                        ? findField(top->message, key)
                        : nullptr;
      top->expectKey = false;
      pos = end;
      continue;
    }
    // A value: what field it is of, and whether it is an element of it.
    const FieldDescriptor *field = nullptr;
    bool element = false;
    if (top && top->kind == Frame::Message) {
      field = top->member;
    } else if (top && top->kind == Frame::Map) {
      field = top->field->message_type()->map_value();
    } else if (top && top->kind == Frame::Repeated) {
      field = top->field;
      element = true;
    }
    bool repeated = field && field->is_repeated() && !element;
    if (c == '{') {
      Frame frame{Frame::Skip, /*isObject=*/true};
      if (atRoot) {
        frame.kind = Frame::Message;
        frame.message = root;
      } else if (field && field->is_map() && !element) {
        frame.kind = Frame::Map;
        frame.field = field;
      } else if (field && !repeated &&
                 field->type() == FieldDescriptor::TYPE_MESSAGE) {
        frame.kind = Frame::Message;
        frame.message = field->message_type();
      }
      stack.push_back(frame);
      atRoot = false;
      ++pos;
      continue;
    }
    atRoot = false;
    if (c == '[') {
      if (field && !repeated && field->type() == FieldDescriptor::TYPE_BYTES) {
        if (!readBytes(field))
          return ByteArrayRewrite::Failed;
        continue;
      }
      Frame frame{Frame::Skip, /*isObject=*/false};
      if (repeated && !field->is_map()) {
        frame.kind = Frame::Repeated;
        frame.field = field;
      }
      stack.push_back(frame);
      ++pos;
      continue;
    }
    if (c == '"') {
      pos = skipString(text, pos);
      if (pos == StringRef::npos)
        return ByteArrayRewrite::Unchanged;
      continue;
    }
    // A number or a literal.
    size_t start = pos;
    while (pos < text.size() && !isDelimiter(text[pos]) && text[pos] != '{' &&
           text[pos] != '[' && text[pos] != '"')
      ++pos;
    if (pos == start)
      return ByteArrayRewrite::Unchanged;
  }
  if (replacements.empty())
    return ByteArrayRewrite::Unchanged;
  out.clear();
  out.reserve(text.size());
  size_t from = 0;
  for (const Replacement &r : replacements) {
    out.append(text.data() + from, r.begin - from);
    out += r.text;
    from = r.end;
  }
  out.append(text.data() + from, text.size() - from);
  return ByteArrayRewrite::Rewritten;
}
