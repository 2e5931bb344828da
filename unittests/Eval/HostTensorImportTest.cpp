//===- HostTensorImportTest.cpp - Host tensors against the importer -------===//
//
// TFGEval reads and writes #tf_type<tensor_proto> without protobuf. Here
// protobuf and the importer are the reference: TensorProtos of every dtype
// are imported as the importer does, read as host tensors, converted back
// to attributes, exported, and imported again; the values must survive,
// and what the codec writes must parse as the TensorProto it means.
// (This test binary links the importer; TFGEval itself does not.)
//
//===----------------------------------------------------------------------===//

#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/DataType.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/ImportExport/Convert.h"
#include "tfg/proto/tensor.pb.h"

#include "google/protobuf/text_format.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;
using llvm::cantFail;

namespace {
class HostTensorImportTest : public ::testing::Test {
protected:
  HostTensorImportTest() : loc(UnknownLoc::get(&context)) {
    context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  }

  /// Imports TensorProto text as the importer does.
  Attribute import(StringRef text) {
    tensorflow::TensorProto proto;
    if (!google::protobuf::TextFormat::ParseFromString(text.str(), &proto)) {
      ADD_FAILURE() << "bad proto text";
      return {};
    }
    FailureOr<Attribute> attr = convertTensor(proto, loc);
    if (failed(attr)) {
      ADD_FAILURE() << "import failed";
      return {};
    }
    return *attr;
  }

  /// Exports an attribute and imports it again.
  Attribute reimport(Attribute attr, tensorflow::TensorProto &proto) {
    if (failed(convertTensor(attr, proto, loc))) {
      ADD_FAILURE() << "export failed";
      return {};
    }
    FailureOr<Attribute> again = convertTensor(proto, loc);
    if (failed(again)) {
      ADD_FAILURE() << "import of the export failed";
      return {};
    }
    return *again;
  }

  MLIRContext context;
  Location loc;
};

TEST_F(HostTensorImportTest, ImportedTensorsSurviveTheRoundTrip) {
  const char *protos[] = {
      // Strings: the importer keeps them as tensor protos.
      R"(dtype: DT_STRING tensor_shape { dim { size: 3 } }
         string_val: "a" string_val: "\000b" string_val: "\377xyz")",
      R"(dtype: DT_STRING tensor_shape { dim { size: 1000 } }
         string_val: "same")",
      R"(dtype: DT_STRING tensor_shape { dim { size: 2 } dim { size: 0 } })",
      // Quantized ints, typed values and content.
      R"(dtype: DT_QINT8 tensor_shape { dim { size: 3 } }
         int_val: 1 int_val: -2 int_val: 127)",
      R"(dtype: DT_QUINT8 tensor_shape { dim { size: 2 } }
         tensor_content: "\001\377")",
      R"(dtype: DT_QINT16 tensor_shape { dim { size: 2 } }
         int_val: -300 int_val: 300)",
      R"(dtype: DT_QUINT16 tensor_shape { dim { size: 4 } } int_val: 65535)",
      R"(dtype: DT_QINT32 tensor_shape { dim { size: 2 } }
         int_val: -2147483648 int_val: 2147483647)",
      // Sub-byte ints.
      R"(dtype: DT_INT4 tensor_shape { dim { size: 3 } }
         int_val: -8 int_val: 7 int_val: -1)",
      R"(dtype: DT_UINT4 tensor_shape { dim { size: 2 } }
         int_val: 15 int_val: 3)",
      R"(dtype: DT_INT2 tensor_shape { dim { size: 2 } }
         int_val: -2 int_val: 1)",
      R"(dtype: DT_UINT2 tensor_shape { } int_val: 3)",
      // float8: one bytes field.
      R"(dtype: DT_FLOAT8_E4M3FN tensor_shape { dim { size: 3 } }
         float8_val: "\070\270\001")",
      R"(dtype: DT_FLOAT8_E5M2 tensor_shape { dim { size: 5 } }
         float8_val: "\074")",
      // Numbers the importer makes dense.
      R"(dtype: DT_FLOAT tensor_shape { dim { size: 2 } }
         float_val: 1.5 float_val: -0.0)",
      R"(dtype: DT_HALF tensor_shape { dim { size: 7 } } half_val: 15360)",
      R"(dtype: DT_BFLOAT16 tensor_shape { dim { size: 2 } }
         half_val: 16256 half_val: 49152)",
      R"(dtype: DT_COMPLEX64 tensor_shape { dim { size: 1 } }
         scomplex_val: 1 scomplex_val: -2)",
      R"(dtype: DT_COMPLEX128 tensor_shape { dim { size: 2 } }
         dcomplex_val: 1 dcomplex_val: 2 dcomplex_val: 3 dcomplex_val: 4)",
      R"(dtype: DT_BOOL tensor_shape { dim { size: 3 } }
         bool_val: true bool_val: false bool_val: true)",
      R"(dtype: DT_UINT64 tensor_shape { dim { size: 1 } }
         uint64_val: 18446744073709551615)",
      R"(dtype: DT_INT8 tensor_shape { dim { size: 9 } } int_val: -5)",
      // A numeric tensor with a version number stays a tensor proto.
      R"(dtype: DT_INT32 tensor_shape { dim { size: 2 } } version_number: 1
         int_val: 4 int_val: 5)",
  };
  for (const char *text : protos) {
    SCOPED_TRACE(text);
    Attribute imported = import(text);
    ASSERT_TRUE(imported);
    llvm::Expected<HostTensor> t = HostTensor::fromAttr(imported);
    ASSERT_TRUE(static_cast<bool>(t)) << toString(t.takeError());
    TypedAttr built = t->toAttr(&context);
    // The same kind of attribute as the importer's (bar the verbatim
    // numeric proto, which becomes dense).
    if (!llvm::isa<DenseElementsAttr>(imported)) {
      EXPECT_EQ(llvm::isa<DenseElementsAttr>(built),
                llvm::isa<IntegerType>(t->getElementType()) &&
                    t->getElementInfo().bitWidth >= 8);
    } else {
      EXPECT_EQ(built, imported);
    }
    tensorflow::TensorProto exported;
    Attribute again = reimport(built, exported);
    ASSERT_TRUE(again);
    EXPECT_EQ(static_cast<int32_t>(exported.dtype()),
              *getDataTypeOf(t->getElementType()));
    llvm::Expected<HostTensor> back = HostTensor::fromAttr(again);
    ASSERT_TRUE(static_cast<bool>(back)) << toString(back.takeError());
    EXPECT_TRUE(back->isBitEqual(*t));
    EXPECT_EQ(back->isSplat(), t->isSplat());
  }
}

