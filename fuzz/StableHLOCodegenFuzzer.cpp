//===- StableHLOCodegenFuzzer.cpp - compiled code vs. the interpreter -----===//
//
// Builds a small StableHLO program from the input bytes (an element type,
// f32 or i32, a static shape of rank 0 to 3, up to 10 ops over the
// arguments: elementwise unary and binary ops, compare and select,
// reductions broadcast back, 2-d dot_general, transposes of square
// matrices, clamps), compiles it for the host CPU (tfg/Codegen/CPUJit.h:
// the whole pipeline, LLVM at O2 and the checked entry point), runs it and
// the StableHLO interpreter on the same arguments (also drawn from the
// bytes, specials included: 0, -0, infinities, NaN, INT_MIN) and traps when
// an output differs: floats beyond 1e-4 absolute plus 1e-4 relative (NaN
// must meet NaN), integers in any bit. A program the lowering refuses or
// the interpreter cannot run is skipped, not a finding.
//
//===----------------------------------------------------------------------===//

#include "tfg/Codegen/CPUJit.h"
#include "tfg/Dialect/StableHLO/StableHLODialect.h"
#include "tfg/Interpreter/StableHLO/Interpreter.h"
#include "tfg/Support/InputLimits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {
/// Reads the input bytes in order; zeros once they run out.
class Bytes {
public:
  Bytes(const uint8_t *data, size_t size) : data(data), size(size) {}
  unsigned next(unsigned bound) {
    unsigned v = pos < size ? data[pos] : 0;
    ++pos;
    return bound ? v % bound : 0;
  }

private:
  const uint8_t *data;
  size_t size, pos = 0;
};

struct Program {
  std::string text;
  bool isFloat = true;
  std::vector<int64_t> shape;
  unsigned numArgs = 0;
};

std::string typeOf(const std::vector<int64_t> &shape, const char *element) {
  std::string t = "tensor<";
  for (int64_t d : shape)
    t += std::to_string(d) + "x";
  return t + element + ">";
}
std::string typeOf(const std::vector<int64_t> &shape, bool isFloat) {
  return typeOf(shape, isFloat ? "f32" : "i32");
}

/// The program the bytes describe; every value has the one shape, so any
/// value can feed any op.
Program generate(Bytes &in) {
  Program p;
  p.isFloat = in.next(4) != 0;
  unsigned rank = in.next(4);
  bool square = rank == 2 && in.next(2);
  for (unsigned i = 0; i < rank; ++i)
    p.shape.push_back(1 + in.next(4));
  if (square)
    p.shape[1] = p.shape[0];
  p.numArgs = 1 + in.next(3);
  std::string t = typeOf(p.shape, p.isFloat);
  std::string scalar = p.isFloat ? "tensor<f32>" : "tensor<i32>";
  std::string boolType = typeOf(p.shape, "i1");
  std::vector<std::string> values;
  std::string body;
  for (unsigned i = 0; i < p.numArgs; ++i)
    values.push_back("%a" + std::to_string(i));
  auto pick = [&] { return values[in.next(values.size())]; };
  static const char *floatBinary[] = {"add",    "subtract",  "multiply",
                                      "divide", "maximum",   "minimum",
                                      "power",  "remainder", "atan2"};
  static const char *intBinary[] = {"add",
                                    "subtract",
                                    "multiply",
                                    "divide",
                                    "remainder",
                                    "maximum",
                                    "minimum",
                                    "and",
                                    "or",
                                    "xor",
                                    "shift_left",
                                    "shift_right_arithmetic",
                                    "shift_right_logical"};
  static const char *floatUnary[] = {
      "negate",   "abs",  "exponential", "tanh", "sqrt",
      "floor",    "ceil", "sine",        "log",  "round_nearest_even",
      "logistic", "sign"};
  static const char *intUnary[] = {"negate", "abs",    "not",
                                   "sign",   "popcnt", "count_leading_zeros"};
  static const char *directions[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
  unsigned numOps = 1 + in.next(10);
  for (unsigned k = 0; k < numOps; ++k) {
    std::string v = "%v" + std::to_string(k);
    unsigned kind = in.next(7);
    if (kind == 0) {
      const char *op =
          p.isFloat ? floatUnary[in.next(12)] : intUnary[in.next(6)];
      body += "  " + v + " = stablehlo." + op + " " + pick() + " : " + t + "\n";
    } else if (kind == 1) {
      std::string c = v + "c", a = pick(), b = pick();
      body += "  " + c + " = stablehlo.compare " + directions[in.next(6)] +
              ", " + a + ", " + b + (p.isFloat ? ", FLOAT" : ", SIGNED") +
              " : (" + t + ", " + t + ") -> " + boolType + "\n";
      body += "  " + v + " = stablehlo.select " + c + ", " + pick() + ", " +
              pick() + " : " + boolType + ", " + t + "\n";
    } else if (kind == 2 && rank > 0) {
      // A reduction over one dimension, broadcast back.
      unsigned dim = in.next(rank);
      std::vector<int64_t> reduced;
      std::string dims;
      for (unsigned i = 0; i < rank; ++i)
        if (i != dim) {
          dims += (reduced.empty() ? "" : ", ") + std::to_string(i);
          reduced.push_back(p.shape[i]);
        }
      std::string rt = typeOf(reduced, p.isFloat);
      const char *op = in.next(2) ? "add" : "maximum";
      body += "  " + v + "z = stablehlo.constant dense<0" +
              std::string(p.isFloat ? ".0" : "") + "> : " + scalar + "\n";
      body += "  " + v + "r = stablehlo.reduce(" + pick() + " init: " + v +
              "z) applies stablehlo." + op + " across dimensions = [" +
              std::to_string(dim) + "] : (" + t + ", " + scalar + ") -> " + rt +
              "\n";
      body += "  " + v + " = stablehlo.broadcast_in_dim " + v + "r, dims = [" +
              dims + "] : (" + rt + ") -> " + t + "\n";
    } else if (kind == 3 && square) {
      if (in.next(2))
        body += "  " + v + " = stablehlo.dot_general " + pick() + ", " +
                pick() + ", contracting_dims = [1] x [0] : (" + t + ", " + t +
                ") -> " + t + "\n";
      else
        body += "  " + v + " = stablehlo.transpose " + pick() +
                ", dims = [1, 0] : (" + t + ") -> " + t + "\n";
    } else if (kind == 4) {
      body += "  " + v + " = stablehlo.clamp " + pick() + ", " + pick() + ", " +
              pick() + " : " + t + "\n";
    } else {
      const char *op =
          p.isFloat ? floatBinary[in.next(9)] : intBinary[in.next(13)];
      body += "  " + v + " = stablehlo." + op + " " + pick() + ", " + pick() +
              " : " + t + "\n";
    }
    values.push_back(v);
  }
  std::string args;
  for (unsigned i = 0; i < p.numArgs; ++i)
    args += (i ? ", " : "") + std::string("%a") + std::to_string(i) + ": " + t;
  std::string second = values[in.next(values.size())];
  p.text = "func.func @main(" + args + ") -> (" + t + ", " + t + ") {\n" +
           body + "  return " + values.back() + ", " + second + " : " + t +
           ", " + t + "\n}\n";
  return p;
}

float floatValue(Bytes &in) {
  static const float specials[] = {0.0f,
                                   -0.0f,
                                   1.0f,
                                   -1.0f,
                                   0.5f,
                                   2.0f,
                                   -3.25f,
                                   100.0f,
                                   1e-3f,
                                   std::numeric_limits<float>::infinity(),
                                   -std::numeric_limits<float>::infinity(),
                                   std::numeric_limits<float>::quiet_NaN()};
  unsigned k = in.next(16);
  if (k < 12)
    return specials[k];
  return static_cast<float>(static_cast<int>(in.next(256)) - 128) / 16.0f;
}

int32_t intValue(Bytes &in) {
  static const int32_t specials[] = {0,
                                     1,
                                     -1,
                                     2,
                                     31,
                                     32,
                                     33,
                                     -32,
                                     std::numeric_limits<int32_t>::min(),
                                     std::numeric_limits<int32_t>::max()};
  unsigned k = in.next(16);
  if (k < 10)
    return specials[k];
  return static_cast<int32_t>(in.next(256)) - 128;
}

bool sameFloat(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b))
    return a == b;
  return std::fabs(a - b) <= 1e-4 + 1e-4 * std::fabs(b);
}

