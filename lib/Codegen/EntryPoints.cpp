//===- EntryPoints.cpp - the checked C entry points of objects ------------===//
//
// PREFIX_run reads each tfg_tensor the caller passes and compares it with
// the compiled signature: counts, element type, rank, each dimension, the
// data pointer and the buffer's size, then that no output overlaps another
// buffer. The first mismatch returns its TFG_ERROR_* code with a message
// (snprintf into the caller's buffer); only when everything matches does it
// build the memref descriptors and call the compiled code, so a failed call
// writes no output. PREFIX_load_weights reads a weights file (fopen/fread)
// into the storage array, checking its header, size and FNV-1a checksum;
// PREFIX_run refuses to run until a load succeeded.
//
//===----------------------------------------------------------------------===//

#include "EntryPoints.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IRBuilder.h"

#include <cstring>
#include <functional>

using namespace llvm;
using namespace mlir::tfg;
// LLVM's, not MLIR's (which the tfg headers also make visible).
using llvm::DataLayout;
using llvm::Type;

uint64_t mlir::tfg::fnv1a64(StringRef bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

/// Writes `c` (a constant of plain data) at `out`; false for anything
/// else (expressions, structs). A worklist, not recursion.
static bool serializeConstant(const llvm::DataLayout &dl, Constant *init,
                              MutableArrayRef<char> out) {
  SmallVector<std::pair<Constant *, uint64_t>> work{{init, 0}};
  auto writeBits = [&](const APInt &bits, uint64_t offset, Type *type) {
    uint64_t size = dl.getTypeStoreSize(type);
    if (offset + size > out.size() || size > 8)
      return false;
    uint64_t value = bits.getZExtValue();
    for (uint64_t i = 0; i < size; ++i)
      out[offset + i] = static_cast<char>((value >> (8 * i)) & 0xff);
    return true;
  };
  while (!work.empty()) {
    auto [c, offset] = work.pop_back_val();
    uint64_t size = dl.getTypeAllocSize(c->getType());
    if (offset + size > out.size())
      return false;
    if (isa<ConstantAggregateZero>(c))
      continue;
    if (auto *seq = dyn_cast<ConstantDataSequential>(c)) {
      if (seq->getElementByteSize() !=
          dl.getTypeAllocSize(seq->getElementType()))
        return false;
      StringRef raw = seq->getRawDataValues();
      std::memcpy(out.data() + offset, raw.data(), raw.size());
      continue;
    }
    if (auto *array = dyn_cast<ConstantArray>(c)) {
      uint64_t step = dl.getTypeAllocSize(array->getType()->getElementType());
      for (unsigned i = 0, e = array->getNumOperands(); i < e; ++i)
        work.push_back({array->getOperand(i), offset + i * step});
      continue;
    }
    if (auto *ci = dyn_cast<ConstantInt>(c)) {
      if (!writeBits(ci->getValue(), offset, ci->getType()))
        return false;
      continue;
    }
    if (auto *cf = dyn_cast<ConstantFP>(c)) {
      if (!writeBits(cf->getValueAPF().bitcastToAPInt(), offset, cf->getType()))
        return false;
      continue;
    }
    return false;
  }
  return true;
}

std::string mlir::tfg::moveWeightsToStorage(Module &m, StringRef prefix,
                                            uint64_t minBytes,
                                            GlobalVariable *&storage) {
  storage = nullptr;
  const llvm::DataLayout &dl = m.getDataLayout();
  struct Piece {
    GlobalVariable *global;
    uint64_t offset;
  };
  std::vector<Piece> pieces;
  std::string payload;
  for (GlobalVariable &g : m.globals()) {
    if (!g.isConstant() || !g.hasInitializer() || !g.hasLocalLinkage())
      continue;
    uint64_t size = dl.getTypeAllocSize(g.getValueType());
    if (size < std::max<uint64_t>(minBytes, 1) ||
        !isa<ArrayType>(g.getValueType()))
      continue;
    uint64_t offset = alignTo(payload.size(), 64);
    std::string bytes(size, '\0');
    if (!serializeConstant(dl, g.getInitializer(),
                           MutableArrayRef<char>(bytes.data(), bytes.size())))
      continue;
    payload.resize(offset, '\0');
    payload += bytes;
    pieces.push_back({&g, offset});
  }
  if (pieces.empty())
    return payload;
  LLVMContext &ctx = m.getContext();
  auto *type = ArrayType::get(llvm::Type::getInt8Ty(ctx), payload.size());
  storage = new GlobalVariable(
      m, type, /*isConstant=*/false, GlobalValue::InternalLinkage,
      ConstantAggregateZero::get(type), (prefix + "_weights").str());
  storage->setAlignment(Align(64));
  for (Piece &piece : pieces) {
    Constant *address = ConstantExpr::getInBoundsGetElementPtr(
        llvm::Type::getInt8Ty(ctx), storage,
        ConstantInt::get(llvm::Type::getInt64Ty(ctx), piece.offset));
    piece.global->replaceAllUsesWith(address);
    piece.global->eraseFromParent();
  }
  return payload;
}

namespace {
/// Builds one entry point: a chain of checks, each failing into a block
/// that reports and returns.
class EntryBuilder {
public:
  EntryBuilder(Module &m, Function *fn, Value *errorBuffer, Value *errorSize)
      : m(m), ctx(m.getContext()), b(ctx), fn(fn), errorBuffer(errorBuffer),
        errorSize(errorSize) {
    i64 = llvm::Type::getInt64Ty(ctx);
    i32 = llvm::Type::getInt32Ty(ctx);
    ptr = PointerType::getUnqual(ctx);
    b.SetInsertPoint(BasicBlock::Create(ctx, "entry", fn));
    failFn = getFailFunction();
    // An empty message until something fails.
    emitIf(hasErrorBuffer(), [&] { b.CreateStore(b.getInt8(0), errorBuffer); });
  }

  IRBuilder<> &builder() { return b; }
  llvm::Type *i64, *i32, *ptr;

  Value *str(const Twine &text) {
    return b.CreateGlobalString(text.str(), "tfg.str", 0, &m);
  }

  /// When `cond` holds: runs `cleanup`, writes the message `format`
  /// (printf: `%s` first, then up to two `%lld`) with `label`, `a`, `c`,
  /// and returns `code`.
  void check(Value *cond, int32_t code, const Twine &format, Value *label,
             Value *a = nullptr, Value *c = nullptr,
             const std::function<void()> &cleanup = nullptr) {
    BasicBlock *bad = BasicBlock::Create(ctx, "bad", fn);
    BasicBlock *next = BasicBlock::Create(ctx, "ok", fn);
    b.CreateCondBr(cond, bad, next);
    b.SetInsertPoint(bad);
    if (cleanup)
      cleanup();
    Value *result = b.CreateCall(
        failFn, {errorBuffer, errorSize, b.getInt32(code), str(format), label,
                 a ? a : b.getInt64(0), c ? c : b.getInt64(0)});
    b.CreateRet(result);
    b.SetInsertPoint(next);
  }

  void emitIf(Value *cond, const std::function<void()> &body) {
    BasicBlock *then = BasicBlock::Create(ctx, "then", fn);
    BasicBlock *next = BasicBlock::Create(ctx, "next", fn);
    b.CreateCondBr(cond, then, next);
    b.SetInsertPoint(then);
    body();
    b.CreateBr(next);
    b.SetInsertPoint(next);
  }

  Value *hasErrorBuffer() {
    return b.CreateAnd(b.CreateIsNotNull(errorBuffer),
                       b.CreateICmpSGT(errorSize, b.getInt64(0)));
  }

  FunctionCallee libc(StringRef name, Type *result, ArrayRef<Type *> params,
                      bool varArg = false) {
    return m.getOrInsertFunction(name,
                                 FunctionType::get(result, params, varArg));
  }

private:
  /// `i32 fail(err, size, code, fmt, label, a, c)`: snprintf when there is
  /// a buffer, then returns code.
  Function *getFailFunction() {
    if (Function *f = m.getFunction("tfg.aot.fail"))
      return f;
    auto *type =
        FunctionType::get(i32, {ptr, i64, i32, ptr, ptr, i64, i64}, false);
    Function *f =
        Function::Create(type, GlobalValue::InternalLinkage, "tfg.aot.fail", m);
    IRBuilder<> fb(BasicBlock::Create(ctx, "entry", f));
    BasicBlock *print = BasicBlock::Create(ctx, "print", f);
    BasicBlock *done = BasicBlock::Create(ctx, "done", f);
    Value *err = f->getArg(0), *size = f->getArg(1);
    fb.CreateCondBr(fb.CreateAnd(fb.CreateIsNotNull(err),
                                 fb.CreateICmpSGT(size, fb.getInt64(0))),
                    print, done);
    fb.SetInsertPoint(print);
    FunctionCallee snprintf = m.getOrInsertFunction(
        "snprintf", FunctionType::get(i32, {ptr, i64, ptr},
                                      /*isVarArg=*/true));
    fb.CreateCall(snprintf, {err, size, f->getArg(3), f->getArg(4),
                             f->getArg(5), f->getArg(6)});
    fb.CreateBr(done);
    fb.SetInsertPoint(done);
    fb.CreateRet(f->getArg(2));
    return f;
  }

  Module &m;
  LLVMContext &ctx;
  IRBuilder<> b;
  Function *fn;
  Value *errorBuffer, *errorSize;
  Function *failFn;
};
} // namespace

/// A checked buffer: its data pointer and compiled size.
struct CheckedBuffer {
  Value *data;
  int64_t bytes;
  std::string label;
  /// Where an output of `?` size gets its sizes.
  Value *dims = nullptr;
};

static std::string getLabel(StringRef kind, unsigned index,
                            const TensorSignature &sig) {
  std::string shape;
  for (auto [i, d] : llvm::enumerate(sig.shape))
    shape += (i ? "x" : "") + std::to_string(d);
  return (kind + " " + Twine(index) + " ('" + sig.name + "', " +
          getAOTDTypeName(sig.dtype) + "[" + shape + "])")
      .str();
}

/// Checks tensor `index` of `array` against `sig`.
static CheckedBuffer checkTensor(EntryBuilder &eb, StructType *tensorType,
                                 Value *array, unsigned index, StringRef kind,
                                 const TensorSignature &sig) {
  IRBuilder<> &b = eb.builder();
  std::string labelText = getLabel(kind, index, sig);
  Value *label = eb.str(labelText);
  Value *t = b.CreateConstInBoundsGEP1_64(tensorType, array, index);
  auto field = [&](unsigned i, Type *type) {
    return b.CreateLoad(type, b.CreateStructGEP(tensorType, t, i));
  };
  int64_t code = static_cast<int64_t>(sig.dtype);
  Value *dtype = field(3, eb.i64);
  eb.check(b.CreateICmpNE(dtype, b.getInt64(code)), kAOTErrorDType,
           "%s: element type code %lld, the model was compiled for " +
               Twine(code) + " (" + getAOTDTypeName(sig.dtype) + ")",
           label, dtype);
  int64_t rank = sig.shape.size();
  Value *gotRank = field(2, eb.i64);
  eb.check(b.CreateICmpNE(gotRank, b.getInt64(rank)), kAOTErrorShape,
           "%s: rank %lld, the model was compiled for rank " + Twine(rank),
           label, gotRank);
  if (rank > 0) {
    Value *shape = field(1, eb.ptr);
    eb.check(b.CreateIsNull(shape), kAOTErrorShape,
             "%s: the shape pointer is null", label);
    for (auto [d, size] : llvm::enumerate(sig.shape)) {
      Value *got =
          b.CreateLoad(eb.i64, b.CreateConstInBoundsGEP1_64(eb.i64, shape, d));
      eb.check(b.CreateICmpNE(got, b.getInt64(size)), kAOTErrorShape,
               "%s: dimension " + Twine(d) +
                   " is %lld, the model was compiled for %lld",
               label, got, b.getInt64(size));
    }
  }
  int64_t bytes = sig.getBytes();
  Value *data = field(0, eb.ptr);
  if (bytes > 0)
    eb.check(b.CreateIsNull(data), kAOTErrorBuffer,
             "%s: the data pointer is null", label);
  Value *given = field(4, eb.i64);
  eb.check(b.CreateICmpSLT(given, b.getInt64(bytes)), kAOTErrorBuffer,
           "%s: the buffer holds %lld bytes, the tensor needs %lld", label,
           given, b.getInt64(bytes));
  Value *dims = nullptr;
  if (sig.dynamicDims) {
    dims = field(5, eb.ptr);
    eb.check(b.CreateIsNull(dims), kAOTErrorShape,
             "%s: the dims pointer is null (an output of `?` size returns "
             "its sizes there)",
             label);
  }
  return {data, bytes, labelText, dims};
}

/// A memref descriptor {ptr, ptr, i64, [R x i64], [R x i64]} of a dense
/// row-major buffer, on the stack.
static Value *buildDescriptor(EntryBuilder &eb, Value *data,
                              ArrayRef<int64_t> shape) {
  IRBuilder<> &b = eb.builder();
  LLVMContext &ctx = b.getContext();
  SmallVector<Type *> fields{eb.ptr, eb.ptr, eb.i64};
  auto *dims = ArrayType::get(eb.i64, shape.size());
  if (!shape.empty()) {
    fields.push_back(dims);
    fields.push_back(dims);
  }
  auto *type = StructType::get(ctx, fields);
  Value *desc = b.CreateAlloca(type);
  b.CreateStore(data, b.CreateStructGEP(type, desc, 0));
  b.CreateStore(data, b.CreateStructGEP(type, desc, 1));
  b.CreateStore(b.getInt64(0), b.CreateStructGEP(type, desc, 2));
  int64_t stride = 1;
  for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
    b.CreateStore(b.getInt64(shape[i]),
                  b.CreateGEP(type, desc,
                              {b.getInt32(0), b.getInt32(3),
                               b.getInt32(static_cast<unsigned>(i))}));
    b.CreateStore(b.getInt64(stride),
                  b.CreateGEP(type, desc,
                              {b.getInt32(0), b.getInt32(4),
                               b.getInt32(static_cast<unsigned>(i))}));
    stride *= shape[i];
  }
  return desc;
}

