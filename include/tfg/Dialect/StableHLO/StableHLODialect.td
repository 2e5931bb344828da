//===- StableHLODialect.td - The stablehlo dialect ---------*- tablegen -*-===//
//
// tfg's own implementation of the StableHLO dialect, written from the
// StableHLO 1.x specification. The dialect namespace is `stablehlo`, so text
// written by StableHLO's tools parses here and what tfg prints parses there.
// The C++ classes live in mlir::tfg::stablehlo.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLODIALECT_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLODIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def StableHLO_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::mlir::tfg::stablehlo";
  let summary = "StableHLO operations, reimplemented from the specification";
  let description = [{
    The operations, types and attributes of StableHLO 1.x as its
    specification defines them, written for tfg without StableHLO's code.
    Text is StableHLO's own: the generic form always parses, and the pretty
    forms StableHLO's printer writes parse and print the same way.

    ```mlir
    %0 = stablehlo.add %a, %b : tensor<2xf32>
    %1 = stablehlo.compare GT, %0, %b, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    ```
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    // One per op file (StableHLO*Ops.td), defined next to its generated code.
    void registerElementwiseOps();
    void registerShapeOps();
    void registerControlOps();
    void registerReduceOps();
    void registerLinalgOps();
    void registerCommOps();
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
  }];
}

class StableHLO_Op<string mnemonic, list<Trait> traits = []>
    : Op<StableHLO_Dialect, mnemonic, traits>;

#endif // TFG_DIALECT_STABLEHLO_STABLEHLODIALECT_TD
