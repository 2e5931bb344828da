//===- TFTypeAttrs.td - tf_type attributes -----------------*- tablegen -*-===//
//
// Attributes for GraphDef data that has no builtin MLIR form: versions,
// function references with attributes, placeholders of generic functions,
// shapes, full types and tensors kept as serialized TensorProtos.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_IR_TFTYPEATTRS_TD
#define TFG_IR_TFTYPEATTRS_TD

include "tfg/IR/TFTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"

def TFType_VersionAttr : TFType_Attr<"Version", "version"> {
  let summary = "GraphDef version information (VersionDef)";
  let description = [{
    The `versions` of a GraphDef: the producer version, the minimum consumer
    version and the consumer versions that must not load the graph.

    ```mlir
    #tf_type.version<producer = 27, min_consumer = 12>
    #tf_type.version<producer = 27, min_consumer = 12, bad_consumers = [1, 4]>
    ```
  }];
  let parameters = (ins "int32_t":$producer, "int32_t":$min_consumer,
                        OptionalArrayRefParameter<"int32_t">:$bad_consumers);
  let hasCustomAssemblyFormat = 1;
}

def TFType_FuncAttr : TFType_Attr<"Func", "func"> {
  let summary = "A function reference with attributes (NameAttrList)";
  let description = [{
    TensorFlow's `func` attribute values: a symbol naming a function of the
    library and the attributes it is instantiated with.

    ```mlir
    #tf_type.func<@body, {T = f32}>
    ```
  }];
  let parameters = (ins "::mlir::SymbolRefAttr":$name,
                        "::mlir::DictionaryAttr":$attrs);
  // `<@name, {...}>`; an empty name prints as `""`, as TensorFlow prints it.
  let hasCustomAssemblyFormat = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$name, "::mlir::DictionaryAttr":$attrs), [{
      return $_get($_ctxt, ::mlir::SymbolRefAttr::get($_ctxt, name), attrs);
    }]>
  ];
}