struct Context {
  Context()
      : handler(&context, [](mlir::Diagnostic &) { return mlir::success(); }) {
    context.loadDialect<mlir::tfg::stablehlo::StableHLODialect,
                        mlir::func::FuncDialect>();
  }
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler handler;
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Context *fuzz = new Context();
  mlir::MLIRContext &ctx = fuzz->context;
  Bytes in(data, size);
  Program p = generate(in);
  mlir::tfg::runOnLargeStack([&] {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(p.text, &ctx);
    if (!module)
      return; // The generator wrote something the verifiers refuse.
    auto func = module->lookupSymbol<mlir::func::FuncOp>("main");
    mlir::Type elementType = p.isFloat
                                 ? mlir::Type(mlir::Float32Type::get(&ctx))
                                 : mlir::Type(mlir::IntegerType::get(&ctx, 32));
    std::vector<mlir::tfg::HostTensor> args;
    for (unsigned i = 0; i < p.numArgs; ++i) {
      auto t = mlir::tfg::HostTensor::create(elementType, p.shape);
      if (!t) {
        llvm::consumeError(t.takeError());
        return;
      }
      for (int64_t e = 0; e < t->getNumElements(); ++e)
        if (p.isFloat)
          t->setDouble(e, floatValue(in));
        else
          t->setInt(e, intValue(in));
      args.push_back(std::move(*t));
    }
    auto reference = mlir::tfg::stablehlo::interpretFunction(func, args);
    if (mlir::failed(reference))
      return;
    auto compiled = mlir::tfg::CompiledFunction::compile(*module, "main");
    if (!compiled) {
      llvm::consumeError(compiled.takeError());
      return; // Refused by the lowering: reported as an error, no finding.
    }
    auto outputs = (*compiled)->run(args);
    if (!outputs)
      __builtin_trap(); // A call with the compiled types must run.
    if (outputs->size() != reference->size())
      __builtin_trap();
    for (size_t r = 0; r < outputs->size(); ++r) {
      const mlir::tfg::HostTensor &got = (*outputs)[r];
      const mlir::tfg::HostTensor &want = (*reference)[r];
      if (got.getNumElements() != want.getNumElements())
        __builtin_trap();
      for (int64_t e = 0; e < got.getNumElements(); ++e) {
        bool same = p.isFloat ? sameFloat(got.getDouble(e), want.getDouble(e))
                              : got.getInt(e) == want.getInt(e);
        if (!same) {
          llvm::errs() << "mismatch in result " << r << " element " << e
                       << ": compiled " << got.getDouble(e) << ", interpreter "
                       << want.getDouble(e) << "\n"
                       << p.text;
          __builtin_trap();
        }
      }
    }
  });
  return 0;
}
