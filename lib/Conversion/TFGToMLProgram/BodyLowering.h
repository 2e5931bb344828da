//===- BodyLowering.h - One tfg body to tf and ml_program ops ---*- C++ -*-===//
//
// Lowers the nodes of one tfg body (a graph's, pruned to what its fetches
// need, or a function's) into a block of a func.func: tf ops in a
// topological order, variable accesses as ml_program ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOMLPROGRAM_BODYLOWERING_H
#define TFG_LIB_CONVERSION_TFGTOMLPROGRAM_BODYLOWERING_H

#include "Variables.h"

#include "tfg/Conversion/TFGToTFExecutor/TFGToTFExecutor.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace tfg {
namespace mlprogram {

/// Orders the nodes of `body` that `keep` holds (every node when null)
/// so that each comes after the nodes it takes data or control from
/// (orderNodesTopologically of NodeOrder.h). Fails with an error at a node
/// left on a cycle.
LogicalResult orderNodes(Block &body, const llvm::DenseSet<Operation *> *keep,
                         SmallVectorImpl<Operation *> &order);

class BodyLowering {
public:
  /// Emits at the end of `target`.
  BodyLowering(Block &target, VariableTable &variables,
               llvm::StringMap<OperationName> &names);

  /// Gives tfg value `value` the lowered value `lowered` (arguments).
  void map(Value value, Value lowered) { mapping[value] = lowered; }

  /// Lowers `order` (nodes of one body, from orderNodes), skipping
  /// `skip` (nodes whose results are mapped already). Fails with an error
  /// at the first node that has no lowering.
  LogicalResult lowerNodes(ArrayRef<Operation *> order,
                           const llvm::DenseSet<Operation *> &skip);

  /// The lowered value of `value`, which `user` (for the error) takes;
  /// fails with an error when it is a variable's handle or reference, or
  /// was not lowered.
  FailureOr<Value> lookupData(Value value, Operation *user);

  /// The variable `value` (a tfg value) is the handle or reference of, or
  /// null.
  Variable *getVariable(Value value) { return handles.lookup(value); }

  OpBuilder &getBuilder() { return builder; }

private:
  /// How a node touches variables.
  enum class Access {
    None,
    Declare,       // VarHandleOp, VariableV2, Variable
    Alias,         // Identity of a resource handle
    Read,          // ReadVariableOp
    Write,         // AssignVariableOp, Assign
    Update,        // AssignAdd/Sub(Variable)Op
    Gather,        // ResourceGather
    IsInitialized, // VarIsInitializedOp, IsVariableInitialized
    ReadOperands,  // any other op taking ref variables as values
  };

  LogicalResult classify(Operation *node);
  void computeTokens(ArrayRef<Operation *> order);
  ArrayRef<Operation *> getReachingAccesses(Operation *node);
  LogicalResult lowerAccess(Operation *node, Access access);
  LogicalResult lowerNode(Operation *node);
  /// The tokens `node` must wait for (empty unless it takes the graph
  /// form).
  SmallVector<Value> getConsumedTokens(Operation *node);
  Value load(Operation *node, Variable *var, ValueRange consume);
  void store(Operation *node, Variable *var, Value value, ValueRange consume);
  Value castTo(Operation *node, Value value, Type type);
  Operation *createTF(Operation *node, StringRef opName, ValueRange operands,
                      TypeRange types, NamedAttrList attrs);

  OpBuilder builder;
  VariableTable &variables;
  llvm::StringMap<OperationName> &names;
  /// getTFOpAttributes's names, made once.
  TFOpAttrNames attrNames;
  /// The tf op of each node op name.
  TFOpNames tfNames;
  llvm::DenseMap<Value, Value> mapping;
  /// The variable each handle or reference (tfg value) stands for.
  llvm::DenseMap<Value, Variable *> handles;
  llvm::DenseMap<Operation *, Access> accesses;
  /// The accesses a node's effects follow through its inputs (memoized).
  llvm::DenseMap<Operation *, SmallVector<Operation *, 2>> reaching;
  /// The accesses each access must wait for (its control inputs').
  llvm::DenseMap<Operation *, SmallVector<Operation *, 2>> waitsFor;
  /// The accesses that take the `_graph` forms.
  llvm::DenseSet<Operation *> graphForm;
  /// The tokens each access in graph form produced.
  llvm::DenseMap<Operation *, SmallVector<Value, 1>> tokens;
};

} // namespace mlprogram
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOMLPROGRAM_BODYLOWERING_H
