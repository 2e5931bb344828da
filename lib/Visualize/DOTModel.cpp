//===- DOTModel.cpp - Reading a module into a DOT model -------------------===//
//
// One pass over the module's bodies (a work list of blocks, not a
// recursion) makes the items and roots; a second over the operands of the
// items makes the edges. A value read through get_result comes from the
// node whose output it names; a control token of an argument from the
// argument. Region arguments are drawn only when something uses them.
//
//===----------------------------------------------------------------------===//

#include "DOTModel.h"

#include "tfg/IR/TFGOps.h"
#include "tfg/IR/Utility.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::dot;

/// The name of region `index` of a node of region control flow.
static std::string regionName(Operation *op, unsigned index) {
  StringRef opName = getTFOpName(op);
  if (opName.ends_with("IfRegion"))
    return index == 0 ? "then" : "else";
  if (opName.ends_with("WhileRegion"))
    return index == 0 ? "cond" : "body";
  if (opName.ends_with("ForRegion"))
    return "body";
  if (opName.ends_with("CaseRegion"))
    return "branch " + std::to_string(index);
  return "region " + std::to_string(index);
}

namespace {
class ModelBuilder {
public:
  ModelBuilder(Model &model, KeyTable *keys) : model(model), keys(keys) {}

  void build(ModuleOp module) {
    unsigned graphs = 0;
    for (Operation &op : *module.getBody()) {
      if (auto graph = dyn_cast<GraphOp>(op)) {
        std::string key = "G" + std::to_string(graphs++);
        unsigned root = addRoot("graph", -1, key, /*isCluster=*/false);
        work.push_back({&graph.getBody(), root});
      } else if (auto func = dyn_cast<GraphFuncOp>(op)) {
        if (func.getBody().empty())
          continue;
        std::string label = ("func @" + func.getSymName()).str();
        unsigned root = addRoot(label, -1, "F" + func.getSymName().str(),
                                /*isCluster=*/true);
        addFunctionArguments(func, root);
        work.push_back({&func.getBody().front(), root});
      }
    }
    // The bodies, each after the node whose region it is.
    while (!work.empty()) {
      auto [block, root] = work.back();
      work.pop_back();
      rootOfBlock[block] = root;
      for (Operation &op : *block)
        addOperation(op, root);
    }
    for (auto [op, item] : users)
      addEdges(op, item);
    for (auto [terminator, owner] : yields)
      model.edges.push_back({terminator, owner, EdgeKind::Region});
  }

private:
  unsigned addRoot(StringRef label, int owner, StringRef key, bool isCluster) {
    Root root;
    root.label = model.strings.save(label);
    root.owner = owner;
    root.isCluster = isCluster;
    if (keys && (owner < 0 || model.items[owner].key >= 0))
      root.key = keys->get(key);
    return model.addRoot(root);
  }

  /// The key of an item of kind `kind` named `name` in `root`.
  int itemKey(unsigned root, char kind, StringRef name) {
    int rootKey = model.roots[root].key;
    if (!keys || rootKey < 0 || name.empty())
      return -1;
    return keys->get((Twine(rootKey) + ":" + Twine(kind) + name).str());
  }

  unsigned addItem(StringRef name, StringRef op, StringRef device,
                   unsigned root, ItemKind kind) {
    Item item;
    item.name = name;
    item.op = op;
    item.device = device;
    item.root = root;
    item.kind = kind;
    char kindKey = kind == ItemKind::Node       ? 'n'
                   : kind == ItemKind::Argument ? 'a'
                                                : 't';
    item.key = itemKey(root, kindKey, name);
    return model.addItem(item);
  }