static void addRun(Module &m, StringRef prefix, Function *ciface,
                   ArrayRef<TensorSignature> inputs,
                   ArrayRef<TensorSignature> outputs, GlobalVariable *loaded) {
  LLVMContext &ctx = m.getContext();
  llvm::Type *i64 = llvm::Type::getInt64Ty(ctx),
             *i32 = llvm::Type::getInt32Ty(ctx);
  Type *ptr = PointerType::getUnqual(ctx);
  auto *type = FunctionType::get(i32, {ptr, i64, ptr, i64, ptr, i64}, false);
  Function *fn = Function::Create(type, GlobalValue::ExternalLinkage,
                                  (prefix + "_run").str(), m);
  EntryBuilder eb(m, fn, fn->getArg(4), fn->getArg(5));
  IRBuilder<> &b = eb.builder();
  auto *tensorType = StructType::get(ctx, {ptr, ptr, i64, i64, i64, ptr});
  Value *none = eb.str("");
  Value *inArray = fn->getArg(0), *outArray = fn->getArg(2);
  eb.check(b.CreateICmpNE(fn->getArg(1), b.getInt64(inputs.size())),
           kAOTErrorCount,
           "%s" + Twine(inputs.size()) + " inputs expected, %lld given", none,
           fn->getArg(1));
  eb.check(b.CreateICmpNE(fn->getArg(3), b.getInt64(outputs.size())),
           kAOTErrorCount,
           "%s" + Twine(outputs.size()) + " outputs expected, %lld given", none,
           fn->getArg(3));
  if (!inputs.empty())
    eb.check(b.CreateIsNull(inArray), kAOTErrorCount,
             "%sthe inputs array is null", none);
  if (!outputs.empty())
    eb.check(b.CreateIsNull(outArray), kAOTErrorCount,
             "%sthe outputs array is null", none);
  if (loaded)
    eb.check(b.CreateICmpEQ(b.CreateLoad(b.getInt8Ty(), loaded), b.getInt8(0)),
             kAOTErrorWeights,
             "%sthe weights are not loaded: call " + prefix +
                 "_load_weights first",
             none);
  std::vector<CheckedBuffer> buffers;
  for (auto [i, sig] : llvm::enumerate(inputs))
    buffers.push_back(checkTensor(eb, tensorType, inArray, i, "input", sig));
  for (auto [i, sig] : llvm::enumerate(outputs))
    buffers.push_back(checkTensor(eb, tensorType, outArray, i, "output", sig));
  // An output must not share a byte with any other buffer: the compiled
  // code reads its inputs while it writes its outputs.
  for (size_t o = inputs.size(); o < buffers.size(); ++o) {
    if (buffers[o].bytes == 0)
      continue;
    Value *lo = b.CreatePtrToInt(buffers[o].data, i64);
    Value *hi = b.CreateAdd(lo, b.getInt64(buffers[o].bytes));
    for (size_t k = 0; k < buffers.size(); ++k) {
      if (k == o || buffers[k].bytes == 0)
        continue;
      Value *klo = b.CreatePtrToInt(buffers[k].data, i64);
      Value *khi = b.CreateAdd(klo, b.getInt64(buffers[k].bytes));
      Value *overlap =
          b.CreateAnd(b.CreateICmpULT(lo, khi), b.CreateICmpULT(klo, hi));
      eb.check(overlap, kAOTErrorOverlap,
               "%s overlaps the buffer of " + buffers[k].label,
               eb.str(buffers[o].label));
    }
  }
  SmallVector<Value *> args;
  for (auto [i, sig] : llvm::enumerate(inputs))
    args.push_back(buildDescriptor(eb, buffers[i].data, sig.shape));
  for (auto [i, sig] : llvm::enumerate(outputs))
    args.push_back(
        buildDescriptor(eb, buffers[inputs.size() + i].data, sig.shape));
  // The sizes of the outputs of `?` size, after all results.
  SmallVector<std::pair<unsigned, Value *>> sizes;
  for (auto [i, sig] : llvm::enumerate(outputs)) {
    if (!sig.dynamicDims)
      continue;
    int64_t rank = sig.shape.size();
    Value *array = b.CreateAlloca(ArrayType::get(i64, rank));
    sizes.push_back({static_cast<unsigned>(i), array});
    args.push_back(buildDescriptor(eb, array, {rank}));
  }
  b.CreateCall(ciface, args);
  // The compiled code cut each such output at its bound; sizes above it
  // fail the call (the outputs then hold the cut data and no `dims` is
  // written). All are checked before any `dims` is written.
  SmallVector<SmallVector<Value *>> got;
  for (auto [i, array] : sizes) {
    const TensorSignature &sig = outputs[i];
    int64_t rank = sig.shape.size(), capacity = 1;
    for (int64_t d : sig.shape)
      capacity *= d;
    auto *arrayType = ArrayType::get(i64, rank);
    Value *count = b.getInt64(1);
    Value *limit = b.getInt64(capacity + 1);
    got.emplace_back();
    for (int64_t d = 0; d < rank; ++d) {
      Value *size = b.CreateLoad(
          i64, b.CreateConstInBoundsGEP2_32(arrayType, array, 0, d));
      got.back().push_back(size);
      Value *cut = b.CreateSelect(b.CreateICmpULT(size, limit), size, limit);
      Value *product = b.CreateMul(count, cut);
      count = b.CreateSelect(b.CreateICmpULT(product, limit), product, limit);
    }
    eb.check(b.CreateICmpUGT(count, b.getInt64(capacity)), kAOTErrorBound,
             "%s: the result has %lld elements or more, above its bound "
             "(the output holds the first ones)",
             eb.str(buffers[inputs.size() + i].label), count);
  }
  for (auto [k, entry] : llvm::enumerate(sizes)) {
    Value *dims = buffers[inputs.size() + entry.first].dims;
    for (auto [d, size] : llvm::enumerate(got[k]))
      b.CreateStore(size, b.CreateConstInBoundsGEP1_64(i64, dims, d));
  }
  b.CreateRet(b.getInt32(kAOTOk));
}

