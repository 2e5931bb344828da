// RUN: tfg-opt %s --tfg-stablehlo-refine-shapes | FileCheck %s

// COM: The stacked results of a TensorArray of one element (faceboxes): a
// COM: Range's size computed from constants, the gather by it static, and
// COM: the function's result type with it.
// CHECK-LABEL: func.func @range(%arg0: tensor<1x200xf32>) -> tensor<1x200xf32>
// CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<1xi64>) -> tensor<1xi32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}} -> tensor<1xi32>
// CHECK: stablehlo.multiply %{{.*}} : tensor<1xi32>
// CHECK: stablehlo.add %{{.*}} : tensor<1xi32>
// CHECK: (tensor<1x200xf32>, tensor<1xi32>) -> tensor<1x200xf32>
// CHECK: return %{{.*}} : tensor<1x200xf32>
func.func @range(%x: tensor<1x200xf32>) -> tensor<?x200xf32> {
  %start = stablehlo.constant dense<0> : tensor<i32>
  %limit = stablehlo.constant dense<1> : tensor<i32>
  %delta = stablehlo.constant dense<1> : tensor<i32>
  %span = stablehlo.subtract %limit, %start : tensor<i32>
  %a = stablehlo.convert %span : (tensor<i32>) -> tensor<i64>
  %b = stablehlo.convert %delta : (tensor<i32>) -> tensor<i64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %sa = stablehlo.sign %a : tensor<i64>
  %sb = stablehlo.sign %b : tensor<i64>
  %sab = stablehlo.multiply %sa, %sb : tensor<i64>
  %pos = stablehlo.compare GT, %sab, %z : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %aa = stablehlo.abs %a : tensor<i64>
  %ab = stablehlo.abs %b : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %m = stablehlo.maximum %ab, %one : tensor<i64>
  %m1 = stablehlo.subtract %m, %one : tensor<i64>
  %num = stablehlo.add %aa, %m1 : tensor<i64>
  %q = stablehlo.divide %num, %m : tensor<i64>
  %n = stablehlo.select %pos, %q, %z : tensor<i1>, tensor<i64>
  %shape = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %iota = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %d = stablehlo.dynamic_broadcast_in_dim %delta, %shape, dims = [] : (tensor<i32>, tensor<1xi64>) -> tensor<?xi32>
  %s = stablehlo.dynamic_broadcast_in_dim %start, %shape, dims = [] : (tensor<i32>, tensor<1xi64>) -> tensor<?xi32>
  %m2 = stablehlo.multiply %iota, %d : tensor<?xi32>
  %idx = stablehlo.add %m2, %s : tensor<?xi32>
  %g = "stablehlo.gather"(%x, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 200>} : (tensor<1x200xf32>, tensor<?xi32>) -> tensor<?x200xf32>
  return %g : tensor<?x200xf32>
}

// COM: A size computed from data stays `?`; so does a value control flow
// COM: uses, whatever its size.
// CHECK-LABEL: func.func @data
// CHECK-SAME: -> (tensor<?xi32>, tensor<?xi32>)
// CHECK: stablehlo.dynamic_iota %arg0, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
// CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
func.func @data(%n: tensor<1xi64>, %p: tensor<i1>) -> (tensor<?xi32>, tensor<?xi32>) {
  %i = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %four = stablehlo.constant dense<[4]> : tensor<1xi64>
  %j = stablehlo.dynamic_iota %four, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %r = "stablehlo.if"(%p) ({
    stablehlo.return %j : tensor<?xi32>
  }, {
    stablehlo.return %j : tensor<?xi32>
  }) : (tensor<i1>) -> tensor<?xi32>
  return %i, %r : tensor<?xi32>, tensor<?xi32>
}
