//===- StringKernels.cpp - Kernels of string ops --------------------------===//
//
// String ops on host tensors (!tf_type.string, bytes), following
// TensorFlow's CPU kernels:
// - StringJoin: N inputs, scalars broadcast, the others must share one
//   shape; joined with `separator`.
// - Substr (pos, len of one shape, broadcast against the input): unit BYTE
//   counts bytes, UTF8_CHAR counts UTF-8 characters (a byte that is not a
//   continuation byte starts one). A negative pos counts from the end; a
//   pos outside [-size, size] is an error; len is clamped to the end (a
//   negative len takes the rest in BYTE mode, as TensorFlow's size_t
//   arithmetic does, and is refused in UTF8_CHAR mode).
// - StringLength (int32; unit BYTE or UTF8_CHAR), StringStrip (ASCII
//   whitespace), StringLower/StringUpper (ASCII only: an `encoding` other
//   than "" is refused).
// - StringToNumber (out_type float, double, int32, int64): surrounding
//   whitespace is allowed; anything else that does not parse whole (hex
//   floats included), or an int out of range, is an error, as in
//   TensorFlow. Floats accept inf/infinity/nan in any case.
// - AsString: printf-style formatting as TensorFlow builds it: '%', the
//   `fill` flag (one of " +-0#"), `width`, `.precision`, then 'd'/'u' for
//   ints, and for floats 'g' (shortest), 'e' (scientific) or 'f'; bools
//   give "true"/"false" and complex "(re,im)". width and precision are
//   bounded (at most 4096) so that no format allocates without bound.
// - StringSplit (each byte of the delimiter splits; "" splits into bytes;
//   skip_empty) and StringSplitV2 (a separator string, empty pieces kept,
//   maxsplit; an empty separator splits on runs of ASCII whitespace and
//   drops the ends, as Python's str.split) on a vector, giving a sparse
//   tensor: indices [M, 2] int64, values [M], dense shape [2] int64
//   (N, the longest row).
// - ReduceJoin: joins along `reduction_indices` (negative ones counted
//   from the end; a repeated one is an error; none is the identity), the
//   first listed dimension varying fastest, as TensorFlow reduces them one
//   after the other in the order given; keep_dims, separator.
// - EncodeBase64 (web-safe alphabet '-' '_', `pad` with '=') and
//   DecodeBase64 (web-safe, padding optional; other bytes are an error).
// - StringToHashBucketStrong: SipHash-2-4 keyed with `key` (two ints)
//   modulo num_buckets, TensorFlow's strong hash.
// Not here: StringToHashBucketFast and StringToHashBucket (FarmHash's
// Fingerprint64 and TensorFlow's Hash64 are not implemented) and UTF-8 case
// mapping; the regex ops are in RegexKernels.cpp.
//
//===----------------------------------------------------------------------===//

#include "KernelSupport.h"

#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::tfg;

static Type getStringType(EvalContext &ctx) {
  return tf_type::StringType::get(ctx.getContext());
}

static bool isContinuationByte(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

static bool isAsciiSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
         c == '\r';
}

FailureOr<const HostTensor *> mlir::tfg::getStringOperand(EvalContext &ctx,
                                                          unsigned i) {
  FailureOr<const HostTensor *> t = getOperand(ctx, i);
  if (failed(t))
    return failure();
  if ((*t)->getKind() != HostElementKind::String)
    return ctx.fail("operand #" + std::to_string(i) + " is not a string");
  return t;
}

/// Whether the CharUnit attribute `unit` asks for UTF-8 characters.
static FailureOr<bool> getUtf8Unit(EvalContext &ctx) {
  std::string unit = getStringAttr(ctx, "unit", "BYTE");
  if (unit != "BYTE" && unit != "UTF8_CHAR")
    return ctx.fail("unit must be BYTE or UTF8_CHAR, not '" + unit + "'");
  return unit == "UTF8_CHAR";
}

