//===- NumPyTest.cpp - Tests of the .npy/.npz reader and writer -----------===//
//
// The bytes here follow NumPy's published format (numpy.lib.format, and
// what numpy.save/savez write: sorted keys, spare spaces for the first
// dimension, 64-byte alignment; savez forces zip64 local headers), since
// the tests may not run Python. Every dtype round-trips; malformed files of
// every kind, truncated anywhere or with any byte changed, are errors.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/NumPy.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "gtest/gtest.h"

#ifdef TFG_HAVE_ZLIB
#include <zlib.h>
#endif

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
/// An .npy file as numpy.save writes it, for a header dict `dict`.
static std::string npyFile(StringRef dict, StringRef data, int major = 1) {
  std::string header = dict.str();
  unsigned preamble = major == 1 ? 10 : 12;
  header.append(64 - (preamble + header.size() + 1) % 64, ' ');
  header.push_back('\n');
  std::string out("\x93NUMPY", 6);
  out.push_back(static_cast<char>(major));
  out.push_back('\0');
  for (unsigned i = 0; i < preamble - 8; ++i)
    out.push_back(static_cast<char>(header.size() >> (8 * i)));
  return out + header + data.str();
}

static void putLE(std::string &out, uint64_t v, unsigned size) {
  for (unsigned i = 0; i < size; ++i)
    out.push_back(static_cast<char>(v >> (8 * i)));
}

/// A zip of one entry as Python's zipfile writes it for numpy.savez:
/// sizes in a zip64 extra field of the local header, plain 32-bit sizes in
/// the central directory.
static std::string numpyZip(StringRef name, StringRef npy, StringRef stored,
                            unsigned method) {
  uint32_t crc = llvm::crc32(llvm::arrayRefFromStringRef(npy));
  std::string out;
  putLE(out, 0x04034b50, 4);
  putLE(out, 45, 2);
  putLE(out, 0, 2);
  putLE(out, method, 2);
  putLE(out, 0, 4);
  putLE(out, crc, 4);
  putLE(out, 0xFFFFFFFF, 4);
  putLE(out, 0xFFFFFFFF, 4);
  putLE(out, name.size(), 2);
  putLE(out, 20, 2);
  out += name.str();
  putLE(out, 1, 2);
  putLE(out, 16, 2);
  putLE(out, npy.size(), 8);
  putLE(out, stored.size(), 8);
  out += stored.str();
  uint64_t dir = out.size();
  putLE(out, 0x02014b50, 4);
  putLE(out, 45, 2);
  putLE(out, 45, 2);
  putLE(out, 0, 2);
  putLE(out, method, 2);
  putLE(out, 0, 4);
  putLE(out, crc, 4);
  putLE(out, stored.size(), 4);
  putLE(out, npy.size(), 4);
  putLE(out, name.size(), 2);
  putLE(out, 0, 2);
  putLE(out, 0, 2);
  putLE(out, 0, 2);
  putLE(out, 0, 2);
  putLE(out, 0, 4);
  putLE(out, 0, 4);
  out += name.str();
  uint64_t dirSize = out.size() - dir;
  putLE(out, 0x06054b50, 4);
  putLE(out, 0, 4);
  putLE(out, 1, 2);
  putLE(out, 1, 2);
  putLE(out, dirSize, 4);
  putLE(out, dir, 4);
  putLE(out, 0, 2);
  return out;
}

class NumPyTest : public ::testing::Test {
protected:
  NumPyTest() : b(&context) {
    context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  }

  HostTensor read(StringRef bytes) {
    llvm::Expected<HostTensor> t = readNpy(&context, bytes);
    if (!t) {
      ADD_FAILURE() << toString(t.takeError());
      return {};
    }
    return std::move(*t);
  }
  std::string write(const HostTensor &t, NumPyWriteOptions options = {}) {
    std::string out;
    llvm::raw_string_ostream os(out);
    if (llvm::Error err = writeNpy(t, os, options))
      ADD_FAILURE() << toString(std::move(err));
    return out;
  }
  /// The error message of reading `bytes`, or "" when it reads.
  std::string readError(StringRef bytes, NumPyReadOptions options = {}) {
    llvm::Expected<HostTensor> t = readNpy(&context, bytes, options);
    return t ? std::string() : toString(t.takeError());
  }

  MLIRContext context;
  Builder b;
};

