//===- TextProto.cpp - Minimal protobuf text-format reader ----------------===//
//
// An iterative (explicit stack) reader for the protobuf text format, so that
// deeply nested input cannot overflow the C++ stack.
//
//===----------------------------------------------------------------------===//

#include "tfg/Support/TextProto.h"
#include "TextProtoLexer.h"

using namespace mlir::tfg;
using llvm::StringRef;

// Nesting limit: keeps consumers that walk the tree recursively safe.
static constexpr size_t kMaxNesting = 256;

const TextProtoField *TextProtoField::find(StringRef fieldName) const {
  for (const TextProtoField &f : fields)
    if (f.name == fieldName)
      return &f;
  return nullptr;
}

StringRef TextProtoField::get(StringRef fieldName, StringRef dflt) const {
  const TextProtoField *f = find(fieldName);
  return f && !f->isMessage ? StringRef(f->scalar) : dflt;
}

llvm::Expected<TextProtoField> mlir::tfg::parseTextProto(StringRef text,
                                                         StringRef bufferName) {
  detail::TextProtoLexer lex(text, bufferName);
  TextProtoField root;
  root.isMessage = true;
  // Stack of open messages and the closing character each expects.
  std::vector<std::pair<TextProtoField *, char>> stack = {{&root, '\0'}};
  while (true) {
    TextProtoField *cur = stack.back().first;
    char close = stack.back().second;
    if (lex.atEnd()) {
      if (close != '\0')
        return lex.error(llvm::Twine("expected '") + llvm::Twine(close) +
                         "' before end of input");
      return root;
    }
    if (close != '\0' && lex.consume(close)) {
      stack.pop_back();
      continue;
    }
    unsigned line = lex.line, col = lex.col();
    StringRef name;
    if (lex.consume('[')) {
      // Extension or Any type URL: keep the bracketed name verbatim.
      size_t start = lex.pos;
      while (lex.pos < lex.text.size() && lex.text[lex.pos] != ']')
        ++lex.pos;
      if (lex.pos >= lex.text.size())
        return lex.error("unterminated '[' field name");
      name = lex.text.slice(start, lex.pos++);
    } else {
      name = lex.lexWord();
    }
    if (name.empty())
      return lex.error("expected a field name");
    TextProtoField field;
    field.name = name.str();
    field.line = line;
    field.column = col;
    bool colon = lex.consume(':');
    char c = lex.peek();
    if (c == '{' || c == '<') {
      ++lex.pos;
      field.isMessage = true;
      if (stack.size() > kMaxNesting)
        return lex.error("messages nested too deeply");
      cur->fields.push_back(std::move(field));
      stack.push_back({&cur->fields.back(), c == '{' ? '}' : '>'});
      continue;
    }
    if (!colon)
      return lex.error("expected ':' or '{' after field '" + name + "'");
    if (c == '[') {
      // A repeated scalar list: `name: [a, b]` becomes repeated fields.
      ++lex.pos;
      while (!lex.consume(']')) {
        if (lex.atEnd())
          return lex.error("unterminated list");
        TextProtoField elt = field;
        if (lex.peek() == '"' || lex.peek() == '\'') {
          elt.isString = true;
          if (llvm::Error e = lex.lexString(elt.scalar))
            return std::move(e);
        } else {
          elt.scalar = lex.lexWord().str();
          if (elt.scalar.empty())
            return lex.error("expected a scalar in list");
        }
        cur->fields.push_back(std::move(elt));
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      field.isString = true;
      if (llvm::Error e = lex.lexString(field.scalar))
        return std::move(e);
    } else {
      field.scalar = lex.lexWord().str();
      if (field.scalar.empty())
        return lex.error("expected a value for field '" + name + "'");
    }
    cur->fields.push_back(std::move(field));
  }
}

std::string mlir::tfg::escapeTextProtoString(StringRef bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (unsigned char c : bytes) {
    switch (c) {
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '"':
      out += "\\\"";
      break;
    case '\'':
      out += "\\'";
      break;
    default:
      if (c < 0x20 || c >= 0x7f) {
        char buf[5];
        snprintf(buf, sizeof(buf), "\\%03o", c);
        out += buf;
      } else {
        out.push_back(c);
      }
    }
  }
  return out;
}
