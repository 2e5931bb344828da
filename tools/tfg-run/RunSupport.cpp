//===- RunSupport.cpp - tfg-run's inputs, statistics and checks -----------===//
//
// Input generation (splitmix64, documented in RunSupport.h so that other
// tools can reproduce the inputs), output summaries and the comparison of
// outputs with reference arrays.
//
//===----------------------------------------------------------------------===//

#include "RunSupport.h"

#include "tfg/Eval/NumPy.h"
#include "tfg/IR/TFTypeDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tfg;

uint64_t InputRandom::next() {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

llvm::Expected<HostTensor> mlir::tfg::makeInput(Type elementType,
                                                ArrayRef<int64_t> shape,
                                                bool random, uint64_t seed) {
  auto tensor = HostTensor::create(elementType, shape);
  if (!tensor || !random)
    return tensor;
  InputRandom rng(seed);
  HostTensor &t = *tensor;
  for (int64_t i = 0, e = t.getNumElements(); i < e; ++i) {
    uint64_t draw = rng.next();
    switch (t.getKind()) {
    case HostElementKind::Float:
      t.setDouble(i, double(draw >> 40) * (1.0 / 16777216.0));
      break;
    case HostElementKind::Complex:
      t.setComplex(i, {double(draw >> 40) * (1.0 / 16777216.0), 0.0});
      break;
    case HostElementKind::Bool:
      t.setInt(i, draw & 1);
      break;
    case HostElementKind::Signed:
    case HostElementKind::Unsigned:
      t.setInt(i, int64_t(draw % 10));
      break;
    case HostElementKind::String:
      break;
    }
  }
  return tensor;
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string out = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    out += (i ? "," : "") + std::to_string(d);
  return out + "]";
}

void mlir::tfg::printSummary(llvm::raw_ostream &os, StringRef name,
                             const HostTensor &t) {
  os << name << ": dtype=" << t.getElementType()
     << " shape=" << shapeString(t.getShape());
  if (t.getKind() == HostElementKind::String) {
    os << "\n";
    return;
  }
  int64_t n = t.getNumElements();
  if (n == 0) {
    os << " (empty)\n";
    return;
  }
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = t.getKind() == HostElementKind::Unsigned ? double(t.getUInt(i))
                                                        : t.getDouble(i);
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
  }
  os << " min=" << llvm::format("%.6g", lo)
     << " max=" << llvm::format("%.6g", hi)
     << " mean=" << llvm::format("%.6g", sum / n) << "\n";
}

bool mlir::tfg::compareTensors(llvm::raw_ostream &os, StringRef name,
                               const HostTensor &actual,
                               const HostTensor &expected, double rtol,
                               double atol) {
  if (actual.getShape() != expected.getShape()) {
    os << name << ": shape " << shapeString(actual.getShape())
       << " differs from the expected " << shapeString(expected.getShape())
       << "\n";
    return false;
  }
  if (actual.getKind() == HostElementKind::String ||
      expected.getKind() == HostElementKind::String) {
    bool same = actual.getKind() == expected.getKind();
    for (int64_t i = 0; same && i < actual.getNumElements(); ++i)
      same = actual.getString(i) == expected.getString(i);
    os << name << ": " << (same ? "strings equal" : "strings differ") << "\n";
    return same;
  }
  bool exact = actual.getKind() != HostElementKind::Float &&
               actual.getKind() != HostElementKind::Complex;
  double maxAbs = 0, maxRel = 0;
  int64_t bad = 0, firstBad = -1;
  for (int64_t i = 0, e = actual.getNumElements(); i < e; ++i) {
    double a = actual.getDouble(i), b = expected.getDouble(i);
    if (std::isnan(a) && std::isnan(b))
      continue;
    double diff = std::fabs(a - b);
    if (std::isnan(diff))
      diff = std::numeric_limits<double>::infinity();
    double rel = b != 0 ? diff / std::fabs(b) : (diff != 0 ? diff : 0);
    maxAbs = std::max(maxAbs, diff);
    maxRel = std::max(maxRel, rel);
    bool ok = exact ? actual.getInt(i) == expected.getInt(i)
                    : diff <= atol + rtol * std::fabs(b);
    if (!ok && bad++ == 0)
      firstBad = i;
  }
  os << name << ": max_abs_diff=" << llvm::format("%.6g", maxAbs)
     << " max_rel_diff=" << llvm::format("%.6g", maxRel);
  if (bad) {
    os << " MISMATCH (" << bad << " elements; first at flat index " << firstBad
       << ": " << llvm::format("%.9g", actual.getDouble(firstBad)) << " vs "
       << llvm::format("%.9g", expected.getDouble(firstBad)) << ")\n";
    return false;
  }
  os << " ok\n";
  return true;
}

