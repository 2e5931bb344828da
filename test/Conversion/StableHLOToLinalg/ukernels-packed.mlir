// COM: tfg-linalg-to-ukernels on a convolution whose filter is a constant
// COM: global: a call of tfg_rt_conv2d_packed_f32 on a new global holding the
// COM: filter packed in panels of 16 columns (K x 16 each, zero padded). The
// COM: zero fill before it folds into the call (bit 0 of the last argument,
// COM: OVERWRITE), and so does an epilogue generic whose body is a chain of
// COM: steps, 4 bits each from bit 4: 1 bias, 2 residual, 3 relu, 4 min 6.
// RUN: tfg-opt %s --tfg-linalg-to-ukernels --cse --split-input-file | FileCheck %s
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>

// COM: The packed filter of 1x1x2x3 [[1, 2, 3], [4, 5, 6]]: one panel, rows
// COM: 1 2 3 0 ... and 4 5 6 0 ...; the unpacked global is gone.
// CHECK-LABEL: memref.global "private" constant @__tfg_packed_w : memref<32xf32> = dense_resource<__tfg_packed_w> {alignment = 64 : i64}
// CHECK-NOT: memref.global "private" constant @w :
// CHECK-LABEL: func.func @bias_relu6
// CHECK-DAG: %[[OUT:.*]] = memref.alloc() : memref<1x4x4x3xf32>
// CHECK-DAG: %[[P:.*]] = memref.get_global @__tfg_packed_w : memref<32xf32>
// CHECK-DAG: %[[IN:.*]] = memref.cast %arg0
// CHECK-DAG: %[[PC:.*]] = memref.cast %[[P]] : memref<32xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK-DAG: %[[O:.*]] = memref.cast %[[OUT]]
// CHECK-DAG: %[[B:.*]] = memref.cast %arg1
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[WORD:.*]] = arith.constant 17169 : i64
// CHECK: call @tfg_rt_conv2d_packed_f32(%[[IN]], %[[PC]], %[[O]], %[[B]], %[[O]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[WORD]])
// CHECK-NOT: linalg.
// CHECK: return %[[OUT]]
// CHECK: __tfg_packed_w: "0x040000000000803F000000400000404000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000080400000A0400000C04000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
memref.global "private" constant @w : memref<1x1x2x3xf32> = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]]> {alignment = 64 : i64}
func.func @bias_relu6(%x: memref<1x4x4x2xf32>, %bias: memref<3xf32>) -> memref<1x4x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %w = memref.get_global @w : memref<1x1x2x3xf32>
  %acc = memref.alloc() : memref<1x4x4x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x4x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x4x4x2xf32>, memref<1x1x2x3xf32>) outs(%acc : memref<1x4x4x3xf32>)
  %out = memref.alloc() : memref<1x4x4x3xf32>
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x4x4x3xf32>, memref<3xf32>) outs(%out : memref<1x4x4x3xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %b, %c : f32
    %m = arith.maximumf %s, %zero : f32
    %n = arith.minimumf %six, %m : f32
    linalg.yield %n : f32
  }
  memref.dealloc %acc : memref<1x4x4x3xf32>
  return %out : memref<1x4x4x3xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>
