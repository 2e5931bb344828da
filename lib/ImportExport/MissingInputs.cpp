//===- MissingInputs.cpp - Stand-ins for inputs a graph lacks -------------===//

#include "MissingInputs.h"
#include "tfg/IR/OpRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::detail;

namespace {
/// A node that inputs name and the graph lacks.
struct Missing {
  /// Whether a data input names it (else only control inputs do).
  bool data = false;
  /// The first user reading an output other than 0, and that output.
  std::optional<std::pair<size_t, unsigned>> otherOutput;
  /// The first data users (node, position among its data inputs), whose
  /// OpDefs may tell the type.
  SmallVector<std::pair<size_t, unsigned>, 4> users;
};

/// Users kept per missing node to tell its type from.
constexpr size_t kTypingUsers = 8;
} // namespace

/// The DataType that an AttrValue in text form (an OpDef's default or
/// allowed values: `type: DT_FLOAT`, `list { type: DT_FLOAT }`) names, when
/// it names exactly one; else 0.
static int onlyDataType(StringRef text) {
  size_t at = text.find("DT_");
  if (at == StringRef::npos || text.find("DT_", at + 3) != StringRef::npos)
    return 0;
  StringRef name = text.drop_front(at).take_while(
      [](char c) { return llvm::isAlnum(c) || c == '_'; });
  tensorflow::DataType type;
  if (!tensorflow::DataType_Parse(std::string(name), &type))
    return 0;
  return type;
}

/// The type (a DataType number) that data input `position` of `node`
/// reads, by its OpDef; 0 when the OpDef or attributes do not tell.
static int readType(const tensorflow::NodeDef &node, unsigned position,
                    const OpRegistry &registry) {
  const OpDef *def = registry.lookup(node.op());
  if (!def)
    return 0;
  auto attr = [&](StringRef name) -> const tensorflow::AttrValue * {
    auto it = node.attr().find(std::string(name));
    return it == node.attr().end() ? nullptr : &it->second;
  };
  uint64_t first = 0;
  for (const OpDefArg &arg : def->inputs()) {
    uint64_t count = 1;
    const tensorflow::AttrValue *list = nullptr;
    if (!arg.numberAttr.empty()) {
      const tensorflow::AttrValue *n = attr(arg.numberAttr);
      if (!n || n->value_case() != tensorflow::AttrValue::kI || n->i() < 0)
        return 0;
      count = static_cast<uint64_t>(n->i());
    } else if (!arg.typeListAttr.empty()) {
      list = attr(arg.typeListAttr);
      if (!list || list->value_case() != tensorflow::AttrValue::kList)
        return 0;
      count = static_cast<uint64_t>(list->list().type_size());
    }
    if (position >= first + count) {
      first += count;
      continue;
    }
    if (list)
      return list->list().type(static_cast<int>(position - first));
    if (arg.type)
      return arg.type;
    const tensorflow::AttrValue *type = attr(arg.typeAttr);
    if (type && type->value_case() == tensorflow::AttrValue::kType)
      return type->type();
    // Left out: the OpDef's default, or the one type it allows.
    const OpDefAttr *typeAttr = def->findAttr(arg.typeAttr);
    if (!typeAttr)
      return 0;
    if (int t = onlyDataType(typeAttr->defaultValue))
      return t;
    return onlyDataType(typeAttr->allowedValues);
  }
  return 0;
}

LogicalResult mlir::tfg::detail::makeMissingInputStandIns(
    const NodeSource &nodes, const OpRegistry &registry, Location loc,
    tensorflow::GraphDef &standIns) {
  size_t numNodes = nodes.size();
  llvm::DenseSet<StringRef> held;
  held.reserve(numNodes);
  for (size_t i = 0; i < numNodes; ++i)
    held.insert(nodes.name(i));
  // Sorted by name, for the stand-ins' order and the diagnostics.
  std::map<std::string, Missing, std::less<>> missing;
  SmallVector<StringRef, 8> inputs;
  for (size_t i = 0; i < numNodes; ++i) {
    nodes.inputs(i, inputs);
    unsigned position = 0;
    for (StringRef input : inputs) {
      bool control = input.consume_front("^");
      unsigned output = 0;
      size_t colon = input.rfind(':');
      if (!control && colon != StringRef::npos &&
          !input.drop_front(colon + 1).getAsInteger(10, output))
        input = input.take_front(colon);
      // Malformed inputs are the importer's to report.
      if (input.empty() || held.contains(input)) {
        position += !control;
        continue;
      }
      Missing &m = missing[input.str()];
      if (!control) {
        m.data = true;
        if (output != 0 && !m.otherOutput)
          m.otherOutput = {i, output};
        if (m.users.size() < kTypingUsers)
          m.users.push_back({i, position});
        ++position;
      }
    }
  }
  if (missing.empty())
    return success();

  tensorflow::NodeDef scratch;
  size_t numPlaceholders = 0;
  for (auto &[name, m] : missing) {
    if (m.otherOutput)
      return emitError(loc)
             << "node '" << nodes.name(m.otherOutput->first)
             << "' reads output " << m.otherOutput->second << " of '" << name
             << "', which the graph does not hold: a Placeholder has one "
                "output (--missing-inputs=placeholder)";
    tensorflow::NodeDef *node = standIns.add_node();
    node->set_name(name);
    if (!m.data) {
      node->set_op("NoOp");
      continue;
    }
    int type = 0;
    for (auto [user, position] : m.users) {
      const tensorflow::NodeDef *def = nodes.get(user, scratch, loc);
      if (!def)
        return failure();
      if ((type = readType(*def, position, registry)))
        break;
    }
    if (!type || !tensorflow::DataType_IsValid(type))
      return emitError(loc)
             << "the type of '" << name
             << "', which the graph does not hold, cannot be told from its "
                "users (first: '"
             << nodes.name(m.users.front().first)
             << "'): no Placeholder can stand in for it "
                "(--missing-inputs=placeholder)";
    node->set_op("Placeholder");
    (*node->mutable_attr())["dtype"].set_type(
        static_cast<tensorflow::DataType>(type));
    ++numPlaceholders;
  }
  InFlightDiagnostic diag = emitWarning(loc);
  diag << missing.size()
       << " node(s) used as inputs are not in the graph: imported as "
       << numPlaceholders << " Placeholder(s)";
  if (numPlaceholders != missing.size())
    diag << " and " << missing.size() - numPlaceholders
         << " NoOp(s) (named by control inputs only)";
  diag << ": ";
  listFirstItems(diag, missing, missing.size(), kListedItems,
                 [&](const auto &entry) { diag << "'" << entry.first << "'"; });
  return success();
}