static LogicalResult stringJoinKernel(EvalContext &ctx) {
  unsigned n = ctx.getNumOperands();
  SmallVector<const HostTensor *, 4> inputs;
  ArrayRef<int64_t> shape;
  bool uniform = true;
  for (unsigned i = 0; i < n; ++i) {
    FailureOr<const HostTensor *> t = getStringOperand(ctx, i);
    if (failed(t))
      return failure();
    inputs.push_back(*t);
    uniform &= isUniform(**t);
    if ((*t)->getRank() == 0)
      continue;
    if (!shape.empty() && shape != (*t)->getShape())
      return ctx.fail("input shapes do not match: " + formatShape(shape) +
                      " vs " + formatShape((*t)->getShape()));
    shape = (*t)->getShape();
  }
  std::string separator = getStringAttr(ctx, "separator", "");
  FailureOr<ResultBuilder> out =
      startResult(ctx, getStringType(ctx), shape, uniform);
  if (failed(out))
    return failure();
  StringBudget budget(ctx);
  for (int64_t i = 0, e = out->size(); i < e; ++i) {
    std::string joined;
    for (auto [k, t] : llvm::enumerate(inputs)) {
      StringRef piece = t->getString(t->getRank() == 0 ? 0 : i);
      if (!budget.take((k ? separator.size() : 0) + piece.size()))
        return failure();
      if (k)
        joined += separator;
      joined += piece.str();
    }
    out->tensor.setString(i, std::move(joined));
  }
  return finishResult(ctx, std::move(*out));
}

/// The byte range [begin, end) of Substr(s, pos, len) in UTF-8 characters.
static bool utf8Range(StringRef s, int64_t pos, int64_t len, size_t &begin,
                      size_t &end) {
  int64_t chars = 0;
  for (char c : s)
    chars += !isContinuationByte(c);
  if (pos < 0)
    pos += chars;
  if (pos < 0 || pos > chars)
    return false;
  int64_t last = len > chars - pos ? chars : pos + len;
  begin = end = s.size();
  int64_t index = 0;
  for (size_t b = 0; b < s.size(); ++b) {
    if (isContinuationByte(s[b]))
      continue;
    if (index == pos)
      begin = b;
    if (index == last) {
      end = b;
      break;
    }
    ++index;
  }
  return true;
}

static LogicalResult substrKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 3);
  if (failed(ops))
    return failure();
  const HostTensor &s = *(*ops)[0], &p = *(*ops)[1], &l = *(*ops)[2];
  if (s.getKind() != HostElementKind::String)
    return ctx.fail("input is not a string");
  if (!isIndexTensor(p) || p.getElementType() != l.getElementType())
    return ctx.fail("pos and len must be int32 or int64 of one type");
  if (p.getShape() != l.getShape())
    return ctx.fail("pos and len must have the same shape");
  FailureOr<bool> utf8 = getUtf8Unit(ctx);
  if (failed(utf8))
    return failure();
  FailureOr<Broadcast> bc = broadcastShapes(ctx, {s.getShape(), p.getShape()});
  if (failed(bc))
    return failure();
  FailureOr<ResultBuilder> out =
      startResult(ctx, getStringType(ctx), bc->shape,
                  isUniform(s) && isUniform(p) && isUniform(l));
  if (failed(out))
    return failure();
  StringBudget budget(ctx);
  for (int64_t i = 0, n = out->size(); i < n; ++i) {
    int64_t is = out->splat ? 0 : bc->operandIndex(0, i);
    int64_t ip = out->splat ? 0 : bc->operandIndex(1, i);
    StringRef str = s.getString(is);
    int64_t start = p.getInt(ip), count = l.getInt(ip);
    int64_t size = static_cast<int64_t>(str.size());
    size_t begin, end;
    if (*utf8) {
      if (count < 0)
        return ctx.fail("negative len " + std::to_string(count) +
                        " in UTF8_CHAR mode");
      if (!utf8Range(str, start, count, begin, end))
        return ctx.fail("pos " + std::to_string(start) +
                        " out of range for string at index " +
                        std::to_string(i));
    } else {
      int64_t adjusted = start < 0 ? start + size : start;
      if (adjusted < 0 || adjusted > size)
        return ctx.fail("pos " + std::to_string(start) +
                        " out of range for string b'" + str + "' at index " +
                        std::to_string(i));
      begin = adjusted;
      end = count < 0 || count > size - adjusted ? size : adjusted + count;
    }
    if (!budget.take(end - begin))
      return failure();
    out->tensor.setString(i, str.slice(begin, end).str());
  }
  return finishResult(ctx, std::move(*out));
}

