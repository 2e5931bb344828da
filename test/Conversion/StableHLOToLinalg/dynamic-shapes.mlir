// RUN: tfg-opt %s --stablehlo-to-linalg --split-input-file --verify-diagnostics

// COM: `?` sizes are taken only by the ops whose lowering handles them
// COM: (docs/Codegen.md); any other op with a `?` size in its types is
// COM: refused at that op, even when its operands are static.
func.func @transpose(%x: tensor<4xi64>, %count: tensor<i64>) -> tensor<?x1xi64> {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %four = stablehlo.constant dense<4> : tensor<i64>
  %cut = stablehlo.subtract %count, %four : tensor<i64>
  %hi = stablehlo.reshape %cut : (tensor<i64>) -> tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %z, %lo, %hi, %lo : (tensor<4xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  // expected-error @+1 {{stablehlo-to-linalg: operand type 'tensor<?xi64>' is not a static ranked tensor without bounds}}
  %t = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<?xi64>) -> tensor<?x1xi64>
  return %t : tensor<?x1xi64>
}

// -----

func.func @reduce_to_dynamic(%x: tensor<?x4xf32>) -> tensor<?xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{stablehlo-to-linalg: operand type 'tensor<?x4xf32>' is not a static ranked tensor without bounds}}
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// COM: A refused `?` size is found before anything is lowered, nested in a
// COM: region.
func.func @nested(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %s = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>) -> tensor<4xf32>
  %r = "stablehlo.if"(%p) ({
    %n = stablehlo.constant dense<[4]> : tensor<1xi64>
    %d = stablehlo.dynamic_reshape %s, %n : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
    // expected-error @+1 {{stablehlo-to-linalg: operand type 'tensor<?xf32>' is not a static ranked tensor without bounds}}
    %e = stablehlo.reshape %d : (tensor<?xf32>) -> tensor<4xf32>
    stablehlo.return %e : tensor<4xf32>
  }, {
    stablehlo.return %s : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
