// Constraints of the elementwise ops are diagnostics.
// RUN: tfg-opt --split-input-file --verify-diagnostics %s

func.func @add_types_differ(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error @+2 {{operands have different types}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @add_result_type(%a: tensor<2xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  func.return
}

// -----

func.func @add_shapes(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape}}
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @shift_on_float(%a: tensor<2xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of integer values}}
  %0 = stablehlo.shift_left %a, %a : tensor<2xf32>
  func.return
}

// -----

func.func @sqrt_on_int(%a: tensor<2xi32>) {
  // expected-error @+1 {{must be ranked tensor of floating-point or complex or quantized values}}
  %0 = stablehlo.sqrt %a : tensor<2xi32>
  func.return
}

// -----

func.func @abs_unsigned_result(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+2 {{inferred type(s) 'tensor<2xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @compare_element_types(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{operands must have the same element type}}
  %0 = stablehlo.compare LT, %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  func.return
}

// -----

func.func @compare_type_mismatch(%a: tensor<2xi32>) {
  // expected-error @+1 {{compare_type FLOAT does not fit the element type 'i32'}}
  %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  func.return
}

// -----

func.func @compare_unsigned_needed(%a: tensor<2xi1>) {
  // expected-error @+1 {{compare_type SIGNED does not fit the element type 'i1'}}
  %0 = stablehlo.compare EQ, %a, %a, SIGNED : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  func.return
}

// -----

func.func @compare_bad_direction(%a: tensor<2xi32>) {
  // expected-error @+2 {{expected ::mlir::tfg::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @+1 {{failed to parse StableHLO_ComparisonDirectionAttr parameter 'value'}}
  %0 = stablehlo.compare XX, %a, %a : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  func.return
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %a: tensor<2xf32>) {
  // expected-error @+1 {{pred must be a scalar or have the shape of on_true}}
  %0 = stablehlo.select %p, %a, %a : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @select_branch_types(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error @+2 {{select: on_true and on_false must have the same type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @clamp_min_shape(%m: tensor<3xf32>, %a: tensor<2xf32>) {
  // expected-error @+1 {{min must be a scalar or have the operand's shape}}
  %0 = stablehlo.clamp %m, %a, %a : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @clamp_max_type(%m: tensor<f32>, %a: tensor<2xf32>, %x: tensor<i32>) {
  // expected-error @+1 {{max has element type 'i32', the operand 'f32'}}
  %0 = stablehlo.clamp %m, %a, %x : (tensor<f32>, tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @complex_parts(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+2 {{complex: lhs and rhs must have the same type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @bitcast_shape(%a: tensor<2xf32>) {
  // expected-error @+1 {{result shape must equal the operand shape when the bit widths are equal}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<3xi32>
  func.return
}

// -----

func.func @bitcast_narrower(%a: tensor<2xf32>) {
  // expected-error @+1 {{result shape must be the operand shape followed by 4}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x2xi8>
  func.return
}

// -----

func.func @bitcast_wider(%a: tensor<2x3xi16>) {
  // expected-error @+1 {{operand shape must be the result shape followed by 2}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2x3xi16>) -> tensor<2xi32>
  func.return
}

// -----

func.func @bitcast_complex(%a: tensor<2xcomplex<f32>>) {
  // expected-error @+1 {{cannot convert between complex and other types}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xcomplex<f32>>) -> tensor<2xi64>
  func.return
}

// -----

func.func @reduce_precision_bits(%a: tensor<2xf32>) {
  // expected-error @+1 {{exponent_bits must be at least 1, is 0}}
  %0 = stablehlo.reduce_precision %a, format = e0m10 : tensor<2xf32>
  func.return
}

// -----

func.func @reduce_precision_format(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected a format like e5m10, got 'x5m10'}}
  %0 = stablehlo.reduce_precision %a, format = x5m10 : tensor<2xf32>
  func.return
}

// -----

func.func @dequantize_type(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) {
  // expected-error @+1 {{result element type must be the expressed type 'f32', is 'f64'}}
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf64>
  func.return
}

// -----

func.func @constant_type() {
  // expected-error @+2 {{inferred type(s) 'tensor<2xi32>' are incompatible with return type(s) of operation 'tensor<3xi32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<3xi32>
  func.return
}

// -----

func.func @constant_not_elements() {
  // expected-error @+1 {{expected an elements attribute}}
  %0 = stablehlo.constant 1 : i32
  func.return
}

// -----

func.func @same_type_arity(%a: tensor<2xf32>) {
  // expected-error @+1 {{expected 2 operand types and 1 result type}}
  %0 = stablehlo.add %a, %a : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}