static void addLoadWeights(Module &m, StringRef prefix, GlobalVariable *storage,
                           StringRef payload, GlobalVariable *loaded) {
  LLVMContext &ctx = m.getContext();
  llvm::Type *i64 = llvm::Type::getInt64Ty(ctx),
             *i32 = llvm::Type::getInt32Ty(ctx);
  Type *ptr = PointerType::getUnqual(ctx);
  auto *type = FunctionType::get(i32, {ptr, ptr, i64}, false);
  Function *fn = Function::Create(type, GlobalValue::ExternalLinkage,
                                  (prefix + "_load_weights").str(), m);
  EntryBuilder eb(m, fn, fn->getArg(1), fn->getArg(2));
  IRBuilder<> &b = eb.builder();
  Value *path = fn->getArg(0);
  b.CreateStore(b.getInt8(0), loaded);
  Value *none = eb.str("");
  eb.check(b.CreateIsNull(path), kAOTErrorWeights,
           "%sno weights file given (null path)", none);
  FunctionCallee fopen = eb.libc("fopen", ptr, {ptr, ptr});
  FunctionCallee fread = eb.libc("fread", i64, {ptr, i64, i64, ptr});
  FunctionCallee fgetc = eb.libc("fgetc", i32, {ptr});
  FunctionCallee fclose = eb.libc("fclose", i32, {ptr});
  Value *file = b.CreateCall(fopen, {path, eb.str("rb")});
  eb.check(b.CreateIsNull(file), kAOTErrorWeights,
           "cannot open the weights file '%s'", path);
  auto close = [&] { b.CreateCall(fclose, {file}); };
  auto *headerType = ArrayType::get(i64, 4);
  Value *header = b.CreateAlloca(headerType);
  Value *got = b.CreateCall(
      fread, {header, b.getInt64(1), b.getInt64(kWeightsHeaderBytes), file});
  eb.check(b.CreateICmpNE(got, b.getInt64(kWeightsHeaderBytes)),
           kAOTErrorWeights, "'%s' is not a tfg weights file (too short)", path,
           nullptr, nullptr, close);
  auto word = [&](unsigned i) {
    return b.CreateLoad(i64,
                        b.CreateConstInBoundsGEP2_32(headerType, header, 0, i));
  };
  eb.check(b.CreateICmpNE(word(0), b.getInt64(kWeightsMagic)), kAOTErrorWeights,
           "'%s' is not a tfg weights file (magic)", path, nullptr, nullptr,
           close);
  Value *version = word(1);
  eb.check(
      b.CreateICmpNE(version, b.getInt64(kWeightsVersion)), kAOTErrorWeights,
      "'%s' has weights file version %lld, expected " + Twine(kWeightsVersion),
      path, version, nullptr, close);
  Value *size = word(2);
  eb.check(b.CreateICmpNE(size, b.getInt64(payload.size())), kAOTErrorWeights,
           "'%s' holds %lld bytes of weights, the model needs %lld", path, size,
           b.getInt64(payload.size()), close);
  uint64_t checksum = fnv1a64(payload);
  eb.check(b.CreateICmpNE(word(3), b.getInt64(checksum)), kAOTErrorWeights,
           "'%s' holds other weights than the model's (checksum)", path,
           nullptr, nullptr, close);
  if (storage) {
    got = b.CreateCall(
        fread, {storage, b.getInt64(1), b.getInt64(payload.size()), file});
    eb.check(b.CreateICmpNE(got, b.getInt64(payload.size())), kAOTErrorWeights,
             "'%s' is truncated: %lld of %lld bytes of weights", path, got,
             b.getInt64(payload.size()), close);
  }
  Value *extra = b.CreateCall(fgetc, {file});
  eb.check(b.CreateICmpSGE(extra, b.getInt32(0)), kAOTErrorWeights,
           "'%s' has bytes after its weights", path, nullptr, nullptr, close);
  close();
  if (storage && !payload.empty()) {
    // FNV-1a over what was read: the file's checksum word is not trusted.
    BasicBlock *pre = b.GetInsertBlock();
    BasicBlock *loop = BasicBlock::Create(ctx, "checksum", fn);
    BasicBlock *done = BasicBlock::Create(ctx, "checksum.done", fn);
    b.CreateBr(loop);
    b.SetInsertPoint(loop);
    PHINode *i = b.CreatePHI(i64, 2);
    PHINode *h = b.CreatePHI(i64, 2);
    i->addIncoming(b.getInt64(0), pre);
    h->addIncoming(b.getInt64(0xcbf29ce484222325ULL), pre);
    Value *byte = b.CreateLoad(b.getInt8Ty(),
                               b.CreateInBoundsGEP(b.getInt8Ty(), storage, i));
    Value *next = b.CreateMul(b.CreateXor(h, b.CreateZExt(byte, i64)),
                              b.getInt64(0x100000001b3ULL));
    Value *inext = b.CreateAdd(i, b.getInt64(1));
    i->addIncoming(inext, loop);
    h->addIncoming(next, loop);
    b.CreateCondBr(b.CreateICmpULT(inext, b.getInt64(payload.size())), loop,
                   done);
    b.SetInsertPoint(done);
    eb.check(b.CreateICmpNE(next, b.getInt64(checksum)), kAOTErrorWeights,
             "'%s': the weights read do not match their checksum", path);
  }
  b.CreateStore(b.getInt8(1), loaded);
  b.CreateRet(b.getInt32(kAOTOk));
}

