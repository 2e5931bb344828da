//===- NumPy.cpp - NumPy .npy files of host tensors -----------------------===//
//
// The .npy format (NumPy's `numpy.lib.format`): the magic `\x93NUMPY`, a
// major and minor version byte, the header length (2 bytes little-endian in
// version 1.0, 4 bytes in 2.0 and 3.0), an ASCII (3.0: UTF-8) Python dict
// literal with the keys 'descr', 'fortran_order' and 'shape', padded with
// spaces and a newline so that the data starts on a multiple of 64 bytes,
// then the elements. The header parser accepts the literal forms NumPy
// writes (single- or double-quoted strings, True/False, tuples of ints),
// nothing else.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/NumPy.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/SwapByteOrder.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

static llvm::Error npyError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 ".npy: " + message);
}

bool mlir::tfg::isNpy(StringRef bytes) {
  return bytes.starts_with(StringRef("\x93NUMPY", 6));
}

//===----------------------------------------------------------------------===//
// The header
//===----------------------------------------------------------------------===//

namespace {
/// What an .npy header says.
struct NpyHeader {
  std::string descr;
  bool fortranOrder = false;
  SmallVector<int64_t, 4> shape;
};

/// A strict parser of the header's dict literal.
class HeaderParser {
public:
  explicit HeaderParser(StringRef text) : text(text) {}

  llvm::Error parse(NpyHeader &header) {
    bool seenDescr = false, seenOrder = false, seenShape = false;
    skipSpace();
    if (!consume('{'))
      return fail("the header is not a dict");
    while (true) {
      skipSpace();
      if (consume('}'))
        break;
      std::string key;
      if (llvm::Error err = parseString(key))
        return err;
      skipSpace();
      if (!consume(':'))
        return fail("expected ':' after key '" + key + "'");
      skipSpace();
      if (key == "descr" && !seenDescr) {
        seenDescr = true;
        if (peek() == '[')
          return fail("structured dtypes are not supported");
        if (llvm::Error err = parseString(header.descr))
          return err;
      } else if (key == "fortran_order" && !seenOrder) {
        seenOrder = true;
        if (text.consume_front("True"))
          header.fortranOrder = true;
        else if (text.consume_front("False"))
          header.fortranOrder = false;
        else
          return fail("fortran_order is not True or False");
      } else if (key == "shape" && !seenShape) {
        seenShape = true;
        if (llvm::Error err = parseShape(header.shape))
          return err;
      } else {
        return fail("unexpected or repeated key '" + key + "'");
      }
      skipSpace();
      if (consume('}'))
        break;
      if (!consume(','))
        return fail("expected ',' or '}' in the header");
    }
    skipSpace();
    if (!text.empty())
      return fail("bytes after the header's dict");
    if (!seenDescr || !seenOrder || !seenShape)
      return fail("the header lacks 'descr', 'fortran_order' or 'shape'");
    return llvm::Error::success();
  }

private:
  char peek() const { return text.empty() ? '\0' : text.front(); }
  bool consume(char c) { return text.consume_front(StringRef(&c, 1)); }
  void skipSpace() { text = text.ltrim(" \t\r\n"); }
  llvm::Error fail(const llvm::Twine &message) { return npyError(message); }

  llvm::Error parseString(std::string &out) {
    char quote = peek();
    if (quote != '\'' && quote != '"')
      return fail("expected a string in the header");
    text = text.drop_front();
    size_t end = text.find(quote);
    if (end == StringRef::npos)
      return fail("unterminated string in the header");
    StringRef value = text.take_front(end);
    // NumPy writes no escapes in these strings.
    if (value.contains('\\'))
      return fail("escapes in header strings are not supported");
    out = value.str();
    text = text.drop_front(end + 1);
    return llvm::Error::success();
  }