TEST_F(NumPyTest, WritesWhatNumPyWrites) {
  // numpy.save("a.npy", numpy.arange(6, dtype="<i4").reshape(2, 3))
  HostTensor t = cantFail(HostTensor::create(b.getI32Type(), {2, 3}));
  for (int i = 0; i < 6; ++i)
    t.setInt(i, i);
  std::string expected("\x93NUMPY\x01\x00\x76\x00", 10);
  expected += "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
  expected += std::string(58, ' ') + "\n";
  for (int i = 0; i < 6; ++i)
    putLE(expected, i, 4);
  EXPECT_EQ(write(t), expected);
  // A scalar: `()`, no spare spaces; a vector: `(3,)`.
  HostTensor scalar = cantFail(HostTensor::create(b.getF64Type(), {}));
  EXPECT_NE(write(scalar).find("'shape': (), }"), std::string::npos);
  HostTensor vector = cantFail(HostTensor::create(b.getF64Type(), {3}));
  EXPECT_NE(write(vector).find("'shape': (3,), }"), std::string::npos);
  EXPECT_EQ((write(vector).size() - 3 * 8) % 64, 0u);
}

TEST_F(NumPyTest, ReadsNumPyDTypes) {
  // Big-endian float32.
  HostTensor f =
      read(npyFile("{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }",
                   StringRef("\x3f\x80\x00\x00\xc0\x00\x00\x00", 8)));
  EXPECT_TRUE(f.getElementType().isF32());
  EXPECT_EQ(f.getDouble(0), 1.0);
  EXPECT_EQ(f.getDouble(1), -2.0);
  // Big-endian int64 and complex128.
  HostTensor i =
      read(npyFile("{'descr': '>i8', 'fortran_order': False, 'shape': (), }",
                   StringRef("\xff\xff\xff\xff\xff\xff\xff\xfe", 8)));
  EXPECT_EQ(i.getInt(0), -2);
  EXPECT_TRUE(i.getElementType().isSignlessInteger(64));
  std::string c16;
  putLE(c16, llvm::bit_cast<uint64_t>(1.5), 8);
  putLE(c16, llvm::bit_cast<uint64_t>(-0.5), 8);
  HostTensor c = read(npyFile(
      "{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }", c16));
  EXPECT_EQ(c.getComplex(0), std::complex<double>(1.5, -0.5));
  // Bool, uint8, float16, uint64, bfloat16 as V2.
  HostTensor bools =
      read(npyFile("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
                   StringRef("\x01\x00\x02", 3)));
  EXPECT_TRUE(bools.getElementType().isInteger(1));
  EXPECT_EQ(bools.getRawData()[2], 1); // normalized
  HostTensor u8 = read(npyFile(
      "{'descr': '|u1', 'fortran_order': False, 'shape': (1,), }", "\xc8"));
  EXPECT_TRUE(u8.getElementType().isUnsignedInteger(8));
  EXPECT_EQ(u8.getInt(0), 200);
  HostTensor f16 =
      read(npyFile("{'descr': '<f2', 'fortran_order': False, 'shape': (1,), }",
                   StringRef("\x00\x3e", 2)));
  EXPECT_EQ(f16.getDouble(0), 1.5);
  HostTensor u64 =
      read(npyFile("{'descr': '<u8', 'fortran_order': False, 'shape': (1,), }",
                   std::string(8, '\xff')));
  EXPECT_EQ(u64.getUInt(0), ~uint64_t(0));
  HostTensor bf16 =
      read(npyFile("{'descr': '|V2', 'fortran_order': False, 'shape': (1,), }",
                   StringRef("\x00\xc0", 2)));
  EXPECT_TRUE(bf16.getElementType().isBF16());
  EXPECT_EQ(bf16.getDouble(0), -2.0);
}

