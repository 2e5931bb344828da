//===- Evaluator.h - Host evaluation of TensorFlow ops ----------*- C++ -*-===//
//
// TFGEval computes what a TensorFlow op returns for constant operands, on
// the host, without TensorFlow: shape inference asks it for the values of
// shape operands, and constant folding and the differential checker will
// ask it for any op. Kernels are registered by op name in one table, one
// file per op family (lib/Eval/*Kernels.cpp); an op without a kernel is
// simply not evaluated.
//
// Kernels compute on host tensors (tfg/Eval/HostTensor.h): the context
// gives each operand's type and, when known, its value as a HostTensor
// (converted from the attribute on first use), and kernels produce
// HostTensor results. The attribute entry points (`evaluate`,
// `evaluateNode`) convert at the boundary; `evaluateOnHost` takes and gives
// host tensors (for the graph interpreter). A kernel may also produce an
// attribute (Const, the forwarding ops), converted likewise. An operand may
// come with only its type: kernels of ops that read only shapes (Shape,
// Size, Rank) need nothing else. Kernels never build a result of more than
// `maxElements` elements: they fail instead, so a huge splat is never
// expanded. TFGEval depends on TFGIR only.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_EVAL_EVALUATOR_H
#define TFG_EVAL_EVALUATOR_H

#include "tfg/Eval/Compute/Common.h"
#include "tfg/Eval/HostTensor.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

/// One operand of an evaluation: its type, and its value when known.
struct EvalOperand {
  Type type;
  ElementsAttr value;
};

/// What a kernel sees: operands, the node's attributes, the result bound;
/// it fills `results` or `hostResults` (one entry per data result; a null
/// entry in both is a result it could not compute).
class EvalContext {
public:
  /// Operands given as attributes (converted to host tensors on use).
  EvalContext(MLIRContext *context, ArrayRef<EvalOperand> operands,
              DictionaryAttr attrs, int64_t maxElements);
  /// Operands given as host tensors (a null tensor is an unknown value;
  /// `types`, when given, supplies the types of the unknown ones). They are
  /// not copied: they must outlive the context.
  EvalContext(MLIRContext *context, ArrayRef<HostTensor> operands,
              ArrayRef<Type> types, DictionaryAttr attrs, int64_t maxElements);
  /// The same with operands given by pointer (a null pointer or null tensor
  /// is an unknown value), so that a caller keeping its tensors elsewhere
  /// (the graph interpreter) need not copy them.
  EvalContext(MLIRContext *context, ArrayRef<const HostTensor *> operands,
              ArrayRef<Type> types, DictionaryAttr attrs, int64_t maxElements);

  MLIRContext *getContext() const { return context; }
  unsigned getNumOperands() const { return operands.size(); }
  /// The type of operand `i`; null if out of range.
  Type getType(unsigned i) const {
    return i < operands.size() ? operands[i].type : Type();
  }
  /// The value of operand `i` as an attribute when it was given as one;
  /// null if unknown, given as a host tensor, or out of range.
  ElementsAttr getValue(unsigned i) const {
    return i < operands.size() ? operands[i].attr : ElementsAttr();
  }
  /// The value of operand `i` as a host tensor; null if unknown, out of
  /// range, or its attribute has no host form within the bound.
  const HostTensor *getHostValue(unsigned i);
  /// A node attribute; null if absent.
  Attribute getAttr(StringRef name) const {
    return attrs ? attrs.get(name) : Attribute();
  }
  /// The most elements a kernel may put in one result.
  int64_t getMaxElements() const { return maxElements; }

  /// Records why the kernel fails and returns failure.
  LogicalResult fail(const Twine &message);
  /// The message of the last `fail`, empty if none.
  StringRef getErrorMessage() const { return error; }

