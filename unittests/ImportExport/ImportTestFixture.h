//===- ImportTestFixture.h - Shared fixture of the import tests -*- C++ -*-===//
//
// A context with the tfg dialect whose diagnostics are collected as text,
// and the printed form of a module, for the GraphDef import tests.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_UNITTESTS_IMPORTEXPORT_IMPORTTESTFIXTURE_H
#define TFG_UNITTESTS_IMPORTEXPORT_IMPORTTESTFIXTURE_H

#include "tfg/IR/TFGDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace mlir {
namespace tfg {

class ImportTestFixture : public ::testing::Test {
protected:
  ImportTestFixture()
      : handler(&ctx,
                [this](Diagnostic &diag) { errors.push_back(diag.str()); }) {
    ctx.loadDialect<TFGraphDialect>();
  }

  static std::string print(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os);
    return text;
  }

  MLIRContext ctx;
  /// The diagnostics emitted in `ctx`, in order.
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler;
};

} // namespace tfg
} // namespace mlir

#endif // TFG_UNITTESTS_IMPORTEXPORT_IMPORTTESTFIXTURE_H