TEST_F(NumPyTest, ReadsStrings) {
  // numpy.array(["ab", "\u00e9\u20ac"]) is '<U2'.
  std::string ucs4;
  for (uint32_t cp : {0x61u, 0x62u, 0xe9u, 0x20acu})
    putLE(ucs4, cp, 4);
  HostTensor u = read(npyFile(
      "{'descr': '<U2', 'fortran_order': False, 'shape': (2,), }", ucs4));
  EXPECT_TRUE(llvm::isa<tf_type::StringType>(u.getElementType()));
  EXPECT_EQ(u.getString(0), "ab");
  EXPECT_EQ(u.getString(1), "\xc3\xa9\xe2\x82\xac");
  // Padding NULs are not part of the string; bytes strings likewise.
  std::string padded;
  for (uint32_t cp : {0x78u, 0u, 0u})
    putLE(padded, cp, 4);
  EXPECT_EQ(read(npyFile("{'descr': '<U3', 'fortran_order': False, "
                         "'shape': (), }",
                         padded))
                .getString(0),
            "x");
  HostTensor s =
      read(npyFile("{'descr': '|S3', 'fortran_order': False, 'shape': (2,), }",
                   StringRef("ab\0a\0c", 6)));
  EXPECT_EQ(s.getString(0), "ab");
  EXPECT_EQ(s.getString(1), StringRef("a\0c", 3));
  // A surrogate is no code point.
  std::string surrogate;
  putLE(surrogate, 0xd800, 4);
  EXPECT_NE(readError(npyFile("{'descr': '<U1', 'fortran_order': False, "
                              "'shape': (1,), }",
                              surrogate))
                .find("code point"),
            std::string::npos);
}