static LogicalResult stringLengthKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  FailureOr<bool> utf8 = getUtf8Unit(ctx);
  if (failed(utf8))
    return failure();
  const HostTensor &s = **in;
  return mapStrings(ctx, s, IntegerType::get(ctx.getContext(), 32),
                    [&](HostTensor &r, int64_t i) {
                      StringRef str = s.getString(i);
                      int64_t n = str.size();
                      if (*utf8)
                        n = llvm::count_if(
                            str, [](char c) { return !isContinuationByte(c); });
                      if (n > INT32_MAX)
                        return ctx.fail("string length overflows int32");
                      r.setInt(i, n);
                      return success();
                    });
}

/// StringStrip, StringLower (lower = 1), StringUpper (lower = 0).
template <int Mode> static LogicalResult stringMapKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  if (Mode >= 0 && !getStringAttr(ctx, "encoding", "").empty())
    return ctx.fail("only the ASCII case mapping (encoding \"\") is "
                    "supported");
  const HostTensor &s = **in;
  return mapStrings(ctx, s, getStringType(ctx), [&](HostTensor &r, int64_t i) {
    StringRef str = s.getString(i);
    if (Mode < 0) {
      while (!str.empty() && isAsciiSpace(str.front()))
        str = str.drop_front();
      while (!str.empty() && isAsciiSpace(str.back()))
        str = str.drop_back();
      r.setString(i, str.str());
    } else {
      r.setString(i, Mode ? str.lower() : str.upper());
    }
    return success();
  });
}

/// Parses all of `text` (surrounding ASCII whitespace allowed) as a
/// number of `type`.
static std::optional<double> parseFloat(StringRef text, bool isFloat32) {
  if (text.empty() || text.find_first_of("xX") != StringRef::npos)
    return std::nullopt;
  std::string buffer = text.str();
  const char *begin = buffer.c_str();
  char *end = nullptr;
  double v = isFloat32 ? std::strtof(begin, &end) : std::strtod(begin, &end);
  if (end != begin + buffer.size() || isAsciiSpace(buffer.front()))
    return std::nullopt;
  return v;
}

static LogicalResult stringToNumberKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  Type type = Float32Type::get(ctx.getContext());
  if (auto attr = dyn_cast_if_present<TypeAttr>(ctx.getAttr("out_type")))
    type = attr.getValue();
  bool isInt = type.isSignlessInteger(32) || type.isSignlessInteger(64);
  if (!isInt && !type.isF32() && !type.isF64())
    return ctx.fail("out_type must be float, double, int32 or int64");
  const HostTensor &s = **in;
  return mapStrings(ctx, s, type, [&](HostTensor &r, int64_t i) {
    StringRef text = s.getString(i);
    StringRef trimmed = text.trim(" \t\n\v\f\r");
    auto bad = [&] {
      return ctx.fail("StringToNumberOp could not correctly convert string: " +
                      text);
    };
    if (isInt) {
      // An optional sign, then decimal digits.
      StringRef digits = trimmed;
      bool negative = digits.consume_front("-");
      if (!negative)
        digits.consume_front("+");
      if (digits.empty() || !llvm::all_of(digits, llvm::isDigit))
        return bad();
      int64_t v;
      if ((negative ? trimmed : digits).getAsInteger(10, v))
        return bad();
      if (type.isSignlessInteger(32) && (v < INT32_MIN || v > INT32_MAX))
        return bad();
      r.setInt(i, v);
      return success();
    }
    std::optional<double> v = parseFloat(trimmed, type.isF32());
    if (!v)
      return bad();
    r.setDouble(i, *v);
    return success();
  });
}