TEST_F(HostTensorImportTest, ValuesReadAsTensorFlowReadsThem) {
  HostTensor s = cantFail(HostTensor::fromAttr(import(
      R"(dtype: DT_STRING tensor_shape { dim { size: 3 } }
         string_val: "a" string_val: "bc")")));
  EXPECT_EQ(s.getString(2), "bc");
  HostTensor q = cantFail(HostTensor::fromAttr(
      import(R"(dtype: DT_QINT8 tensor_shape { dim { size: 3 } }
                int_val: 1 int_val: -2 int_val: 127)")));
  EXPECT_EQ(q.getInt(1), -2);
  HostTensor i4 = cantFail(HostTensor::fromAttr(
      import(R"(dtype: DT_INT4 tensor_shape { dim { size: 2 } }
                int_val: -8 int_val: 7)")));
  EXPECT_EQ(i4.getInt(0), -8);
  EXPECT_EQ(i4.getInt(1), 7);
  HostTensor f8 = cantFail(HostTensor::fromAttr(
      import(R"(dtype: DT_FLOAT8_E4M3FN tensor_shape { dim { size: 2 } }
                float8_val: "\070\270")")));
  EXPECT_EQ(f8.getDouble(0), 1.0);
  EXPECT_EQ(f8.getDouble(1), -1.0);
  HostTensor splat = cantFail(HostTensor::fromAttr(
      import(R"(dtype: DT_QUINT16 tensor_shape { dim { size: 4 } }
                int_val: 65535)")));
  EXPECT_TRUE(splat.isSplat());
  EXPECT_EQ(splat.getInt(3), 65535);
}

TEST_F(HostTensorImportTest, WrittenProtosParseAsMeant) {
  HostTensor s =
      cantFail(HostTensor::create(tf_type::StringType::get(&context), {2, 1}));
  s.setString(0, "x");
  s.setString(1, std::string("\0y", 2));
  auto attr = llvm::cast<tf_type::TensorProtoAttr>(s.toAttr(&context));
  tensorflow::TensorProto proto;
  ASSERT_TRUE(proto.ParseFromString(attr.getValue().str()));
  EXPECT_EQ(proto.dtype(), tensorflow::DT_STRING);
  ASSERT_EQ(proto.tensor_shape().dim_size(), 2);
  EXPECT_EQ(proto.tensor_shape().dim(0).size(), 2);
  EXPECT_EQ(proto.tensor_shape().dim(1).size(), 1);
  ASSERT_EQ(proto.string_val_size(), 2);
  EXPECT_EQ(proto.string_val(1), std::string("\0y", 2));

  HostTensor q = cantFail(
      HostTensor::createSplat(tf_type::Qint32Type::get(&context), {5}));
  q.data<int32_t>()[0] = -7;
  proto.Clear();
  ASSERT_TRUE(proto.ParseFromString(
      llvm::cast<tf_type::TensorProtoAttr>(q.toAttr(&context))
          .getValue()
          .str()));
  EXPECT_EQ(proto.dtype(), tensorflow::DT_QINT32);
  ASSERT_EQ(proto.int_val_size(), 1);
  EXPECT_EQ(proto.int_val(0), -7);

  HostTensor f8 = cantFail(
      HostTensor::create(Builder(&context).getType<Float8E5M2Type>(), {2}));
  f8.setDouble(0, 2.0);
  f8.setDouble(1, -0.5);
  proto.Clear();
  ASSERT_TRUE(proto.ParseFromString(
      llvm::cast<tf_type::TensorProtoAttr>(f8.toAttr(&context))
          .getValue()
          .str()));
  EXPECT_EQ(proto.dtype(), tensorflow::DT_FLOAT8_E5M2);
  EXPECT_EQ(proto.tensor_content().size(), 2u);
}

} // namespace