TEST_F(NumPyTest, TransposesFortranOrder) {
  // numpy.asfortranarray(numpy.arange(6, dtype="<i2").reshape(2, 3)).
  std::string data;
  for (int v : {0, 3, 1, 4, 2, 5})
    putLE(data, v, 2);
  HostTensor t = read(npyFile(
      "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }", data));
  ASSERT_EQ(t.getShape(), ArrayRef<int64_t>({2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(t.getInt(i), i);
  // Rank 3, strings.
  std::string strs;
  // Shape (2, 2, 2); column-major order of row-major values "0".."7".
  for (int v : {0, 4, 2, 6, 1, 5, 3, 7})
    strs += std::string(1, static_cast<char>('0' + v));
  HostTensor s = read(npyFile(
      "{'descr': '|S1', 'fortran_order': True, 'shape': (2, 2, 2), }", strs));
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(s.getString(i), std::string(1, static_cast<char>('0' + i)));
}

TEST_F(NumPyTest, ReadsEveryFormatVersionAndHeaderSpelling) {
  std::string data(4, '\0');
  for (int major : {1, 2, 3}) {
    HostTensor t = read(
        npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }",
                data, major));
    EXPECT_EQ(t.getNumElements(), 1);
  }
  // Keys in any order, double quotes, no trailing comma, Python 2 longs.
  HostTensor t = read(npyFile(
      "{\"shape\": (1L, 1L), \"fortran_order\": False, \"descr\": \"<f4\"}",
      data));
  EXPECT_EQ(t.getShape(), ArrayRef<int64_t>({1, 1}));
}

/// A 2x3 tensor of `type` with distinct values (as HostTensorTest's).
static HostTensor sample(Type type) {
  HostTensor t = cantFail(HostTensor::create(type, {2, 3}));
  for (int64_t i = 0; i < 6; ++i) {
    switch (t.getKind()) {
    case HostElementKind::String:
      t.setString(i, i % 2 ? "h\xc3\xa9llo" : std::string(i, 'x'));
      break;
    case HostElementKind::Complex:
      t.setComplex(i, {i * 1.5, -0.25 * i});
      break;
    case HostElementKind::Float:
      t.setDouble(i, i * 0.5 - 1);
      break;
    default:
      t.setInt(i, i % 2 ? -i : i);
      break;
    }
  }
  return t;
}

TEST_F(NumPyTest, EveryDataTypeRoundTrips) {
  for (int32_t dt = 1; dt <= 32; ++dt) {
    if (dt == 20 || dt == 21) // resource, variant
      continue;
    SCOPED_TRACE("DataType " + std::to_string(dt));
    Type type = getTypeForDataType(&context, dt);
    HostTensor t = sample(type);
    HostTensor back = read(write(t));
    ASSERT_TRUE(back);
    EXPECT_EQ(back.getShape(), t.getShape());
    bool quantized =
        llvm::isa<tf_type::Qint8Type, tf_type::Qint16Type, tf_type::Qint32Type,
                  tf_type::Quint8Type, tf_type::Quint16Type>(type);
    bool narrow = (t.getKind() == HostElementKind::Signed ||
                   t.getKind() == HostElementKind::Unsigned) &&
                  t.getElementInfo().bitWidth < 8;
    if (quantized || narrow) {
      // Written as their storage ints (sub-byte ints as 8-bit ones).
      for (int64_t i = 0; i < 6; ++i)
        EXPECT_EQ(back.getInt(i), t.getInt(i));
      EXPECT_TRUE(llvm::isa<IntegerType>(back.getElementType()));
      continue;
    }
    if (t.getKind() == HostElementKind::Float &&
        !back.getElementType().isBF16() && back.getElementType() != type) {
      // float8 is written as float32, exactly.
      EXPECT_TRUE(back.getElementType().isF32());
      for (int64_t i = 0; i < 6; ++i)
        EXPECT_EQ(back.getDouble(i), t.getDouble(i));
      continue;
    }
    EXPECT_TRUE(back.isBitEqual(t));
  }
}

TEST_F(NumPyTest, WritesBytesStringsAndBFloat16AsFloat32) {
  // Not UTF-8: bytes strings ('S').
  HostTensor s =
      cantFail(HostTensor::create(tf_type::StringType::get(&context), {2}));
  s.setString(0, "\xff\x01");
  s.setString(1, StringRef("a\0b", 3).str());
  std::string file = write(s);
  EXPECT_NE(file.find("'descr': '|S3'"), std::string::npos);
  EXPECT_TRUE(read(file).isBitEqual(s));

  HostTensor bf16 = cantFail(HostTensor::create(b.getBF16Type(), {1}));
  bf16.setDouble(0, 0.15625);
  NumPyWriteOptions options;
  options.bfloat16AsFloat32 = true;
  HostTensor f32 = read(write(bf16, options));
  EXPECT_TRUE(f32.getElementType().isF32());
  EXPECT_EQ(f32.getDouble(0), 0.15625);
}

TEST_F(NumPyTest, WritesSplatsInFull) {
  HostTensor t = cantFail(HostTensor::createSplat(b.getF32Type(), {100, 7}));
  t.data<float>()[0] = 2.5f;
  HostTensor back = read(write(t));
  EXPECT_FALSE(back.isSplat());
  EXPECT_TRUE(back.isBitEqual(t));
  // Beyond the writer's bound, nothing is written.
  HostTensor huge =
      cantFail(HostTensor::createSplat(b.getF32Type(), {int64_t(1) << 40}));
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::Error err = writeNpy(huge, os);
  EXPECT_TRUE(static_cast<bool>(err));
  llvm::consumeError(std::move(err));
  EXPECT_TRUE(out.empty());
}

TEST_F(NumPyTest, MalformedHeadersAreErrors) {
  auto header = [](StringRef dict, StringRef data = StringRef("\0\0\0\0", 4)) {
    return npyFile(dict, data);
  };
  struct Case {
    std::string bytes;
    const char *message;
  } cases[] = {
      {"\x93NUMPY", "truncated"},
      {std::string("\x93NUMPY\x04\x00\x00\x00", 10), "version"},
      {std::string("\x93NUMPY\x01\x00\xff\x00{}", 12), "past the end"},
      {header("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }"),
       "unsupported dtype"},
      {header("{'descr': [('a', '<i4')], 'fortran_order': False, "
              "'shape': (1,), }"),
       "structured"},
      {header("{'descr': '<f4', 'shape': (1,), }"), "lacks"},
      {header("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), "
              "'extra': 1, }"),
       "unexpected"},
      {header("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, "
              "'shape': (1,), }"),
       "repeated"},
      {header("{'descr': '<f4', 'fortran_order': 0, 'shape': (1,), }"),
       "fortran_order"},
      {header("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }"),
       "ints"},
      {header("{'descr': '<f4', 'fortran_order': False, "
              "'shape': (99999999999999999999,), }"),
       "overflows"},
      {header("{'descr': '<f4', 'fortran_order': False, "
              "'shape': (4294967296, 4294967296), }"),
       "overflows"},
      {header("{'descr': '<f4', 'fortran_order': False, "
              "'shape': (100000000000,), }"),
       "data of 4 bytes"},
      {header("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }"),
       "data of 4 bytes"},
      {header("{'descr': '<f4', 'fortran_order': False, 'shape': (), }",
              StringRef("\0\0\0\0\0", 5)),
       "data of 5 bytes"},
      {header("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), } x"),
       "after the header"},
      {header("{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }"),
       "unsupported dtype"},
      {header("{'descr': '<U4294967297', 'fortran_order': False, "
              "'shape': (1,), }"),
       "unsupported dtype"},
      {header("{'descr': 'it\\'s', 'fortran_order': False, 'shape': (1,), }"),
       "escapes"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.bytes);
    std::string error = readError(c.bytes);
    EXPECT_NE(error.find(c.message), std::string::npos) << error;
  }
  // Too deep a shape.
  std::string deep = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
  for (int i = 0; i < 300; ++i)
    deep += "1, ";
  deep += "), }";
  EXPECT_NE(readError(header(deep)).find("rank"), std::string::npos);
  // The byte limit.
  NumPyReadOptions small;
  small.maxBytes = 2;
  EXPECT_NE(readError(header("{'descr': '<f4', 'fortran_order': False, "
                             "'shape': (1,), }"),
                      small)
                .find("limit"),
            std::string::npos);
  // Many empty strings without data: bounded by the limit too.
  EXPECT_NE(readError(npyFile("{'descr': '<U0', 'fortran_order': False, "
                              "'shape': (1000000000000,), }",
                              ""))
                .find("limit"),
            std::string::npos);
}

/// Reading `bytes` with every byte changed, one at a time, and every
/// prefix, must not crash; a prefix must fail.
template <typename Read>
static void mutateEverywhere(StringRef bytes, Read read) {
  for (size_t n = 0; n < bytes.size(); ++n)
    EXPECT_FALSE(read(bytes.take_front(n))) << "prefix of " << n << " bytes";
  std::string copy = bytes.str();
  for (size_t i = 0; i < copy.size(); ++i) {
    char saved = copy[i];
    for (char v : {'\0', '\xff', '\x7f', static_cast<char>(saved ^ 1), '9'}) {
      copy[i] = v;
      (void)read(copy);
    }
    copy[i] = saved;
  }
}

TEST_F(NumPyTest, TruncatedOrCorruptFilesNeverCrash) {
  HostTensor t = sample(b.getF32Type());
  HostTensor s = sample(tf_type::StringType::get(&context));
  for (const HostTensor *tensor : {&t, &s}) {
    std::string file = write(*tensor);
    mutateEverywhere(file, [&](StringRef bytes) {
      llvm::Expected<HostTensor> r = readNpy(&context, bytes);
      if (r)
        return true;
      llvm::consumeError(r.takeError());
      return false;
    });
  }
  std::vector<NamedHostTensor> arrays;
  arrays.push_back({"x", t});
  arrays.push_back({"s", s});
  std::string zip;
  llvm::raw_string_ostream os(zip);
  ASSERT_FALSE(static_cast<bool>(writeNpz(arrays, os)));
  os.flush();
  mutateEverywhere(zip, [&](StringRef bytes) {
    llvm::Expected<std::vector<NamedHostTensor>> r = readNpz(&context, bytes);
    if (r)
      return true;
    llvm::consumeError(r.takeError());
    return false;
  });
}

TEST_F(NumPyTest, NpzKeepsNamesAndOrder) {
  std::vector<NamedHostTensor> arrays;
  arrays.push_back({"weights", sample(b.getF32Type())});
  arrays.push_back({"a/b", sample(b.getI1Type())});
  arrays.push_back({"names", sample(tf_type::StringType::get(&context))});
  std::string zip;
  llvm::raw_string_ostream os(zip);
  ASSERT_FALSE(static_cast<bool>(writeNpz(arrays, os)));
  os.flush();
  EXPECT_TRUE(isNpz(zip));
  llvm::Expected<std::vector<NamedHostTensor>> back = readNpz(&context, zip);
  ASSERT_TRUE(static_cast<bool>(back)) << toString(back.takeError());
  ASSERT_EQ(back->size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*back)[i].name, arrays[i].name);
    EXPECT_TRUE((*back)[i].tensor.isBitEqual(arrays[i].tensor));
  }
  // An empty archive.
  std::string empty;
  llvm::raw_string_ostream emptyOs(empty);
  ASSERT_FALSE(static_cast<bool>(writeNpz({}, emptyOs)));
  emptyOs.flush();
  llvm::Expected<std::vector<NamedHostTensor>> none = readNpz(&context, empty);
  ASSERT_TRUE(static_cast<bool>(none)) << toString(none.takeError());
  EXPECT_TRUE(none->empty());
  // Duplicate names are refused.
  arrays.push_back({"weights", sample(b.getF32Type())});
  llvm::Error err = writeNpz(arrays, os);
  EXPECT_TRUE(static_cast<bool>(err));
  llvm::consumeError(std::move(err));
}