llvm::Expected<SmallVector<int64_t, 4>> mlir::tfg::parseShape(StringRef text) {
  SmallVector<int64_t, 4> dims;
  if (text.empty())
    return dims;
  SmallVector<StringRef, 4> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    int64_t d;
    if (part.getAsInteger(10, d) || d < 0)
      return llvm::createStringError("invalid shape '" + text +
                                     "': dimensions are numbers >= 0 "
                                     "separated by 'x'");
    dims.push_back(d);
  }
  if (dims.size() > size_t(kMaxHostTensorRank))
    return llvm::createStringError("shape '" + text + "' has too many dims");
  return dims;
}

bool mlir::tfg::takeThreadsOption(int argc, char **argv,
                                  SmallVectorImpl<char *> &args,
                                  unsigned &threads, std::string &error) {
  for (int i = 0; i < argc; ++i) {
    StringRef arg = argv[i];
    if (i == 0 || arg == "--") {
      args.push_back(argv[i]);
      if (arg == "--")
        args.append(argv + i + 1, argv + argc);
      if (arg == "--")
        break;
      continue;
    }
    StringRef rest = arg;
    if (!rest.consume_front("--") && !rest.consume_front("-")) {
      args.push_back(argv[i]);
      continue;
    }
    if (!rest.consume_front("threads") || (!rest.empty() && rest[0] != '=')) {
      args.push_back(argv[i]);
      continue;
    }
    StringRef value;
    if (rest.consume_front("="))
      value = rest;
    else if (i + 1 < argc)
      value = argv[++i];
    if (value.getAsInteger(10, threads)) {
      error = "--threads takes a number of threads, not '" + value.str() + "'";
      return false;
    }
  }
  return true;
}

llvm::StringMap<std::string> mlir::tfg::getSignatureAliases(ModuleOp module) {
  llvm::StringMap<std::string> aliases;
  auto text = module->getAttrOfType<StringAttr>("tfjs.signature");
  if (!text)
    return aliases;
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text.getValue());
  if (!json) {
    llvm::consumeError(json.takeError());
    return aliases;
  }
  const llvm::json::Object *sig = json->getAsObject();
  for (StringRef side : {"inputs", "outputs"}) {
    const llvm::json::Object *entries = sig ? sig->getObject(side) : nullptr;
    if (!entries)
      continue;
    for (const auto &[alias, entry] : *entries)
      if (const llvm::json::Object *obj = entry.getAsObject())
        if (std::optional<StringRef> name = obj->getString("name"))
          aliases[alias.str()] = name->str();
  }
  return aliases;
}

static llvm::Error inputError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

FeedSignature mlir::tfg::getPlaceholderSignature(Operation *op) {
  FeedSignature sig;
  if (!op)
    return sig;
  if (auto dtype = op->getAttrOfType<TypeAttr>("dtype"))
    sig.elementType = dtype.getValue();
  if (auto shape = op->getAttrOfType<tf_type::ShapeAttr>("shape"))
    if (!shape.getUnranked())
      sig.shape.emplace(shape.getShape());
  return sig;
}

llvm::Expected<HostTensor>
mlir::tfg::makeFeed(MLIRContext *context, StringRef name, StringRef source,
                    const FeedSignature &sig,
                    const llvm::StringMap<std::string> &shapes) {
  if (source.ends_with(".npy") || source.ends_with(".npz")) {
    auto arrays = readNumPyFile(context, source);
    if (!arrays)
      return arrays.takeError();
    if (arrays->size() != 1)
      return inputError("input '" + name + "': " + source + " holds " +
                        Twine(arrays->size()) + " arrays, not one");
    return std::move((*arrays)[0].tensor);
  }
  uint64_t seed = 0;
  bool random = source.consume_front("random:");
  if (random ? source.getAsInteger(10, seed) : source != "zeros")
    return inputError("input '" + name + "': '" + source +
                      "' is none of FILE.npy, random:SEED, zeros");
  if (!sig.elementType)
    return inputError("input '" + name +
                      "': not a Placeholder with a dtype; give "
                      "a .npy file");
  SmallVector<int64_t, 4> shape;
  auto given = shapes.find(name);
  if (given != shapes.end()) {
    auto parsed = parseShape(given->second);
    if (!parsed)
      return parsed.takeError();
    shape = *parsed;
    bool ok = !sig.shape || sig.shape->size() == shape.size();
    for (size_t i = 0; ok && sig.shape && i < shape.size(); ++i)
      ok =
          ShapedType::isDynamic((*sig.shape)[i]) || (*sig.shape)[i] == shape[i];
    if (!ok)
      return inputError("--input-shape of '" + name +
                        "' disagrees with the Placeholder's shape");
  } else {
    if (!sig.shape)
      return inputError("input '" + name +
                        "' has an unknown rank: give --input-shape=" + name +
                        "=...");
    for (int64_t d : *sig.shape) {
      if (ShapedType::isDynamic(d))
        return inputError(
            "input '" + name +
            "' has unknown dimensions: give --input-shape=" + name + "=...");
      shape.push_back(d);
    }
  }
  return makeInput(sig.elementType, shape, random, seed);
}