def TFType_PlaceholderAttr : TFType_Attr<"Placeholder", "placeholder"> {
  let summary = "A reference to an attribute of the enclosing function";
  let description = [{
    An attribute value that is filled in when a generic function is
    instantiated (AttrValue's `placeholder` field).

    ```mlir
    #tf_type.placeholder<"T">
    ```
  }];
  let parameters = (ins StringRefParameter<"attribute name">:$value);
  let assemblyFormat = "`<` $value `>`";
}

def TFType_ShapeAttr : TFType_Attr<"Shape", "shape"> {
  let summary = "A possibly partial tensor shape (TensorShapeProto)";
  let description = [{
    A shape with known (`2`) and unknown (`?`) dimensions, a scalar (`<>`) or
    an unranked shape (`<*>`). Dimensions may be named (TensorShapeProto's
    `Dim.name`): the names follow, one per dimension (`""` for none); a
    shape without names prints as TensorFlow's tfg prints it.

    ```mlir
    #tf_type.shape<2x?x3>
    #tf_type.shape<>
    #tf_type.shape<*>
    #tf_type.shape<2x?, names = ["batch", ""]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape, "bool":$unranked,
                        OptionalArrayRefParameter<"::mlir::StringAttr">:$names);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "::llvm::ArrayRef<int64_t>":$shape, "bool":$unranked,
                     CArg<"::llvm::ArrayRef<::mlir::StringAttr>", "{}">:$names), [{
      return $_get($_ctxt, shape, unranked, names);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Ranked shape; unknown dimensions are ShapedType::kDynamic.
    static ShapeAttr get(::mlir::MLIRContext *context,
                         ::llvm::ArrayRef<int64_t> shape);
    /// Ranked shape with its dimensions' names (empty: none). Names that are
    /// all empty are no names.
    static ShapeAttr getNamed(::mlir::MLIRContext *context,
                              ::llvm::ArrayRef<int64_t> shape,
                              ::llvm::ArrayRef<::mlir::StringAttr> names);
    /// Unranked shape.
    static ShapeAttr getUnranked(::mlir::MLIRContext *context);
    bool hasRank() const { return !getUnranked(); }
    int64_t getRank() const;
    bool hasStaticShape() const;
  }];
}

// FullTypeId of full_type.proto (numbers are wire facts).
def TFType_FullTypeId : I32EnumAttr<"FullTypeId", "TensorFlow FullTypeId", [
    I32EnumAttrCase<"TFT_UNSET", 0, "unset">, I32EnumAttrCase<"TFT_VAR", 1, "var">,
    I32EnumAttrCase<"TFT_ANY", 2, "any">, I32EnumAttrCase<"TFT_PRODUCT", 3, "product">,
    I32EnumAttrCase<"TFT_NAMED", 4, "named">, I32EnumAttrCase<"TFT_FOR_EACH", 20, "for_each">,
    I32EnumAttrCase<"TFT_CALLABLE", 100, "callable">, I32EnumAttrCase<"TFT_TENSOR", 1000, "tensor">,
    I32EnumAttrCase<"TFT_ARRAY", 1001, "array">, I32EnumAttrCase<"TFT_OPTIONAL", 1002, "optional">,
    I32EnumAttrCase<"TFT_LITERAL", 1003, "literal">, I32EnumAttrCase<"TFT_ENCODED", 1004, "encoded">,
    I32EnumAttrCase<"TFT_SHAPE_TENSOR", 1005, "shape_tensor">, I32EnumAttrCase<"TFT_BOOL", 200, "bool">,
    I32EnumAttrCase<"TFT_UINT8", 201, "uint8">, I32EnumAttrCase<"TFT_UINT16", 202, "uint16">,
    I32EnumAttrCase<"TFT_UINT32", 203, "uint32">, I32EnumAttrCase<"TFT_UINT64", 204, "uint64">,
    I32EnumAttrCase<"TFT_INT8", 205, "int8">, I32EnumAttrCase<"TFT_INT16", 206, "int16">,
    I32EnumAttrCase<"TFT_INT32", 207, "int32">, I32EnumAttrCase<"TFT_INT64", 208, "int64">,
    I32EnumAttrCase<"TFT_HALF", 209, "half">, I32EnumAttrCase<"TFT_FLOAT", 210, "float">,
    I32EnumAttrCase<"TFT_DOUBLE", 211, "double">, I32EnumAttrCase<"TFT_COMPLEX64", 212, "complex64">,
    I32EnumAttrCase<"TFT_COMPLEX128", 213, "complex128">, I32EnumAttrCase<"TFT_STRING", 214, "string">,
    I32EnumAttrCase<"TFT_BFLOAT16", 215, "bfloat16">, I32EnumAttrCase<"TFT_DATASET", 10102, "dataset">,
    I32EnumAttrCase<"TFT_RAGGED", 10103, "ragged">, I32EnumAttrCase<"TFT_ITERATOR", 10104, "iterator">,
    I32EnumAttrCase<"TFT_MUTEX_LOCK", 10202, "mutex_lock">,
    I32EnumAttrCase<"TFT_LEGACY_VARIANT", 10203, "legacy_variant">]> {
  let cppNamespace = "::mlir::tf_type";
  let genSpecializedAttr = 0;
}

def TFType_FullTypeAttr : TFType_Attr<"FullType", "full_type"> {
  let summary = "TensorFlow full type (FullTypeDef)";
  let description = [{
    A FullTypeDef: a type constructor, its arguments and an optional string or
    integer attribute. Every FullTypeId prints by name; an id unknown to this
    version prints as its number so nothing is lost.

    ```mlir
    #tf_type.full_type<product<tensor<float>, array<tensor<int32>>>>
    #tf_type.full_type<var "T">
    #tf_type.full_type<literal 3>
    #tf_type.full_type<unset>
    ```
  }];
  let parameters = (ins "uint32_t":$type_id,
                        ArrayRefParameter<"::mlir::tf_type::FullTypeAttr">:$args,
                        "::mlir::Attribute":$attr);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def TFType_GpuDeviceMetadataAttr : TFType_Attr<"GpuDeviceMetadata",
                                               "gpu_device_metadata"> {
  let summary = "A GPU's compute capability";
  let description = [{
    The compute capability of a GPU device, which TensorFlow records with
    the devices of a module.

    ```mlir
    #tf_type.gpu_device_metadata<cc_major = 8, cc_minor = 6>
    ```
  }];
  let parameters = (ins "int32_t":$cc_major, "int32_t":$cc_minor);
  let assemblyFormat = "`<` struct(params) `>`";
}

def TFType_TensorProtoAttr : TFType_Attr<"TensorProto", "tensor_proto",
                                         [TypedAttrInterface]> {
  let summary = "A tensor kept as a serialized TensorProto";
  let description = [{
    Tensor values that have no dense MLIR form (variants, resources, or data
    kept verbatim) are stored as the serialized TensorProto bytes, with the
    tensor type they describe. The bytes print as a hexadecimal string, in
    TensorFlow's spelling; the form `#tf_type.tensor_proto<"0x...">` of
    earlier tfg versions still parses.

    ```mlir
    #tf_type<tensor_proto : "0x08152202080112..."> : tensor<!tf_type.variant>
    ```
  }];
  let parameters = (ins "::mlir::ShapedType":$type, StringRefParameter<"serialized TensorProto">:$value);
  let hasCustomAssemblyFormat = 1;
}

#endif // TFG_IR_TFTYPEATTRS_TD
