//===- RefineShapes.cpp - `?` sizes that are compile-time constants -------===//
//
// tfg-stablehlo-refine-shapes: a `?` size whose value the program computes
// from constants (a Range over a TensorArray of known size: dynamic_iota of
// a shape that constants give) becomes static. One pass in program order
// (nested regions included) keeps the values of small integer tensors
// computed from constants only (constant, get_dimension_size of a static
// size, integer add/subtract/multiply/divide/maximum/minimum/clamp/sign/
// abs/negate, compare, select, and/or/not, convert, reshape,
// broadcast_in_dim and concatenate of them); dynamic_iota,
// dynamic_broadcast_in_dim and dynamic_reshape whose shape operand is known,
// and elementwise ops, gather, concatenate and sort whose operands became
// static, get static result types. A result is refined only when every user
// is a StableHLO op outside control flow (its types only need to be
// compatible) or the function's return, whose type follows. Linear in the
// ops.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Conversion/Passes.h"
#include "tfg/Conversion/StableHLOToLinalg/StableHLOToLinalg.h"
#include "tfg/Dialect/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace tfg {
#define GEN_PASS_DEF_STABLEHLOREFINESHAPESPASS
#include "tfg/Conversion/Passes.h.inc"
} // namespace tfg
} // namespace mlir

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::shlo_linalg;
namespace shlo = mlir::tfg::stablehlo;

namespace {
/// The elements of a small integer tensor, row-major, each wrapped to the
/// element width (booleans 0 or 1).
using Known = SmallVector<int64_t, 4>;
constexpr int64_t kMaxKnownElements = 16;
// Sizes above this are left `?` (the lowering bounds them at run time).
constexpr int64_t kMaxRefinedSize = int64_t(1) << 30;

int64_t wrap(int64_t v, Type elementType) {
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width == 1)
    return v != 0;
  if (width >= 64)
    return v;
  uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (u >> (width - 1))
    u |= ~mask;
  return static_cast<int64_t>(u);
}

/// A small static tensor of signless integers (booleans included).
bool isSmallIntTensor(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  return ranked && ranked.hasStaticShape() &&
         ranked.getNumElements() <= kMaxKnownElements &&
         ranked.getElementType().isSignlessInteger();
}

class Refiner {
public:
  explicit Refiner(func::FuncOp func) : func(func) {}

  void run() {
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa_and_nonnull<shlo::StableHLODialect>(op->getDialect()))
        visit(op);
    });
    // The function's results follow its return.
    Block &body = func.getBody().front();
    auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
    if (ret && !llvm::equal(ret.getOperandTypes(), func.getResultTypes()))
      func.setType(FunctionType::get(func.getContext(), func.getArgumentTypes(),
                                     ret.getOperandTypes()));
  }

private:
  func::FuncOp func;
  llvm::DenseMap<Value, Known> known;

  const Known *lookup(Value v) {
    auto it = known.find(v);
    return it == known.end() ? nullptr : &it->second;
  }

  /// Whether `v`'s type may be replaced by a more static one.
  bool mayRefine(Value v) {
    for (Operation *user : v.getUsers()) {
      if (isa<func::ReturnOp>(user) && user->getParentOp() == func)
        continue;
      if (!isa_and_nonnull<shlo::StableHLODialect>(user->getDialect()) ||
          isa<shlo::WhileOp, shlo::IfOp, shlo::CaseOp, shlo::ReturnOp>(user) ||
          user->getNumRegions() != 0)
        return false;
    }
    return true;
  }

  void refine(Value v, ArrayRef<int64_t> shape) {
    auto type = cast<RankedTensorType>(v.getType());
    if (type.hasStaticShape() || shape.size() != type.getShape().size())
      return;
    for (auto [have, want] : llvm::zip(type.getShape(), shape))
      if (want < 0 || want > kMaxRefinedSize ||
          (!ShapedType::isDynamic(have) && have != want))
        return;
    if (!mayRefine(v))
      return;
    v.setType(RankedTensorType::get(shape, type.getElementType()));
  }

  /// A known 1-d shape operand, as sizes.
  std::optional<SmallVector<int64_t>> knownShape(Value v) {
    const Known *k = lookup(v);
    if (!k)
      return std::nullopt;
    return SmallVector<int64_t>(k->begin(), k->end());
  }

  void visit(Operation *op);
  void fold(Operation *op);
  void refineResult(Operation *op);
};

void Refiner::visit(Operation *op) {
  refineResult(op);
  if (op->getNumResults() == 1 && isSmallIntTensor(op->getResult(0).getType()))
    fold(op);
}

