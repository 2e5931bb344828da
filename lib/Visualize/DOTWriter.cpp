//===- DOTWriter.cpp - Printing a DOT model -------------------------------===//
//
// Every string from the module is written through writeDOTEscaped inside
// quotes; node identifiers are made here (n<item>, s<scope>,
// cluster_<root>). Clusters nest as the module's regions do, printed from a
// stack; edges that a collapse makes parallel are printed once with their
// number.
//
//===----------------------------------------------------------------------===//

#include "DOTModel.h"

#include "tfg/Visualize/DOT.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::tfg;
using namespace mlir::tfg::dot;

void mlir::tfg::writeDOTEscaped(llvm::raw_ostream &os, StringRef text) {
  // A byte Graphviz would not draw as itself, drawn as `\xHH` (the
  // backslash escaped).
  auto writeHex = [&](unsigned char c) {
    os << "\\\\x" << llvm::hexdigit(c >> 4) << llvm::hexdigit(c & 15);
  };
  const char *p = text.begin(), *end = text.end();
  while (p != end) {
    auto c = static_cast<unsigned char>(*p);
    if (c < 0x80) {
      if (c == '"')
        os << "\\\"";
      else if (c == '\\')
        os << "\\\\";
      else if (c == '\n')
        os << "\\n";
      else if (c == '&')
        os << "&amp;";
      else if (c < 0x20 || c == 0x7f)
        writeHex(c);
      else
        os << *p;
      ++p;
      continue;
    }
    unsigned length = llvm::getNumBytesForUTF8(c);
    auto *bytes = reinterpret_cast<const llvm::UTF8 *>(p);
    if (length > 1 && length <= static_cast<size_t>(end - p) &&
        llvm::isLegalUTF8Sequence(bytes, bytes + length)) {
      os.write(p, length);
      p += length;
      continue;
    }
    writeHex(c);
    ++p;
  }
}

namespace {
/// A DOT quoted string.
struct Quoted {
  StringRef text;
};
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Quoted quoted) {
  os << '"';
  writeDOTEscaped(os, quoted.text);
  return os << '"';
}
} // namespace

/// The fill color of a device's nodes, a function of the device string
/// alone (the same in every picture and on every machine): a light color
/// whose hue says the device type of the string's last part (`CPU` blue,
/// `GPU` green, `TPU` orange, others a hue their name hashes to), shifted in
/// steps of 16 degrees by the device's number, and whose saturation a hash
/// of the rest (job, replica, task) chooses among three. White for no
/// device. As HSV, which Graphviz reads as "H S V".
static void writeDeviceColor(llvm::raw_ostream &os, StringRef device) {
  if (device.empty()) {
    os << "white";
    return;
  }
  auto [rest, last] = device.rsplit('/');
  if (last.empty() && !device.contains('/'))
    last = device;
  last.consume_front("device:");
  auto [type, number] = last.rsplit(':');
  unsigned hue; // in thousandths of a turn
  if (type.equals_insensitive("CPU"))
    hue = 600;
  else if (type.equals_insensitive("GPU"))
    hue = 330;
  else if (type.equals_insensitive("TPU"))
    hue = 80;
  else
    hue = llvm::xxh3_64bits(type) % 1000;
  unsigned index;
  if (!number.getAsInteger(10, index))
    hue = (hue + index % 7 * 45) % 1000;
  static constexpr unsigned kSaturations[] = {220, 320, 420};
  unsigned saturation = kSaturations[llvm::xxh3_64bits(rest) % 3];
  os << llvm::format("\"0.%03u 0.%03u 1.000\"", hue, saturation);
}

static constexpr StringLiteral kAddedColor = "#1a9641";
static constexpr StringLiteral kRemovedColor = "#d7191c";

