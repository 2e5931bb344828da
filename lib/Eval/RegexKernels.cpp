//===- RegexKernels.cpp - Kernels of the regex ops ------------------------===//
//
// TensorFlow's regex ops on host tensors of strings, with TFGEval's own
// engine (Regex.h: RE2's syntax, linear time) in place of RE2:
// - RegexReplace (input, pattern and rewrite, the last two scalars) and
//   StaticRegexReplace (attrs pattern, rewrite): RE2::GlobalReplace when
//   replace_global (the default), else RE2::Replace (the first match only).
//   Global replacement resumes after each match; an empty match where the
//   previous match ended is skipped, the text advancing by one UTF-8 code
//   point. The rewrite is RE2's: \0 to \9 stand for groups (one that did
//   not take part gives ""), \\ for a backslash; any other backslash, or a
//   group the pattern does not have, is an error, as RE2's
//   CheckRewriteString says.
// - RegexFullMatch (input, scalar pattern) and StaticRegexFullMatch (attr
//   pattern): bool, whether the whole string matches (RE2::FullMatch).
// A pattern is compiled once per kernel call; one that does not compile is
// an error naming it.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"
#include "tfg/Eval/Regex.h"

#include "tfg/IR/TFTypeDialect.h"

using namespace mlir;
using namespace mlir::tfg;

/// A rewrite string: literal pieces and group references.
namespace {
struct Rewrite {
  struct Piece {
    std::string text;
    int group = -1; // >= 0: a reference instead of text
  };
  std::vector<Piece> pieces;
  int maxGroup = 0;
};
} // namespace

static std::unique_ptr<Regex> compilePattern(EvalContext &ctx,
                                             StringRef pattern) {
  std::string error;
  std::unique_ptr<Regex> re = Regex::compile(pattern, error);
  if (!re)
    (void)ctx.fail("invalid pattern '" + pattern + "': " + error);
  return re;
}

/// Parses `text` as an RE2 rewrite for a pattern of `groups` groups.
static FailureOr<Rewrite> parseRewrite(EvalContext &ctx, StringRef text,
                                       unsigned groups) {
  Rewrite r;
  std::string literal;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      literal += text[i];
      continue;
    }
    if (i + 1 >= text.size())
      return ctx.fail("invalid rewrite '" + text + "': a backslash at the end");
    char c = text[++i];
    if (c == '\\') {
      literal += c;
      continue;
    }
    if (c < '0' || c > '9')
      return ctx.fail("invalid rewrite '" + text + "': \\" + StringRef(&c, 1) +
                      " is neither \\0-\\9 nor \\\\");
    int group = c - '0';
    if (static_cast<unsigned>(group) > groups)
      return ctx.fail("invalid rewrite '" + text + "': it refers to group " +
                      std::to_string(group) + " but the pattern has " +
                      std::to_string(groups) + " groups");
    if (!literal.empty())
      r.pieces.push_back({std::move(literal), -1});
    literal.clear();
    r.pieces.push_back({"", group});
    r.maxGroup = std::max(r.maxGroup, group);
  }
  if (!literal.empty())
    r.pieces.push_back({std::move(literal), -1});
  return r;
}

/// Appends `piece` to `out`, taking its bytes from `budget`.
static bool appendBounded(std::string &out, StringRef piece,
                          StringBudget &budget) {
  if (!budget.take(piece.size()))
    return false;
  out.append(piece.data(), piece.size());
  return true;
}

/// Replaces the first match (every match when `global`) of `re` in `text`
/// by `rewrite` into `out`.
static bool replace(Regex &re, const Rewrite &rewrite, bool global,
                    StringRef text, std::string &out, StringBudget &budget) {
  std::vector<int64_t> caps(2 * (rewrite.maxGroup + 1));
  auto appendRewrite = [&]() {
    for (const Rewrite::Piece &p : rewrite.pieces) {
      StringRef piece = p.text;
      if (p.group >= 0) {
        int64_t b = caps[2 * p.group], e = caps[2 * p.group + 1];
        piece = b < 0 || e < b ? StringRef() : text.slice(b, e);
      }
      if (!appendBounded(out, piece, budget))
        return false;
    }
    return true;
  };
  size_t p = 0;
  int64_t lastEnd = -1;
  bool any = false;
  while (p <= text.size()) {
    if (!re.match(text, p, /*anchorStart=*/false, /*anchorEnd=*/false, caps))
      break;
    size_t begin = caps[0], end = caps[1];
    if (!appendBounded(out, text.slice(p, begin), budget))
      return false;
    if (begin == end && static_cast<int64_t>(begin) == lastEnd) {
      // An empty match where the previous one ended: copy one code point.
      if (p >= text.size())
        break;
      uint32_t cp;
      size_t n = Regex::decode(text, p, cp);
      if (!appendBounded(out, text.substr(p, n), budget))
        return false;
      p += n;
      continue;
    }
    if (!appendRewrite())
      return false;
    any = true;
    p = end;
    lastEnd = static_cast<int64_t>(end);
    if (!global)
      break;
  }
  if (!any) {
    out.clear();
    return appendBounded(out, text, budget);
  }
  return appendBounded(out, text.substr(p), budget);
}

