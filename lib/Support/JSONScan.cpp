//===- JSONScan.cpp - JSON validated without building it ------------------===//

#include "tfg/Support/JSONScan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

using namespace mlir::tfg;
using llvm::Error;
using llvm::StringRef;

namespace {
class Scanner {
public:
  Scanner(StringRef text, size_t maxDepth) : text(text), maxDepth(maxDepth) {}

  Error document(bool &isObject, llvm::SmallVectorImpl<JSONMember> &members) {
    size_t bad;
    if (!llvm::json::isUTF8(text, &bad)) {
      pos = bad;
      return fail("Invalid UTF-8 sequence");
    }
    skipSpace();
    isObject = !atEnd() && text[pos] == '{';
    if (isObject) {
      if (Error e = topObject(members))
        return e;
    } else {
      StringRef span;
      if (Error e = value(span))
        return e;
    }
    skipSpace();
    if (!atEnd())
      return fail("Text after end of document");
    return Error::success();
  }

private:
  bool atEnd() const { return pos >= text.size(); }

  void skipSpace() {
    while (!atEnd() && (text[pos] == ' ' || text[pos] == '\t' ||
                        text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  Error fail(const llvm::Twine &message) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    error.line = line;
    error.column = column;
    error.message = message.str();
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "[%zu:%zu, byte=%zu]: %s", line, column, pos,
                                   message.str().c_str());
  }

  /// An error when a container opened here would be `level` deep.
  Error checkDepth(size_t level) {
    if (level <= maxDepth)
      return Error::success();
    return fail("Nesting deeper than " + llvm::Twine(maxDepth) + " levels");
  }

  /// The members of the document's object, each value scanned as a whole.
  Error topObject(llvm::SmallVectorImpl<JSONMember> &members) {
    if (Error e = checkDepth(1))
      return e;
    ++pos; // '{'
    skipSpace();
    if (!atEnd() && text[pos] == '}') {
      ++pos;
      return Error::success();
    }
    while (true) {
      JSONMember member;
      if (Error e = key(&member.key))
        return e;
      if (Error e = value(member.value, /*outer=*/1))
        return e;
      members.push_back(std::move(member));
      skipSpace();
      if (atEnd())
        return fail("Unexpected EOF");
      if (text[pos] == '}') {
        ++pos;
        return Error::success();
      }
      if (text[pos] != ',')
        return fail("Expected , or } after object property");
      ++pos;
    }
  }

  /// `"key" :`, the key unescaped into `out` when given.
  Error key(std::string *out) {
    skipSpace();
    if (atEnd())
      return fail("Unexpected EOF");
    if (text[pos] != '"')
      return fail("Expected object key");
    if (Error e = string(out))
      return e;
    skipSpace();
    if (atEnd())
      return fail("Unexpected EOF");
    if (text[pos] != ':')
      return fail("Expected : after object key");
    ++pos;
    return Error::success();
  }

  /// One value from here (after whitespace) into `span`, containers
  /// followed with an explicit stack; `outer` containers hold it.
  Error value(StringRef &span, size_t outer = 0) {
    skipSpace();
    size_t start = pos;
    llvm::SmallVector<char, 32> open;
    while (true) {
      // A value starts here.
      skipSpace();
      if (atEnd())
        return fail("Unexpected EOF");
      char c = text[pos];
      if (c == '{' || c == '[') {
        if (Error e = checkDepth(outer + open.size() + 1))
          return e;
        ++pos;
        skipSpace();
        if (!atEnd() && text[pos] == (c == '{' ? '}' : ']')) {
          ++pos;
        } else {
          open.push_back(c);
          if (c == '{')
            if (Error e = key(nullptr))
              return e;
          continue;
        }
      } else if (c == '"') {
        if (Error e = string(nullptr))
          return e;
      } else if (c == '-' || llvm::isDigit(c)) {
        if (Error e = number())
          return e;
      } else if (!literal("true") && !literal("false") && !literal("null")) {
        return fail("Invalid JSON value");
      }
      // A value ended: close the containers it ends, or go on to the next
      // element.
      while (true) {
        if (open.empty()) {
          span = text.slice(start, pos);
          return Error::success();
        }
        skipSpace();
        if (atEnd())
          return fail("Unexpected EOF");
        char next = text[pos];
        bool inObject = open.back() == '{';
        if (next == (inObject ? '}' : ']')) {
          ++pos;
          open.pop_back();
          continue;
        }
        if (next != ',')
          return fail(inObject ? "Expected , or } after object property"
                               : "Expected , or ] after array element");
        ++pos;
        if (inObject)
          if (Error e = key(nullptr))
            return e;
        break;
      }
    }
  }

  bool literal(StringRef word) {
    if (!text.substr(pos).starts_with(word))
      return false;
    pos += word.size();
    return true;
  }

  Error number() {
    auto digits = [&] {
      size_t from = pos;
      while (!atEnd() && llvm::isDigit(text[pos]))
        ++pos;
      return pos > from;
    };
    if (text[pos] == '-')
      ++pos;
    if (!atEnd() && text[pos] == '0')
      ++pos;
    else if (!digits())
      return fail("Invalid number");
    if (!atEnd() && text[pos] == '.') {
      ++pos;
      if (!digits())
        return fail("Invalid number");
    }
    if (!atEnd() && (text[pos] == 'e' || text[pos] == 'E')) {
      ++pos;
      if (!atEnd() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (!digits())
        return fail("Invalid number");
    }
    return Error::success();
  }

  /// A string literal; unescaped into `out` when given.
  Error string(std::string *out) {
    size_t start = pos++;
    while (true) {
      if (atEnd())
        return fail("Unterminated string");
      auto c = static_cast<unsigned char>(text[pos]);
      if (c == '"')
        break;
      if (c < 0x20)
        return fail("Control character in string");
      ++pos;
      if (c != '\\')
        continue;
      if (atEnd())
        return fail("Unterminated string");
      char escape = text[pos++];
      if (StringRef("\"\\/bfnrt").contains(escape))
        continue;
      if (escape != 'u')
        return fail("Invalid escape sequence");
      for (int i = 0; i < 4; ++i, ++pos)
        if (atEnd() || !llvm::isHexDigit(text[pos]))
          return fail("Invalid \\u escape sequence");
    }
    ++pos;
    if (!out)
      return Error::success();
    // A key: small, unescaped by LLVM's parser.
    llvm::Expected<llvm::json::Value> parsed =
        llvm::json::parse(text.slice(start, pos));
    if (!parsed)
      return parsed.takeError();
    *out = parsed->getAsString().value_or("").str();
    return Error::success();
  }

public:
  /// The last error, apart.
  JSONScanError error;

private:
  StringRef text;
  size_t maxDepth;
  size_t pos = 0;
};
} // namespace

Error mlir::tfg::scanJSON(StringRef text, bool &isObject,
                          llvm::SmallVectorImpl<JSONMember> &members,
                          size_t maxDepth, JSONScanError *where) {
  members.clear();
  isObject = false;
  Scanner scanner(text, maxDepth);
  Error error = scanner.document(isObject, members);
  if (error) {
    members.clear();
    isObject = false;
    if (where)
      *where = scanner.error;
  }
  return error;
}

llvm::Expected<llvm::json::Value> mlir::tfg::parseBoundedJSON(StringRef text,
                                                              size_t maxDepth) {
  bool isObject;
  llvm::SmallVector<JSONMember> members;
  if (Error error = scanJSON(text, isObject, members, maxDepth))
    return std::move(error);
  return llvm::json::parse(text);
}

bool mlir::tfg::scanJSONObject(StringRef text,
                               llvm::SmallVectorImpl<JSONMember> &members) {
  bool isObject = false;
  if (llvm::Error error = scanJSON(text, isObject, members)) {
    llvm::consumeError(std::move(error));
    return false;
  }
  return isObject;
}

StringRef mlir::tfg::dropByteOrderMark(StringRef text) {
  text.consume_front("\xEF\xBB\xBF");
  return text;
}

StringRef mlir::tfg::skipToJSONValue(StringRef text) {
  return dropByteOrderMark(text).ltrim(" \t\r\n");
}

bool mlir::tfg::beginsLikeJSONObject(StringRef text) {
  return skipToJSONValue(text).starts_with("{");
}

std::optional<bool> mlir::tfg::jsonObjectHasMember(StringRef text,
                                                   StringRef key) {
  llvm::SmallVector<JSONMember> members;
  if (!beginsLikeJSONObject(text) ||
      !scanJSONObject(skipToJSONValue(text), members))
    return std::nullopt;
  return llvm::any_of(
      members, [&](const JSONMember &member) { return member.key == key; });
}

llvm::SmallVector<size_t> mlir::tfg::findNegativeZeroIntegers(StringRef text) {
  llvm::SmallVector<size_t> found;
  size_t pos = 0;
  while ((pos = text.find_first_of("\"-", pos)) != StringRef::npos) {
    if (text[pos] == '"') {
      // Over the string, its escapes included.
      for (++pos; pos < text.size() && text[pos] != '"'; ++pos)
        if (text[pos] == '\\')
          ++pos;
      ++pos;
      continue;
    }
    size_t next = pos + 2;
    if (text.substr(pos + 1).starts_with("0") &&
        (next >= text.size() ||
         !(llvm::isDigit(text[next]) || text[next] == '.' ||
           text[next] == 'e' || text[next] == 'E')))
      found.push_back(pos);
    ++pos;
  }
  return found;
}
