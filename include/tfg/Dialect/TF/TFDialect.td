//===- TFDialect.td - tf dialect ---------------------------*- tablegen -*-===//
//
// The `tf` dialect: TensorFlow ops on builtin tensor types and the tf_type
// types, in the textual form TensorFlow's tools write. Its ops are not
// defined one by one in ODS: the dialect registers one dynamic op per OpDef
// of the project's op registry when it loads (TFDialect.cpp), verified
// against that OpDef (docs/Lowering.md).
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_TF_TFDIALECT_TD
#define TFG_DIALECT_TF_TFDIALECT_TD

include "mlir/IR/OpBase.td"

def TF_Dialect : Dialect {
  let name = "tf";
  let cppNamespace = "::mlir::TF";
  let summary = "TensorFlow ops, one per OpDef, on tensors";
  let description = [{
    Every op of TensorFlow's registry is an op `tf.<OpName>`, printed in
    generic form as TensorFlow's tools print it:

    ```mlir
    %0 = "tf.AddV2"(%a, %b) {T = f32, device = ""} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    ```

    The ops carry their node attributes (`T`, `N`, ...), the requested
    device (`device`), the node name (`_mlir_name`) where one was given,
    and no control operands: control dependencies belong to the enclosing
    `tf_executor` nodes. Ops the registry does not know (custom ops,
    function calls by name) are allowed, unverified and with unknown side
    effects.
  }];
  let isExtensible = 1;
  // Attributes in the attribute dictionary, as TensorFlow's tools print
  // them (the region control-flow ops of TFOps.td).
  let usePropertiesForAttributes = 0;
  let dependentDialects = ["::mlir::tf_type::TFTypeDialect"];
  let extraClassDeclaration = [{
    void *getRegisteredInterfaceForOp(::mlir::TypeID interfaceID,
                                      ::mlir::OperationName opName) override;
    /// The allowed values of an OpDef attribute (those of the built-in
    /// OpDefs parsed when the dialect loads; thread-safe).
    ::mlir::ArrayAttr getAllowedValues(const ::mlir::tfg::OpDefAttr &attr);
  private:
    void registerOpDefOps();
    /// The ops of TFOps.td (TFOps.cpp).
    void registerODSOps();
    std::shared_ptr<void> memoryEffects, allowedValuesCache;
  public:
  }];
}

#endif // TFG_DIALECT_TF_TFDIALECT_TD