  llvm::Error parseShape(SmallVectorImpl<int64_t> &shape) {
    if (!consume('('))
      return fail("the shape is not a tuple");
    while (true) {
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      size_t digits = 0;
      while (digits < text.size() && llvm::isDigit(text[digits]))
        ++digits;
      if (digits == 0)
        return fail("the shape holds something other than ints");
      int64_t value = 0;
      for (char c : text.take_front(digits)) {
        if (value > (std::numeric_limits<int64_t>::max() - (c - '0')) / 10)
          return fail("a dimension of the shape overflows int64");
        value = value * 10 + (c - '0');
      }
      text = text.drop_front(digits);
      text.consume_front("L"); // Python 2's long literals
      if (static_cast<int64_t>(shape.size()) >= kMaxHostTensorRank)
        return fail("rank over the limit of " +
                    llvm::Twine(kMaxHostTensorRank));
      shape.push_back(value);
      skipSpace();
      if (consume(')'))
        return llvm::Error::success();
      if (!consume(','))
        return fail("expected ',' or ')' in the shape");
    }
  }

  StringRef text;
};

/// An element layout of the file.
struct NpyDType {
  Type elementType;
  char kind;         // b, i, u, f, c, U, S, V
  bool swap = false; // the file's byte order is not the host's
  uint64_t itemSize; // bytes per element in the file
};
} // namespace

