// RUN: tfg-opt %s --split-input-file --verify-diagnostics

func.func @too_few_operands(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.AddV2' op has 1 operands, but its OpDef gives 2}}
  %0 = "tf.AddV2"(%arg0) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @too_many_results(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.Neg' op has 2 results, but its OpDef gives 1}}
  %0:2 = "tf.Neg"(%arg0) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func @number_attr_mismatch(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.AddN' op has 2 operands, but its OpDef gives 3}}
  %0 = "tf.AddN"(%arg0, %arg0) {N = 3 : i64} : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @variadic_too_few(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.ConcatV2' op has 0 values for 'values', below the minimum 2 of 'N'}}
  %0 = "tf.ConcatV2"(%arg0) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @type_attr_mismatch(%arg0: tensor<f32>, %arg1: tensor<i32>) {
  // expected-error @+1 {{'tf.AddV2' op operand #1 (y) has type 'tensor<i32>', but its OpDef wants 'f32'}}
  %0 = "tf.AddV2"(%arg0, %arg1) : (tensor<f32>, tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @explicit_type_attr(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.Neg' op operand #0 (x) has type 'tensor<f32>', but its OpDef wants 'i32'}}
  %0 = "tf.Neg"(%arg0) {T = i32} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @fixed_type(%arg0: tensor<f32>, %arg1: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Reshape' op operand #1 (shape) has type 'tensor<2xf32>', but its OpDef wants 'i32'}}
  %0 = "tf.Reshape"(%arg0, %arg1) {Tshape = i32} : (tensor<f32>, tensor<2xf32>) -> tensor<f32>
  return
}

// -----

func.func @not_a_tensor(%arg0: f32) {
  // expected-error @+1 {{'tf.Neg' op operand #0 (x) must be a tensor, got 'f32'}}
  %0 = "tf.Neg"(%arg0) : (f32) -> tensor<f32>
  return
}

// -----

func.func @type_not_allowed(%arg0: tensor<!tf_type.string>) {
  // expected-error @+1 {{'tf.Neg' op attribute 'T' is !tf_type.string, which its OpDef does not allow}}
  %0 = "tf.Neg"(%arg0) {T = !tf_type.string} : (tensor<!tf_type.string>) -> tensor<!tf_type.string>
  return
}

// -----

func.func @derived_type_not_allowed(%arg0: tensor<!tf_type.string>) {
  // expected-error @+1 {{'tf.Neg' op type '!tf_type.string' of 'T' is not one its OpDef allows}}
  %0 = "tf.Neg"(%arg0) : (tensor<!tf_type.string>) -> tensor<!tf_type.string>
  return
}

// -----

func.func @missing_attr() {
  // expected-error @+1 {{'tf.Const' op requires attribute 'value' (tensor)}}
  %0 = "tf.Const"() {dtype = f32} : () -> tensor<f32>
  return
}

// -----

func.func @wrong_attr_kind(%arg0: tensor<4xf32>) {
  // expected-error @+1 {{'tf.Relu6' op attribute 'T' must be of kind type, got 1 : i64}}
  %0 = "tf.Relu6"(%arg0) {T = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @string_not_allowed(%arg0: tensor<1x4x4x1xf32>) {
  // expected-error @+1 {{'tf.MaxPool' op attribute 'padding' is "FULL", which its OpDef does not allow}}
  %0 = "tf.MaxPool"(%arg0) {ksize = [1, 2, 2, 1], strides = [1, 1, 1, 1], padding = "FULL"} : (tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32>
  return
}

// -----

func.func @below_minimum(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.AddN' op attribute 'N' is 0, below its minimum 1}}
  %0 = "tf.AddN"() {N = 0 : i64} : () -> tensor<f32>
  return
}

// -----

func.func @number_attr_kind(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.AddN' op attribute 'N' must be of kind int, got "x"}}
  %0 = "tf.AddN"(%arg0) {N = "x"} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @type_list_not_list(%arg0: tensor<f32>) {
  // expected-error @+1 {{'tf.IdentityN' op attribute 'T' must be of kind list(type), got f32}}
  %0 = "tf.IdentityN"(%arg0) {T = f32} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @custom_form() {
  // expected-error @+2 {{tf ops are written in generic form}}
  tf.NoOp
  return
}
