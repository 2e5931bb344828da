//===- ListAnalysis.cpp - TensorLists and TensorArrays as dense buffers ---===//
//
// Union-find over the values that denote one list, the facts of each list
// (element type, size, element shape) and the refinement of the reads'
// types. Iterative and linear in the nodes of the module (the refinement
// reruns shape inference a bounded number of times).
//
//===----------------------------------------------------------------------===//

#include "ListAnalysis.h"
#include "GraphLowering.h"

#include "tfg/Eval/Evaluator.h"
#include "tfg/IR/TFGOps.h"
#include "tfg/IR/TFTypeDialect.h"
#include "tfg/IR/Utility.h"
#include "tfg/Transforms/GraphTransforms.h"
#include "tfg/Transforms/GraphUtils.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {
/// Which data operands and results of a list op denote its list (-1: none).
struct ListOpSig {
  StringRef name;
  int operands[2];
  int results[2];
};
} // namespace

static const ListOpSig kListOps[] = {
    {"TensorArrayV3", {-1, -1}, {0, 1}},
    {"TensorArrayWriteV3", {0, 3}, {0, -1}},
    {"TensorArrayReadV3", {0, 2}, {-1, -1}},
    {"TensorArrayGatherV3", {0, 2}, {-1, -1}},
    {"TensorArrayConcatV3", {0, 1}, {-1, -1}},
    {"TensorArraySplitV3", {0, 3}, {0, -1}},
    {"TensorArrayScatterV3", {0, 3}, {0, -1}},
    {"TensorArraySizeV3", {0, 1}, {-1, -1}},
    {"TensorArrayCloseV3", {0, -1}, {-1, -1}},
    {"TensorListReserve", {-1, -1}, {0, -1}},
    {"TensorListFromTensor", {-1, -1}, {0, -1}},
    {"TensorListSetItem", {0, -1}, {0, -1}},
    {"TensorListGetItem", {0, -1}, {-1, -1}},
    {"TensorListStack", {0, -1}, {-1, -1}},
    {"TensorListLength", {0, -1}, {-1, -1}},
};

static const ListOpSig *lookupSig(StringRef opType) {
  for (const ListOpSig &sig : kListOps)
    if (sig.name == opType)
      return &sig;
  return nullptr;
}

bool mlir::tfg::tohlo::acceptsDynamicValue(StringRef opType, bool input,
                                           unsigned i) {
  if (opType == "TensorArrayGatherV3")
    return i == (input ? 1u : 0u);
  return input && i == 2 &&
         (opType == "TensorArrayWriteV3" || opType == "TensorListSetItem");
}

bool mlir::tfg::tohlo::isListOp(StringRef opType) {
  return lookupSig(opType) != nullptr;
}

ArrayRef<StringRef> mlir::tfg::tohlo::getListOpTypes() {
  static const SmallVector<StringRef> names = [] {
    SmallVector<StringRef> n;
    for (const ListOpSig &sig : kListOps)
      n.push_back(sig.name);
    return n;
  }();
  return names;
}

//===----------------------------------------------------------------------===//
// Union-find
//===----------------------------------------------------------------------===//

unsigned ListAnalysis::idOf(Value v) {
  auto [it, inserted] = ids.try_emplace(v, parent.size());
  if (inserted)
    parent.push_back(it->second);
  return it->second;
}

unsigned ListAnalysis::root(unsigned id) const {
  unsigned r = id;
  while (parent[r] != r)
    r = parent[r];
  // Path compression.
  while (parent[id] != r) {
    unsigned next = parent[id];
    parent[id] = r;
    id = next;
  }
  return r;
}

void ListAnalysis::unite(Value a, Value b) {
  unsigned ra = root(idOf(a)), rb = root(idOf(b));
  if (ra == rb)
    return;
  // Keep the facts of both (the seeds) on the new root.
  parent[rb] = ra;
  auto it = infos.find(rb);
  if (it == infos.end())
    return;
  Info moved = it->second;
  infos.erase(it);
  Info &into = infos[ra];
  if (!into.origin)
    into.origin = moved.origin;
}

void ListAnalysis::seed(Value v, Operation *origin) {
  Info &info = infos[root(idOf(v))];
  if (!info.origin && origin)
    info.origin = origin;
}

const ListAnalysis::Info *ListAnalysis::find(Value v) const {
  auto it = ids.find(v);
  if (it == ids.end())
    return nullptr;
  auto info = infos.find(root(it->second));
  return info == infos.end() ? nullptr : &info->second;
}