static llvm::Expected<NpyDType> parseDescr(MLIRContext *ctx, StringRef descr) {
  Builder b(ctx);
  NpyDType dt{};
  StringRef text = descr;
  char order = '=';
  if (!text.empty() && StringRef("<>|=").contains(text.front())) {
    order = text.front();
    text = text.drop_front();
  }
  bool little = order == '<' || (order == '=' && llvm::sys::IsLittleEndianHost);
  bool big = order == '>' || (order == '=' && !llvm::sys::IsLittleEndianHost);
  dt.swap = (little && !llvm::sys::IsLittleEndianHost) ||
            (big && llvm::sys::IsLittleEndianHost);
  if (text == "?") {
    text = "b1";
  }
  if (text.empty())
    return npyError("empty dtype '" + descr + "'");
  dt.kind = text.front();
  if (dt.kind == 'a')
    dt.kind = 'S';
  uint64_t size;
  if (text.drop_front().getAsInteger(10, size))
    return npyError("unsupported dtype '" + descr + "'");
  dt.itemSize = size;
  auto bad = [&] { return npyError("unsupported dtype '" + descr + "'"); };
  switch (dt.kind) {
  case 'b':
    if (size != 1)
      return bad();
    dt.elementType = b.getI1Type();
    break;
  case 'i':
  case 'u':
    if (size != 1 && size != 2 && size != 4 && size != 8)
      return bad();
    // Signed ints are signless in tfg, as the importer makes them.
    dt.elementType = dt.kind == 'i' ? b.getIntegerType(size * 8)
                                    : b.getIntegerType(size * 8, false);
    break;
  case 'f':
    if (size == 2)
      dt.elementType = b.getF16Type();
    else if (size == 4)
      dt.elementType = b.getF32Type();
    else if (size == 8)
      dt.elementType = b.getF64Type();
    else
      return bad();
    break;
  case 'c':
    if (size == 8)
      dt.elementType = ComplexType::get(b.getF32Type());
    else if (size == 16)
      dt.elementType = ComplexType::get(b.getF64Type());
    else
      return bad();
    break;
  case 'U':
    if (size > (uint64_t(1) << 32))
      return bad();
    dt.itemSize = size * 4;
    dt.elementType = tf_type::StringType::get(ctx);
    break;
  case 'S':
    if (size > (uint64_t(1) << 32))
      return bad();
    dt.elementType = tf_type::StringType::get(ctx);
    break;
  case 'V':
    // bfloat16's bits, as ml_dtypes saves them (see NumPy.h).
    if (size != 2)
      return bad();
    dt.elementType = b.getBF16Type();
    break;
  default:
    return bad();
  }
  return dt;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

/// Appends code point `cp` as UTF-8.
static void appendUTF8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

/// Decodes one string element of the file.
static llvm::Error decodeString(const NpyDType &dt, const char *p,
                                std::string &out) {
  out.clear();
  if (dt.kind == 'S') {
    StringRef s(p, dt.itemSize);
    out = s.rtrim('\0').str();
    return llvm::Error::success();
  }
  uint64_t chars = dt.itemSize / 4;
  while (chars > 0) {
    uint32_t last;
    std::memcpy(&last, p + (chars - 1) * 4, 4);
    if (last != 0)
      break;
    --chars;
  }
  for (uint64_t i = 0; i < chars; ++i) {
    uint32_t cp;
    std::memcpy(&cp, p + i * 4, 4);
    if (dt.swap)
      cp = llvm::byteswap(cp);
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return npyError("invalid code point " + llvm::Twine(cp) +
                      " in a unicode string");
    appendUTF8(out, cp);
  }
  return llvm::Error::success();
}

/// Reverses the bytes of each `partSize`-byte part of an element.
static void swapParts(char *p, unsigned byteSize, unsigned partSize) {
  for (unsigned off = 0; off < byteSize; off += partSize)
    std::reverse(p + off, p + off + partSize);
}

llvm::Expected<HostTensor> mlir::tfg::readNpy(MLIRContext *context,
                                              StringRef bytes,
                                              const NumPyReadOptions &options) {
  if (!isNpy(bytes))
    return npyError("not an .npy file (no \\x93NUMPY magic)");
  if (bytes.size() < 10)
    return npyError("truncated preamble");
  auto major = static_cast<uint8_t>(bytes[6]);
  auto minor = static_cast<uint8_t>(bytes[7]);
  if ((major != 1 && major != 2 && major != 3) || minor != 0)
    return npyError("unsupported format version " + llvm::Twine(major) + "." +
                    llvm::Twine(minor));
  uint64_t headerLen, preamble;
  if (major == 1) {
    headerLen = static_cast<uint8_t>(bytes[8]) |
                (static_cast<uint64_t>(static_cast<uint8_t>(bytes[9])) << 8);
    preamble = 10;
  } else {
    if (bytes.size() < 12)
      return npyError("truncated preamble");
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= static_cast<uint64_t>(static_cast<uint8_t>(bytes[8 + i]))
                   << (8 * i);
    preamble = 12;
  }
  if (headerLen > bytes.size() - preamble)
    return npyError("header of " + llvm::Twine(headerLen) +
                    " bytes runs past the end of the file");
  NpyHeader header;
  if (llvm::Error err =
          HeaderParser(bytes.substr(preamble, headerLen)).parse(header))
    return std::move(err);
  llvm::Expected<NpyDType> dt = parseDescr(context, header.descr);
  if (!dt)
    return dt.takeError();
  llvm::Expected<int64_t> n = getHostNumElements(header.shape);
  if (!n)
    return npyError(llvm::toString(n.takeError()));
  StringRef data = bytes.drop_front(preamble + headerLen);
  // Sizes against the bytes present, before allocating anything.
  if (dt->itemSize == 0
          ? !data.empty()
          : (static_cast<uint64_t>(*n) > data.size() / dt->itemSize ||
             *n * dt->itemSize != data.size()))
    return npyError("data of " + llvm::Twine(data.size()) + " bytes for " +
                    llvm::Twine(*n) + " elements of " +
                    llvm::Twine(dt->itemSize) + " bytes");
  llvm::Expected<HostTensor> t =
      HostTensor::create(dt->elementType, header.shape, options.maxBytes);
  if (!t)
    return t.takeError();

  // Fortran order: element k of the row-major result is at `off` in the
  // column-major file; `off` moves with an odometer over the indices.
  int64_t rank = static_cast<int64_t>(header.shape.size());
  bool transpose = header.fortranOrder && rank > 1;
  SmallVector<int64_t, 4> index(rank, 0), stride(rank, 1);
  for (int64_t j = 1; j < rank; ++j)
    stride[j] = stride[j - 1] * header.shape[j - 1];
  int64_t off = 0;
  const HostElementInfo &info = t->getElementInfo();
  bool isString = info.kind == HostElementKind::String;
  MutableArrayRef<std::string> strings;
  if (isString)
    strings = t->getMutableStrings();
  char *out = isString ? nullptr : t->getMutableRawData().data();
  int64_t stringBytes = *n * static_cast<int64_t>(sizeof(std::string));
  unsigned partSize =
      info.kind == HostElementKind::Complex ? info.byteSize / 2 : info.byteSize;
  // Numbers in row order and in the host's byte order: one copy.
  if (!isString && !transpose && (!dt->swap || partSize == 1) &&
      info.kind != HostElementKind::Bool) {
    std::memcpy(out, data.data(), data.size());
    return t;
  }
  for (int64_t k = 0; k < *n; ++k) {
    int64_t src = transpose ? off : k;
    const char *p = data.data() + src * dt->itemSize;
    if (isString) {
      if (llvm::Error err = decodeString(*dt, p, strings[k]))
        return std::move(err);
      stringBytes += static_cast<int64_t>(strings[k].size());
      if (stringBytes > options.maxBytes)
        return npyError("strings exceed the limit of " +
                        llvm::Twine(options.maxBytes) + " bytes");
    } else {
      char *q = out + k * info.byteSize;
      std::memcpy(q, p, info.byteSize);
      if (dt->swap && partSize > 1)
        swapParts(q, info.byteSize, partSize);
      if (info.kind == HostElementKind::Bool)
        *q = *q != 0;
    }
    if (transpose) {
      for (int64_t j = rank - 1; j >= 0; --j) {
        ++index[j];
        off += stride[j];
        if (index[j] < header.shape[j])
          break;
        off -= index[j] * stride[j];
        index[j] = 0;
      }
    }
  }
  return t;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {
/// How a tensor's elements are written.
struct WriteLayout {
  std::string descr;
  uint64_t itemSize;
  enum { Raw, Int8, Float32, Unicode, Bytes } convert;
};
} // namespace

/// The number of code points of valid UTF-8 `s` without NUL; none if it is
/// not such a string.
static std::optional<uint64_t> countCodePoints(StringRef s) {
  const auto *src = reinterpret_cast<const llvm::UTF8 *>(s.data());
  if (s.contains('\0') ||
      !llvm::isLegalUTF8String(&src,
                               reinterpret_cast<const llvm::UTF8 *>(s.end())))
    return std::nullopt;
  uint64_t count = 0;
  for (char c : s)
    count += (static_cast<uint8_t>(c) & 0xC0) != 0x80;
  return count;
}

static llvm::Expected<WriteLayout>
getWriteLayout(const HostTensor &t, const NumPyWriteOptions &options) {
  const char order = llvm::sys::IsLittleEndianHost ? '<' : '>';
  const HostElementInfo &info = t.getElementInfo();
  Type type = t.getElementType();
  auto sized = [&](char kind, unsigned bytes) {
    return std::string(1, bytes == 1 ? '|' : order) + kind +
           std::to_string(bytes);
  };
  switch (info.kind) {
  case HostElementKind::Bool:
    return WriteLayout{"|b1", 1, WriteLayout::Raw};
  case HostElementKind::Signed:
  case HostElementKind::Unsigned: {
    char kind = info.kind == HostElementKind::Signed ? 'i' : 'u';
    if (info.bitWidth < 8)
      return WriteLayout{sized(kind, 1), 1, WriteLayout::Int8};
    return WriteLayout{sized(kind, info.byteSize), info.byteSize,
                       WriteLayout::Raw};
  }
  case HostElementKind::Float:
    if (type.isBF16() && !options.bfloat16AsFloat32)
      return WriteLayout{"|V2", 2, WriteLayout::Raw};
    if (type.isBF16() || info.bitWidth == 8)
      return WriteLayout{sized('f', 4), 4, WriteLayout::Float32};
    return WriteLayout{sized('f', info.byteSize), info.byteSize,
                       WriteLayout::Raw};
  case HostElementKind::Complex:
    return WriteLayout{sized('c', info.byteSize), info.byteSize,
                       WriteLayout::Raw};
  case HostElementKind::String: {
    uint64_t maxChars = 1, maxBytes = 1;
    bool unicode = true;
    for (const std::string &s : t.getStrings()) {
      maxBytes = std::max<uint64_t>(maxBytes, s.size());
      if (!unicode)
        continue;
      if (std::optional<uint64_t> chars = countCodePoints(s))
        maxChars = std::max(maxChars, *chars);
      else
        unicode = false;
    }
    if (unicode)
      return WriteLayout{std::string(1, order) + "U" + std::to_string(maxChars),
                         maxChars * 4, WriteLayout::Unicode};
    return WriteLayout{"|S" + std::to_string(maxBytes), maxBytes,
                       WriteLayout::Bytes};
  }
  }
  return npyError("element type has no NumPy dtype");
}

/// Appends element `i` of `t` as the file stores it.
static void appendElement(const HostTensor &t, const WriteLayout &layout,
                          int64_t i, std::string &buf) {
  switch (layout.convert) {
  case WriteLayout::Raw: {
    const HostElementInfo &info = t.getElementInfo();
    const char *p =
        t.getRawData().data() + (t.isSplat() ? 0 : i) * info.byteSize;
    buf.append(p, info.byteSize);
    return;
  }
  case WriteLayout::Int8:
    buf.push_back(static_cast<char>(t.getInt(i)));
    return;
  case WriteLayout::Float32: {
    float f = static_cast<float>(t.getDouble(i));
    char bytes[4];
    std::memcpy(bytes, &f, 4);
    buf.append(bytes, 4);
    return;
  }
  case WriteLayout::Bytes: {
    StringRef s = t.getString(i);
    buf.append(s.data(), s.size());
    buf.append(layout.itemSize - s.size(), '\0');
    return;
  }
  case WriteLayout::Unicode: {
    StringRef s = t.getString(i);
    const auto *src = reinterpret_cast<const llvm::UTF8 *>(s.data());
    const auto *end = reinterpret_cast<const llvm::UTF8 *>(s.end());
    uint64_t chars = 0;
    while (src != end) {
      llvm::UTF32 cp;
      if (llvm::convertUTF8Sequence(&src, end, &cp, llvm::strictConversion) !=
          llvm::conversionOK)
        break; // checked by getWriteLayout
      char bytes[4];
      std::memcpy(bytes, &cp, 4);
      buf.append(bytes, 4);
      ++chars;
    }
    buf.append((layout.itemSize / 4 - chars) * 4, '\0');
    return;
  }
  }
}

llvm::Error mlir::tfg::writeNpy(const HostTensor &t, llvm::raw_ostream &os,
                                const NumPyWriteOptions &options) {
  if (!t)
    return npyError("null tensor");
  llvm::Expected<WriteLayout> layout = getWriteLayout(t, options);
  if (!layout)
    return layout.takeError();
  int64_t n = t.getNumElements();
  if (layout->itemSize &&
      static_cast<uint64_t>(n) >
          static_cast<uint64_t>(options.maxBytes) / layout->itemSize)
    return npyError("array of " + llvm::Twine(n) + " elements of " +
                    llvm::Twine(layout->itemSize) +
                    " bytes exceeds the limit of " +
                    llvm::Twine(options.maxBytes) + " bytes");
  std::string dict =
      "{'descr': '" + layout->descr + "', 'fortran_order': False, 'shape': (";
  for (int64_t d : t.getShape())
    dict += std::to_string(d) + ", ";
  if (t.getRank() > 1)
    dict.resize(dict.size() - 2);
  else if (t.getRank() == 1)
    dict.pop_back();
  dict += "), }";
  // As NumPy writes it: spare spaces for the first dimension to grow in
  // place (up to 21 digits), then padding to a multiple of 64 bytes (a full
  // 64 when already aligned) that ends with a newline.
  if (t.getRank() > 0)
    dict.append(
        21 - std::min<size_t>(21, std::to_string(t.getShape()[0]).size()), ' ');
  uint64_t preamble = 10;
  if (preamble + dict.size() + 1 + 64 > 65535)
    preamble = 12;
  dict.append(64 - (preamble + dict.size() + 1) % 64, ' ');
  dict.push_back('\n');
  os.write("\x93NUMPY", 6);
  os << static_cast<char>(preamble == 10 ? 1 : 2) << '\0';
  uint64_t len = dict.size();
  for (uint64_t i = 0; i < preamble - 8; ++i)
    os << static_cast<char>(len >> (8 * i));
  os << dict;

  if (layout->convert == WriteLayout::Raw && !t.isSplat()) {
    ArrayRef<char> raw = t.getRawData();
    os.write(raw.data(), raw.size());
    return llvm::Error::success();
  }
  std::string buf;
  for (int64_t i = 0; i < n; ++i) {
    appendElement(t, *layout, i, buf);
    if (buf.size() >= (1u << 16)) {
      os << buf;
      buf.clear();
    }
  }
  os << buf;
  return llvm::Error::success();
}