void Refiner::refineResult(Operation *op) {
  if (op->getNumResults() == 0)
    return;
  auto staticShape = [](Value v) -> std::optional<SmallVector<int64_t>> {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
    return SmallVector<int64_t>(type.getShape());
  };
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](shlo::DynamicIotaOp o) {
        if (auto s = knownShape(o.getOutputShape()))
          refine(o.getResult(), *s);
      })
      .Case([&](shlo::DynamicBroadcastInDimOp o) {
        if (auto s = knownShape(o.getOutputDimensions()))
          refine(o.getResult(), *s);
      })
      .Case([&](shlo::DynamicReshapeOp o) {
        auto s = knownShape(o.getOutputShape());
        auto in = staticShape(o.getOperand());
        if (!s || !in)
          return;
        int64_t a = 1, b = 1;
        for (int64_t d : *s)
          a = d < 0 || (d > 0 && a > kMaxRefinedSize / d) ? -1 : a * d;
        for (int64_t d : *in)
          b *= d;
        if (a == b)
          refine(o.getResult(), *s);
      })
      .Case([&](shlo::ConcatenateOp o) {
        SmallVector<int64_t> shape;
        for (Value in : o.getInputs()) {
          auto s = staticShape(in);
          if (!s)
            return;
          if (shape.empty())
            shape = *s;
          else
            shape[o.getDimension()] += (*s)[o.getDimension()];
        }
        refine(o.getResult(), shape);
      })
      .Case([&](shlo::GatherOp o) {
        auto idx = staticShape(o.getStartIndices());
        if (!idx)
          return;
        auto dn = o.getDimensionNumbers();
        int64_t ivd = dn.getIndexVectorDim();
        auto type = cast<RankedTensorType>(o.getType());
        SmallVector<int64_t> batch, offsets;
        for (int64_t d = 0; d < static_cast<int64_t>(idx->size()); ++d)
          if (d != ivd)
            batch.push_back((*idx)[d]);
        for (auto [d, size] : llvm::enumerate(o.getSliceSizes()))
          if (!llvm::is_contained(dn.getCollapsedSliceDims(), (int64_t)d) &&
              !llvm::is_contained(dn.getOperandBatchingDims(), (int64_t)d))
            offsets.push_back(size);
        if (batch.size() + offsets.size() !=
            static_cast<size_t>(type.getRank()))
          return;
        SmallVector<int64_t> shape;
        size_t bi = 0, oi = 0;
        for (int64_t d = 0; d < type.getRank(); ++d)
          shape.push_back(llvm::is_contained(dn.getOffsetDims(), d)
                              ? offsets[oi++]
                              : batch[bi++]);
        refine(o.getResult(), shape);
      })
      .Case([&](shlo::SortOp o) {
        for (auto [in, out] : llvm::zip(o.getInputs(), o.getResults()))
          if (auto s = staticShape(in))
            refine(out, *s);
      })
      .Default([&](Operation *other) {
        if (!isElementwiseOp(other))
          return;
        auto type = cast<RankedTensorType>(other->getResult(0).getType());
        for (Value in : other->getOperands()) {
          auto s = staticShape(in);
          if (s && static_cast<int64_t>(s->size()) == type.getRank()) {
            refine(other->getResult(0), *s);
            return;
          }
        }
      });
}

