//===- EinsumRules.cpp - Einsum to StableHLO ------------------------------===//
//
// Einsum with one or two operands whose labels are letters, each at most
// once per operand (no diagonals) and without "...": the labels of one
// operand that appear nowhere else are summed out first (reduce), the
// labels of both operands become dot_general's batch dimensions (in the
// output) or contracting dimensions (not in it), and a transpose puts the
// result in the output's order. Without "->" the output is the labels
// seen once, sorted, as TensorFlow defines it.
//
//===----------------------------------------------------------------------===//

#include "Lowering.h"

#include "tfg/Dialect/StableHLO/StableHLODialect.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::tohlo;

namespace {

/// An operand and its labels, one per dimension.
struct Term {
  Value value;
  std::string labels;
};

/// Sums out the dimensions of `t` whose labels `keep` does not hold.
void sumOut(Lowering &l, Term &t, StringRef keep) {
  SmallVector<int64_t> dims;
  std::string kept;
  for (auto [i, c] : llvm::enumerate(t.labels)) {
    if (keep.contains(c))
      kept.push_back(c);
    else
      dims.push_back(i);
  }
  if (dims.empty())
    return;
  t.value = l.reduce(t.value, dims, "add", 0);
  t.labels = kept;
}

LogicalResult einsum(Lowering &l, SmallVectorImpl<Value> &results) {
  if (failed(l.expectArity(1, 1)))
    return failure();
  FailureOr<StringRef> eq = l.strAttr("equation");
  if (failed(eq))
    return failure();
  std::string equation;
  for (char c : *eq)
    if (c != ' ')
      equation.push_back(c);
  StringRef text(equation);
  if (text.contains("..."))
    return l.error() << "equation '" << *eq
                     << "': '...' (broadcast dimensions) is not legalized";
  auto [inputs, output] = text.split("->");
  bool explicitOut = text.contains("->");
  SmallVector<StringRef, 2> parts;
  inputs.split(parts, ',');
  size_t n = l.node.operands.size();
  if (parts.size() != n || n > 2)
    return l.error() << "equation '" << *eq << "' does not fit " << n
                     << " operands (one or two are legalized)";
  SmallVector<Term, 2> terms;
  for (auto [i, p] : llvm::enumerate(parts)) {
    Value v = l.operand(i);
    if ((int64_t)p.size() != l.type(v).getRank())
      return l.error() << "term '" << p << "' does not match rank "
                       << l.type(v).getRank();
    for (auto [j, c] : llvm::enumerate(p)) {
      if (!llvm::isAlpha(c))
        return l.error() << "bad label '" << c << "' in '" << *eq << "'";
      if (p.find(c, j + 1) != StringRef::npos)
        return l.error() << "label '" << c
                         << "' repeats in one operand (a diagonal), which is "
                            "not legalized";
    }
    terms.push_back({v, p.str()});
  }
  std::string out;
  if (explicitOut) {
    out = output.str();
  } else {
    std::string all = terms[0].labels + (n == 2 ? terms[1].labels : "");
    for (char c : all)
      if (llvm::count(all, c) == 1)
        out.push_back(c);
    llvm::sort(out);
  }
  for (auto [j, c] : llvm::enumerate(out)) {
    bool known = llvm::any_of(terms, [&](const Term &t) {
      return t.labels.find(c) != std::string::npos;
    });
    if (!known || StringRef(out).find(c, j + 1) != StringRef::npos)
      return l.error() << "output label '" << c << "' of '" << *eq
                       << "' is unknown or repeated";
  }
  // Labels of one operand that appear nowhere else are summed out.
  for (size_t i = 0; i < n; ++i) {
    std::string keep = out + (n == 2 ? terms[1 - i].labels : "");
    sumOut(l, terms[i], keep);
  }
  Term r = terms[0];
  if (n == 2) {
    Term &a = terms[0], &b = terms[1];
    if (l.type(a.value).getElementType() != l.type(b.value).getElementType())
      return l.error() << "operands have different element types";
    SmallVector<int64_t> lb, rb, lc, rc;
    std::string batch, lfree, rfree;
    for (auto [i, c] : llvm::enumerate(a.labels)) {
      size_t j = b.labels.find(c);
      if (j == std::string::npos) {
        lfree.push_back(c);
      } else if (StringRef(out).contains(c)) {
        lb.push_back(i);
        rb.push_back(j);
        batch.push_back(c);
      } else {
        lc.push_back(i);
        rc.push_back(j);
      }
      if (j != std::string::npos &&
          l.type(a.value).getDimSize(i) != l.type(b.value).getDimSize(j))
        return l.error() << "label '" << c << "' has sizes "
                         << l.type(a.value).getDimSize(i) << " and "
                         << l.type(b.value).getDimSize(j);
    }
    for (char c : b.labels)
      if (a.labels.find(c) == std::string::npos)
        rfree.push_back(c);
    SmallVector<int64_t> shape;
    std::string labels = batch + lfree + rfree;
    for (char c : labels) {
      size_t i = a.labels.find(c);
      shape.push_back(i != std::string::npos
                          ? l.type(a.value).getDimSize(i)
                          : l.type(b.value).getDimSize(b.labels.find(c)));
    }
    auto dims = stablehlo::DotDimensionNumbersAttr::get(l.b.getContext(), lb,
                                                        rb, lc, rc);
    r.value =
        l.op("dot_general", {a.value, b.value},
             RankedTensorType::get(shape, l.type(a.value).getElementType()),
             {l.named("dot_dimension_numbers", dims)});
    r.labels = labels;
  }
  SmallVector<int64_t> perm;
  for (char c : out) {
    size_t i = r.labels.find(c);
    if (i == std::string::npos)
      return l.error() << "output label '" << c << "' is lost";
    perm.push_back(i);
  }
  Value v = l.transpose(r.value, perm);
  if (v.getType() != l.resultType())
    return l.error() << "gives " << v.getType() << ", not " << l.resultType();
  results.push_back(v);
  return success();
}

} // namespace

void tohlo::addEinsumRules(RuleTable &table) { table["Einsum"] = einsum; }
