//===- GrapplerTest.cpp - The tfg-grappler optimizer registry -------------===//

#include "tfg/Transforms/Grappler.h"
#include "tfg/Transforms/Passes.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {

std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const GrapplerOptimizer &opt : getGrapplerOptimizers())
    out.push_back(opt.name);
  return out;
}

TEST(GrapplerTest, DefaultOrderIsTheMetaOptimizers) {
  EXPECT_EQ(names(),
            (std::vector<std::string>{
                "tfg-prune", "tfg-inline", "tfg-cse", "tfg-constant-folding",
                "tfg-arithmetic-optimizer", "tfg-shape-inference", "tfg-layout",
                "tfg-remapper", "tfg-loop-optimizer",
                "tfg-dependency-optimizer", "tfg-memory-optimizer"}));
}

TEST(GrapplerTest, OnlyTheLoopOptimizerDescribesItsWork) {
  // The loop optimizer's report hook answers for its own passes only (and
  // says nothing before a run); another pass gets an empty description.
  std::vector<GrapplerOptimizer> opts = getGrapplerOptimizers();
  auto loop = std::find_if(opts.begin(), opts.end(), [](const auto &opt) {
    return opt.name == "tfg-loop-optimizer";
  });
  ASSERT_NE(loop, opts.end());
  ASSERT_TRUE(static_cast<bool>(loop->report));
  std::unique_ptr<Pass> pass = loop->create(PreserveOptions());
  EXPECT_EQ(loop->report(*pass), "");
  std::unique_ptr<Pass> other = createTopoSortPass();
  EXPECT_EQ(describeLoopOptimizerWork(*other), "");
}

TEST(GrapplerTest, LaterOptimizersPlugInByStage) {
  registerGrapplerOptimizer(
      {"test-constant-folding", kStageConstantFolding,
       [](const PreserveOptions &) { return createTopoSortPass(); }});
  std::vector<std::string> order = names();
  auto pos = [&](StringRef name) {
    return std::find(order.begin(), order.end(), name) - order.begin();
  };
  EXPECT_LT(pos("tfg-cse"), pos("test-constant-folding"));
  EXPECT_LT(pos("test-constant-folding"), pos("tfg-shape-inference"));
  // Registering the same name again replaces it.
  registerGrapplerOptimizer(
      {"test-constant-folding", kStageLoop,
       [](const PreserveOptions &) { return createTopoSortPass(); }});
  order = names();
  EXPECT_EQ(std::count(order.begin(), order.end(), "test-constant-folding"), 1);
  EXPECT_LT(pos("tfg-shape-inference"), pos("test-constant-folding"));
  EXPECT_LT(pos("test-constant-folding"), pos("tfg-dependency-optimizer"));
}

} // namespace
