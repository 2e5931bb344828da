//===- HostTensorTest.cpp - Tests of host tensors and their attributes ----===//
//
// Every TensorFlow dtype with a host form round-trips through the attribute
// tfg's importer builds for it; splats stay splats; element access converts
// as documented; sizes are bounded; malformed tensor protos are errors.
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
class HostTensorTest : public ::testing::Test {
protected:
  HostTensorTest() : b(&context) {
    context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  }

  /// A 2x3 tensor of `type` with distinct, type-appropriate values.
  HostTensor sample(Type type) {
    HostTensor t = cantFail(HostTensor::create(type, {2, 3}));
    for (int64_t i = 0; i < 6; ++i) {
      switch (t.getKind()) {
      case HostElementKind::String:
        t.setString(i, std::string(i, 'x') + std::string(1, '\0') + "\xff");
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

  MLIRContext context;
  Builder b;
};

/// The DataType numbers with a host form (all but resource and variant).
static std::vector<int32_t> hostDataTypes() {
  std::vector<int32_t> dtypes;
  for (int32_t dt = 1; dt <= 32; ++dt)
    if (dt != 20 && dt != 21)
      dtypes.push_back(dt);
  return dtypes;
}

TEST_F(HostTensorTest, EveryDataTypeRoundTripsThroughItsAttribute) {
  for (int32_t dt : hostDataTypes()) {
    SCOPED_TRACE("DataType " + std::to_string(dt));
    Type type = getTypeForDataType(&context, dt);
    ASSERT_TRUE(type);
    HostTensor t = sample(type);
    TypedAttr attr = t.toAttr(&context);
    ASSERT_TRUE(attr);
    EXPECT_EQ(attr.getType(), t.getType());
    // What the importer builds: dense for the numbers it makes dense.
    bool dense = llvm::isa<DenseElementsAttr>(attr);
    bool proto = llvm::isa<tf_type::TensorProtoAttr>(attr);
    EXPECT_TRUE(dense != proto);
    llvm::Expected<HostTensor> back = HostTensor::fromAttr(attr);
    ASSERT_TRUE(static_cast<bool>(back)) << toString(back.takeError());
    EXPECT_TRUE(back->isBitEqual(t));
    EXPECT_FALSE(back->isSplat());
  }
}

TEST_F(HostTensorTest, EveryDataTypeKeepsSplats) {
  for (int32_t dt : hostDataTypes()) {
    SCOPED_TRACE("DataType " + std::to_string(dt));
    Type type = getTypeForDataType(&context, dt);
    // A splat of 2^40 elements: nothing is expanded on the way.
    HostTensor t =
        cantFail(HostTensor::createSplat(type, {int64_t(1) << 20, 1 << 20}));
    ASSERT_TRUE(t.isSplat());
    if (t.getKind() == HostElementKind::String)
      t.getMutableStrings()[0] = "splat";
    else
      t.getMutableRawData()[0] = 1;
    TypedAttr attr = t.toAttr(&context);
    if (auto dense = llvm::dyn_cast<DenseElementsAttr>(attr)) {
      EXPECT_TRUE(dense.isSplat());
    }
    llvm::Expected<HostTensor> back = HostTensor::fromAttr(attr);
    ASSERT_TRUE(static_cast<bool>(back)) << toString(back.takeError());
    EXPECT_TRUE(back->isSplat());
    EXPECT_EQ(back->getNumElements(), int64_t(1) << 40);
    EXPECT_TRUE(back->isBitEqual(t));
    EXPECT_EQ(back->getDouble((int64_t(1) << 40) - 1), t.getDouble(0));
  }
}

TEST_F(HostTensorTest, EmptyAndScalarTensorsRoundTrip) {
  std::vector<std::vector<int64_t>> shapes = {{}, {0}, {3, 0}};
  for (const std::vector<int64_t> &shape : shapes) {
    for (Type type : {Type(b.getF32Type()), Type(b.getI1Type()),
                      Type(tf_type::StringType::get(&context)),
                      Type(tf_type::Qint8Type::get(&context))}) {
      HostTensor t = cantFail(HostTensor::create(type, shape));
      llvm::Expected<HostTensor> back =
          HostTensor::fromAttr(t.toAttr(&context));
      ASSERT_TRUE(static_cast<bool>(back)) << toString(back.takeError());
      EXPECT_TRUE(back->isBitEqual(t));
      EXPECT_FALSE(back->isSplat());
    }
  }
}

TEST_F(HostTensorTest, ElementAccessConverts) {
  HostTensor i4 = cantFail(HostTensor::create(b.getIntegerType(4), {3}));
  i4.setInt(0, -3);
  i4.setInt(1, 7);
  i4.setInt(2, 9); // wraps to -7
  EXPECT_EQ(i4.getInt(0), -3);
  EXPECT_EQ(i4.getInt(1), 7);
  EXPECT_EQ(i4.getInt(2), -7);

  HostTensor u64 =
      cantFail(HostTensor::create(b.getIntegerType(64, false), {1}));
  u64.setUInt(0, ~uint64_t(0));
  EXPECT_EQ(u64.getUInt(0), ~uint64_t(0));
  EXPECT_EQ(u64.getDouble(0), 18446744073709551615.0);

  HostTensor f16 = cantFail(HostTensor::create(b.getF16Type(), {2}));
  f16.setDouble(0, 1.5);
  f16.setDouble(1, 1e9); // overflows to inf
  EXPECT_EQ(f16.data<uint16_t>()[0], 0x3e00);
  EXPECT_EQ(f16.getDouble(0), 1.5);
  EXPECT_TRUE(std::isinf(f16.getDouble(1)));

  HostTensor bf16 = cantFail(HostTensor::create(b.getBF16Type(), {1}));
  bf16.setDouble(0, -2.0);
  EXPECT_EQ(bf16.data<uint16_t>()[0], 0xc000);

  HostTensor c64 =
      cantFail(HostTensor::create(ComplexType::get(b.getF32Type()), {1}));
  c64.setComplex(0, {1.0, -2.0});
  EXPECT_EQ(c64.getComplex(0), std::complex<double>(1.0, -2.0));
  EXPECT_EQ(c64.getDouble(0), 1.0);
  EXPECT_EQ(c64.data<std::complex<float>>()[0], std::complex<float>(1, -2));

  HostTensor f32 = cantFail(HostTensor::create(b.getF32Type(), {3}));
  f32.setDouble(0, std::nan(""));
  f32.setDouble(1, 1e30);
  f32.setDouble(2, -3.75);
  EXPECT_EQ(f32.getInt(0), 0);
  EXPECT_EQ(f32.getInt(1), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(f32.getInt(2), -3);

  HostTensor boolean = cantFail(HostTensor::create(b.getI1Type(), {2}));
  boolean.setDouble(1, 0.5);
  EXPECT_EQ(boolean.getInt(0), 0);
  EXPECT_EQ(boolean.getInt(1), 1);

  HostTensor q =
      cantFail(HostTensor::create(tf_type::Quint8Type::get(&context), {1}));
  q.setInt(0, 200);
  EXPECT_EQ(q.getInt(0), 200);
  EXPECT_EQ(q.getElementInfo().byteSize, 1u);
}

TEST_F(HostTensorTest, StorageIsAligned) {
  HostTensor t = cantFail(HostTensor::create(b.getF64Type(), {7}));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.getRawData().data()) % 64, 0u);
  HostTensor copy = t;
  EXPECT_EQ(reinterpret_cast<uintptr_t>(copy.getRawData().data()) % 64, 0u);
  EXPECT_NE(copy.getRawData().data(), t.getRawData().data());
}

TEST_F(HostTensorTest, SplatsExpandAndCompact) {
  HostTensor t = cantFail(HostTensor::createSplat(b.getI32Type(), {2, 2}));
  t.data<int32_t>()[0] = 42;
  EXPECT_EQ(t.getNumStoredElements(), 1);
  EXPECT_EQ(t.getInt(3), 42);
  ASSERT_FALSE(static_cast<bool>(t.expandSplat()));
  EXPECT_FALSE(t.isSplat());
  EXPECT_EQ(t.data<int32_t>().size(), 4u);
  EXPECT_EQ(t.data<int32_t>()[3], 42);
  EXPECT_TRUE(t.compactToSplat());
  EXPECT_TRUE(t.isSplat());
  t = cantFail(HostTensor::create(b.getI32Type(), {2}));
  t.setInt(1, 1);
  EXPECT_FALSE(t.compactToSplat());
}

TEST_F(HostTensorTest, SizesAreBounded) {
  llvm::Expected<HostTensor> big =
      HostTensor::create(b.getF32Type(), {1 << 20}, /*maxBytes=*/1000);
  ASSERT_FALSE(static_cast<bool>(big));
  EXPECT_NE(toString(big.takeError()).find("exceeds the limit"),
            std::string::npos);
  llvm::Expected<HostTensor> overflow =
      HostTensor::create(b.getF32Type(), {int64_t(1) << 40, int64_t(1) << 40});
  ASSERT_FALSE(static_cast<bool>(overflow));
  EXPECT_NE(toString(overflow.takeError()).find("overflows"),
            std::string::npos);
  llvm::Expected<HostTensor> negative =
      HostTensor::create(b.getF32Type(), {2, -1});
  EXPECT_FALSE(static_cast<bool>(negative));
  llvm::consumeError(negative.takeError());
  SmallVector<int64_t> deep(300, 1);
  llvm::Expected<HostTensor> tooDeep = HostTensor::create(b.getF32Type(), deep);
  EXPECT_FALSE(static_cast<bool>(tooDeep));
  llvm::consumeError(tooDeep.takeError());

  HostTensor splat =
      cantFail(HostTensor::createSplat(b.getF32Type(), {int64_t(1) << 40}));
  llvm::Error err = splat.expandSplat();
  ASSERT_TRUE(static_cast<bool>(err));
  llvm::consumeError(std::move(err));
  EXPECT_TRUE(splat.isSplat());

  HostTensor strings = cantFail(
      HostTensor::createSplat(tf_type::StringType::get(&context), {1000}));
  strings.getMutableStrings()[0] = std::string(100, 'a');
  err = strings.expandSplat(/*maxBytes=*/10000);
  ASSERT_TRUE(static_cast<bool>(err));
  llvm::consumeError(std::move(err));
}

TEST_F(HostTensorTest, TypesWithoutHostFormAreRefused) {
  for (Type type : {Type(tf_type::ResourceType::get(&context)),
                    Type(tf_type::VariantType::get(&context)),
                    Type(b.getIndexType()), Type(b.getIntegerType(24))}) {
    llvm::Expected<HostTensor> t = HostTensor::create(type, {1});
    EXPECT_FALSE(static_cast<bool>(t));
    llvm::consumeError(t.takeError());
  }
}

TEST_F(HostTensorTest, ReadsOtherAttributeForms) {
  // Dense strings, as MLIR spells them.
  auto strType = RankedTensorType::get({2}, tf_type::StringType::get(&context));
  auto strs = DenseStringElementsAttr::get(strType, {"ab", "c"});
  HostTensor s = cantFail(HostTensor::fromAttr(strs));
  EXPECT_EQ(s.getString(0), "ab");
  EXPECT_EQ(s.getString(1), "c");

  // A dense bool tensor, packed by MLIR.
  auto boolType = RankedTensorType::get({9}, b.getI1Type());
  SmallVector<bool> bits = {true,  false, true,  true, false,
                            false, false, false, true};
  HostTensor bools =
      cantFail(HostTensor::fromAttr(DenseElementsAttr::get(boolType, bits)));
  for (int i = 0; i < 9; ++i)
    EXPECT_EQ(bools.getInt(i), bits[i]);

  // A dense resource.
  auto f32Type = RankedTensorType::get({2}, b.getF32Type());
  float values[] = {1.5f, -2.0f};
  auto resource = DenseResourceElementsAttr::get(
      f32Type, "w",
      HeapAsmResourceBlob::allocateAndCopyInferAlign(ArrayRef<float>(values)));
  HostTensor r = cantFail(HostTensor::fromAttr(resource));
  EXPECT_EQ(r.getDouble(0), 1.5);
  EXPECT_EQ(r.getDouble(1), -2.0);

  // Not a tensor.
  llvm::Expected<HostTensor> bad = HostTensor::fromAttr(b.getI32IntegerAttr(1));
  EXPECT_FALSE(static_cast<bool>(bad));
  llvm::consumeError(bad.takeError());
}

/// A TensorProtoAttr of `type` over the given serialized bytes.
static Attribute proto(MLIRContext *ctx, ShapedType type, StringRef bytes) {
  return tf_type::TensorProtoAttr::get(ctx, type, bytes);
}

TEST_F(HostTensorTest, ReadsTensorProtosAsTensorFlowDoes) {
  auto strType = RankedTensorType::get({3}, tf_type::StringType::get(&context));
  // dtype: DT_STRING, shape [3], string_val "a", "bc": the last repeats.
  StringRef twoValues("\x08\x07\x12\x04\x12\x02\x08\x03"
                      "\x42\x01"
                      "a"
                      "\x42\x02"
                      "bc",
                      15);
  HostTensor s =
      cantFail(HostTensor::fromAttr(proto(&context, strType, twoValues)));
  EXPECT_EQ(s.getString(0), "a");
  EXPECT_EQ(s.getString(1), "bc");
  EXPECT_EQ(s.getString(2), "bc");
  // No values: empty strings, as a splat.
  HostTensor empty = cantFail(
      HostTensor::fromAttr(proto(&context, strType, StringRef("\x08\x07", 2))));
  EXPECT_TRUE(empty.isSplat());
  EXPECT_EQ(empty.getString(2), "");
  // tensor_content in TensorFlow's string-list encoding: lengths, then
  // bytes.
  StringRef content("\x08\x07\x22\x06\x01\x00\x02"
                    "abc",
                    10);
  HostTensor c =
      cantFail(HostTensor::fromAttr(proto(&context, strType, content)));
  EXPECT_EQ(c.getString(0), "a");
  EXPECT_EQ(c.getString(1), "");
  EXPECT_EQ(c.getString(2), "bc");

  // qint8 from unpacked int_val, negative as a 10-byte varint.
  auto qType = RankedTensorType::get({2}, tf_type::Qint8Type::get(&context));
  StringRef q("\x08\x0b\x38\x05\x38\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01",
              15);
  HostTensor qt = cantFail(HostTensor::fromAttr(proto(&context, qType, q)));
  EXPECT_EQ(qt.getInt(0), 5);
  EXPECT_EQ(qt.getInt(1), -1);
}

TEST_F(HostTensorTest, MalformedTensorProtosAreErrors) {
  auto strType = RankedTensorType::get({2}, tf_type::StringType::get(&context));
  auto qType = RankedTensorType::get({2}, tf_type::Qint8Type::get(&context));
  struct Case {
    RankedTensorType type;
    StringRef bytes;
    const char *message;
  } cases[] = {
      {strType, StringRef("\x08\x01", 2), "dtype"},
      {strType, StringRef("\x12\x04\x12\x02\x08\x05", 6), "shape"},
      {strType,
       StringRef("\x42\x05"
                 "ab",
                 4),
       "malformed"},
      {strType, StringRef("\x42\x00\x42\x00\x42\x00", 6), "more values"},
      {strType, StringRef("\x22\x02\x05\x00", 4), "truncated"},
      {qType,
       StringRef("\x22\x03"
                 "abc",
                 5),
       "tensor_content"},
      {qType, StringRef("\x38\x80", 2), "malformed"},
      {qType, StringRef("\x00", 1), "malformed"},
  };
  for (const Case &c : cases) {
    SCOPED_TRACE(c.message);
    llvm::Expected<HostTensor> t =
        HostTensor::fromAttr(proto(&context, c.type, c.bytes));
    ASSERT_FALSE(static_cast<bool>(t));
    EXPECT_NE(toString(t.takeError()).find(c.message), std::string::npos);
  }
}

} // namespace
