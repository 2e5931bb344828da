// Dimension sizes are untrusted: sums and products that do not fit in 64
// bits leave the inferred size dynamic instead of overflowing, and results
// that do not match are still diagnostics.
// RUN: tfg-opt --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: func @concatenate_huge
// CHECK: stablehlo.concatenate {{.*}} -> tensor<?xf32>
func.func @concatenate_huge(%a: tensor<4611686018427387903xf32>) -> tensor<?xf32> {
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<4611686018427387903xf32>, tensor<4611686018427387903xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func @all_gather_huge
// CHECK: stablehlo.all_gather
func.func @all_gather_huge(%a: tensor<4611686018427387903xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4611686018427387903xf32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @pad_huge(%a: tensor<4611686018427387903xf32>, %v: tensor<f32>) {
  // expected-error @+2 {{padded dimension 0 has an invalid size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %a, %v, low = [0], high = [0], interior = [9223372036854775807] : (tensor<4611686018427387903xf32>, tensor<f32>) -> tensor<?xf32>
  func.return
}

// -----

// COM: The dilated size does not fit in 64 bits: the window count is unknown.
// CHECK-LABEL: func @reduce_window_huge
// CHECK: stablehlo.reduce_window
func.func @reduce_window_huge(%a: tensor<4611686018427387903xf32>, %f: tensor<f32>) {
  %0 = "stablehlo.reduce_window"(%a, %f) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {window_dimensions = array<i64: 1>, base_dilations = array<i64: 9223372036854775807>} : (tensor<4611686018427387903xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}
