// COM: tfg-fuse-elementwise fuses a producer into its consumer when each of
// COM: its elements is still computed once (the consumer reads it through a
// COM: permutation of all loops) or when it only moves data (a broadcast);
// COM: a sigmoid over a [1, 1, 1, C] vector stays a generic of its own
// COM: instead of being recomputed for every pixel.
// RUN: tfg-opt %s --tfg-fuse-elementwise | FileCheck %s
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#vec = affine_map<(d0, d1, d2, d3) -> (d0, 0, 0, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @squeeze_excite
// COM: The sigmoid on the vector: not fused.
// CHECK: %[[S:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<1x1x1x8xf32>)
// CHECK: math.exp
// COM: The bias broadcast and the add/relu: fused into one consumer with the scale.
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}, #{{.*}}]{{.*}} ins(%arg0, %arg2, %[[S]] :
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: arith.mulf
// CHECK-NOT: linalg.generic
func.func @squeeze_excite(%x: tensor<1x4x4x8xf32>, %v: tensor<1x1x1x8xf32>, %bias: tensor<8xf32>) -> tensor<1x4x4x8xf32> {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %ev = tensor.empty() : tensor<1x1x1x8xf32>
  %sig = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%v : tensor<1x1x1x8xf32>) outs(%ev : tensor<1x1x1x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    %e = math.exp %n : f32
    %d = arith.addf %e, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<1x1x1x8xf32>
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %bb = linalg.generic {indexing_maps = [#last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bias : tensor<8xf32>) outs(%e : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<1x4x4x8xf32>
  %act = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %bb : tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) outs(%e : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #vec, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%act, %sig : tensor<1x4x4x8xf32>, tensor<1x1x1x8xf32>) outs(%e : tensor<1x4x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x8xf32>
  return %r : tensor<1x4x4x8xf32>
}

// COM: A reshape next to a matmul is not folded into it (it would become a
// COM: linalg.generic, without a micro-kernel).
// CHECK-LABEL: func.func @matmul_reshape
// CHECK: linalg.matmul
// CHECK: tensor.expand_shape
func.func @matmul_reshape(%a: tensor<32x16xf32>, %b: tensor<16x6xf32>) -> tensor<1x8x4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x6xf32>) -> tensor<32x6xf32>
  %m = linalg.matmul ins(%a, %b : tensor<32x16xf32>, tensor<16x6xf32>) outs(%f : tensor<32x6xf32>) -> tensor<32x6xf32>
  %r = tensor.expand_shape %m [[0, 1, 2], [3]] output_shape [1, 8, 4, 6] : tensor<32x6xf32> into tensor<1x8x4x6xf32>
  %e2 = tensor.empty() : tensor<1x8x4x6xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%r : tensor<1x8x4x6xf32>) outs(%e2 : tensor<1x8x4x6xf32>) {
  ^bb0(%x: f32, %o: f32):
    %s = arith.maximumf %x, %zero : f32
    linalg.yield %s : f32
  } -> tensor<1x8x4x6xf32>
  return %g : tensor<1x8x4x6xf32>
}
