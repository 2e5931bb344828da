//===- KernelTestFixture.h - Shared fixture of the kernel tests -*- C++ -*-===//
//
// What every test of TFGEval's host kernels needs: a context with the tfg
// dialects, builders of small host tensors, and evaluation of one op that
// fails the test on an error (or returns the error's message).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_UNITTESTS_EVAL_KERNELTESTFIXTURE_H
#define TFG_UNITTESTS_EVAL_KERNELTESTFIXTURE_H

#include "tfg/Eval/Evaluator.h"
#include "tfg/Eval/HostTensor.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class HostKernelTest : public ::testing::Test {
protected:
  HostKernelTest() : b(&context) {
    context.loadDialect<TFGraphDialect, tf_type::TFTypeDialect>();
  }

  HostTensor ints(Type type, ArrayRef<int64_t> shape,
                  ArrayRef<int64_t> values) {
    HostTensor t = llvm::cantFail(HostTensor::create(type, shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setInt(i, v);
    return t;
  }
  HostTensor i32(ArrayRef<int64_t> shape, ArrayRef<int64_t> values) {
    return ints(b.getI32Type(), shape, values);
  }
  HostTensor i64(ArrayRef<int64_t> shape, ArrayRef<int64_t> values) {
    return ints(b.getI64Type(), shape, values);
  }
  HostTensor f32(ArrayRef<int64_t> shape, ArrayRef<double> values) {
    HostTensor t = llvm::cantFail(HostTensor::create(b.getF32Type(), shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setDouble(i, v);
    return t;
  }
  /// An int32 vector and scalar.
  HostTensor vec(ArrayRef<int64_t> values) {
    return i32({static_cast<int64_t>(values.size())}, values);
  }
  HostTensor scalar(int64_t v) { return i32({}, {v}); }
  /// 0, 1, 2, ... of `shape` (int32).
  HostTensor iota(ArrayRef<int64_t> shape) {
    HostTensor t = llvm::cantFail(HostTensor::create(b.getI32Type(), shape));
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      t.setInt(i, i);
    return t;
  }
  HostTensor strings(ArrayRef<int64_t> shape, ArrayRef<std::string> values) {
    HostTensor t = llvm::cantFail(
        HostTensor::create(tf_type::StringType::get(&context), shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setString(i, v);
    return t;
  }
  /// A splat of `value` converted to `type`.
  HostTensor splat(Type type, ArrayRef<int64_t> shape, double value) {
    HostTensor one = llvm::cantFail(HostTensor::create(type, {}));
    one.setDouble(0, value);
    HostTensor t = llvm::cantFail(HostTensor::createSplat(type, shape));
    llvm::copy(one.getRawData(), t.getMutableRawData().begin());
    return t;
  }
  HostTensor splatF32(ArrayRef<int64_t> shape, double value) {
    return splat(b.getF32Type(), shape, value);
  }

  DictionaryAttr attrs(ArrayRef<NamedAttribute> list = {}) {
    return b.getDictionaryAttr(list);
  }

  /// The single result of `op`; fails the test on an error.
  HostTensor eval(StringRef op, ArrayRef<HostTensor> operands,
                  DictionaryAttr a = {}, int64_t maxElements = 1 << 20) {
    auto results =
        evaluateOnHost(&context, op, operands, a ? a : attrs(), maxElements);
    if (!results) {
      ADD_FAILURE() << op.str() << ": " << llvm::toString(results.takeError());
      return HostTensor();
    }
    EXPECT_EQ(results->size(), 1u);
    return results->empty() ? HostTensor() : std::move((*results)[0]);
  }
  /// Every result of `op` (ops with several results); fails the test on an
  /// error.
  std::vector<HostTensor> evalAll(StringRef op, ArrayRef<HostTensor> operands,
                                  DictionaryAttr a = {},
                                  int64_t maxElements = 1 << 20) {
    auto results =
        evaluateOnHost(&context, op, operands, a ? a : attrs(), maxElements);
    if (!results) {
      ADD_FAILURE() << op.str() << ": " << llvm::toString(results.takeError());
      return {};
    }
    return std::vector<HostTensor>(std::make_move_iterator(results->begin()),
                                   std::make_move_iterator(results->end()));
  }
  HostTensor f64(ArrayRef<int64_t> shape, ArrayRef<double> values) {
    HostTensor t = llvm::cantFail(HostTensor::create(b.getF64Type(), shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setDouble(i, v);
    return t;
  }
  static std::vector<std::string> stringsOf(const HostTensor &t) {
    std::vector<std::string> v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(t.getString(i).str());
    return v;
  }
  /// The error message of `op`, empty if it succeeds.
  std::string error(StringRef op, ArrayRef<HostTensor> operands,
                    DictionaryAttr a = {}, int64_t maxElements = 1 << 20) {
    auto results =
        evaluateOnHost(&context, op, operands, a ? a : attrs(), maxElements);
    return results ? std::string() : llvm::toString(results.takeError());
  }

  static std::vector<int64_t> values(const HostTensor &t) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(t.getInt(i));
    return v;
  }
  static std::vector<double> doubles(const HostTensor &t) {
    std::vector<double> v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(t.getDouble(i));
    return v;
  }
  static std::vector<int64_t> shapeOf(const HostTensor &t) {
    return std::vector<int64_t>(t.getShape().begin(), t.getShape().end());
  }

  MLIRContext context;
  Builder b;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_UNITTESTS_EVAL_KERNELTESTFIXTURE_H
