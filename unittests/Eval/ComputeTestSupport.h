//===- ComputeTestSupport.h - Fixture of the compute-function tests -------===//
//
// What the gtests of tfg/Eval/Compute share: a context, a builder, a
// ComputeEnv, tensors made from lists of values, and the results and
// errors of compute functions read back.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_UNITTESTS_EVAL_COMPUTETESTSUPPORT_H
#define TFG_UNITTESTS_EVAL_COMPUTETESTSUPPORT_H

#include "tfg/Eval/Compute/Common.h"
#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class ComputeTest : public ::testing::Test {
protected:
  ComputeTest() : b(&context) {}

  /// A tensor of `type` and `shape` holding `values` as doubles.
  HostTensor make(Type type, ArrayRef<int64_t> shape, ArrayRef<double> values) {
    HostTensor t = llvm::cantFail(HostTensor::create(type, shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setDouble(i, v);
    return t;
  }
  /// A tensor of `type` and `shape` holding `values` as integers.
  HostTensor makeInts(Type type, ArrayRef<int64_t> shape,
                      ArrayRef<int64_t> values) {
    HostTensor t = llvm::cantFail(HostTensor::create(type, shape));
    for (auto [i, v] : llvm::enumerate(values))
      t.setInt(i, v);
    return t;
  }
  static std::vector<int64_t> intsOf(const HostTensor &t) {
    std::vector<int64_t> v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(t.getInt(i));
    return v;
  }
  static std::vector<double> valuesOf(const HostTensor &t) {
    std::vector<double> v;
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      v.push_back(t.getDouble(i));
    return v;
  }
  /// The result, failing the test on an error.
  static HostTensor ok(llvm::Expected<HostTensor> r) {
    if (!r) {
      ADD_FAILURE() << llvm::toString(r.takeError());
      return HostTensor();
    }
    return std::move(*r);
  }
  /// The error message, empty on success.
  static std::string errorOf(llvm::Expected<HostTensor> r) {
    return r ? std::string() : llvm::toString(r.takeError());
  }
  /// The error's message, empty on success.
  static std::string messageOf(llvm::Error e) {
    return e ? llvm::toString(std::move(e)) : std::string();
  }

  MLIRContext context;
  Builder b;
  ComputeEnv env{&context, 1 << 20};
};

} // namespace tfg
} // namespace mlir

#endif // TFG_UNITTESTS_EVAL_COMPUTETESTSUPPORT_H
