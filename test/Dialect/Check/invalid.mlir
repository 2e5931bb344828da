// RUN: tfg-opt %s --split-input-file --verify-diagnostics

func.func @different_types(%a: tensor<2xi32>, %b: tensor<2xi64>) {
  // expected-error @+1 {{all operands to have the same type}}
  "check.expect_eq"(%a, %b) : (tensor<2xi32>, tensor<2xi64>) -> ()
  return
}

// -----

func.func @const_type(%a: tensor<2xi32>) {
  // expected-error @+1 {{failed to verify that all of {lhs, value} have same type}}
  "check.expect_eq_const"(%a) {value = dense<[1, 2, 3]> : tensor<3xi32>} : (tensor<2xi32>) -> ()
  return
}

// -----

func.func @almost_eq_ints(%a: tensor<2xi32>) {
  // expected-error @+1 {{operand #0 must be tensor of floating-point or complex-type values}}
  check.expect_almost_eq %a, %a : tensor<2xi32>
  return
}

// -----

func.func @negative_tolerance(%a: tensor<2xf32>) {
  // expected-error @+1 {{tolerance must be finite and not negative, not -1}}
  check.expect_almost_eq %a, %a, tolerance = -1.0 : tensor<2xf32>
  return
}

// -----

func.func @nan_tolerance(%a: tensor<f32>) {
  // expected-error @+1 {{tolerance must be finite and not negative, not nan}}
  check.expect_almost_eq_const %a, dense<1.0> : tensor<f32>, tolerance = 0x7FF8000000000000
  return
}

// -----

func.func @ulp_range(%a: tensor<2xf32>) {
  // expected-error @+1 {{min_ulp_difference (4) exceeds max_ulp_difference (3)}}
  check.expect_close %a, %a, max_ulp_difference = 3, min_ulp_difference = 4 : tensor<2xf32>, tensor<2xf32>
  return
}

// -----

func.func @close_shapes(%a: tensor<2xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{all of {actual, expected} have same type}}
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<2xf32>, tensor<3xf32>
  return
}

// -----

func.func @empty_probe(%a: tensor<2xi32>) {
  // expected-error @+1 {{probe_id must not be empty}}
  check.expect_serialized_eq %a, probe_id = "" : tensor<2xi32>
  return
}

// -----

func.func @not_a_tensor(%a: i32) {
  // expected-error @+1 {{operand #0 must be tensor of any type values}}
  "check.expect_eq"(%a, %a) : (i32, i32) -> ()
  return
}