/// The printf conversion AsString builds for the operand's type, or a
/// failure; `conversion` is empty for bools.
static FailureOr<std::string> getAsStringFormat(EvalContext &ctx,
                                                HostElementKind kind) {
  int64_t precision = getIntAttr(ctx, "precision", -1);
  int64_t width = getIntAttr(ctx, "width", -1);
  bool scientific = getBoolAttr(ctx, "scientific", false);
  bool shortest = getBoolAttr(ctx, "shortest", false);
  std::string fill = getStringAttr(ctx, "fill", "");
  if (scientific && shortest)
    return ctx.fail("cannot select both scientific and shortest notation");
  if (fill.size() > 1)
    return ctx.fail("fill string must be one or fewer characters");
  if (!fill.empty() && StringRef(" +-0#").find(fill[0]) == StringRef::npos)
    return ctx.fail("fill argument not supported: \"" + fill + "\"");
  if (width > 4096 || precision > 4096)
    return ctx.fail("width and precision above 4096 are not supported");
  bool isFloat =
      kind == HostElementKind::Float || kind == HostElementKind::Complex;
  if (!isFloat && (scientific || shortest || precision > -1))
    return ctx.fail("precision, scientific and shortest apply to floating "
                    "types only");
  std::string format = "%" + fill;
  if (width > -1)
    format += std::to_string(width);
  if (precision > -1)
    format += "." + std::to_string(precision);
  switch (kind) {
  case HostElementKind::Signed:
    return format + "lld";
  case HostElementKind::Unsigned:
    return format + "llu";
  case HostElementKind::Bool:
    return std::string();
  case HostElementKind::Float:
  case HostElementKind::Complex:
    return format + (shortest ? "g" : scientific ? "e" : "f");
  default:
    return ctx.fail("AsString does not take this element type");
  }
}

/// printf of one number with a format checked by getAsStringFormat.
template <typename T>
static std::string formatNumber(const std::string &format, T value) {
  int size = std::snprintf(nullptr, 0, format.c_str(), value);
  if (size < 0)
    return std::string();
  std::string out(size + 1, '\0');
  std::snprintf(out.data(), out.size(), format.c_str(), value);
  out.resize(size);
  return out;
}

static LogicalResult asStringKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getOperand(ctx, 0);
  if (failed(in))
    return failure();
  const HostTensor &x = **in;
  FailureOr<std::string> format = getAsStringFormat(ctx, x.getKind());
  if (failed(format))
    return failure();
  return mapStrings(ctx, x, getStringType(ctx), [&](HostTensor &r, int64_t i) {
    switch (x.getKind()) {
    case HostElementKind::Signed:
      r.setString(i, formatNumber(*format, (long long)x.getInt(i)));
      break;
    case HostElementKind::Unsigned:
      r.setString(i, formatNumber(*format, (unsigned long long)x.getUInt(i)));
      break;
    case HostElementKind::Bool:
      r.setString(i, x.getInt(i) ? "true" : "false");
      break;
    case HostElementKind::Float:
      r.setString(i, formatNumber(*format, x.getDouble(i)));
      break;
    default: {
      std::complex<double> v = x.getComplex(i);
      r.setString(i, "(" + formatNumber(*format, v.real()) + "," +
                         formatNumber(*format, v.imag()) + ")");
    }
    }
    return success();
  });
}

/// Builds StringSplit's sparse outputs from the pieces of each row.
static LogicalResult
setSplitResults(EvalContext &ctx,
                const std::vector<std::vector<std::string>> &rows) {
  int64_t total = 0, longest = 0;
  for (const auto &row : rows) {
    total += row.size();
    longest = std::max<int64_t>(longest, row.size());
  }
  Type i64 = IntegerType::get(ctx.getContext(), 64);
  FailureOr<HostTensor> indices = createResult(ctx, i64, {total, 2});
  if (failed(indices))
    return failure();
  FailureOr<HostTensor> values = createResult(ctx, getStringType(ctx), total);
  FailureOr<HostTensor> shape = createResult(ctx, i64, 2);
  if (failed(values) || failed(shape))
    return failure();
  int64_t k = 0;
  for (auto [r, row] : llvm::enumerate(rows)) {
    for (auto [c, piece] : llvm::enumerate(row)) {
      indices->setInt(2 * k, r);
      indices->setInt(2 * k + 1, c);
      values->setString(k++, piece);
    }
  }
  shape->setInt(0, rows.size());
  shape->setInt(1, longest);
  HostTensor results[] = {std::move(*indices), std::move(*values),
                          std::move(*shape)};
  return setResults(ctx, results);
}

/// The vector input and scalar delimiter of the split ops.
static LogicalResult getSplitOperands(EvalContext &ctx, const HostTensor *&in,
                                      StringRef &delimiter) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &input = *(*ops)[0], &delim = *(*ops)[1];
  if (input.getKind() != HostElementKind::String ||
      delim.getKind() != HostElementKind::String)
    return ctx.fail("operands must be strings");
  if (input.getRank() != 1)
    return ctx.fail("input must be a vector, got shape " +
                    formatShape(input.getShape()));
  if (delim.getRank() != 0)
    return ctx.fail("delimiter must be a scalar");
  if (failed(checkOperandElements(ctx, input, "input")))
    return failure();
  in = &input;
  delimiter = delim.getString(0);
  return success();
}