void Refiner::fold(Operation *op) {
  Value result = op->getResult(0);
  auto type = cast<RankedTensorType>(result.getType());
  Type et = type.getElementType();
  int64_t n = type.getNumElements();
  auto set = [&](Known values) {
    for (int64_t &v : values)
      v = wrap(v, et);
    known[result] = std::move(values);
  };
  if (auto c = dyn_cast<shlo::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue());
    if (!dense)
      return;
    Known values;
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(et.isInteger(1) ? int64_t(v.getBoolValue())
                                       : v.getSExtValue());
    set(std::move(values));
    return;
  }
  if (auto g = dyn_cast<shlo::GetDimensionSizeOp>(op)) {
    auto in = cast<RankedTensorType>(g.getOperand().getType());
    if (!in.isDynamicDim(g.getDimension()))
      set({in.getDimSize(g.getDimension())});
    return;
  }
  SmallVector<const Known *> args;
  for (Value v : op->getOperands()) {
    const Known *k = lookup(v);
    if (!k)
      return;
    args.push_back(k);
  }
  // Element i of argument a, a 0-d argument broadcast.
  auto at = [&](unsigned a, int64_t i) {
    return args[a]->size() == 1 ? (*args[a])[0] : (*args[a])[i];
  };
  for (const Known *k : args)
    if (static_cast<int64_t>(k->size()) != n && k->size() != 1 &&
        !isa<shlo::ConcatenateOp, shlo::ReshapeOp>(op))
      return;
  auto elementwise = [&](auto fn) {
    Known out;
    for (int64_t i = 0; i < n; ++i) {
      std::optional<int64_t> v = fn(i);
      if (!v)
        return;
      out.push_back(*v);
    }
    set(std::move(out));
  };
  using R = std::optional<int64_t>;
  llvm::TypeSwitch<Operation *>(op)
      .Case([&](shlo::AddOp) {
        elementwise([&](int64_t i) -> R { return at(0, i) + at(1, i); });
      })
      .Case([&](shlo::SubtractOp) {
        elementwise([&](int64_t i) -> R { return at(0, i) - at(1, i); });
      })
      .Case([&](shlo::MultiplyOp) {
        elementwise([&](int64_t i) -> R { return at(0, i) * at(1, i); });
      })
      .Case([&](shlo::DivideOp) {
        elementwise([&](int64_t i) -> R {
          if (at(1, i) == 0 || (at(1, i) == -1 && at(0, i) == INT64_MIN))
            return std::nullopt;
          return at(0, i) / at(1, i);
        });
      })
      .Case([&](shlo::MaximumOp) {
        elementwise(
            [&](int64_t i) -> R { return std::max(at(0, i), at(1, i)); });
      })
      .Case([&](shlo::MinimumOp) {
        elementwise(
            [&](int64_t i) -> R { return std::min(at(0, i), at(1, i)); });
      })
      .Case([&](shlo::ClampOp) {
        elementwise([&](int64_t i) -> R {
          return std::min(std::max(at(1, i), at(0, i)), at(2, i));
        });
      })
      .Case([&](shlo::SignOp) {
        elementwise([&](int64_t i) -> R {
          return at(0, i) > 0 ? 1 : at(0, i) < 0 ? -1 : 0;
        });
      })
      .Case([&](shlo::AbsOp) {
        elementwise([&](int64_t i) -> R {
          return at(0, i) < 0 ? -at(0, i) : at(0, i);
        });
      })
      .Case([&](shlo::NegateOp) {
        elementwise([&](int64_t i) -> R { return -at(0, i); });
      })
      .Case([&](shlo::AndOp) {
        elementwise([&](int64_t i) -> R { return at(0, i) & at(1, i); });
      })
      .Case([&](shlo::OrOp) {
        elementwise([&](int64_t i) -> R { return at(0, i) | at(1, i); });
      })
      .Case([&](shlo::NotOp) {
        elementwise([&](int64_t i) -> R {
          return et.isInteger(1) ? !at(0, i) : ~at(0, i);
        });
      })
      .Case([&](shlo::SelectOp) {
        elementwise(
            [&](int64_t i) -> R { return at(0, i) ? at(1, i) : at(2, i); });
      })
      .Case([&](shlo::CompareOp c) {
        auto in = cast<RankedTensorType>(c.getLhs().getType());
        if (c.getCompareType() &&
            *c.getCompareType() == shlo::ComparisonType::UNSIGNED &&
            !in.getElementType().isInteger(1))
          return;
        elementwise([&](int64_t i) -> R {
          int64_t a = at(0, i), b = at(1, i);
          switch (c.getComparisonDirection()) {
          case shlo::ComparisonDirection::EQ:
            return a == b;
          case shlo::ComparisonDirection::NE:
            return a != b;
          case shlo::ComparisonDirection::GE:
            return a >= b;
          case shlo::ComparisonDirection::GT:
            return a > b;
          case shlo::ComparisonDirection::LE:
            return a <= b;
          case shlo::ComparisonDirection::LT:
            return a < b;
          }
          return std::nullopt;
        });
      })
      .Case([&](shlo::ConvertOp) {
        elementwise([&](int64_t i) -> R { return at(0, i); });
      })
      .Case([&](shlo::ReshapeOp) {
        if (static_cast<int64_t>(args[0]->size()) == n)
          set(*args[0]);
      })
      .Case([&](shlo::BroadcastInDimOp) {
        if (args[0]->size() == 1)
          set(Known(n, (*args[0])[0]));
      })
      .Case([&](shlo::ConcatenateOp c) {
        if (type.getRank() != 1)
          return;
        Known out;
        for (const Known *k : args)
          out.append(k->begin(), k->end());
        if (static_cast<int64_t>(out.size()) == n)
          set(std::move(out));
      });
}

struct StableHLORefineShapesPass
    : public tfg::impl::StableHLORefineShapesPassBase<
          StableHLORefineShapesPass> {
  void runOnOperation() override { refineStableHLOShapes(getOperation()); }
};
} // namespace

void mlir::tfg::refineStableHLOShapes(ModuleOp module) {
  module.walk([](func::FuncOp func) {
    if (!func.isDeclaration())
      Refiner(func).run();
  });
}