// COM: A 3x3 stride-2 convolution, then bias, a residual add and relu in
// COM: place on the residual (word 1 + 1 * 16 + 2 * 256 + 3 * 4096); a bias
// COM: read from a global is read again at the call.
// CHECK-LABEL: func.func @residual_in_place
// CHECK-DAG: %[[BIAS:.*]] = memref.get_global @b : memref<4xf32>
// CHECK-DAG: %[[O:.*]] = memref.cast %arg1
// CHECK-DAG: %[[B:.*]] = memref.cast %[[BIAS]]
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[WORD:.*]] = arith.constant 12817 : i64
// CHECK: call @tfg_rt_conv2d_packed_f32(%{{.*}}, %{{.*}}, %[[O]], %[[B]], %[[O]], %[[C3]], %[[C3]], %[[C2]], %[[C2]], %[[C1]], %[[C1]], %[[WORD]])
// CHECK-NOT: linalg.
// CHECK: return
memref.global "private" constant @k : memref<3x3x2x4xf32> = dense<0.5> {alignment = 64 : i64}
memref.global "private" constant @b : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]> {alignment = 64 : i64}
func.func @residual_in_place(%x: memref<1x9x9x2xf32>, %res: memref<1x4x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %k = memref.get_global @k : memref<3x3x2x4xf32>
  %acc = memref.alloc() : memref<1x4x4x4xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x4x4xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : memref<1x9x9x2xf32>, memref<3x3x2x4xf32>) outs(%acc : memref<1x4x4x4xf32>)
  %bias = memref.get_global @b : memref<4xf32>
  linalg.generic {indexing_maps = [#id, #last, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias, %res : memref<1x4x4x4xf32>, memref<4xf32>, memref<1x4x4x4xf32>) outs(%res : memref<1x4x4x4xf32>) {
  ^bb0(%c: f32, %b: f32, %r: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    %t = arith.addf %r, %s : f32
    %m = arith.maximumf %t, %zero : f32
    linalg.yield %m : f32
  }
  memref.dealloc %acc : memref<1x4x4x4xf32>
  return
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>
// COM: What stays apart: a generic whose body is no chain of steps (the
// COM: fill still folds: word 1); a generic after a read of the buffer
// COM: between (word 1); a convolution without a fill accumulates (word 0);
// COM: a filter that is no constant keeps the kernel that packs per call.
// COM: The filter global another function reads stays.
// CHECK-LABEL: func.func @apart
// CHECK: call @tfg_rt_conv2d_packed_f32({{.*}}, %c1_i64)
// CHECK: linalg.generic
// CHECK: arith.mulf
// CHECK: call @tfg_rt_conv2d_packed_f32({{.*}}, %c1_i64)
// CHECK: memref.load
// CHECK: linalg.generic
// CHECK: call @tfg_rt_conv2d_packed_f32({{.*}}, %c0_i64)
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_f32(
// CHECK-LABEL: func.func @reads_w
// CHECK: memref.get_global @w2
memref.global "private" constant @w2 : memref<1x1x2x3xf32> = dense<1.0> {alignment = 64 : i64}
func.func @apart(%x: memref<1x4x4x2xf32>, %bias: memref<3xf32>, %wk: memref<1x1x2x3xf32>, %o1: memref<1x4x4x3xf32>, %o2: memref<1x4x4x3xf32>, %o3: memref<1x4x4x3xf32>, %o4: memref<1x4x4x3xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : index
  %w = memref.get_global @w2 : memref<1x1x2x3xf32>
  %acc = memref.alloc() : memref<1x4x4x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x4x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x4x4x2xf32>, memref<1x1x2x3xf32>) outs(%acc : memref<1x4x4x3xf32>)
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x4x4x3xf32>, memref<3xf32>) outs(%o1 : memref<1x4x4x3xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.mulf %c, %b : f32
    linalg.yield %s : f32
  }
  %acc2 = memref.alloc() : memref<1x4x4x3xf32>
  %out2 = memref.alloc() : memref<1x4x4x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc2 : memref<1x4x4x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x4x4x2xf32>, memref<1x1x2x3xf32>) outs(%acc2 : memref<1x4x4x3xf32>)
  %v = memref.load %acc2[%i0, %i0, %i0, %i0] : memref<1x4x4x3xf32>
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc2, %bias : memref<1x4x4x3xf32>, memref<3xf32>) outs(%out2 : memref<1x4x4x3xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  }
  memref.copy %out2, %o2 : memref<1x4x4x3xf32> to memref<1x4x4x3xf32>
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x4x4x2xf32>, memref<1x1x2x3xf32>) outs(%o3 : memref<1x4x4x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %wk : memref<1x4x4x2xf32>, memref<1x1x2x3xf32>) outs(%o4 : memref<1x4x4x3xf32>)
  return %v : f32
}
func.func @reads_w() -> memref<1x1x2x3xf32> {
  %w = memref.get_global @w2 : memref<1x1x2x3xf32>
  return %w : memref<1x1x2x3xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// COM: A residual add written in place on the convolution's own input is not
// COM: fused (other tiles still read the input): word 1 and the generic.
// CHECK-LABEL: func.func @output_is_input
// CHECK: call @tfg_rt_conv2d_packed_f32({{.*}}, %c1_i64)
// CHECK: linalg.generic
memref.global "private" constant @sq : memref<1x1x3x3xf32> = dense<1.0> {alignment = 64 : i64}
func.func @output_is_input(%x: memref<1x4x4x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = memref.get_global @sq : memref<1x1x3x3xf32>
  %acc = memref.alloc() : memref<1x4x4x3xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x4x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x4x4x3xf32>, memref<1x1x3x3xf32>) outs(%acc : memref<1x4x4x3xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %x : memref<1x4x4x3xf32>, memref<1x4x4x3xf32>) outs(%x : memref<1x4x4x3xf32>) {
  ^bb0(%c: f32, %r: f32, %o: f32):
    %s = arith.addf %c, %r : f32
    linalg.yield %s : f32
  }
  memref.dealloc %acc : memref<1x4x4x3xf32>
  return
}
