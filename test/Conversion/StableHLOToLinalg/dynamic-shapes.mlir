// RUN: tfg-opt %s --stablehlo-to-linalg --split-input-file --verify-diagnostics

// COM: The code generator takes static shapes only: what the lowering of
// COM: Where or NonMaxSuppression emits (a buffer cut by dynamic_pad to a
// COM: `?` size) is refused at the op whose type has the `?`, even when its
// COM: operands are static.
func.func @cut(%x: tensor<4xi64>, %count: tensor<i64>) -> tensor<?xi64> {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %lo = stablehlo.constant dense<0> : tensor<1xi64>
  %four = stablehlo.constant dense<4> : tensor<i64>
  %cut = stablehlo.subtract %count, %four : tensor<i64>
  %hi = stablehlo.reshape %cut : (tensor<i64>) -> tensor<1xi64>
  // expected-error @+1 {{stablehlo-to-linalg: result type 'tensor<?xi64>' is not a static ranked tensor without bounds}}
  %r = stablehlo.dynamic_pad %x, %z, %lo, %hi, %lo : (tensor<4xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// -----

func.func @shape_operand(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error @+1 {{stablehlo-to-linalg: result type 'tensor<?x?xf32>' is not a static ranked tensor without bounds}}
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// COM: A `?` size is found before anything is lowered, nested in a region
// COM: and after an op the code generator does not take (sort).
func.func @nested(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %s = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>) -> tensor<4xf32>
  %r = "stablehlo.if"(%p) ({
    %n = stablehlo.constant dense<[4]> : tensor<1xi64>
    // expected-error @+1 {{stablehlo-to-linalg: result type 'tensor<?xf32>' is not a static ranked tensor without bounds}}
    %d = stablehlo.dynamic_reshape %s, %n : (tensor<4xf32>, tensor<1xi64>) -> tensor<?xf32>
    %e = stablehlo.reshape %d : (tensor<?xf32>) -> tensor<4xf32>
    stablehlo.return %e : tensor<4xf32>
  }, {
    stablehlo.return %s : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
