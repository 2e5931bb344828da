//===- ResultSizesTest.cpp - results of `?` size returned by compiled code ===//
//
// The host side of a GPU call's results of `?` size (takeActualSizes,
// cutToActualSizes): each comes back in a buffer of its bound with its
// actual sizes, which are checked against the bound before anything is cut;
// no driver needed.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/GPU.h"
#include "tfg/Codegen/ResultBounds.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;

namespace {

std::string message(llvm::Error err) { return llvm::toString(std::move(err)); }

struct ResultSizes : public ::testing::Test {
  MLIRContext context;
  Builder b{&context};

  /// A float tensor of `shape` holding 0, 1, 2, ...
  HostTensor counting(ArrayRef<int64_t> shape) {
    HostTensor t = llvm::cantFail(HostTensor::create(b.getF32Type(), shape));
    for (int64_t i = 0; i < t.getNumElements(); ++i)
      t.setDouble(i, static_cast<double>(i));
    return t;
  }
  HostTensor sizes(ArrayRef<int64_t> values) {
    HostTensor t = llvm::cantFail(HostTensor::create(
        b.getI64Type(), {static_cast<int64_t>(values.size())}));
    for (auto [i, v] : llvm::enumerate(values))
      t.setInt(i, v);
    return t;
  }
};

TEST_F(ResultSizes, CutsToTheFirstElements) {
  // A 2x3 result in a 4x3 bound: its 6 elements, row-major, come first.
  auto cut = cutToActualSizes(counting({4, 3}), {2, 3}, 0);
  ASSERT_TRUE(static_cast<bool>(cut)) << message(cut.takeError());
  EXPECT_EQ(cut->getShape(), ArrayRef<int64_t>({2, 3}));
  for (int64_t i = 0; i < 6; ++i)
    EXPECT_EQ(cut->getDouble(i), static_cast<double>(i));
}

TEST_F(ResultSizes, EmptyAndWholeResults) {
  auto empty = cutToActualSizes(counting({1, 100}), {1, 0}, 0);
  ASSERT_TRUE(static_cast<bool>(empty)) << message(empty.takeError());
  EXPECT_EQ(empty->getNumElements(), 0);
  // A zero size makes any other size fit (no elements).
  auto zeroFirst = cutToActualSizes(counting({1, 100}), {0, 1000000}, 0);
  ASSERT_TRUE(static_cast<bool>(zeroFirst)) << message(zeroFirst.takeError());
  auto whole = cutToActualSizes(counting({1, 100}), {1, 100}, 0);
  ASSERT_TRUE(static_cast<bool>(whole)) << message(whole.takeError());
  EXPECT_EQ(whole->getDouble(99), 99.0);
  // Another shape of the same elements.
  auto flat = cutToActualSizes(counting({2, 5}), {10}, 0);
  ASSERT_FALSE(static_cast<bool>(flat));
  EXPECT_NE(message(flat.takeError()).find("sizes for a result of rank 2"),
            std::string::npos);
}

TEST_F(ResultSizes, SizesAboveTheBoundAreErrors) {
  auto over = cutToActualSizes(counting({1, 100}), {1, 101}, 3);
  ASSERT_FALSE(static_cast<bool>(over));
  EXPECT_EQ(message(over.takeError()),
            "result 3 (bound tensor<1x100xf32>): the result has more than "
            "100 elements, above its bound");
  // Within the bound per dimension but not in product.
  auto product = cutToActualSizes(counting({10, 10}), {11, 10}, 0);
  EXPECT_FALSE(static_cast<bool>(product));
  llvm::consumeError(product.takeError());
  // A product that would overflow int64 is refused, not wrapped.
  int64_t huge = int64_t(1) << 40;
  auto wrapped = cutToActualSizes(counting({2, 2, 2}), {huge, 4, 0}, 0);
  ASSERT_TRUE(static_cast<bool>(wrapped)) << message(wrapped.takeError());
  EXPECT_EQ(wrapped->getNumElements(), 0);
  auto big = cutToActualSizes(counting({2, 2, 2}), {huge, huge, huge}, 0);
  ASSERT_FALSE(static_cast<bool>(big));
  EXPECT_NE(message(big.takeError()).find("above its bound"),
            std::string::npos);
  auto negative = cutToActualSizes(counting({4}), {-1}, 1);
  ASSERT_FALSE(static_cast<bool>(negative));
  EXPECT_EQ(message(negative.takeError()),
            "result 1 (bound tensor<4xf32>): the compiled code returned size "
            "-1 for dimension 0");
}

TEST_F(ResultSizes, TakeActualSizesOfAGPUCall) {
  // Results: a static one, two of `?` size, then their sizes in order.
  std::vector<HostTensor> outputs;
  outputs.push_back(counting({3}));
  outputs.push_back(counting({1, 100}));
  outputs.push_back(counting({1, 100, 4}));
  outputs.push_back(sizes({1, 7}));
  outputs.push_back(sizes({1, 7, 4}));
  auto results = takeActualSizes(std::move(outputs), {1, 2});
  ASSERT_TRUE(static_cast<bool>(results)) << message(results.takeError());
  ASSERT_EQ(results->size(), 3u);
  EXPECT_EQ((*results)[0].getShape(), ArrayRef<int64_t>({3}));
  EXPECT_EQ((*results)[1].getShape(), ArrayRef<int64_t>({1, 7}));
  EXPECT_EQ((*results)[2].getShape(), ArrayRef<int64_t>({1, 7, 4}));
  EXPECT_EQ((*results)[2].getDouble(27), 27.0);
}

TEST_F(ResultSizes, OneBadSizeFailsTheCall) {
  // The second result grew past its bound: the call fails whole.
  std::vector<HostTensor> outputs;
  outputs.push_back(counting({1, 100}));
  outputs.push_back(counting({1, 100, 4}));
  outputs.push_back(sizes({1, 7}));
  outputs.push_back(sizes({1, 101, 4}));
  auto results = takeActualSizes(std::move(outputs), {0, 1});
  ASSERT_FALSE(static_cast<bool>(results));
  EXPECT_NE(message(results.takeError()).find("result 1 (bound"),
            std::string::npos);
  // Sizes missing or of the wrong shape are errors, not reads past them.
  std::vector<HostTensor> missing;
  missing.push_back(counting({1, 100}));
  auto none = takeActualSizes(std::move(missing), {0, 1});
  EXPECT_FALSE(static_cast<bool>(none));
  llvm::consumeError(none.takeError());
  std::vector<HostTensor> wrongIndex;
  wrongIndex.push_back(counting({4}));
  wrongIndex.push_back(sizes({2}));
  auto index = takeActualSizes(std::move(wrongIndex), {5});
  EXPECT_FALSE(static_cast<bool>(index));
  llvm::consumeError(index.takeError());
}

} // namespace
