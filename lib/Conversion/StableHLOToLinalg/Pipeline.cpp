//===- Pipeline.cpp - tfg-stablehlo-to-llvm-pipeline ----------------------===//
//
// The CPU pipeline from StableHLO to the LLVM dialect, made of upstream
// passes after --stablehlo-to-linalg (docs/Codegen.md, "The pipeline").
//
//===----------------------------------------------------------------------===//

#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
/// Marks every public function `llvm.emit_c_interface`, so that the LLVM
/// lowering adds `_mlir_ciface_NAME` (memref descriptors by pointer).
struct EmitCInterfacePass
    : public PassWrapper<EmitCInterfacePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(EmitCInterfacePass)
  StringRef getArgument() const override { return "tfg-emit-c-interface"; }
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func.isPublic() && !func.isDeclaration())
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(&getContext()));
  }
};

/// Gives each user of a shared `linalg.fill` on tensors a fill of its own.
/// CSE merges the identical zero fills of convolutions' and matmuls'
/// outputs; bufferization would then copy the one filled buffer for each
/// of them, and tfg-linalg-to-ukernels could not fuse their epilogues
/// (it needs the fill right before the kernel).
struct UnshareFillsPass
    : public PassWrapper<UnshareFillsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(UnshareFillsPass)
  StringRef getArgument() const override { return "tfg-unshare-fills"; }
  void runOnOperation() override {
    SmallVector<linalg::FillOp> fills;
    getOperation().walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() && !fill->hasOneUse())
        fills.push_back(fill);
    });
    for (linalg::FillOp fill : fills) {
      SmallVector<OpOperand *> uses = llvm::map_to_vector(
          fill->getResult(0).getUses(), [](OpOperand &use) { return &use; });
      for (OpOperand *use : llvm::drop_begin(uses)) {
        OpBuilder b(use->getOwner());
        Operation *empty = fill.getDpsInits()[0].getDefiningOp();
        Value init = fill.getDpsInits()[0];
        if (empty && isa<tensor::EmptyOp>(empty))
          init = b.clone(*empty)->getResult(0);
        Operation *copy = b.clone(*fill);
        copy->setOperand(1, init);
        use->set(copy->getResult(0));
      }
    }
  }
};
} // namespace

void mlir::tfg::addBufferizationPasses(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // Loops may yield other buffers than they were given (a merge sort swaps
  // its two permutation buffers): bufferization copies where needed.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
  bufferization::buildBufferDeallocationPipeline(pm);
}

void mlir::tfg::buildStableHLOToLLVMPipeline(
    OpPassManager &pm, const StableHLOToLLVMPipelineOptions &options) {
  pm.addPass(createStableHLOToLinalgPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createGeneralizeBroadcastsPass());
  pm.addPass(createFuseElementwisePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(std::make_unique<UnshareFillsPass>());
  addBufferizationPasses(pm);
  if (options.ukernels)
    pm.addPass(createLinalgToUkernelsPass());
  pm.addPass(createStridedCopiesToLinalgPass());
  if (options.vectorize) {
    VectorizeLinalgPassOptions vectorize;
    vectorize.vectorBits = options.vectorBits;
    vectorize.parallelLoops = options.threads > 1;
    pm.addPass(createVectorizeLinalgPass(vectorize));
    pm.addPass(createCanonicalizerPass());
    // A 1-d tile reduces to one value: vector.reduction (an ordered
    // llvm.vector.reduce), not a transpose into one-lane vectors.
    pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass(
        vector::VectorMultiReductionLowering::InnerReduction));
    pm.addPass(createConvertVectorToSCFPass());
  }
  if (options.threads > 1)
    pm.addPass(createConvertLinalgToParallelLoopsPass());
  else
    pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createCanonicalizerPass());
  // LLVM's time grows faster than the functions' sizes: a model's loop
  // nests go to functions of a bounded size (docs/Codegen.md, "Compile
  // time").
  SplitFunctionsPassOptions split;
  split.maxOps = options.splitMaxOps;
  pm.addPass(createSplitFunctionsPass(split));
  // Above one thread, the large parallel nests (in whichever function the
  // split put them) run on the async runtime's threads.
  if (options.threads > 1)
    addThreadPasses(pm, options.threads);
  pm.addPass(std::make_unique<EmitCInterfacePass>());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // Buffers come from the runtime's allocator (tfg/Codegen/Runtime.h),
  // which keeps large freed blocks for the next inference.
  if (options.vectorize)
    pm.addPass(createConvertVectorToLLVMPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void mlir::tfg::registerStableHLOToLLVMPipeline() {
  PassPipelineRegistration<StableHLOToLLVMPipelineOptions>(
      "tfg-stablehlo-to-llvm-pipeline",
      "StableHLO to the LLVM dialect for the host CPU: stablehlo-to-linalg, "
      "elementwise fusion, one-shot bufferization (results as out "
      "parameters), micro-kernel calls, loops, LLVM lowering (docs/Codegen.md)",
      buildStableHLOToLLVMPipeline);
}
