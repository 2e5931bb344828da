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
                "tfg-arithmetic-optimizer", "tfg-shape-inference",
                "tfg-remapper", "tfg-dependency-optimizer"}));
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
      {"test-constant-folding", kStageMemory,
       [](const PreserveOptions &) { return createTopoSortPass(); }});
  order = names();
  EXPECT_EQ(std::count(order.begin(), order.end(), "test-constant-folding"), 1);
  EXPECT_LT(pos("tfg-shape-inference"), pos("test-constant-folding"));
  EXPECT_LT(pos("test-constant-folding"), pos("tfg-dependency-optimizer"));
}

} // namespace
