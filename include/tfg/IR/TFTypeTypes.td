//===- TFTypeTypes.td - tf_type types ----------------------*- tablegen -*-===//
//
// TensorFlow-specific element types: control tokens, the opaque tensor,
// strings, resources, variants, quantized integers and the reference types
// of TensorFlow's v1 variables.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFTYPETYPES_TD
#define TFG_IR_TFTYPETYPES_TD

include "tfg/IR/TFTypeBase.td"

def TFType_RefTypeTrait : NativeTypeTrait<"RefTypeTrait"> {
  let cppNamespace = "::mlir::tf_type";
}

def TFType_ControlType : TFType_Type<"Control", "control"> {
  let summary = "TensorFlow control dependency token";
  let description = [{
    The type of control tokens. Every TensorFlow node produces one as its last
    result, and control operands (GraphDef's `^name` inputs) consume them.
    Example: `%ctl : !tf_type.control`.
  }];
}

def TFType_OpaqueTensorType : TFType_Type<"OpaqueTensor", "tensor"> {
  let summary = "TensorFlow tensor of unknown element type and shape";
  let description = [{
    Used where nothing is known of a tensor, such as the arguments of generic
    (polymorphic) functions: `!tf_type.tensor`.
  }];
}

class TFType_SubtypedType<string name, string typeMnemonic, string what>
    : TFType_Type<name, typeMnemonic> {
  let summary = "TensorFlow " # what # " type";
  let description = "A TensorFlow " # what # " handle, optionally with the "
    # "tensor types of what it holds: `!tf_type." # typeMnemonic # "` or "
    # "`!tf_type." # typeMnemonic # "<tensor<4xf32>, tensor<*xi32>>`.";
  let parameters = (ins ArrayRefParameter<"::mlir::TensorType">:$subtypes);
  let hasCustomAssemblyFormat = 1;
  // Each subtype is a tensor of a TensorFlow element type.
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilder<(ins), [{ return $_get($_ctxt, ::llvm::ArrayRef<::mlir::TensorType>()); }]>
  ];
}

def TFType_ResourceType : TFType_SubtypedType<"Resource", "resource", "resource">;
def TFType_VariantType : TFType_SubtypedType<"Variant", "variant", "variant">;

def TFType_StringType : TFType_Type<"String", "string"> {
  let summary = "TensorFlow string type";
  let description = "Byte strings of arbitrary length: `tensor<2x!tf_type.string>`.";
}

// Quantized integer types, kept opaque as in TensorFlow.
foreach q = [["Qint8", "qint8"], ["Qint16", "qint16"], ["Qint32", "qint32"],
             ["Quint8", "quint8"], ["Quint16", "quint16"]] in {
  def TFType_#q[0]#Type : TFType_Type<q[0], q[1]> {
    let summary = "TensorFlow quantized " # q[1] # " type";
    let description = "TensorFlow's DT_" # !toupper(q[1]) #
      ": `!tf_type." # q[1] # "`.";
  }
}

// Reference types (DT_*_REF): mutable tensors of TensorFlow v1 variables.
// [C++ name, mnemonic, DataType]. The mnemonics are TensorFlow's
// (tensorflow/core/ir/types/types.def); `halfref` and `bfloat16ref` were
// spelled `f16ref` and `bf16ref` by earlier tfg versions, which still parse
// (TFTypeDialect::parseType).
foreach r = [["F16Ref", "halfref", "DT_HALF_REF"],
             ["F32Ref", "f32ref", "DT_FLOAT_REF"],
             ["F64Ref", "f64ref", "DT_DOUBLE_REF"],
             ["Bf16Ref", "bfloat16ref", "DT_BFLOAT16_REF"],
             ["BoolRef", "boolref", "DT_BOOL_REF"],
             ["Int2Ref", "int2ref", "DT_INT2_REF"],
             ["Int4Ref", "int4ref", "DT_INT4_REF"],
             ["Int8Ref", "int8ref", "DT_INT8_REF"],
             ["Int16Ref", "int16ref", "DT_INT16_REF"],
             ["Int32Ref", "int32ref", "DT_INT32_REF"],
             ["Int64Ref", "int64ref", "DT_INT64_REF"],
             ["Uint2Ref", "uint2ref", "DT_UINT2_REF"],
             ["Uint4Ref", "uint4ref", "DT_UINT4_REF"],
             ["Uint8Ref", "uint8ref", "DT_UINT8_REF"],
             ["Uint16Ref", "uint16ref", "DT_UINT16_REF"],
             ["Uint32Ref", "uint32ref", "DT_UINT32_REF"],
             ["Uint64Ref", "uint64ref", "DT_UINT64_REF"],
             ["Complex64Ref", "complex64ref", "DT_COMPLEX64_REF"],
             ["Complex128Ref", "complex128ref", "DT_COMPLEX128_REF"],
             ["StringRef", "stringref", "DT_STRING_REF"],
             ["ResourceRef", "resourceref", "DT_RESOURCE_REF"],
             ["VariantRef", "variantref", "DT_VARIANT_REF"],
             ["Qint8Ref", "qint8ref", "DT_QINT8_REF"],
             ["Qint16Ref", "qint16ref", "DT_QINT16_REF"],
             ["Qint32Ref", "qint32ref", "DT_QINT32_REF"],
             ["Quint8Ref", "quint8ref", "DT_QUINT8_REF"],
             ["Quint16Ref", "quint16ref", "DT_QUINT16_REF"],
             ["Float8E5M2Ref", "float8e5m2ref", "DT_FLOAT8_E5M2_REF"],
             ["Float8E4M3FNRef", "float8e4m3fnref", "DT_FLOAT8_E4M3FN_REF"],
             ["Float8E4M3FNUZRef", "float8e4m3fnuzref", "DT_FLOAT8_E4M3FNUZ_REF"],
             ["Float8E4M3B11FNUZRef", "float8e4m3b11fnuzref", "DT_FLOAT8_E4M3B11FNUZ_REF"],
             ["Float8E5M2FNUZRef", "float8e5m2fnuzref", "DT_FLOAT8_E5M2FNUZ_REF"]] in {
  def TFType_#r[0]#Type : TFType_Type<r[0], r[1], [TFType_RefTypeTrait]> {
    let summary = "TensorFlow reference type " # r[2];
    let description = "A reference (mutable tensor) element type, TensorFlow's "
      # r[2] # ": `tensor<*x!tf_type." # r[1] # ">`.";
  }
}

#endif // TFG_IR_TFTYPETYPES_TD