/// The attributes that show a thing's part in a diff, after its own
/// `style`.
static void writeDiffAttrs(llvm::raw_ostream &os, DiffStatus status,
                           StringRef style) {
  if (status == DiffStatus::Added)
    os << ", style=\"" << style << "\", color=\"" << kAddedColor
       << "\", fontcolor=\"" << kAddedColor << "\", penwidth=2";
  else if (status == DiffStatus::Removed)
    os << ", style=\"" << style << ",dashed\", color=\"" << kRemovedColor
       << "\", fontcolor=\"" << kRemovedColor << "\", penwidth=2";
  else if (!style.empty())
    os << ", style=\"" << style << '"';
}

namespace {
class Printer {
public:
  Printer(const Model &model, const Collapse &collapse, llvm::raw_ostream &os)
      : model(model), collapse(collapse), os(os) {}

  void print() {
    os << "digraph tfg {\n"
          "  node [shape=box, style=\"rounded,filled\", fillcolor=white, "
          "fontname=\"Helvetica\", fontsize=10];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9];\n";
    groupByRoot();
    printRoots();
    printEdges();
    printLegend();
    os << "}\n";
  }

private:
  /// Lists, for each root, what it draws (items, then collapsed scopes)
  /// and the roots of its items' regions (as offsets into one array each).
  void groupByRoot() {
    size_t numRoots = model.roots.size();
    std::vector<unsigned> contentCount(numRoots + 1, 0),
        childCount(numRoots + 1, 0);
    auto forEachContent = [&](auto fn) {
      for (unsigned i = 0, e = model.items.size(); i < e; ++i)
        if (collapse.itemRep[i] < 0)
          fn(model.items[i].root, 2 * i);
      for (unsigned s = 0, e = collapse.scopes.size(); s < e; ++s)
        if (collapse.scopeRep[s] == int(s))
          fn(collapse.scopes[s].root, 2 * s + 1);
    };
    forEachContent([&](unsigned root, unsigned) { ++contentCount[root + 1]; });
    for (unsigned r = 0; r < numRoots; ++r)
      if (model.roots[r].owner >= 0 && collapse.rootShown[r])
        ++childCount[model.items[model.roots[r].owner].root + 1];
    for (size_t r = 0; r < numRoots; ++r) {
      contentCount[r + 1] += contentCount[r];
      childCount[r + 1] += childCount[r];
    }
    contentBegin = contentCount;
    childBegin = childCount;
    contents.resize(contentBegin.back());
    children.resize(childBegin.back());
    forEachContent([&](unsigned root, unsigned element) {
      contents[contentCount[root]++] = element;
    });
    for (unsigned r = 0; r < numRoots; ++r)
      if (model.roots[r].owner >= 0 && collapse.rootShown[r])
        children[childCount[model.items[model.roots[r].owner].root]++] = r;
  }

  void indent(size_t depth) { os.indent(2 * std::min<size_t>(depth + 1, 32)); }

  /// Prints the roots, each cluster inside the one holding its owner.
  void printRoots() {
    struct Open {
      unsigned root, next;
      /// The clusters around the root's contents.
      size_t depth;
    };
    std::vector<Open> stack;
    for (unsigned r = 0, e = model.roots.size(); r < e; ++r) {
      if (model.roots[r].owner >= 0)
        continue;
      stack.push_back({r, childBegin[r], openRoot(r, 0)});
      while (!stack.empty()) {
        Open &open = stack.back();
        if (open.next == childBegin[open.root + 1]) {
          if (model.roots[open.root].isCluster) {
            indent(open.depth - 1);
            os << "}\n";
          }
          stack.pop_back();
          continue;
        }
        unsigned child = children[open.next++];
        size_t depth = open.depth;
        stack.push_back({child, childBegin[child], openRoot(child, depth)});
      }
    }
  }

