//===- Passes.td - tfg conversion passes -------------------*- tablegen -*-===//
//
// Conversions between the dialects tfg provides.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_CONVERSION_PASSES_TD
#define TFG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===- TFGToStableHLO -----------------------------------------------------===//

def TFGToStableHLOPass : Pass<"tfg-to-stablehlo", "mlir::ModuleOp"> {
  let summary = "Legalize a tfg.graph into a func.func of StableHLO ops";
  let description = [{
    Replaces the module's tfg.graph with `func.func @main` (name set by
    `func-name`): the graph's Placeholder nodes that the fetches need become
    the arguments (in graph order), the fetched outputs the results, and
    every node between them StableHLO ops, legalized by the rule table of
    lib/Conversion/TFGToStableHLO (docs/Lowering.md lists the op types).
    Const nodes become `stablehlo.constant`; those of more than
    `resource-threshold` bytes hold a `dense_resource` blob.

    Shapes must be static: run `tfg-shape-inference` first (and
    `tfg-set-input-shapes` for unknown input dimensions). An unknown
    dimension left on a needed node's input or output, an op type without
    a rule, a stateful or control-flow node, or a malformed attribute is an
    error that names the node. Only the nodes the fetches depend on (through
    data edges) are legalized; control edges are dropped, as StableHLO is
    pure. Without `fetch`, the fetches are the data outputs no node uses
    (Placeholders aside).
  }];
  let options = [
    ListOption<"fetch", "fetch", "std::string",
               "Outputs to return (`name` for output 0, or `name:k`)">,
    Option<"funcName", "func-name", "std::string", "\"main\"",
           "Name of the emitted function">,
    Option<"resourceThreshold", "resource-threshold", "int64_t", "1024",
           "Constants of more bytes become dense_resource blobs (-1: never)">,
  ];
  let dependentDialects = ["mlir::func::FuncDialect",
                           "mlir::tfg::stablehlo::StableHLODialect"];
}

#endif // TFG_CONVERSION_PASSES_TD
