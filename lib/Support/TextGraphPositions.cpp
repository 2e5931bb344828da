//===- TextGraphPositions.cpp - Where a text GraphDef names things --------===//

#include "tfg/Support/TextGraphPositions.h"
#include "TextProtoLexer.h"

#include "llvm/ADT/SmallVector.h"

using namespace mlir::tfg;

llvm::StringMap<TextPosition>
mlir::tfg::findTextGraphPositions(llvm::StringRef text) {
  llvm::StringMap<TextPosition> found;
  llvm::StringMap<bool> repeated;
  auto record = [&](llvm::StringRef name, TextPosition at) {
    if (repeated.count(name))
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
  // The function being read: its name, once its signature gives it, and
  // its nodes, keyed by function when it closes.
  std::string function;
  llvm::SmallVector<std::pair<std::string, TextPosition>> functionNodes;
  detail::TextProtoLexer lex(text, "");
  // Fields, values and separators, read loosely: a word followed by '{' or
  // '<' opens a message, '}' or '>' closes one, and a `name` field's string
  // in a node, function node or signature says where that one is written.
  while (!lex.atEnd()) {
    char c = lex.peek();
    if (c == '}' || c == '>') {
      if (open.empty())
        return found; // not well formed
      if (inside({"library", "function"})) {
        if (!function.empty())
          for (auto &[node, at] : functionNodes)
            record(functionNodeKey(function, node), at);
        function.clear();
        functionNodes.clear();
      }
      open.pop_back();
      ++lex.pos;
      continue;
    }
    std::string value;
    if (c == '"' || c == '\'') {
      if (llvm::Error error = lex.lexString(value)) {
        llvm::consumeError(std::move(error));
        return found; // not well formed
      }
      continue;
    }
    TextPosition at{lex.line, lex.col()};
    llvm::StringRef word = lex.lexWord();
    if (word.empty()) {
      ++lex.pos; // ':', '[', ']', '{' without a field, ...
      continue;
    }
    lex.consume(':');
    c = lex.peek();
    if (c == '{' || c == '<') {
      open.push_back({word, at});
      ++lex.pos;
      continue;
    }
    if (word != "name" || (c != '"' && c != '\''))
      continue;
    size_t start = lex.pos;
    if (llvm::Error error = lex.lexString(value)) {
      llvm::consumeError(std::move(error));
      return found;
    }
    // Names written with escapes are left out.
    if (text.slice(start, lex.pos).contains('\\'))
      continue;
    if (inside({"node"}))
      record(value, open[0].at);
    else if (inside({"library", "function", "node_def"})) {
      record(value, open[2].at);
      functionNodes.emplace_back(value, open[2].at);
    } else if (inside({"library", "function", "signature"})) {
      record(value, open[1].at);
      function = value;
    }
  }
  return found;
}

std::string mlir::tfg::functionNodeKey(llvm::StringRef function,
                                       llvm::StringRef node) {
  std::string key = function.str();
  key += '\0';
  key += node;
  return key;
}