  /// Opens root `r` inside `depth` clusters and prints what it draws;
  /// returns the number of clusters around that.
  size_t openRoot(unsigned r, size_t depth) {
    const Root &root = model.roots[r];
    if (root.isCluster) {
      indent(depth);
      os << "subgraph cluster_" << r << " {\n";
      ++depth;
      indent(depth);
      os << "label=" << Quoted{root.label} << "; fontname=\"Helvetica\"; ";
      if (root.status == DiffStatus::Removed)
        os << "style=\"rounded,dashed\"; color=\"" << kRemovedColor
           << "\"; fontcolor=\"" << kRemovedColor << "\"; penwidth=2;\n";
      else if (root.status == DiffStatus::Added)
        os << "style=rounded; color=\"" << kAddedColor << "\"; fontcolor=\""
           << kAddedColor << "\"; penwidth=2;\n";
      else if (root.owner >= 0)
        os << "style=\"rounded,filled\"; color=gray60; fillcolor=gray97;\n";
      else
        os << "style=rounded; color=gray40;\n";
    }
    for (unsigned k = contentBegin[r]; k < contentBegin[r + 1]; ++k) {
      indent(depth);
      if (contents[k] % 2 == 0)
        printItem(contents[k] / 2);
      else
        printScope(contents[k] / 2);
    }
    return depth;
  }

  void printItem(unsigned i) {
    const Item &item = model.items[i];
    os << 'n' << i << " [label=\"";
    writeDOTEscaped(os, item.name);
    if (!item.op.empty()) {
      if (!item.name.empty())
        os << "\\n";
      writeDOTEscaped(os, item.op);
    }
    os << '"';
    StringRef style = "rounded,filled";
    if (item.kind == ItemKind::Argument) {
      os << ", shape=invhouse";
      style = "filled";
    } else if (item.kind == ItemKind::Terminator) {
      os << ", shape=house, fillcolor=gray90";
      style = "filled";
    }
    if (!item.device.empty()) {
      os << ", fillcolor=";
      writeDeviceColor(os, item.device);
      os << ", tooltip=" << Quoted{item.device};
    }
    writeDiffAttrs(os, item.status,
                   item.status == DiffStatus::Same &&
                           item.kind == ItemKind::Node
                       ? StringRef()
                       : style);
    os << "];\n";
  }

  void printScope(unsigned s) {
    const Scope &scope = collapse.scopes[s];
    os << 's' << s << " [label=\"";
    writeDOTEscaped(os, scope.prefix);
    os << "/\\n" << scope.members << (scope.members == 1 ? " node" : " nodes");
    if (scope.added || scope.removed)
      os << "\\n+" << scope.added << " -" << scope.removed;
    os << "\", shape=box3d, fillcolor=";
    StringRef device;
    if (scope.device >= 0)
      device = collapse.devices[scope.device];
    writeDeviceColor(os, device);
    if (!device.empty())
      os << ", tooltip=" << Quoted{device};
    DiffStatus status = DiffStatus::Same;
    if (scope.added == scope.members)
      status = DiffStatus::Added;
    else if (scope.removed == scope.members)
      status = DiffStatus::Removed;
    writeDiffAttrs(os, status, "filled");
    os << "];\n";
  }