static LogicalResult regexReplace(EvalContext &ctx, const HostTensor &in,
                                  StringRef pattern, StringRef rewriteText) {
  bool global = getBoolAttr(ctx, "replace_global", true);
  std::unique_ptr<Regex> re = compilePattern(ctx, pattern);
  if (!re)
    return failure();
  FailureOr<Rewrite> rewrite =
      parseRewrite(ctx, rewriteText, re->getNumGroups());
  if (failed(rewrite))
    return failure();
  FailureOr<ResultBuilder> out =
      startResult(ctx, tf_type::StringType::get(ctx.getContext()),
                  in.getShape(), isUniform(in));
  if (failed(out))
    return failure();
  StringBudget budget(ctx);
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    std::string result;
    if (!replace(*re, *rewrite, global, in.getString(i), result, budget))
      return failure();
    out->tensor.setString(i, std::move(result));
  }
  return finishResult(ctx, std::move(*out));
}

static LogicalResult regexFullMatch(EvalContext &ctx, const HostTensor &in,
                                    StringRef pattern) {
  std::unique_ptr<Regex> re = compilePattern(ctx, pattern);
  if (!re)
    return failure();
  return mapStrings(ctx, in, IntegerType::get(ctx.getContext(), 1),
                    [&](HostTensor &r, int64_t i) {
                      r.setInt(i,
                               re->match(in.getString(i), 0, true, true, {}));
                      return success();
                    });
}

/// The scalar string operand `i` (`what`).
static FailureOr<StringRef> getScalarString(EvalContext &ctx, unsigned i,
                                            StringRef what) {
  FailureOr<const HostTensor *> t = getStringOperand(ctx, i);
  if (failed(t))
    return failure();
  if ((*t)->getRank() != 0)
    return ctx.fail(what + " must be a scalar, not of shape " +
                    formatShape((*t)->getShape()));
  return (*t)->getString(0);
}

/// A required string attribute.
static FailureOr<std::string> getRequiredString(EvalContext &ctx,
                                                StringRef name) {
  if (!isa_and_present<StringAttr>(ctx.getAttr(name)))
    return ctx.fail("missing string attribute '" + name + "'");
  return getStringAttr(ctx, name, "");
}

static LogicalResult regexReplaceKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<StringRef> pattern = getScalarString(ctx, 1, "pattern");
  if (failed(pattern))
    return failure();
  FailureOr<StringRef> rewrite = getScalarString(ctx, 2, "rewrite");
  if (failed(rewrite))
    return failure();
  return regexReplace(ctx, **in, *pattern, *rewrite);
}

static LogicalResult staticRegexReplaceKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<std::string> pattern = getRequiredString(ctx, "pattern");
  if (failed(pattern))
    return failure();
  FailureOr<std::string> rewrite = getRequiredString(ctx, "rewrite");
  if (failed(rewrite))
    return failure();
  return regexReplace(ctx, **in, *pattern, *rewrite);
}

static LogicalResult regexFullMatchKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<StringRef> pattern = getScalarString(ctx, 1, "pattern");
  if (failed(pattern))
    return failure();
  return regexFullMatch(ctx, **in, *pattern);
}

static LogicalResult staticRegexFullMatchKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<std::string> pattern = getRequiredString(ctx, "pattern");
  if (failed(pattern))
    return failure();
  return regexFullMatch(ctx, **in, *pattern);
}

void mlir::tfg::addRegexKernels(EvalKernelTable &table) {
  addKernels(table, {"RegexReplace"}, regexReplaceKernel);
  addKernels(table, {"StaticRegexReplace"}, staticRegexReplaceKernel);
  addKernels(table, {"RegexFullMatch"}, regexFullMatchKernel);
  addKernels(table, {"StaticRegexFullMatch"}, staticRegexFullMatchKernel);
}
