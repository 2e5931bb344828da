//===- GluePasses.cpp - the GPU pipeline's own passes ---------------------===//
//
// Glue between the upstream passes of tfg-stablehlo-to-gpu-pipeline
// (GluePasses.h, docs/Codegen.md "GPU").
//
//===----------------------------------------------------------------------===//

#include "GluePasses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

#include <numeric>

using namespace mlir;
using namespace mlir::tfg;

/// Whether `op` runs inside a parallel loop or a kernel (its buffers are
/// the kernel's own, not the host function's).
static bool isInDeviceRegion(Operation *op) {
  return op->getParentOfType<scf::ParallelOp>() ||
         op->getParentOfType<gpu::LaunchOp>();
}

namespace {

struct CopiesToLinalgPass
    : public PassWrapper<CopiesToLinalgPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CopiesToLinalgPass)
  StringRef getArgument() const override { return "tfg-gpu-copies-to-linalg"; }
  StringRef getDescription() const override {
    return "memref.copy to linalg.copy, so that copies run on the device";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<linalg::LinalgDialect>();
  }
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp op) {
      if (!op->getParentOfType<gpu::GPUModuleOp>())
        copies.push_back(op);
    });
    for (memref::CopyOp op : copies) {
      OpBuilder b(op);
      linalg::CopyOp::create(b, op.getLoc(), ValueRange{op.getSource()},
                             ValueRange{op.getTarget()});
      op.erase();
    }
  }
};

struct DeviceMemoryPass
    : public PassWrapper<DeviceMemoryPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DeviceMemoryPass)
  StringRef getArgument() const override { return "tfg-gpu-device-memory"; }
  StringRef getDescription() const override {
    return "host buffers to managed memory (gpu.alloc host_shared), "
           "globals copied to managed memory, C interfaces";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect, LLVM::LLVMDialect>();
  }

  static Value allocManaged(OpBuilder &b, Location loc, MemRefType type,
                            ValueRange dynamicSizes, ValueRange symbols) {
    return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                ValueRange(), dynamicSizes, symbols,
                                /*hostShared=*/true)
        .getMemref();
  }

  /// `gpu.dealloc`/`gpu.memcpy` as upstream's gpu-to-llvm lowers them: async,
  /// on a stream of their own, waited for at once (synchronous).
  template <typename OpTy, typename... Args>
  static void createSynchronous(OpBuilder &b, Location loc, Args... args) {
    Type token = gpu::AsyncTokenType::get(b.getContext());
    Value stream =
        gpu::WaitOp::create(b, loc, token, ValueRange()).getAsyncToken();
    auto op = OpTy::create(b, loc, token, ValueRange{stream}, args...);
    gpu::WaitOp::create(b, loc, Type(), ValueRange{op.getAsyncToken()});
  }

  LogicalResult runOnFunction(func::FuncOp func) {
    SmallVector<memref::AllocOp> allocs;
    SmallVector<memref::AllocaOp> allocas;
    SmallVector<memref::DeallocOp> deallocs;
    SmallVector<memref::GetGlobalOp> globals;
    func.walk([&](Operation *op) {
      if (isInDeviceRegion(op))
        return;
      if (auto a = dyn_cast<memref::AllocOp>(op))
        allocs.push_back(a);
      else if (auto a = dyn_cast<memref::AllocaOp>(op))
        allocas.push_back(a);
      else if (auto d = dyn_cast<memref::DeallocOp>(op))
        deallocs.push_back(d);
      else if (auto g = dyn_cast<memref::GetGlobalOp>(op))
        globals.push_back(g);
    });
    for (memref::AllocOp op : allocs) {
      OpBuilder b(op);
      Value m = allocManaged(b, op.getLoc(), op.getType(), op.getDynamicSizes(),
                             op.getSymbolOperands());
      op.replaceAllUsesWith(m);
      op.erase();
    }
    for (memref::AllocaOp op : allocas) {
      Block *block = op->getBlock();
      for (Operation *user : op->getUsers())
        if (user->getBlock() == block && user == block->getTerminator())
          return op.emitError("a stack buffer that leaves its block cannot "
                              "be placed in device memory");
      OpBuilder b(op);
      Value m = allocManaged(b, op.getLoc(), op.getType(), op.getDynamicSizes(),
                             op.getSymbolOperands());
      op.replaceAllUsesWith(m);
      b.setInsertionPoint(block->getTerminator());
      createSynchronous<gpu::DeallocOp>(b, op.getLoc(), m);
      op.erase();
    }
    for (memref::DeallocOp op : deallocs) {
      OpBuilder b(op);
      createSynchronous<gpu::DeallocOp>(b, op.getLoc(), op.getMemref());
      op.erase();
    }
    // One managed copy of each global, made at entry (in order of first
    // use), freed at each return.
    llvm::StringMap<Value> copies;
    SmallVector<Value> managed;
    Block &entry = func.getBody().front();
    Operation *lastCopy = nullptr;
    for (memref::GetGlobalOp op : globals) {
      // A copy is only the global's value if nothing writes the global.
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          op, op.getNameAttr());
      if (!global || !global.getConstant())
        return op.emitError("global '")
               << op.getName()
               << "' is not a constant: it cannot be copied to device memory";
      Value &copy = copies[op.getName()];
      if (!copy) {
        OpBuilder b = OpBuilder::atBlockBegin(&entry);
        if (lastCopy)
          b.setInsertionPointAfter(lastCopy);
        Value host = memref::GetGlobalOp::create(b, op.getLoc(), op.getType(),
                                                 op.getName());
        copy = allocManaged(b, op.getLoc(), op.getType(), ValueRange(),
                            ValueRange());
        createSynchronous<gpu::MemcpyOp>(b, op.getLoc(), copy, host);
        lastCopy = &*std::prev(b.getInsertionPoint());
        managed.push_back(copy);
      }
      op.replaceAllUsesWith(copy);
      op.erase();
    }
    if (!managed.empty()) {
      SmallVector<func::ReturnOp> returns;
      func.walk([&](func::ReturnOp r) { returns.push_back(r); });
      for (func::ReturnOp r : returns) {
        OpBuilder b(r);
        for (Value m : managed)
          createSynchronous<gpu::DeallocOp>(b, r.getLoc(), m);
      }
    }
    if (func.isPublic())
      func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    UnitAttr::get(func.getContext()));
    return success();
  }

  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isDeclaration() && failed(runOnFunction(func)))
        return signalPassFailure();
  }
};

