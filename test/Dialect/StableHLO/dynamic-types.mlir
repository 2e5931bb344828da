// RUN: tfg-opt %s --split-input-file --verify-diagnostics | tfg-opt | FileCheck %s

// COM: `?` sizes verify where the specification allows them: elementwise
// COM: ops on compatible shapes, gather with a `?` index count, reshape from
// COM: `?` to a static type, concatenate, reduce and sort, and the ops that
// COM: take sizes as operands (dynamic_pad with negative edges,
// COM: dynamic_reshape, dynamic_broadcast_in_dim, dynamic_iota,
// COM: get_dimension_size). The text round-trips.
// CHECK-LABEL: func.func @dynamic
// CHECK: stablehlo.add %arg0, %arg1 : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
// CHECK: "stablehlo.gather"
// CHECK-SAME: (tensor<?x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
// CHECK: stablehlo.reshape %{{.*}} : (tensor<?x4xf32>) -> tensor<8x4xf32>
// CHECK: stablehlo.concatenate %arg3, %arg3, dim = 0 : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
// CHECK: stablehlo.get_dimension_size %arg2, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
// CHECK: stablehlo.dynamic_pad %{{.*}} : (tensor<?x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x4xf32>
// CHECK: stablehlo.dynamic_reshape %{{.*}} : (tensor<?xi32>, tensor<1xi64>) -> tensor<?xi32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, dims = [] : (tensor<i32>, tensor<1xi64>) -> tensor<?xi32>
// CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
// CHECK: stablehlo.reduce
// CHECK: "stablehlo.sort"
// CHECK: (tensor<?xi32>) -> tensor<?xi32>
func.func @dynamic(%a: tensor<?xf32>, %b: tensor<3xf32>, %c: tensor<?x4xf32>, %i: tensor<?xi32>, %n: tensor<i32>) -> (tensor<?xf32>, tensor<?x4xf32>, tensor<8x4xf32>, tensor<?xi32>, tensor<i32>, tensor<?x4xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<i32>, tensor<?xi32>) {
  %0 = stablehlo.add %a, %b : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  %1 = "stablehlo.gather"(%c, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<?x4xf32>, tensor<?xi32>) -> tensor<?x4xf32>
  %2 = stablehlo.reshape %1 : (tensor<?x4xf32>) -> tensor<8x4xf32>
  %3 = stablehlo.concatenate %i, %i, dim = 0 : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  %4 = stablehlo.get_dimension_size %c, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %lo = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[-1, 0]> : tensor<2xi64>
  %5 = stablehlo.dynamic_pad %1, %z, %lo, %hi, %lo : (tensor<?x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x4xf32>
  %s = stablehlo.constant dense<[3]> : tensor<1xi64>
  %6 = stablehlo.dynamic_reshape %i, %s : (tensor<?xi32>, tensor<1xi64>) -> tensor<?xi32>
  %7 = stablehlo.dynamic_broadcast_in_dim %n, %s, dims = [] : (tensor<i32>, tensor<1xi64>) -> tensor<?xi32>
  %8 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %9 = stablehlo.reduce(%i init: %c0) applies stablehlo.add across dimensions = [0] : (tensor<?xi32>, tensor<i32>) -> tensor<i32>
  %10 = "stablehlo.sort"(%i) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %gt = stablehlo.compare GT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<?xi32>) -> tensor<?xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<?xf32>, tensor<?x4xf32>, tensor<8x4xf32>, tensor<?xi32>, tensor<i32>, tensor<?x4xf32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<i32>, tensor<?xi32>
}

// -----

// COM: A static size still has to agree with a static one.
func.func @incompatible(%a: tensor<?x4xf32>) -> tensor<?x5xf32> {
  // expected-error @+1 {{'stablehlo.add' op all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.add %a, %a : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @reshape_rank(%a: tensor<?x4xf32>, %s: tensor<3xi64>) -> tensor<?x4xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_reshape' op output_shape must have 2 elements}}
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<?x4xf32>, tensor<3xi64>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @pad_rank(%a: tensor<?x4xf32>, %i: tensor<2xi64>) -> tensor<?x4x1xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{'stablehlo.dynamic_pad' op result must have the operand's rank}}
  %0 = stablehlo.dynamic_pad %a, %z, %i, %i, %i : (tensor<?x4xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x4x1xf32>
  return %0 : tensor<?x4x1xf32>
}

// -----

func.func @concatenate(%a: tensor<?x4xf32>) -> tensor<?x5xf32> {
  // expected-error @+2 {{'stablehlo.concatenate' op inferred type(s) 'tensor<?x4xf32>' are incompatible with return type(s) of operation 'tensor<?x5xf32>'}}
  // expected-error @+1 {{'stablehlo.concatenate' op failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @iota_dimension(%s: tensor<2xi64>) -> tensor<?x4xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_iota' op iota_dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