ListAnalysis::Info &ListAnalysis::infoOf(Value list) {
  return infos[root(idOf(list))];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

RankedTensorType ListAnalysis::bufferType(const Info &info) {
  if (info.conflictAt || !info.dtype || !info.size || *info.size < 0 ||
      !info.ranked || llvm::any_of(info.shape, ShapedType::isDynamic))
    return {};
  if (isTooLarge(info))
    return {};
  SmallVector<int64_t> shape{*info.size};
  shape.append(info.shape.begin(), info.shape.end());
  return RankedTensorType::get(shape, info.dtype);
}

/// The most elements of a list's buffer.
static constexpr int64_t kMaxBufferElements = int64_t(1) << 32;

bool ListAnalysis::isTooLarge(const Info &info) {
  int64_t n = info.size.value_or(0);
  for (int64_t d : info.shape) {
    if (ShapedType::isDynamic(d) || d < 0)
      return false;
    if (d != 0 && n > kMaxBufferElements / d)
      return true;
    n *= d;
  }
  return n > kMaxBufferElements;
}

/// A TensorArray's resource handle: it names the array; its data flows
/// through the flow values.
static bool isHandle(Value v) {
  auto t = dyn_cast<TensorType>(v.getType());
  return t && isa<tf_type::ResourceType>(t.getElementType());
}

RankedTensorType ListAnalysis::loweredType(Value v) const {
  const Info *info = find(v);
  if (!info)
    return {};
  if (isHandle(v))
    return RankedTensorType::get({0}, IntegerType::get(v.getContext(), 32));
  return bufferType(*info);
}

LogicalResult ListAnalysis::notStaticError(Operation *op, Value v) const {
  const Info *info = find(v);
  InFlightDiagnostic diag = nodeError(op) << "uses a list";
  if (info && info->origin)
    diag << " created by node '" << getNodeName(info->origin) << "' ("
         << getTFOpName(info->origin) << ")";
  if (info && info->conflictAt)
    return diag << ", which node '" << getNodeName(info->conflictAt) << "' ("
                << getTFOpName(info->conflictAt) << ") " << info->conflict;
  diag << " whose ";
  if (!info || !info->dtype)
    return diag << "element type is unknown";
  if (isTooLarge(*info))
    return diag << "buffer would hold more than " << kMaxBufferElements
                << " elements";
  if (!info->size)
    return diag << "size is not a constant (a dense buffer needs a static "
                   "size: pin the input shapes it derives from)";
  diag << "element shape is not static (";
  if (!info->ranked)
    diag << "unknown rank";
  else
    llvm::interleave(
        info->shape, diag,
        [&](int64_t d) {
          if (ShapedType::isDynamic(d))
            diag << "?";
          else
            diag << d;
        },
        "x");
  return diag << "): give it an element_shape or write elements of a "
                 "static shape";
}

//===----------------------------------------------------------------------===//
// Facts
//===----------------------------------------------------------------------===//

/// The most nodes one constant evaluation visits, and the most elements of
/// a value it evaluates.
static constexpr unsigned kMaxEvalNodes = 64;
static constexpr int64_t kMaxEvalElements = 64;

static bool isSmallStatic(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t && t.hasStaticShape() && t.getNumElements() <= kMaxEvalElements;
}

/// The value of `v` when a small subgraph of pure nodes computes it from
/// Consts and static shapes (Shape, StridedSlice, ...: as shape inference
/// evaluates them), else null. Iterative; at most kMaxEvalNodes nodes.
static DenseElementsAttr evalConstant(Value v) {
  Operation *rootOp = v.getDefiningOp();
  if (!rootOp || !isSmallStatic(v.getType()))
    return {};
  llvm::DenseMap<Operation *, SmallVector<ElementsAttr, 2>> done;
  SmallVector<std::pair<Operation *, unsigned>> stack{{rootOp, 0}};
  llvm::SmallPtrSet<Operation *, 16> seen{rootOp};
  while (!stack.empty()) {
    auto &[op, next] = stack.back();
    OperandRange inputs = getDataOperands(op);
    if (next < inputs.size()) {
      Value in = inputs[next++];
      Operation *def = in.getDefiningOp();
      // Only small values are worth evaluating; a Shape reads its input's
      // type, not its value.
      if (def && isSmallStatic(in.getType()) && seen.insert(def).second) {
        if (seen.size() > kMaxEvalNodes)
          return {};
        stack.push_back({def, 0});
      }
      continue;
    }
    Operation *cur = op;
    stack.pop_back();
    StringRef opType = getTFOpName(cur);
    if (cur->getNumRegions() || opType.starts_with("Placeholder") ||
        isStatefulEvalKernel(opType))
      continue;
    SmallVector<ElementsAttr, 4> operands;
    for (Value in : getDataOperands(cur)) {
      ElementsAttr value;
      if (auto res = dyn_cast<OpResult>(in)) {
        auto it = done.find(res.getOwner());
        if (it != done.end() && res.getResultNumber() < it->second.size())
          value = it->second[res.getResultNumber()];
      }
      operands.push_back(value);
    }
    FailureOr<SmallVector<ElementsAttr, 2>> values =
        evaluateNode(cur, operands, kMaxEvalElements);
    if (succeeded(values))
      done[cur] = std::move(*values);
  }
  auto it = done.find(rootOp);
  unsigned index = cast<OpResult>(v).getResultNumber();
  if (it == done.end() || index >= it->second.size())
    return {};
  return dyn_cast_if_present<DenseElementsAttr>(it->second[index]);
}

static std::optional<int64_t> evalScalar(Value v) {
  auto value = dyn_cast_if_present<DenseIntElementsAttr>(evalConstant(v));
  if (!value || value.getNumElements() != 1)
    return std::nullopt;
  return (*value.begin()).getSExtValue();
}

LogicalResult ListAnalysis::conflict(Info &info, Operation *op,
                                     const Twine &message) {
  if (!info.conflictAt) {
    info.conflictAt = op;
    info.conflict = message.str();
  }
  return success();
}

LogicalResult ListAnalysis::mergeShape(Operation *op, Value list,
                                       ArrayRef<int64_t> shape, bool ranked) {
  if (!ranked)
    return success();
  Info &info = infoOf(list);
  SmallVector<int64_t> dims;
  for (int64_t d : shape)
    dims.push_back(d < 0 ? ShapedType::kDynamic : d);
  if (!info.ranked) {
    info.ranked = true;
    info.shape = dims;
    return success();
  }
  if (info.shape.size() != dims.size())
    return conflict(info, op,
                    "uses it with elements of rank " + Twine(dims.size()) +
                        " where elsewhere they have rank " +
                        Twine(info.shape.size()));
  for (auto [have, d] : llvm::zip(info.shape, dims)) {
    if (ShapedType::isDynamic(d))
      continue;
    if (!ShapedType::isDynamic(have) && have != d)
      return conflict(info, op,
                      "uses it with an element dimension of " + Twine(d) +
                          " where elsewhere it is " + Twine(have));
    have = d;
  }
  return success();
}

LogicalResult ListAnalysis::mergeDtype(Operation *op, Value list, Type dtype) {
  if (!dtype)
    return success();
  Info &info = infoOf(list);
  if (info.dtype && info.dtype != dtype) {
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "uses it with elements of type " << dtype
       << " where elsewhere they are " << info.dtype;
    return conflict(info, op, message);
  }
  info.dtype = dtype;
  return success();
}

LogicalResult ListAnalysis::mergeSize(Operation *op, Value list, int64_t size) {
  Info &info = infoOf(list);
  if (size < 0)
    return conflict(info, op, "gives it the size " + Twine(size));
  if (info.size && *info.size != size)
    return conflict(info, op,
                    "gives it " + Twine(size) +
                        " elements where elsewhere it has " +
                        Twine(*info.size));
  info.size = size;
  return success();
}

/// The element shape `attr` (a tf_type.shape) describes: ranked or not.
static bool shapeOfAttr(Attribute attr, SmallVectorImpl<int64_t> &shape) {
  auto s = dyn_cast_if_present<tf_type::ShapeAttr>(attr);
  if (!s || !s.hasRank())
    return false;
  shape.assign(s.getShape().begin(), s.getShape().end());
  return true;
}

/// The element shape an `element_shape` operand holds: a vector (-1 for an
/// unknown dimension), or a scalar -1 for an unknown rank.
static bool shapeOfOperand(Value v, SmallVectorImpl<int64_t> &shape) {
  auto value = dyn_cast_if_present<DenseIntElementsAttr>(evalConstant(v));
  if (!value || value.getType().getRank() != 1)
    return false;
  for (const APInt &d : value.getValues<APInt>())
    shape.push_back(d.getSExtValue());
  return true;
}

static Type typeAttr(Operation *op, StringRef name) {
  auto attr = dyn_cast_if_present<TypeAttr>(op->getAttr(name));
  return attr ? attr.getValue() : Type();
}

LogicalResult ListAnalysis::collectFacts(ArrayRef<Block *> bodies) {
  for (auto &[id, info] : infos) {
    Operation *origin = info.origin;
    info = Info();
    info.origin = origin;
  }
  for (Block *body : bodies) {
    for (Operation &node : *body) {
      Operation *op = &node;
      StringRef opType = getTFOpName(op);
      if (!isListOp(opType))
        continue;
      OperandRange in = getDataOperands(op);
      ResultRange out = getDataResults(op);
      Value list = opType.starts_with("TensorListReserve") ||
                           opType == "TensorListFromTensor" ||
                           opType == "TensorArrayV3"
                       ? out.empty() ? Value() : out[0]
                   : in.empty() ? Value()
                                : in[0];
      // A malformed node is reported where it is lowered.
      if (!list)
        continue;
      auto ranked = [](Value v) {
        return dyn_cast<RankedTensorType>(v.getType());
      };
      auto mergeType = [&](RankedTensorType t, unsigned drop) {
        if (!t || t.getRank() < drop)
          return success();
        return mergeShape(op, list, t.getShape().drop_front(drop), true);
      };
      SmallVector<int64_t> shape;
      LogicalResult ok = success();
      if (opType == "TensorArrayV3") {
        if (auto dyn =
                dyn_cast_if_present<BoolAttr>(op->getAttr("dynamic_size"));
            dyn && dyn.getValue())
          ok = conflict(infoOf(list), op,
                        "makes it dynamic_size (it grows on write, a fixed "
                        "buffer cannot)");
        ok = mergeDtype(op, list, typeAttr(op, "dtype"));
        if (std::optional<int64_t> n =
                in.empty() ? std::nullopt : evalScalar(in[0]))
          ok = succeeded(ok) ? mergeSize(op, list, *n) : ok;
        if (shapeOfAttr(op->getAttr("element_shape"), shape))
          ok = succeeded(ok) ? mergeShape(op, list, shape, true) : ok;
      } else if (opType == "TensorArrayWriteV3" ||
                 opType == "TensorArrayScatterV3" ||
                 opType == "TensorListSetItem") {
        Value value = in.size() > 2 ? in[2] : Value();
        if (!value)
          continue;
        auto t = dyn_cast<TensorType>(value.getType());
        ok = mergeDtype(op, list, t ? t.getElementType() : Type());
        if (succeeded(ok))
          ok = mergeType(ranked(value), opType == "TensorArrayScatterV3");
      } else if (opType == "TensorArrayReadV3" ||
                 opType == "TensorListGetItem" ||
                 opType == "TensorArrayGatherV3" ||
                 opType == "TensorListStack") {
        ok = mergeDtype(op, list,
                        typeAttr(op, opType.starts_with("TensorArray")
                                         ? "dtype"
                                         : "element_dtype"));
        bool stacked =
            opType == "TensorArrayGatherV3" || opType == "TensorListStack";
        if (succeeded(ok) && !out.empty())
          ok = mergeType(ranked(out[0]), stacked);
        if (succeeded(ok) && shapeOfAttr(op->getAttr("element_shape"), shape))
          ok = mergeShape(op, list, shape, true);
        shape.clear();
        Value shapeOperand =
            opType == "TensorListGetItem" && in.size() > 2 ? in[2]
            : opType == "TensorListStack" && in.size() > 1 ? in[1]
                                                           : Value();
        if (succeeded(ok) && shapeOperand &&
            shapeOfOperand(shapeOperand, shape))
          ok = mergeShape(op, list, shape, true);
        if (succeeded(ok) && opType == "TensorListStack" && !out.empty())
          if (auto t = ranked(out[0]);
              t && t.getRank() > 0 && !t.isDynamicDim(0))
            ok = mergeSize(op, list, t.getDimSize(0));
      } else if (opType == "TensorListReserve") {
        ok = mergeDtype(op, list, typeAttr(op, "element_dtype"));
        if (in.size() == 2) {
          if (std::optional<int64_t> n = evalScalar(in[1]))
            ok = succeeded(ok) ? mergeSize(op, list, *n) : ok;
          if (succeeded(ok) && shapeOfOperand(in[0], shape))
            ok = mergeShape(op, list, shape, true);
        }
      } else if (opType == "TensorArraySplitV3") {
        // Equal constant lengths L of value [n * L, rest...]: n elements of
        // [L, rest...].
        Value value = in.size() > 2 ? in[1] : Value();
        auto t = value ? ranked(value) : RankedTensorType();
        auto lengths =
            in.size() > 2
                ? dyn_cast_if_present<DenseIntElementsAttr>(evalConstant(in[2]))
                : DenseIntElementsAttr();
        ok = mergeDtype(op, list, t ? t.getElementType() : Type());
        if (succeeded(ok) && lengths && lengths.getNumElements() > 0) {
          ok = mergeSize(op, list, lengths.getNumElements());
          int64_t l = (*lengths.begin()).getSExtValue();
          bool equal =
              llvm::all_of(lengths.getValues<APInt>(), [&](const APInt &v) {
                return v.getSExtValue() == l;
              });
          if (succeeded(ok) && !equal)
            ok = conflict(infoOf(list), op,
                          "splits it into elements of different lengths");
          else if (succeeded(ok) && t && t.getRank() > 0) {
            shape.assign(t.getShape().begin(), t.getShape().end());
            shape[0] = l;
            ok = mergeShape(op, list, shape, true);
          }
        }
      } else if (opType == "TensorArrayConcatV3") {
        ok = mergeDtype(op, list, typeAttr(op, "dtype"));
        if (succeeded(ok) &&
            shapeOfAttr(op->getAttr("element_shape_except0"), shape)) {
          shape.insert(shape.begin(), ShapedType::kDynamic);
          ok = mergeShape(op, list, shape, true);
        }
      } else if (opType == "TensorListFromTensor") {
        ok = mergeDtype(op, list, typeAttr(op, "element_dtype"));
        auto t = in.empty() ? RankedTensorType() : ranked(in[0]);
        if (succeeded(ok) && t && t.getRank() > 0) {
          ok = mergeType(t, 1);
          if (succeeded(ok) && !t.isDynamicDim(0))
            ok = mergeSize(op, list, t.getDimSize(0));
        }
        if (succeeded(ok) && in.size() > 1 && shapeOfOperand(in[1], shape))
          ok = mergeShape(op, list, shape, true);
      }
      if (failed(ok))
        return failure();
    }
  }
  return success();
}

/// Sets `v`'s type to `refined` when that is more precise and compatible.
static bool refineType(Value v, RankedTensorType refined) {
  if (!refined)
    return false;
  auto current = dyn_cast<TensorType>(v.getType());
  if (!current || current == refined ||
      current.getElementType() != refined.getElementType())
    return false;
  if (auto r = dyn_cast<RankedTensorType>(current)) {
    if (r.getRank() != refined.getRank() || r.hasStaticShape())
      return false;
    for (auto [a, b] : llvm::zip(r.getShape(), refined.getShape()))
      if (!ShapedType::isDynamic(a) && a != b)
        return false;
  }
  v.setType(refined);
  return true;
}

bool ListAnalysis::refineReads(ArrayRef<Block *> bodies) {
  bool changed = false;
  for (Block *body : bodies)
    for (Operation &op : *body) {
      StringRef opType = getTFOpName(&op);
      // A list's length is an i32 scalar.
      if ((opType == "TensorListLength" || opType == "TensorArraySizeV3") &&
          !getDataResults(&op).empty()) {
        Value r = getDataResults(&op).front();
        changed |= refineType(
            r,
            RankedTensorType::get({}, IntegerType::get(op.getContext(), 32)));
        continue;
      }
      // Concat: the elements end to end, and their lengths.
      if (opType == "TensorArrayConcatV3" && getDataResults(&op).size() == 2 &&
          !getDataOperands(&op).empty()) {
        const Info *info = find(getDataOperands(&op)[0]);
        RankedTensorType buffer = info ? bufferType(*info) : nullptr;
        if (!buffer || buffer.getRank() < 2)
          continue;
        SmallVector<int64_t> shape(buffer.getShape().drop_front());
        shape[0] *= buffer.getDimSize(0);
        ResultRange out = getDataResults(&op);
        changed |= refineType(
            out[0], RankedTensorType::get(shape, buffer.getElementType()));
        changed |= refineType(
            out[1],
            RankedTensorType::get({buffer.getDimSize(0)},
                                  IntegerType::get(op.getContext(), 64)));
        continue;
      }
      bool single =
          opType == "TensorArrayReadV3" || opType == "TensorListGetItem";
      bool stacked =
          opType == "TensorArrayGatherV3" || opType == "TensorListStack";
      if (!single && !stacked)
        continue;
      OperandRange in = getDataOperands(&op);
      ResultRange out = getDataResults(&op);
      const Info *info = in.empty() ? nullptr : find(in[0]);
      if (!info || out.empty() || !info->dtype || !info->ranked ||
          llvm::any_of(info->shape, ShapedType::isDynamic))
        continue;
      SmallVector<int64_t> shape;
      if (stacked) {
        int64_t n = ShapedType::kDynamic;
        if (opType == "TensorListStack" && info->size)
          n = *info->size;
        if (auto it = dyn_cast<RankedTensorType>(in[1].getType());
            opType == "TensorArrayGatherV3" && it && it.getRank() == 1)
          n = it.getDimSize(0);
        if (ShapedType::isDynamic(n))
          continue;
        shape.push_back(n);
      }
      shape.append(info->shape.begin(), info->shape.end());
      changed |= refineType(out[0], RankedTensorType::get(shape, info->dtype));
    }
  return changed;
}

//===----------------------------------------------------------------------===//
// Building the classes
//===----------------------------------------------------------------------===//

/// The most rounds of read refinement and shape inference.
static constexpr unsigned kMaxRefineRounds = 16;

LogicalResult ListAnalysis::run(ModuleOp module) {
  SmallVector<Block *> bodies = getGraphBodies(module);
  auto lookupFunc = [&](Attribute attr) -> GraphFuncOp {
    auto ref = dyn_cast_or_null<tf_type::FuncAttr>(attr);
    if (!ref)
      return {};
    auto func = SymbolTable::lookupNearestSymbolFrom<GraphFuncOp>(
        module, ref.getName());
    if (!func || func.getBody().empty())
      return {};
    return func;
  };
  // Unites value i of `values` with argument i + `skip` of `func`'s body,
  // and (when `results` is given) result i with its return value i.
  auto uniteFunc = [&](GraphFuncOp func, ValueRange args, ValueRange results) {
    if (!func)
      return;
    unsigned numArgs = func.getFunctionType().getNumInputs();
    for (auto [i, v] : llvm::enumerate(args))
      if (i < numArgs)
        unite(v, func.getDataArgument(i));
    auto ret = cast<ReturnOp>(func.getBody().front().getTerminator());
    for (auto [v, r] : llvm::zip(results, ret.getDataOperands()))
      unite(v, r);
  };
  bool anyList = false;
  for (Block *body : bodies)
    for (Operation &node : *body) {
      Operation *op = &node;
      StringRef opType = getTFOpName(op);
      OperandRange in = getDataOperands(op);
      ResultRange out = getDataResults(op);
      if (const ListOpSig *sig = lookupSig(opType)) {
        anyList = true;
        Value first;
        auto add = [&](Value v) {
          first ? unite(first, v) : (void)(first = v);
        };
        for (int i : sig->operands)
          if (i >= 0 && (unsigned)i < in.size())
            add(in[i]);
        for (int i : sig->results)
          if (i >= 0 && (unsigned)i < out.size())
            add(out[i]);
        if (first)
          seed(first, sig->operands[0] < 0 ? op : nullptr);
        continue;
      }
      if (opType == "Identity" || opType == "IdentityN" ||
          opType == "StopGradient") {
        for (auto [a, r] : llvm::zip(in, out))
          unite(a, r);
        continue;
      }
      if (!isFunctionalControlFlow(opType))
        continue;
      DictionaryAttr attrs = getNodeAttrs(op);
      auto attr = [&](StringRef name) {
        return attrs ? attrs.get(name) : Attribute();
      };
      if (opType.ends_with("While")) {
        for (auto [a, r] : llvm::zip(in, out))
          unite(a, r);
        uniteFunc(lookupFunc(attr("cond")), in, {});
        uniteFunc(lookupFunc(attr("body")), in, out);
        continue;
      }
      ValueRange inputs = in.empty() ? ValueRange() : in.drop_front();
      SmallVector<Attribute> branches;
      if (opType.ends_with("If")) {
        branches = {attr("then_branch"), attr("else_branch")};
      } else if (auto list = dyn_cast_or_null<ArrayAttr>(attr("branches"))) {
        branches.assign(list.begin(), list.end());
      }
      for (Attribute branch : branches)
        uniteFunc(lookupFunc(branch), inputs, out);
    }
  for (unsigned round = 0;; ++round) {
    if (anyList && failed(collectFacts(bodies)))
      return failure();
    bool changed = refineWhileTypes(module, bodies);
    if (anyList)
      changed |= refineReads(bodies);
    if (round == kMaxRefineRounds || !changed)
      return success();
    for (Block *body : bodies)
      inferShapes(*body);
  }
}