  SmallVector<ElementsAttr, 2> results;
  SmallVector<HostTensor, 2> hostResults;

private:
  struct Operand {
    Type type;
    ElementsAttr attr;
    /// The host value: given (not owned) or converted from `attr`.
    const HostTensor *given = nullptr;
    HostTensor host;
    bool converted = false;
  };
  MLIRContext *context;
  SmallVector<Operand, 4> operands;
  DictionaryAttr attrs;
  int64_t maxElements;
  std::string error;
};

/// A kernel: fills `ctx.results`, or fails when it computes nothing (an
/// operand unknown, a type it does not handle, an invalid node).
using EvalKernel = LogicalResult (*)(EvalContext &ctx);
/// Kernels by TensorFlow op name. Registering a name twice is an error of
/// the table: the first kernel stays, and verify() names the op.
class EvalKernelTable {
public:
  /// Registers `kernel` as the kernel of `opName`.
  void add(StringRef opName, EvalKernel kernel);
  /// The kernel of `opName`, or null.
  EvalKernel lookup(StringRef opName) const;
  /// The registered op names, sorted.
  std::vector<std::string> getOpNames() const;
  /// An error naming each op registered more than once, or success.
  llvm::Error verify() const;

private:
  llvm::StringMap<EvalKernel> kernels;
  std::vector<std::string> duplicates;
};

/// The kernel of an op (bare TensorFlow name), or null.
EvalKernel lookupEvalKernel(StringRef opName);
/// The names of the ops with a kernel, sorted.
std::vector<std::string> getOpsWithEvalKernels();
/// Checks TFGEval's kernel table: an error naming each op name that two
/// registrations claim (each kernel family registers its own ops).
llvm::Error verifyEvalKernelTable();
/// Whether the kernel of `opName` computes one run of a stateful op (the
/// seeded RandomUniform, RandomStandardNormal, TruncatedNormal,
/// RandomUniformInt, Multinomial give the values of their first run): such a
/// value is no constant, so constant folding must never fold the op; the graph
/// interpreter and the differential checker may evaluate it.
bool isStatefulEvalKernel(StringRef opName);

/// Evaluates op `opName` on `operands` with the node attributes `attrs`.
/// Fails when the op has no kernel or the kernel fails.
FailureOr<SmallVector<ElementsAttr, 2>>
evaluate(MLIRContext *context, StringRef opName, ArrayRef<EvalOperand> operands,
         DictionaryAttr attrs, int64_t maxElements = kDefaultEvalMaxElements);

/// Evaluates a tfg node: its data operands' types, with the values given
/// in `operandValues` (by data operand index; missing or null entries are
/// unknown), and its attributes. Succeeds with one entry per data result.
FailureOr<SmallVector<ElementsAttr, 2>>
evaluateNode(Operation *node, ArrayRef<ElementsAttr> operandValues = {},
             int64_t maxElements = kDefaultEvalMaxElements);

/// Evaluates op `opName` on host tensors (a null tensor is an unknown
/// value; `types` optionally gives the operands' types, needed for the
/// unknown ones of shape-only ops). Fails with a message when the op has no
/// kernel or the kernel fails. Results are converted from attributes where
/// a kernel gives those; a null entry is a result not computed.
llvm::Expected<SmallVector<HostTensor, 2>>
evaluateOnHost(MLIRContext *context, StringRef opName,
               ArrayRef<HostTensor> operands, DictionaryAttr attrs,
               int64_t maxElements = kDefaultEvalMaxElements,
               ArrayRef<Type> types = {});
/// The same with operands given by pointer (null is an unknown value): the
/// graph interpreter's entry point, which shares its tensors. (Another name
/// than evaluateOnHost, so that a braced operand list stays unambiguous.)
llvm::Expected<SmallVector<HostTensor, 2>> evaluateOnHostPointers(
    MLIRContext *context, StringRef opName,
    ArrayRef<const HostTensor *> operands, DictionaryAttr attrs,
    int64_t maxElements = kDefaultEvalMaxElements, ArrayRef<Type> types = {});

} // namespace tfg
} // namespace mlir

#endif // TFG_EVAL_EVALUATOR_H
