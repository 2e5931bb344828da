//===- Variables.h - TensorFlow variables as ml_program globals -*- C++ -*-===//
//
// The variables of a module being lowered to ml_program: which nodes declare
// them (VarHandleOp, VariableV2, Variable), the global each becomes (named by
// its shared_name, else its node name; nodes of one name share it), and its
// initial value from a SavedModel's variables, matched to the bundle's keys
// through the saver's restore graph.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_LIB_CONVERSION_TFGTOMLPROGRAM_VARIABLES_H
#define TFG_LIB_CONVERSION_TFGTOMLPROGRAM_VARIABLES_H

#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace tfg {
namespace mlprogram {

/// One variable: the global it is.
struct Variable {
  std::string symbol;
  /// The value type (a tensor type of the declared dtype and shape).
  TensorType type;
  /// The first node that declared it, for diagnostics.
  Operation *decl = nullptr;
  ml_program::GlobalOp global;
  /// Whether the global has an initial value.
  bool hasInitialValue() { return static_cast<bool>(global.getValue()); }
};

/// Whether `op` declares a resource variable (VarHandleOp).
bool isResourceVariableDecl(Operation *op);
/// Whether `op` declares a ref variable (VariableV2, Variable).
bool isRefVariableDecl(Operation *op);

/// The variables of a module, created as globals at the start of its body.
class VariableTable {
public:
  explicit VariableTable(ModuleOp module);

  /// Reads the bundle keys of the variables the saver's restore graph
  /// assigns (RestoreV2 outputs into AssignVariableOp/Assign, in the graph
  /// or in a restore function a call gives the handles) and the module's
  /// `tfg.saved_model_variables`. Fails with an error on a malformed
  /// attribute.
  LogicalResult readInitialValues(Block *graphBody);

  /// The variable `decl` declares, its global created on first sight; fails
  /// with an error at the node when its dtype or shape is missing or
  /// disagrees with an earlier declaration of the same name, or when its
  /// initial value does not fit its type.
  FailureOr<Variable *> declare(Operation *decl);

  /// Moves the globals to the start of the module, in declaration order.
  void moveGlobalsToFront();

  /// Keeps `name` (a function to be created) from the variables.
  void reserve(StringRef name) { taken.insert(name); }

private:
  ModuleOp module;
  OpBuilder builder;
  std::vector<std::unique_ptr<Variable>> variables;
  llvm::StringMap<Variable *> bySymbol;
  llvm::DenseMap<Operation *, Variable *> byDecl;
  /// The module's other symbols.
  llvm::StringSet<> taken;
  /// The bundle key restored into the variable of each symbol.
  llvm::StringMap<std::string> restoreKeys;
  /// The SavedModel's values, by bundle key.
  DictionaryAttr savedValues;
};

/// The symbol of the global the variable node `decl` declares: its
/// `container` and `shared_name` (`container/name`), else its node name.
std::string getVariableSymbol(Operation *decl);

} // namespace mlprogram
} // namespace tfg
} // namespace mlir

#endif // TFG_LIB_CONVERSION_TFGTOMLPROGRAM_VARIABLES_H
