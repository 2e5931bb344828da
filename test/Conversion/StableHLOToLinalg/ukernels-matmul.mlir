// COM: tfg-linalg-to-ukernels on a matmul whose row-major output is
// COM: zero-filled right before it: a call of tfg_rt_matmul_epilogue_f32(a,
// COM: b, out, bias, residual, word) that overwrites the output (bit 0 of
// COM: the word), with an epilogue generic of bias (by column), residual,
// COM: relu, min 6 steps folded in (4 bits a step from bit 4). Without the
// COM: fill, the plain accumulating kernel.
// RUN: tfg-opt %s --tfg-linalg-to-ukernels --cse --split-input-file | FileCheck %s
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>

// COM: Bias, relu, min 6 into a buffer of its own: 1 + 16 + 3 * 256 + 4 * 4096.
// CHECK-LABEL: func.func @bias_relu6
// CHECK: memref.alloc() : memref<5x3xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<5x3xf32>
// CHECK-DAG: %[[A:.*]] = memref.cast %arg0 : memref<5x8xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[B:.*]] = memref.cast %arg1 : memref<8x3xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[O:.*]] = memref.cast %[[OUT]] : memref<5x3xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[BIAS:.*]] = memref.cast %arg2 : memref<3xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-DAG: %[[WORD:.*]] = arith.constant 17169 : i64
// CHECK: call @tfg_rt_matmul_epilogue_f32(%[[A]], %[[B]], %[[O]], %[[BIAS]], %[[O]], %[[WORD]])
// CHECK-NOT: linalg.
// CHECK: return %[[OUT]]
func.func @bias_relu6(%a: memref<5x8xf32>, %b: memref<8x3xf32>, %bias: memref<3xf32>) -> memref<5x3xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %acc = memref.alloc() : memref<5x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<5x3xf32>)
  linalg.matmul ins(%a, %b : memref<5x8xf32>, memref<8x3xf32>) outs(%acc : memref<5x3xf32>)
  %out = memref.alloc() : memref<5x3xf32>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %bias : memref<5x3xf32>, memref<3xf32>) outs(%out : memref<5x3xf32>) {
  ^bb0(%c: f32, %x: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maximumf %s, %zero : f32
    %n = arith.minimumf %six, %m : f32
    linalg.yield %n : f32
  }
  memref.dealloc %acc : memref<5x3xf32>
  return %out : memref<5x3xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
// COM: Only the fill folds (the epilogue multiplies: it stays); a residual
// COM: add in place on the residual with a bias read from a global, read
// COM: again at the call: 1 + 1 * 16 + 2 * 256 = 529.
// CHECK-LABEL: func.func @fill_only_and_residual
// CHECK: memref.collapse_shape %{{.*}} {{\[}}[0, 1]] : memref<5x3xf32> into memref<15xf32>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: call @tfg_rt_matmul_epilogue_f32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C1]])
// CHECK: linalg.generic
// CHECK: %[[G:.*]] = memref.get_global @bias
// CHECK-DAG: %[[GB:.*]] = memref.cast %[[G]]
// CHECK-DAG: %[[R:.*]] = memref.cast %arg2
// CHECK-DAG: %[[WORD:.*]] = arith.constant 529 : i64
// CHECK: call @tfg_rt_matmul_epilogue_f32(%{{.*}}, %{{.*}}, %[[R]], %[[GB]], %[[R]], %[[WORD]])
// CHECK-NOT: linalg.matmul
memref.global "private" constant @bias : memref<3xf32> = dense<[1.0, 2.0, 3.0]>
func.func @fill_only_and_residual(%a: memref<5x8xf32>, %b: memref<8x3xf32>, %r: memref<5x3xf32>, %o: memref<5x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<5x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<5x3xf32>)
  linalg.matmul ins(%a, %b : memref<5x8xf32>, memref<8x3xf32>) outs(%acc : memref<5x3xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %r : memref<5x3xf32>, memref<5x3xf32>) outs(%o : memref<5x3xf32>) {
  ^bb0(%c: f32, %x: f32, %out: f32):
    %p = arith.mulf %c, %x : f32
    linalg.yield %p : f32
  }
  %bias = memref.get_global @bias : memref<3xf32>
  %acc2 = memref.alloc() : memref<5x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc2 : memref<5x3xf32>)
  linalg.matmul ins(%a, %b : memref<5x8xf32>, memref<8x3xf32>) outs(%acc2 : memref<5x3xf32>)
  linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d1)>, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc2, %bias, %r : memref<5x3xf32>, memref<3xf32>, memref<5x3xf32>) outs(%r : memref<5x3xf32>) {
  ^bb0(%c: f32, %x: f32, %y: f32, %out: f32):
    %s = arith.addf %c, %x : f32
    %t = arith.addf %y, %s : f32
    linalg.yield %t : f32
  }
  memref.dealloc %acc : memref<5x3xf32>
  memref.dealloc %acc2 : memref<5x3xf32>
  return
}

// -----

// COM: No fill: the accumulating kernel.
// CHECK-LABEL: func.func @accumulates
// CHECK: call @tfg_rt_matmul_f32(
// CHECK-NOT: tfg_rt_matmul_epilogue_f32
func.func @accumulates(%a: memref<5x8xf32>, %b: memref<8x3xf32>, %c: memref<5x3xf32>) {
  linalg.matmul ins(%a, %b : memref<5x8xf32>, memref<8x3xf32>) outs(%c : memref<5x3xf32>)
  return
}
