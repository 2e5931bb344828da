//===- TextGraphPositions.cpp - Where a text GraphDef names things --------===//

#include "tfg/Support/TextGraphPositions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::tfg;

namespace {
/// The text format's tokens, as far as finding names needs them.
class Scanner {
public:
  explicit Scanner(llvm::StringRef text) : text(text) {}

  enum Kind { End, Identifier, String, Punct, Other };
  struct Token {
    Kind kind = End;
    llvm::StringRef text; // a string's contents, without quotes
    TextPosition at;
  };

  Token next() {
    skipSpaceAndComments();
    Token token;
    token.at = {line, static_cast<unsigned>(pos - lineStart + 1)};
    if (pos >= text.size())
      return token;
    char c = text[pos];
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = pos;
      while (pos < text.size() &&
             (llvm::isAlnum(text[pos]) || text[pos] == '_' || text[pos] == '.'))
        ++pos;
      token.kind = Identifier;
      token.text = text.slice(start, pos);
      return token;
    }
    if (c == '"' || c == '\'') {
      size_t start = ++pos;
      while (pos < text.size() && text[pos] != c && text[pos] != '\n')
        pos += text[pos] == '\\' ? 2 : 1;
      token.text = text.slice(start, std::min(pos, text.size()));
      // Unterminated: not a string (and the text not well formed).
      token.kind = pos < text.size() && text[pos] == c ? String : Other;
      if (token.kind == String)
        ++pos;
      return token;
    }
    ++pos;
    token.kind = llvm::StringRef("{}<>:").contains(c) ? Punct : Other;
    token.text = text.slice(pos - 1, pos);
    return token;
  }

private:
  void skipSpaceAndComments() {
    while (pos < text.size()) {
      char c = text[pos];
      if (c == '\n') {
        ++line;
        lineStart = ++pos;
      } else if (c == '#') {
        while (pos < text.size() && text[pos] != '\n')
          ++pos;
      } else if (llvm::isSpace(c)) {
        ++pos;
      } else {
        return;
      }
    }
  }

  llvm::StringRef text;
  size_t pos = 0, lineStart = 0;
  unsigned line = 1;
};
} // namespace

llvm::StringMap<TextPosition>
mlir::tfg::findTextGraphPositions(llvm::StringRef text) {
  llvm::StringMap<TextPosition> found;
  llvm::StringMap<bool> repeated;
  auto record = [&](llvm::StringRef name, TextPosition at) {
    // Escaped names would need unescaping to compare: left out.
    if (name.contains('\\') || repeated.count(name))
      return;
    auto [it, inserted] = found.try_emplace(name, at);
    if (!inserted) {
      found.erase(it);
      repeated[name] = true;
    }
  };
  // The open messages: field name and where it was written.
  struct Open {
    llvm::StringRef field;
    TextPosition at;
  };
  llvm::SmallVector<Open> open;
  auto inside = [&](std::initializer_list<llvm::StringRef> path) {
    if (open.size() != path.size())
      return false;
    size_t i = 0;
    for (llvm::StringRef field : path)
      if (open[i++].field != field)
        return false;
    return true;
  };
  Scanner scanner(text);
  Scanner::Token token = scanner.next();
  while (token.kind != Scanner::End) {
    if (token.kind == Scanner::Punct &&
        (token.text == "}" || token.text == ">")) {
      if (open.empty())
        return found; // not well formed
      open.pop_back();
      token = scanner.next();
      continue;
    }
    if (token.kind != Scanner::Identifier) {
      token = scanner.next();
      continue;
    }
    Scanner::Token field = token;
    token = scanner.next();
    if (token.kind == Scanner::Punct && token.text == ":")
      token = scanner.next();
    if (token.kind == Scanner::Punct &&
        (token.text == "{" || token.text == "<")) {
      open.push_back({field.text, field.at});
      token = scanner.next();
      continue;
    }
    if (field.text == "name" && token.kind == Scanner::String) {
      if (inside({"node"}))
        record(token.text, open[0].at);
      else if (inside({"library", "function", "node_def"}))
        record(token.text, open[2].at);
      else if (inside({"library", "function", "signature"}))
        record(token.text, open[1].at);
    }
  }
  return found;
}