TEST_F(NumPyTest, ReadsNpzAsNumPyWritesIt) {
  std::string npy =
      npyFile("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }",
              StringRef("\x07\0\0\0\x09\0\0\0", 8));
  llvm::Expected<std::vector<NamedHostTensor>> arrays =
      readNpz(&context, numpyZip("arr_0.npy", npy, npy, 0));
  ASSERT_TRUE(static_cast<bool>(arrays)) << toString(arrays.takeError());
  ASSERT_EQ(arrays->size(), 1u);
  EXPECT_EQ((*arrays)[0].name, "arr_0");
  EXPECT_EQ((*arrays)[0].tensor.getInt(1), 9);

  // Entries that are not .npy files, bad CRCs, unknown methods.
  auto error = [&](const std::string &zip) {
    llvm::Expected<std::vector<NamedHostTensor>> r = readNpz(&context, zip);
    return r ? std::string() : toString(r.takeError());
  };
  EXPECT_NE(error(numpyZip("readme.txt", npy, npy, 0)).find("not an .npy"),
            std::string::npos);
  std::string corrupt = npy;
  corrupt.back() ^= 1;
  std::string zip = numpyZip("a.npy", npy, npy, 0);
  zip.replace(zip.find(npy), npy.size(), corrupt);
  EXPECT_NE(error(zip).find("CRC"), std::string::npos);
  EXPECT_NE(error(numpyZip("a.npy", npy, npy, 12)).find("method 12"),
            std::string::npos);

#ifdef TFG_HAVE_ZLIB
  // numpy.savez_compressed: raw deflate.
  ASSERT_TRUE(canReadCompressedNpz());
  std::string deflated(compressBound(npy.size()) + 64, '\0');
  z_stream z{};
  ASSERT_EQ(deflateInit2(&z, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY),
            Z_OK);
  z.next_in = reinterpret_cast<Bytef *>(npy.data());
  z.avail_in = npy.size();
  z.next_out = reinterpret_cast<Bytef *>(deflated.data());
  z.avail_out = deflated.size();
  ASSERT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  deflated.resize(z.total_out);
  deflateEnd(&z);
  arrays = readNpz(&context, numpyZip("c.npy", npy, deflated, 8));
  ASSERT_TRUE(static_cast<bool>(arrays)) << toString(arrays.takeError());
  EXPECT_EQ((*arrays)[0].tensor.getInt(0), 7);
  // Declared bigger than it inflates to, or over the limit: errors.
  std::string lying = numpyZip("c.npy", npy + "x", deflated, 8);
  EXPECT_NE(error(lying).find("inflate"), std::string::npos);
  NumPyReadOptions small;
  small.maxBytes = 0;
  std::string bomb = numpyZip("c.npy", std::string(4 << 20, 'x'), deflated, 8);
  llvm::Expected<std::vector<NamedHostTensor>> r =
      readNpz(&context, bomb, small);
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_NE(toString(r.takeError()).find("exceeds the limit"),
            std::string::npos);
#else
  EXPECT_FALSE(canReadCompressedNpz());
  EXPECT_NE(error(numpyZip("c.npy", npy, npy, 8)).find("no zlib"),
            std::string::npos);
#endif
}

