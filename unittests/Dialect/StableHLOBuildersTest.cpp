//===- StableHLOBuildersTest.cpp - Building StableHLO ops from C++ --------===//
//
// The C++ API that lowerings build StableHLO with: builders that infer the
// result type from the spec's rules, and their failure on operands the spec
// rejects (a diagnostic, no crash). IR text cannot reach these builders.
//
//===----------------------------------------------------------------------===//

#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class StableHLOBuildersTest : public ::testing::Test {
protected:
  StableHLOBuildersTest() : builder(&context) {
    context.loadDialect<stablehlo::StableHLODialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// A function taking `types`; the builder inserts at its start.
  ValueRange makeFunction(TypeRange types) {
    auto fn = func::FuncOp::create(builder, builder.getUnknownLoc(), "f",
                                   builder.getFunctionType(types, {}));
    Block *entry = fn.addEntryBlock();
    builder.setInsertionPointToEnd(entry);
    func::ReturnOp::create(builder, builder.getUnknownLoc());
    builder.setInsertionPointToStart(entry);
    return entry->getArguments();
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST_F(StableHLOBuildersTest, InfersElementwiseAndShapeResults) {
  Type f32 = builder.getF32Type();
  ValueRange args = makeFunction({tensor({2, 3}, f32), tensor({}, f32)});
  Location loc = builder.getUnknownLoc();
  auto add = stablehlo::AddOp::create(builder, loc, args[0], args[0]);
  EXPECT_EQ(add.getType(), tensor({2, 3}, f32));
  auto cmp = stablehlo::CompareOp::create(builder, loc, args[0], args[0],
                                          stablehlo::ComparisonDirection::GT,
                                          stablehlo::ComparisonTypeAttr());
  EXPECT_EQ(cmp.getType(), tensor({2, 3}, builder.getI1Type()));
  auto transpose = stablehlo::TransposeOp::create(
      builder, loc, args[0], builder.getDenseI64ArrayAttr({1, 0}));
  EXPECT_EQ(transpose.getType(), tensor({3, 2}, f32));
  auto slice = stablehlo::SliceOp::create(builder, loc, args[0],
                                          builder.getDenseI64ArrayAttr({0, 1}),
                                          builder.getDenseI64ArrayAttr({2, 3}),
                                          builder.getDenseI64ArrayAttr({2, 1}));
  EXPECT_EQ(slice.getType(), tensor({1, 2}, f32));
  auto concat = stablehlo::ConcatenateOp::create(
      builder, loc, ValueRange{args[0], add}, builder.getI64IntegerAttr(1));
  EXPECT_EQ(concat.getType(), tensor({2, 6}, f32));
  auto pad = stablehlo::PadOp::create(builder, loc, args[0], args[1],
                                      builder.getDenseI64ArrayAttr({1, 0}),
                                      builder.getDenseI64ArrayAttr({0, 2}),
                                      builder.getDenseI64ArrayAttr({1, 0}));
  EXPECT_EQ(pad.getType(), tensor({4, 5}, f32));
  auto tuple =
      stablehlo::TupleOp::create(builder, loc, ValueRange{args[0], args[1]});
  auto element = stablehlo::GetTupleElementOp::create(builder, loc, tuple, 1);
  EXPECT_EQ(element.getType(), tensor({}, f32));
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(StableHLOBuildersTest, RejectsOperandsTheSpecRejects) {
  Type f32 = builder.getF32Type();
  ValueRange args = makeFunction({tensor({2, 3}, f32), tensor({2}, f32)});
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  SmallVector<Type> types;
  // A permutation that repeats a dimension has no result type.
  stablehlo::TransposeOp::Properties props;
  props.permutation = builder.getDenseI64ArrayAttr({0, 0});
  stablehlo::TransposeOp::Adaptor transpose(
      ValueRange{args[0]}, builder.getDictionaryAttr({}), props);
  EXPECT_TRUE(failed(stablehlo::TransposeOp::inferReturnTypes(
      &context, builder.getUnknownLoc(), transpose, types)));
  // Operands of different types have no common result type.
  stablehlo::AddOp::Adaptor add(ValueRange{args[0], args[1]});
  EXPECT_TRUE(failed(stablehlo::AddOp::inferReturnTypes(
      &context, builder.getUnknownLoc(), add, types)));
  EXPECT_TRUE(types.empty());
  EXPECT_NE(diagnostics.find("permutation are not unique"), std::string::npos);
  EXPECT_NE(diagnostics.find("operands have different types"),
            std::string::npos);
}