struct CollapseParallelLoopsPass
    : public PassWrapper<CollapseParallelLoopsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CollapseParallelLoopsPass)
  StringRef getArgument() const override { return "tfg-gpu-collapse-parallel"; }
  StringRef getDescription() const override {
    return "collapses every outermost scf.parallel to one dimension";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp op) {
      if (!op->getParentOfType<scf::ParallelOp>() &&
          !op->getParentOfType<gpu::GPUModuleOp>() && op.getNumLoops() > 1 &&
          op.getNumReductions() == 0)
        loops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp op : loops) {
      std::vector<unsigned> all(op.getNumLoops());
      std::iota(all.begin(), all.end(), 0u);
      rewriter.setInsertionPoint(op);
      collapseParallelLoops(rewriter, op, {all});
    }
  }
};

struct MergeKernelModulesPass
    : public PassWrapper<MergeKernelModulesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MergeKernelModulesPass)
  StringRef getArgument() const override {
    return "tfg-gpu-merge-kernel-modules";
  }
  StringRef getDescription() const override {
    return "moves every kernel into one gpu.module tfg_kernels";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto gpuModules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
    if (gpuModules.empty())
      return;
    SymbolTable top(module);
    OpBuilder b(gpuModules.front());
    auto merged =
        gpu::GPUModuleOp::create(b, gpuModules.front().getLoc(), "tfg_kernels");
    top.insert(merged);
    SymbolTable table(merged);
    // (module, kernel) -> the kernel's name in the merged module.
    llvm::DenseMap<std::pair<StringAttr, StringAttr>, StringAttr> renamed;
    for (gpu::GPUModuleOp old : gpuModules) {
      for (Operation &op :
           llvm::make_early_inc_range(old.getBody()->getOperations())) {
        auto name =
            op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
        op.remove();
        StringAttr now = table.insert(&op);
        if (name)
          renamed[{old.getSymNameAttr(), name}] = now;
      }
    }
    WalkResult walk = module.walk([&](gpu::LaunchFuncOp launch) {
      SymbolRefAttr kernel = launch.getKernelAttr();
      auto it =
          renamed.find({kernel.getRootReference(), kernel.getLeafReference()});
      if (it == renamed.end()) {
        launch.emitError("launches a kernel outside the outlined modules");
        return WalkResult::interrupt();
      }
      launch.setKernelAttr(SymbolRefAttr::get(
          merged.getSymNameAttr(), {FlatSymbolRefAttr::get(it->second)}));
      return WalkResult::advance();
    });
    for (gpu::GPUModuleOp old : gpuModules)
      old.erase();
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

struct LowerMathPass : public PassWrapper<LowerMathPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerMathPass)
  StringRef getArgument() const override { return "tfg-gpu-lower-math"; }
  StringRef getDescription() const override {
    return "expands and approximates math ops NVPTX cannot select "
           "(no libdevice)";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, math::MathDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // To exp/log/sqrt and arithmetic; tanh is left to its polynomial.
    StringRef expanded[] = {"tan",   "sinh",  "cosh", "asinh",
                            "acosh", "atanh", "powf", "fpowi"};
    math::populateExpansionPatterns(patterns, expanded);
    auto all = [](StringRef) { return true; };
    populateMathF32ExpansionPatterns(patterns, all);
    populateMathPolynomialApproximationPatterns(patterns, all);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

/// The device functions convert-gpu-to-nvvm calls (libdevice's names) that
/// are one LLVM operation NVPTX selects: name without the `__nv_` prefix
/// and the `f` suffix of the f32 variant, the operation, its arity.
struct DeviceFunction {
  StringLiteral name, op;
  unsigned arity;
};
static const DeviceFunction kDeviceFunctions[] = {
    {"fabs", "llvm.intr.fabs", 1},
    {"ceil", "llvm.intr.ceil", 1},
    {"floor", "llvm.intr.floor", 1},
    {"trunc", "llvm.intr.trunc", 1},
    {"round", "llvm.intr.round", 1},
    {"rint", "llvm.intr.roundeven", 1},
    {"nearbyint", "llvm.intr.nearbyint", 1},
    {"sqrt", "llvm.intr.sqrt", 1},
    {"copysign", "llvm.intr.copysign", 2},
    {"fmin", "llvm.intr.minnum", 2},
    {"fmax", "llvm.intr.maxnum", 2},
    {"fmod", "llvm.frem", 2},
    {"fma", "llvm.intr.fma", 3},
    {"exp2", "llvm.intr.exp2", 1},
    {"rsqrt", "llvm.intr.sqrt", 1}};

struct DefineDeviceFunctionsPass
    : public PassWrapper<DefineDeviceFunctionsPass,
                         OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DefineDeviceFunctionsPass)
  StringRef getArgument() const override {
    return "tfg-gpu-define-device-functions";
  }
  StringRef getDescription() const override {
    return "bodies for the libdevice functions that are one LLVM operation "
           "NVPTX selects (fabs, floor, sqrt, fma, fmod, ...)";
  }
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    for (auto fn : llvm::make_early_inc_range(
             module.getBody()->getOps<LLVM::LLVMFuncOp>())) {
      if (!fn.isExternal())
        continue;
      StringRef name = fn.getName();
      if (!name.consume_front("__nv_"))
        continue;
      LLVM::LLVMFunctionType type = fn.getFunctionType();
      Type result = type.getReturnType();
      // Integer absolute values: abs (i32), llabs (i64).
      if ((name == "abs" && result.isInteger(32)) ||
          (name == "llabs" && result.isInteger(64))) {
        if (type.getNumParams() != 1 || type.getParams()[0] != result)
          continue;
        OpBuilder b(&getContext());
        Block *body = fn.addEntryBlock(b);
        b.setInsertionPointToEnd(body);
        Value abs =
            LLVM::AbsOp::create(b, fn.getLoc(), result, body->getArgument(0),
                                /*is_int_min_poison=*/false);
        LLVM::ReturnOp::create(b, fn.getLoc(), abs);
        fn.setLinkage(LLVM::Linkage::Internal);
        continue;
      }
      bool f32 = result.isF32();
      if ((!f32 && !result.isF64()) || (f32 && !name.consume_back("f")))
        continue;
      const DeviceFunction *found = nullptr;
      for (const DeviceFunction &f : kDeviceFunctions)
        if (f.name == name)
          found = &f;
      // exp2 is selected for f32 only.
      if (!found || type.getNumParams() != found->arity ||
          (name == "exp2" && !f32) ||
          !llvm::all_of(type.getParams(), [&](Type t) { return t == result; }))
        continue;
      Location loc = fn.getLoc();
      OpBuilder b(&getContext());
      Block *body = fn.addEntryBlock(b);
      b.setInsertionPointToEnd(body);
      OperationState state(loc, found->op);
      state.addOperands(body->getArguments());
      state.addTypes(result);
      Value value = b.create(state)->getResult(0);
      if (name == "rsqrt") {
        Value one = LLVM::ConstantOp::create(b, loc, result,
                                             b.getFloatAttr(result, 1.0));
        value = LLVM::FDivOp::create(b, loc, one, value);
      }
      LLVM::ReturnOp::create(b, loc, value);
      fn.setLinkage(LLVM::Linkage::Internal);
    }
  }
};

