//===- InitAll.cpp - Register everything tfg tools provide ----------------===//

#include "tfg/InitAll.h"
#include "tfg/Codegen/GPU.h"
#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "tfg/Dialect/Check/Check.h"
#include "tfg/Dialect/StableHLO/StableHLODialect.h"
#include "tfg/Dialect/TF/TFDialect.h"
#include "tfg/Dialect/TFExecutor/TFExecutorOps.h"
#include "tfg/IR/TFGDialect.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/Transforms/Passes.h"
#include "tfg/Visualize/DOT.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void mlir::tfg::registerAllDialects(DialectRegistry &registry) {
  registry.insert<tf_type::TFTypeDialect, TFGraphDialect,
                  stablehlo::StableHLODialect>();
  // StableHLO's check dialect, for the interpreter's tests.
  registry.insert<check::CheckDialect>();
  registry.insert<TF::TFDialect, tf_executor::TFExecutorDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // The NVVM target and LLVM IR translations of the GPU pipeline.
  registerStableHLOToGPUDialects(registry);
}

void mlir::tfg::registerAllPasses() {
  mlir::registerAllPasses();
  registerTFGPasses();
  registerTFGConversionPasses();
  registerDOTPasses();
  registerStableHLOToLLVMPipeline();
  registerStableHLOToGPUPasses();
  registerTFGConversionPasses();
}