  void addFunctionArguments(GraphFuncOp func, unsigned root) {
    Block &entry = func.getBody().front();
    StringAttr tfgName = func->getContext()
                             ->getOrLoadDialect<TFGraphDialect>()
                             ->getTfgNameAttrIdentifier();
    for (unsigned i = 0, e = entry.getNumArguments() / 2; i < e; ++i) {
      StringRef name;
      if (i < func.getNumArguments())
        if (auto attr = func.getArgAttrOfType<StringAttr>(i, tfgName))
          name = attr.getValue();
      if (name.empty())
        name = model.strings.save("arg " + Twine(i));
      argItem[func.getDataArgument(i)] =
          addItem(name, {}, {}, root, ItemKind::Argument);
    }
  }

  void addOperation(Operation &op, unsigned root) {
    if (isa<GetResultOp>(op))
      return; // drawn as an edge from the node whose output it names
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      unsigned item =
          addItem(getTFOpName(&op), {}, {}, root, ItemKind::Terminator);
      itemOf[&op] = item;
      users.push_back({&op, item});
      if (int owner = model.roots[root].owner; owner >= 0)
        yields.push_back({item, static_cast<unsigned>(owner)});
      return;
    }
    StringRef device = getNodeAssignedDevice(&op);
    if (device.empty())
      device = getNodeDevice(&op);
    StringRef opName = op.getName().getDialectNamespace() == "tfg"
                           ? getTFOpName(&op)
                           : op.getName().getStringRef();
    unsigned item =
        addItem(getNodeName(&op), opName, device, root, ItemKind::Node);
    itemOf[&op] = item;
    users.push_back({&op, item});
    StringRef owner = getNodeName(&op);
    int ownerKey = model.items[item].key;
    for (Region &region : op.getRegions()) {
      if (region.empty())
        continue;
      std::string name = regionName(&op, region.getRegionNumber());
      std::string label = ((owner.empty() ? opName : owner) + " " + name).str();
      std::string key = "R" + std::to_string(ownerKey) + ":" +
                        std::to_string(region.getRegionNumber());
      unsigned inner = addRoot(label, item, key, /*isCluster=*/true);
      work.push_back({&region.front(), inner});
    }
  }

  struct Source {
    unsigned item;
    bool control;
  };

  /// The item a value comes from, if it is drawn.
  std::optional<Source> getSource(Value value) {
    bool control = isControlType(value.getType());
    if (auto result = dyn_cast<OpResult>(value)) {
      Operation *def = result.getOwner();
      if (isa<GetResultOp>(def) && def->getNumOperands() == 1) {
        def = def->getOperand(0).getDefiningOp();
        control = false;
        if (!def)
          return std::nullopt;
      }
      auto it = itemOf.find(def);
      if (it == itemOf.end())
        return std::nullopt;
      return Source{it->second, control};
    }
    Value data = control ? getDataValueOfControl(value) : value;
    if (!data)
      data = value;
    auto it = argItem.find(data);
    if (it != argItem.end())
      return Source{it->second, control};
    // A region's argument, drawn from its first use.
    auto arg = cast<BlockArgument>(data);
    auto root = rootOfBlock.find(arg.getOwner());
    if (root == rootOfBlock.end())
      return std::nullopt;
    StringRef name = model.strings.save("arg " + Twine(arg.getArgNumber()));
    unsigned item = addItem(name, {}, {}, root->second, ItemKind::Argument);
    argItem[data] = item;
    return Source{item, control};
  }

  void addEdges(Operation *op, unsigned item) {
    for (Value operand : op->getOperands())
      if (std::optional<Source> source = getSource(operand))
        model.edges.push_back(
            {source->item, item,
             source->control ? EdgeKind::Control : EdgeKind::Data});
  }

  Model &model;
  KeyTable *keys;
  std::vector<std::pair<Block *, unsigned>> work;
  llvm::DenseMap<Block *, unsigned> rootOfBlock;
  llvm::DenseMap<Operation *, unsigned> itemOf;
  llvm::DenseMap<Value, unsigned> argItem;
  std::vector<std::pair<Operation *, unsigned>> users;
  /// Terminators of regions and the nodes whose regions they end.
  std::vector<std::pair<unsigned, unsigned>> yields;
};
} // namespace