TEST_F(NumPyTest, ReadsArchivesOfPythonsZipfile) {
  // fuzz/corpus/numpy/{stored,deflated}.npz: zipfile.ZipFile.open(name,
  // "w", force_zip64=True), as numpy.savez calls it.
  for (const char *name : {"stored.npz", "deflated.npz"}) {
    SCOPED_TRACE(name);
    if (StringRef(name) == "deflated.npz" && !canReadCompressedNpz())
      continue;
    llvm::Expected<std::vector<NamedHostTensor>> arrays =
        readNumPyFile(&context, std::string(TFG_NUMPY_CORPUS) + "/" + name);
    ASSERT_TRUE(static_cast<bool>(arrays)) << toString(arrays.takeError());
    ASSERT_EQ(arrays->size(), 2u);
    EXPECT_EQ((*arrays)[0].name, "f32");
    EXPECT_EQ((*arrays)[1].name, "strings");
    const HostTensor &f = (*arrays)[0].tensor;
    ASSERT_EQ(f.getShape(), ArrayRef<int64_t>({2, 3}));
    for (int i = 0; i < 6; ++i)
      EXPECT_EQ(f.getDouble(i), i);
    EXPECT_EQ((*arrays)[1].tensor.getString(0), "ab");
  }
}

TEST_F(NumPyTest, ReadsFiles) {
  llvm::SmallString<128> npyPath, npzPath, otherPath;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tfg-np", "npy", npyPath));
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tfg-np", "npz", npzPath));
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tfg-np", "txt", otherPath));
  llvm::FileRemover r1(npyPath), r2(npzPath), r3(otherPath);
  HostTensor t = sample(b.getF64Type());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(npyPath, ec);
    ASSERT_FALSE(static_cast<bool>(writeNpy(t, os)));
    llvm::raw_fd_ostream zos(npzPath, ec);
    ASSERT_FALSE(static_cast<bool>(writeNpz({{"t", t}}, zos)));
    llvm::raw_fd_ostream other(otherPath, ec);
    other << "hello";
  }
  llvm::Expected<std::vector<NamedHostTensor>> one =
      readNumPyFile(&context, npyPath);
  ASSERT_TRUE(static_cast<bool>(one)) << toString(one.takeError());
  EXPECT_EQ((*one)[0].name, "arr_0");
  EXPECT_TRUE((*one)[0].tensor.isBitEqual(t));
  llvm::Expected<std::vector<NamedHostTensor>> zipped =
      readNumPyFile(&context, npzPath);
  ASSERT_TRUE(static_cast<bool>(zipped)) << toString(zipped.takeError());
  EXPECT_EQ((*zipped)[0].name, "t");
  llvm::Expected<std::vector<NamedHostTensor>> other =
      readNumPyFile(&context, otherPath);
  ASSERT_FALSE(static_cast<bool>(other));
  EXPECT_NE(toString(other.takeError()).find("not an .npy or .npz"),
            std::string::npos);
  llvm::Expected<std::vector<NamedHostTensor>> missing =
      readNumPyFile(&context, "/nonexistent/tfg.npy");
  ASSERT_FALSE(static_cast<bool>(missing));
  llvm::consumeError(missing.takeError());
  // Written whole through a temporary file; an .npy holds one array.
  ASSERT_FALSE(
      static_cast<bool>(writeNumPyFile(npzPath, {{"u", t}, {"v", t}})));
  zipped = readNumPyFile(&context, npzPath);
  ASSERT_TRUE(static_cast<bool>(zipped)) << toString(zipped.takeError());
  EXPECT_EQ(zipped->size(), 2u);
  ASSERT_FALSE(static_cast<bool>(writeNumPyFile(npyPath, {{"w", t}})));
  one = readNumPyFile(&context, npyPath);
  ASSERT_TRUE(static_cast<bool>(one)) << toString(one.takeError());
  EXPECT_TRUE((*one)[0].tensor.isBitEqual(t));
  llvm::Error err = writeNumPyFile(npyPath, {{"a", t}, {"b", t}});
  ASSERT_TRUE(static_cast<bool>(err));
  EXPECT_NE(toString(std::move(err)).find("one array"), std::string::npos);
  // A failed write leaves the file as it was.
  HostTensor huge =
      cantFail(HostTensor::createSplat(b.getF32Type(), {int64_t(1) << 40}));
  err = writeNumPyFile(npyPath, {{"h", huge}});
  ASSERT_TRUE(static_cast<bool>(err));
  llvm::consumeError(std::move(err));
  one = readNumPyFile(&context, npyPath);
  ASSERT_TRUE(static_cast<bool>(one)) << toString(one.takeError());
  EXPECT_TRUE((*one)[0].tensor.isBitEqual(t));
  // Devices and directories are not read (/dev/zero would never end).
  for (const char *path : {"/dev/zero", "/"}) {
    llvm::Expected<std::vector<NamedHostTensor>> device =
        readNumPyFile(&context, path);
    ASSERT_FALSE(static_cast<bool>(device));
    EXPECT_NE(toString(device.takeError()).find("cannot read"),
              std::string::npos);
  }
}

} // namespace