/// The LLVM intrinsics LLVM 22's NVPTX backend selects (checked with llc
/// for sm_80); exp2 is selected for f32 only.
static bool isSelectableIntrinsic(Operation *op) {
  static const llvm::StringSet<> selectable = {
      "sqrt",    "fabs",      "floor",          "ceil",        "trunc",
      "round",   "roundeven", "rint",           "nearbyint",   "copysign",
      "minnum",  "maxnum",    "minimum",        "maximum",     "fma",
      "fmuladd", "ctlz",      "cttz",           "ctpop",       "abs",
      "smax",    "smin",      "umax",           "umin",        "bitreverse",
      "bswap",   "fshl",      "fshr",           "memcpy",      "memset",
      "memmove", "assume",    "lifetime.start", "lifetime.end"};
  StringRef name = op->getName().getStringRef();
  if (!name.consume_front("llvm.intr."))
    return true;
  if (name == "exp2")
    return op->getNumResults() == 1 && op->getResult(0).getType().isF32();
  return selectable.contains(name);
}

struct CheckDeviceCodePass
    : public PassWrapper<CheckDeviceCodePass, OperationPass<gpu::GPUModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckDeviceCodePass)
  StringRef getArgument() const override { return "tfg-gpu-check-device-code"; }
  StringRef getDescription() const override {
    return "errors at calls of external functions and at LLVM intrinsics "
           "NVPTX cannot select; erases unused declarations";
  }
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    bool failed = false;
    module.walk([&](Operation *op) {
      if (auto call = dyn_cast<LLVM::CallOp>(op)) {
        std::optional<StringRef> callee = call.getCallee();
        if (!callee) {
          call.emitError("an indirect call in device code");
          failed = true;
          return;
        }
        auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(*callee);
        if (!fn || fn.isExternal()) {
          call.emitError() << "calls '" << *callee
                           << "', which has no definition in device code "
                              "(libdevice is not linked)";
          failed = true;
        }
        return;
      }
      if (!isSelectableIntrinsic(op)) {
        op->emitError() << "'" << op->getName()
                        << "' has no NVPTX lowering without libdevice";
        failed = true;
      }
    });
    if (failed)
      return signalPassFailure();
    for (auto fn : llvm::make_early_inc_range(
             module.getBody()->getOps<LLVM::LLVMFuncOp>()))
      if (fn.isExternal() && SymbolTable::symbolKnownUseEmpty(fn, module))
        fn.erase();
  }
};

} // namespace

