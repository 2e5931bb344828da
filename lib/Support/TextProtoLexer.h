//===- TextProtoLexer.h - Tokens of the protobuf text format ----*- C++ -*-===//
//
// The lexer of the text-format readers in TFGSupport (TextProto.cpp, which
// builds a tree, and TextGraphPositions.cpp, which only finds where nodes
// are written): white space, `#` comments and separators skipped, words,
// and quoted strings with their C escapes, with line and column.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_SUPPORT_TEXTPROTOLEXER_H
#define TFG_LIB_SUPPORT_TEXTPROTOLEXER_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>

namespace mlir {
namespace tfg {
namespace detail {

using llvm::StringRef;

class TextProtoLexer {
public:
  TextProtoLexer(StringRef text, StringRef bufferName)
      : text(text), bufferName(bufferName) {}

  void skipSpace() {
    while (pos < text.size()) {
      char c = text[pos];
      if (c == '#') {
        while (pos < text.size() && text[pos] != '\n')
          ++pos;
      } else if (c == '\n') {
        ++line;
        lineStart = ++pos;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == ';') {
        ++pos;
      } else {
        return;
      }
    }
  }
  bool atEnd() {
    skipSpace();
    return pos >= text.size();
  }
  char peek() {
    skipSpace();
    return pos < text.size() ? text[pos] : '\0';
  }
  bool consume(char c) {
    if (peek() != c)
      return false;
    ++pos;
    return true;
  }
  unsigned col() const { return pos - lineStart + 1; }

  llvm::Error error(const llvm::Twine &msg) const {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   llvm::formatv("{0}:{1}:{2}: {3}", bufferName,
                                                 line, pos - lineStart + 1,
                                                 msg.str())
                                       .str());
  }

  // Identifier or bare scalar: letters, digits, '_', '.', '-', '+'.
  StringRef lexWord() {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() &&
           (llvm::isAlnum(text[pos]) || text[pos] == '_' || text[pos] == '.' ||
            text[pos] == '-' || text[pos] == '+'))
      ++pos;
    return text.slice(start, pos);
  }

  // Quoted string (single or double quotes) with C escapes; adjacent literals
  // concatenate as in protobuf.
  llvm::Error lexString(std::string &out) {
    while (true) {
      char quote = peek();
      if (quote != '"' && quote != '\'')
        return llvm::Error::success();
      ++pos;
      while (true) {
        if (pos >= text.size() || text[pos] == '\n')
          return error("unterminated string literal");
        char c = text[pos++];
        if (c == quote)
          break;
        if (c != '\\') {
          out.push_back(c);
          continue;
        }
        if (pos >= text.size())
          return error("unterminated escape sequence");
        char e = text[pos++];
        switch (e) {
        case 'n':
          out.push_back('\n');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case 'a':
          out.push_back('\a');
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'v':
          out.push_back('\v');
          break;
        case '?':
          out.push_back('?');
          break;
        case '\\':
        case '\'':
        case '"':
          out.push_back(e);
          break;
        case 'x':
        case 'X': {
          unsigned v = 0, n = 0;
          while (n < 2 && pos < text.size() && llvm::isHexDigit(text[pos])) {
            v = v * 16 + llvm::hexDigitValue(text[pos++]);
            ++n;
          }
          if (n == 0)
            return error("invalid \\x escape");
          out.push_back(static_cast<char>(v));
          break;
        }
        default:
          if (e >= '0' && e <= '7') {
            unsigned v = e - '0', n = 1;
            while (n < 3 && pos < text.size() && text[pos] >= '0' &&
                   text[pos] <= '7') {
              v = v * 8 + (text[pos++] - '0');
              ++n;
            }
            out.push_back(static_cast<char>(v & 0xff));
            break;
          }
          return error(llvm::Twine("unknown escape '\\") + llvm::Twine(e) +
                       "'");
        }
      }
    }
  }

  StringRef text, bufferName;
  size_t pos = 0, lineStart = 0;
  unsigned line = 1;
};

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_SUPPORT_TEXTPROTOLEXER_H