/// Fails when the pieces so far exceed the element bound, or their bytes
/// the string budget.
static LogicalResult checkPieces(EvalContext &ctx, int64_t pieces,
                                 StringBudget &budget,
                                 ArrayRef<std::string> row) {
  if (pieces > ctx.getMaxElements())
    return ctx.fail("the split gives more than " +
                    std::to_string(ctx.getMaxElements()) + " pieces");
  for (const std::string &piece : row)
    if (!budget.take(piece.size()))
      return failure();
  return success();
}

static LogicalResult stringSplitKernel(EvalContext &ctx) {
  const HostTensor *in;
  StringRef delimiter;
  if (failed(getSplitOperands(ctx, in, delimiter)))
    return failure();
  bool skipEmpty = getBoolAttr(ctx, "skip_empty", true);
  std::vector<std::vector<std::string>> rows(in->getNumElements());
  int64_t pieces = 0;
  StringBudget budget(ctx);
  for (int64_t i = 0; i < in->getNumElements(); ++i) {
    StringRef s = in->getString(i);
    std::vector<std::string> &row = rows[i];
    if (delimiter.empty()) {
      for (char c : s)
        row.push_back(std::string(1, c));
    } else {
      size_t start = 0;
      for (size_t b = 0; b <= s.size(); ++b) {
        if (b < s.size() && delimiter.find(s[b]) == StringRef::npos)
          continue;
        if (!skipEmpty || b > start)
          row.push_back(s.slice(start, b).str());
        start = b + 1;
      }
    }
    pieces += row.size();
    if (failed(checkPieces(ctx, pieces, budget, row)))
      return failure();
  }
  return setSplitResults(ctx, rows);
}

static LogicalResult stringSplitV2Kernel(EvalContext &ctx) {
  const HostTensor *in;
  StringRef sep;
  if (failed(getSplitOperands(ctx, in, sep)))
    return failure();
  int64_t maxSplit = getIntAttr(ctx, "maxsplit", -1);
  std::vector<std::vector<std::string>> rows(in->getNumElements());
  int64_t pieces = 0;
  StringBudget budget(ctx);
  for (int64_t i = 0; i < in->getNumElements(); ++i) {
    StringRef s = in->getString(i);
    std::vector<std::string> &row = rows[i];
    int64_t splits = 0;
    if (sep.empty()) {
      // Runs of whitespace separate; the ends are dropped.
      size_t b = 0;
      while (true) {
        while (b < s.size() && isAsciiSpace(s[b]))
          ++b;
        if (b == s.size())
          break;
        if (maxSplit >= 0 && splits == maxSplit) {
          StringRef rest = s.drop_front(b);
          while (!rest.empty() && isAsciiSpace(rest.back()))
            rest = rest.drop_back();
          row.push_back(rest.str());
          break;
        }
        size_t e = b;
        while (e < s.size() && !isAsciiSpace(s[e]))
          ++e;
        row.push_back(s.slice(b, e).str());
        ++splits;
        b = e;
      }
    } else {
      size_t start = 0;
      while (true) {
        size_t at = maxSplit >= 0 && splits == maxSplit ? StringRef::npos
                                                        : s.find(sep, start);
        if (at == StringRef::npos) {
          row.push_back(s.drop_front(start).str());
          break;
        }
        row.push_back(s.slice(start, at).str());
        ++splits;
        start = at + sep.size();
      }
    }
    pieces += row.size();
    if (failed(checkPieces(ctx, pieces, budget, row)))
      return failure();
  }
  return setSplitResults(ctx, rows);
}