  void printEdges() {
    struct Drawn {
      uint64_t src, dst;
      EdgeKind kind;
      DiffStatus status;
      unsigned count;
    };
    size_t numItems = model.items.size();
    auto end = [&](unsigned item) -> uint64_t {
      int rep = collapse.itemRep[item];
      return rep < 0 ? item : numItems + rep;
    };
    llvm::DenseMap<std::pair<uint64_t, uint64_t>, unsigned> index;
    std::vector<Drawn> drawn;
    for (const Edge &edge : model.edges) {
      uint64_t src = end(edge.src), dst = end(edge.dst);
      // Inside one collapsed scope (a node using itself stays).
      if (src == dst && edge.src != edge.dst)
        continue;
      std::pair<uint64_t, uint64_t> key{
          (src << 4) | (static_cast<uint64_t>(edge.kind) << 2) |
              static_cast<uint64_t>(edge.status),
          dst};
      auto [it, inserted] = index.try_emplace(key, drawn.size());
      if (inserted)
        drawn.push_back({src, dst, edge.kind, edge.status, 0});
      ++drawn[it->second].count;
    }
    auto name = [&](uint64_t id) {
      if (id < numItems)
        os << 'n' << id;
      else
        os << 's' << id - numItems;
    };
    for (const Drawn &edge : drawn) {
      os << "  ";
      name(edge.src);
      os << " -> ";
      name(edge.dst);
      SmallVector<std::string, 4> attrs;
      if (edge.kind == EdgeKind::Control)
        attrs.push_back("style=dashed");
      else if (edge.kind == EdgeKind::Region)
        attrs.push_back("style=dotted, color=gray50, arrowhead=empty");
      if (edge.status == DiffStatus::Added)
        attrs.push_back(("color=\"" + kAddedColor + "\", penwidth=2").str());
      else if (edge.status == DiffStatus::Removed)
        attrs.push_back(("color=\"" + kRemovedColor + "\", penwidth=2").str());
      if (edge.count > 1)
        attrs.push_back("label=\"" + std::to_string(edge.count) + "\"");
      if (!attrs.empty())
        os << " [" << llvm::join(attrs, ", ") << ']';
      os << ";\n";
    }
  }

  /// A cluster with a node per device drawn, in its color.
  void printLegend() {
    std::vector<StringRef> devices;
    for (unsigned i = 0, e = model.items.size(); i < e; ++i)
      if (collapse.itemRep[i] < 0 && !model.items[i].device.empty())
        devices.push_back(model.items[i].device);
    for (unsigned s = 0, e = collapse.scopes.size(); s < e; ++s)
      if (collapse.scopeRep[s] == int(s) && collapse.scopes[s].device >= 0)
        devices.push_back(collapse.devices[collapse.scopes[s].device]);
    llvm::sort(devices);
    devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
    llvm::erase(devices, StringRef());
    if (devices.empty())
      return;
    os << "  subgraph cluster_devices {\n"
          "    label=\"devices\"; fontname=\"Helvetica\"; style=rounded; "
          "color=gray40;\n";
    for (size_t d = 0; d < devices.size(); ++d) {
      os << "    device" << d << " [label=" << Quoted{devices[d]}
         << ", fillcolor=";
      writeDeviceColor(os, devices[d]);
      os << "];\n";
    }
    os << "  }\n";
  }

  const Model &model;
  const Collapse &collapse;
  llvm::raw_ostream &os;
  std::vector<unsigned> contentBegin, contents, childBegin, children;
};
} // namespace

void mlir::tfg::dot::printDOT(const Model &model, const Collapse &collapse,
                              llvm::raw_ostream &os) {
  Printer(model, collapse, os).print();
}

LogicalResult mlir::tfg::writeDOT(ModuleOp module, const DOTOptions &options,
                                  llvm::raw_ostream &os) {
  Model model, base;
  KeyTable keys;
  buildModel(module, model, options.base ? &keys : nullptr);
  if (options.base) {
    buildModel(options.base, base, &keys);
    mergeDiff(model, base);
  }
  Collapse collapse;
  collapseScopes(model, options.maxNodes, options.expand, collapse);
  // About the whole picture: at the file, not at the module's first line.
  Location loc = module.getLoc();
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    loc = FileLineColLoc::get(file.getFilename(), 0, 0);
  for (const std::string &name : collapse.unmatchedExpand)
    emitWarning(loc) << options.expandOption
                     << ": no node or name scope is named '" << name << "'";
  if (options.maxNodes && collapse.drawn > options.maxNodes)
    emitWarning(loc) << "the picture has " << collapse.drawn
                     << " nodes with every name scope collapsed, more than "
                     << options.maxNodesOption << "=" << options.maxNodes;
  printDOT(model, collapse, os);
  return success();
}
