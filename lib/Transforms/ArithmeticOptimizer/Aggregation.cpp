//===- Aggregation.cpp - stub ---===//
#include "ArithmeticOptimizer.h"
using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::arith_opt;
void arith_opt::populateAggregationPatterns(RewritePatternSet &patterns,
                                            const Stages &stages) {}