static LogicalResult reduceJoinKernel(EvalContext &ctx) {
  auto ops = getOperands(ctx, 2);
  if (failed(ops))
    return failure();
  const HostTensor &s = *(*ops)[0], &axes = *(*ops)[1];
  if (s.getKind() != HostElementKind::String)
    return ctx.fail("inputs must be strings");
  if (failed(checkOperandElements(ctx, s, "inputs")))
    return failure();
  if (!isIndexTensor(axes) || axes.getRank() > 1)
    return ctx.fail("reduction_indices must be an int32 scalar or vector");
  int64_t rank = s.getRank();
  SmallVector<int64_t, 4> order;
  SmallVector<bool, 4> reduced(rank, false);
  for (int64_t k = 0; k < axes.getNumElements(); ++k) {
    int64_t a = axes.getInt(k);
    if (a < -rank || a >= rank)
      return ctx.fail("invalid reduction dimension " + std::to_string(a) +
                      " for input of rank " + std::to_string(rank));
    if (a < 0)
      a += rank;
    if (reduced[a])
      return ctx.fail("duplicate reduction dimension " + std::to_string(a));
    reduced[a] = true;
    order.push_back(a);
  }
  bool keepDims = getBoolAttr(ctx, "keep_dims", false);
  std::string separator = getStringAttr(ctx, "separator", "");
  SmallVector<int64_t, 4> shape, keptDims;
  for (int64_t d = 0; d < rank; ++d) {
    if (!reduced[d])
      keptDims.push_back(d);
    if (!reduced[d] || keepDims)
      shape.push_back(reduced[d] ? 1 : s.getShape()[d]);
  }
  FailureOr<ResultBuilder> out =
      startResult(ctx, getStringType(ctx), shape, false);
  if (failed(out))
    return failure();
  SmallVector<int64_t, 4> strides = getStrides(s.getShape());
  // The reduced dimensions, the last listed outermost.
  SmallVector<int64_t, 4> lengths, steps;
  int64_t count = 1;
  for (int64_t a : llvm::reverse(order)) {
    lengths.push_back(s.getShape()[a]);
    steps.push_back(strides[a]);
    count *= s.getShape()[a];
  }
  SmallVector<int64_t, 4> keptLengths, keptSteps;
  for (int64_t d : keptDims) {
    keptLengths.push_back(s.getShape()[d]);
    keptSteps.push_back(strides[d]);
  }
  StringBudget budget(ctx);
  bool ok = true;
  forEachStridedOffset(
      keptLengths, keptSteps, 0, out->size(), [&](int64_t o, int64_t base) {
        std::string joined;
        forEachStridedOffset(
            lengths, steps, base, count, [&](int64_t k, int64_t at) {
              StringRef piece = s.getString(at);
              ok = ok && budget.take((k ? separator.size() : 0) + piece.size());
              if (!ok)
                return;
              if (k)
                joined += separator;
              joined += piece.str();
            });
        out->tensor.setString(o, std::move(joined));
      });
  if (!ok)
    return failure();
  return finishResult(ctx, std::move(*out));
}

static constexpr char kWebSafeBase64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static LogicalResult encodeBase64Kernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  bool pad = getBoolAttr(ctx, "pad", false);
  const HostTensor &s = **in;
  return mapStrings(ctx, s, getStringType(ctx), [&](HostTensor &r, int64_t i) {
    StringRef str = s.getString(i);
    std::string out;
    for (size_t b = 0; b < str.size(); b += 3) {
      size_t n = std::min<size_t>(3, str.size() - b);
      uint32_t group = 0;
      for (size_t k = 0; k < 3; ++k)
        group = (group << 8) |
                (k < n ? static_cast<unsigned char>(str[b + k]) : 0u);
      for (size_t k = 0; k < n + 1; ++k)
        out += kWebSafeBase64[(group >> (18 - 6 * k)) & 63];
      if (pad)
        out.append(3 - n, '=');
    }
    r.setString(i, std::move(out));
    return success();
  });
}

static LogicalResult decodeBase64Kernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  const HostTensor &s = **in;
  return mapStrings(ctx, s, getStringType(ctx), [&](HostTensor &r, int64_t i) {
    StringRef str = s.getString(i);
    // Padding is optional: up to two trailing '='.
    if (str.size() % 4 == 0) {
      for (int k = 0; k < 2 && str.ends_with("="); ++k)
        str = str.drop_back();
    }
    if (str.size() % 4 == 1)
      return ctx.fail("invalid base64 length " + std::to_string(str.size()));
    std::string out;
    uint32_t acc = 0;
    int bits = 0;
    for (char c : str) {
      const char *at = std::strchr(kWebSafeBase64, c);
      if (c == '\0' || !at)
        return ctx.fail("invalid character found in base64");
      acc = (acc << 6) | static_cast<uint32_t>(at - kWebSafeBase64);
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out += static_cast<char>((acc >> bits) & 0xFF);
      }
    }
    r.setString(i, std::move(out));
    return success();
  });
}