void mlir::tfg::dot::buildModel(ModuleOp module, Model &model, KeyTable *keys) {
  ModelBuilder(model, keys).build(module);
}

/// An edge as the diff matches it: its ends' keys and its kind (the top
/// bit set); 0 when an end has no key.
static uint64_t edgeKey(const Model &model, const Edge &edge) {
  int src = model.items[edge.src].key, dst = model.items[edge.dst].key;
  if (src < 0 || dst < 0)
    return 0;
  return (uint64_t(1) << 63) | (uint64_t(src) << 33) | (uint64_t(dst) << 2) |
         static_cast<uint64_t>(edge.kind);
}

void mlir::tfg::dot::mergeDiff(Model &after, const Model &before) {
  llvm::DenseMap<int, unsigned> afterItems, afterRoots;
  for (unsigned i = 0, e = after.items.size(); i < e; ++i)
    if (after.items[i].key >= 0)
      afterItems.try_emplace(after.items[i].key, i);
  for (unsigned r = 0, e = after.roots.size(); r < e; ++r)
    if (after.roots[r].key >= 0)
      afterRoots.try_emplace(after.roots[r].key, r);
  llvm::DenseSet<int> beforeItems;
  for (const Item &item : before.items)
    if (item.key >= 0)
      beforeItems.insert(item.key);
  for (Item &item : after.items)
    if (item.key >= 0 && !beforeItems.contains(item.key))
      item.status = DiffStatus::Added;
  llvm::DenseSet<int> beforeRoots;
  for (const Root &root : before.roots)
    if (root.key >= 0)
      beforeRoots.insert(root.key);
  for (Root &root : after.roots)
    if (root.key >= 0 && !beforeRoots.contains(root.key))
      root.status = DiffStatus::Added;

  // What only `before` holds, in the order it was made: a root's owner is
  // mapped before the root, a root before its items.
  std::vector<int> rootMap(before.roots.size(), -1),
      itemMap(before.items.size(), -1);
  for (OrderEntry entry : before.order) {
    if (entry.isRoot) {
      const Root &root = before.roots[entry.index];
      if (root.key < 0)
        continue;
      auto found = afterRoots.find(root.key);
      if (found != afterRoots.end()) {
        rootMap[entry.index] = found->second;
        continue;
      }
      int owner = root.owner < 0 ? -1 : itemMap[root.owner];
      if (root.owner >= 0 && owner < 0)
        continue;
      Root copy = root;
      copy.owner = owner;
      copy.status = DiffStatus::Removed;
      rootMap[entry.index] = after.addRoot(copy);
      continue;
    }
    const Item &item = before.items[entry.index];
    if (item.key < 0)
      continue;
    auto found = afterItems.find(item.key);
    if (found != afterItems.end()) {
      itemMap[entry.index] = found->second;
      continue;
    }
    int root = rootMap[item.root];
    if (root < 0)
      continue;
    Item copy = item;
    copy.root = root;
    copy.status = DiffStatus::Removed;
    itemMap[entry.index] = after.addItem(copy);
  }

  llvm::DenseSet<uint64_t> beforeEdges, afterEdges;
  for (const Edge &edge : before.edges)
    if (uint64_t key = edgeKey(before, edge))
      beforeEdges.insert(key);
  for (Edge &edge : after.edges)
    if (uint64_t key = edgeKey(after, edge)) {
      afterEdges.insert(key);
      if (!beforeEdges.contains(key))
        edge.status = DiffStatus::Added;
    }
  for (const Edge &edge : before.edges) {
    uint64_t key = edgeKey(before, edge);
    if (!key || afterEdges.contains(key))
      continue;
    int src = itemMap[edge.src], dst = itemMap[edge.dst];
    if (src < 0 || dst < 0)
      continue;
    afterEdges.insert(key);
    after.edges.push_back({static_cast<unsigned>(src),
                           static_cast<unsigned>(dst), edge.kind,
                           DiffStatus::Removed});
  }
}