llvm::Error mlir::tfg::addEntryPoints(Module &m, StringRef prefix,
                                      StringRef cifaceName,
                                      ArrayRef<TensorSignature> inputs,
                                      ArrayRef<TensorSignature> outputs,
                                      bool sideFile, GlobalVariable *storage,
                                      StringRef payload) {
  Function *ciface = m.getFunction(cifaceName);
  size_t numSizes = llvm::count_if(
      outputs, [](const TensorSignature &sig) { return sig.dynamicDims; });
  size_t numArgs = inputs.size() + outputs.size() + numSizes;
  if (!ciface || ciface->isDeclaration() || ciface->arg_size() != numArgs)
    return createStringError(inconvertibleErrorCode(),
                             "the lowered module has no C interface '" +
                                 cifaceName + "' taking " + Twine(numArgs) +
                                 " descriptors");
  for (StringRef suffix : {"_run", "_load_weights"})
    if (m.getNamedValue((prefix + suffix).str()))
      return createStringError(inconvertibleErrorCode(),
                               "the symbol '" + prefix + suffix +
                                   "' is taken in the lowered module");
  GlobalVariable *loaded = nullptr;
  // Without a storage array (no constant large enough) the weights file
  // still exists, with an empty payload: PREFIX_load_weights checks it.
  if (sideFile) {
    auto *i8 = llvm::Type::getInt8Ty(m.getContext());
    loaded = new GlobalVariable(m, i8, false, GlobalValue::InternalLinkage,
                                ConstantInt::get(i8, 0),
                                (prefix + "_weights_loaded").str());
  }
  // Definitions other than the entry points are the object's own.
  for (Function &f : m.functions())
    if (!f.isDeclaration())
      f.setLinkage(GlobalValue::InternalLinkage);
  for (GlobalVariable &g : m.globals())
    if (g.hasInitializer())
      g.setLinkage(GlobalValue::InternalLinkage);
  addRun(m, prefix, ciface, inputs, outputs, loaded);
  if (loaded)
    addLoadWeights(m, prefix, storage, payload, loaded);
  return Error::success();
}