/// SipHash-2-4 of `data` keyed with (k0, k1), as the SipHash paper
/// (Aumasson, Bernstein) specifies it.
static uint64_t sipHash24(uint64_t k0, uint64_t k1, StringRef data) {
  uint64_t v0 = k0 ^ 0x736f6d6570736575ULL, v1 = k1 ^ 0x646f72616e646f6dULL,
           v2 = k0 ^ 0x6c7967656e657261ULL, v3 = k1 ^ 0x7465646279746573ULL;
  auto rotl = [](uint64_t x, int b) { return (x << b) | (x >> (64 - b)); };
  auto round = [&] {
    v0 += v1;
    v1 = rotl(v1, 13) ^ v0;
    v0 = rotl(v0, 32);
    v2 += v3;
    v3 = rotl(v3, 16) ^ v2;
    v0 += v3;
    v3 = rotl(v3, 21) ^ v0;
    v2 += v1;
    v1 = rotl(v1, 17) ^ v2;
    v2 = rotl(v2, 32);
  };
  size_t n = data.size();
  auto word = [&](size_t at, size_t bytes) {
    uint64_t m = 0;
    for (size_t k = 0; k < bytes; ++k)
      m |= uint64_t(static_cast<unsigned char>(data[at + k])) << (8 * k);
    return m;
  };
  size_t full = n / 8 * 8;
  for (size_t at = 0; at <= full; at += 8) {
    uint64_t m = at < full ? word(at, 8)
                           : (word(at, n - full) | (uint64_t(n & 0xFF) << 56));
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
  v2 ^= 0xFF;
  for (int k = 0; k < 4; ++k)
    round();
  return v0 ^ v1 ^ v2 ^ v3;
}

static LogicalResult stringToHashBucketStrongKernel(EvalContext &ctx) {
  FailureOr<const HostTensor *> in = getStringOperand(ctx, 0);
  if (failed(in))
    return failure();
  int64_t buckets = getIntAttr(ctx, "num_buckets", 0);
  if (buckets < 1)
    return ctx.fail("num_buckets must be at least 1");
  auto key = dyn_cast_if_present<ArrayAttr>(ctx.getAttr("key"));
  if (!key || key.size() != 2 || !isa<IntegerAttr>(key[0]) ||
      !isa<IntegerAttr>(key[1]))
    return ctx.fail("key must be a list of two ints");
  uint64_t k0 = cast<IntegerAttr>(key[0]).getValue().getZExtValue();
  uint64_t k1 = cast<IntegerAttr>(key[1]).getValue().getZExtValue();
  const HostTensor &s = **in;
  return mapStrings(ctx, s, IntegerType::get(ctx.getContext(), 64),
                    [&](HostTensor &r, int64_t i) {
                      uint64_t h = sipHash24(k0, k1, s.getString(i));
                      r.setInt(i, h % static_cast<uint64_t>(buckets));
                      return success();
                    });
}

void mlir::tfg::addStringKernels(EvalKernelTable &table) {
  addKernels(table, {"StringJoin"}, stringJoinKernel);
  addKernels(table, {"Substr"}, substrKernel);
  addKernels(table, {"StringLength"}, stringLengthKernel);
  addKernels(table, {"StringStrip"}, stringMapKernel<-1>);
  addKernels(table, {"StringLower"}, stringMapKernel<1>);
  addKernels(table, {"StringUpper"}, stringMapKernel<0>);
  addKernels(table, {"StringToNumber"}, stringToNumberKernel);
  addKernels(table, {"AsString"}, asStringKernel);
  addKernels(table, {"StringSplit"}, stringSplitKernel);
  addKernels(table, {"StringSplitV2"}, stringSplitV2Kernel);
  addKernels(table, {"ReduceJoin"}, reduceJoinKernel);
  addKernels(table, {"EncodeBase64"}, encodeBase64Kernel);
  addKernels(table, {"DecodeBase64"}, decodeBase64Kernel);
  addKernels(table, {"StringToHashBucketStrong"},
             stringToHashBucketStrongKernel);
}