std::unique_ptr<Pass> mlir::tfg::createGPUCopiesToLinalgPass() {
  return std::make_unique<CopiesToLinalgPass>();
}
std::unique_ptr<Pass> mlir::tfg::createGPUDeviceMemoryPass() {
  return std::make_unique<DeviceMemoryPass>();
}
std::unique_ptr<Pass> mlir::tfg::createGPUCollapseParallelLoopsPass() {
  return std::make_unique<CollapseParallelLoopsPass>();
}
std::unique_ptr<Pass> mlir::tfg::createGPUMergeKernelModulesPass() {
  return std::make_unique<MergeKernelModulesPass>();
}
std::unique_ptr<Pass> mlir::tfg::createGPULowerMathPass() {
  return std::make_unique<LowerMathPass>();
}
std::unique_ptr<Pass> mlir::tfg::createGPUDefineDeviceFunctionsPass() {
  return std::make_unique<DefineDeviceFunctionsPass>();
}
std::unique_ptr<Pass> mlir::tfg::createGPUCheckDeviceCodePass() {
  return std::make_unique<CheckDeviceCodePass>();
}

void mlir::tfg::registerGPUGluePasses() {
  PassRegistration<CopiesToLinalgPass>();
  PassRegistration<DeviceMemoryPass>();
  PassRegistration<CollapseParallelLoopsPass>();
  PassRegistration<MergeKernelModulesPass>();
  PassRegistration<LowerMathPass>();
  PassRegistration<DefineDeviceFunctionsPass>();
  PassRegistration<CheckDeviceCodePass>();
}
