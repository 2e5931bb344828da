//===- MissingInputs.h - Stand-ins for inputs a graph lacks -----*- C++ -*-===//
//
// A GraphDef whose inputs name nodes it does not hold (OpenCV's text graphs
// keep their weights elsewhere) is refused by default; with
// ImportOptions::missingInputs = Placeholder, each missing node is imported
// as a stand-in: a Placeholder of the type its first typed user reads (a
// NoOp when only control inputs name it).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_IMPORTEXPORT_MISSINGINPUTS_H
#define TFG_LIB_IMPORTEXPORT_MISSINGINPUTS_H

#include "GraphDefSources.h"
#include "tfg/proto/graph.pb.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace mlir {
namespace tfg {
class OpRegistry;
namespace detail {

/// The nodes of `base` followed by the nodes of `extra`.
class AppendedNodes final : public NodeSource {
public:
  AppendedNodes(const NodeSource &base, std::unique_ptr<NodeSource> extra)
      : base(base), extra(std::move(extra)), split(base.size()) {}
  size_t size() const override { return split + extra->size(); }
  StringRef name(size_t i) const override {
    return i < split ? base.name(i) : extra->name(i - split);
  }
  StringRef op(size_t i) const override {
    return i < split ? base.op(i) : extra->op(i - split);
  }
  unsigned numInputs(size_t i) const override {
    return i < split ? base.numInputs(i) : extra->numInputs(i - split);
  }
  void inputs(size_t i, SmallVectorImpl<StringRef> &out) const override {
    if (i < split)
      base.inputs(i, out);
    else
      extra->inputs(i - split, out);
  }
  StringRef input(size_t i, unsigned k) const override {
    return i < split ? base.input(i, k) : extra->input(i - split, k);
  }
  const tensorflow::NodeDef *get(size_t i, tensorflow::NodeDef &scratch,
                                 Location loc) const override {
    return i < split ? base.get(i, scratch, loc)
                     : extra->get(i - split, scratch, loc);
  }
  void built(size_t begin, size_t end) const override {
    if (begin < split)
      base.built(begin, std::min(end, split));
    if (end > split)
      extra->built(std::max(begin, split) - split, end - split);
  }
  void inputsResolved() const override {
    base.inputsResolved();
    extra->inputsResolved();
  }

private:
  const NodeSource &base;
  std::unique_ptr<NodeSource> extra;
  size_t split;
};

/// How many items a diagnostic lists before it counts the rest.
constexpr size_t kListedItems = 5;

/// Streams the first kListedItems of `items` (of `count`) into `diag`, each
/// by `describe`, comma-separated, then "and N more" for the rest.
template <typename Range, typename Describe>
void listFirstItems(InFlightDiagnostic &diag, const Range &items, size_t count,
                    size_t limit, Describe describe) {
  size_t listed = 0;
  for (const auto &item : items) {
    if (listed == limit)
      break;
    if (listed++)
      diag << ", ";
    describe(item);
  }
  if (count > listed)
    diag << " and " << count - listed << " more";
}

/// Fills `standIns` with a stand-in node for each node that an input of
/// `nodes` names and `nodes` does not hold, and warns at `loc`, listing
/// them. Fails with an error at `loc` when a missing node is read at an
/// output other than 0, or its type cannot be told from its users.
LogicalResult makeMissingInputStandIns(const NodeSource &nodes,
                                       const OpRegistry &registry, Location loc,
                                       tensorflow::GraphDef &standIns);

} // namespace detail
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_IMPORTEXPORT_MISSINGINPUTS_H
