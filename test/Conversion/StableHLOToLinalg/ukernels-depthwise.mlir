// COM: tfg-linalg-to-ukernels on a depthwise convolution with a row-major
// COM: filter and output: a call of tfg_rt_depthwise_f32(in, filter, out,
// COM: bias, residual, sh, sw, dh, dw, pt, pl, ph, pw, word). The zero fill
// COM: before it folds into the word (bit 0, OVERWRITE), an epilogue generic
// COM: of bias (indexed by channel and multiplier), residual, relu, min 6
// COM: steps folds into it (4 bits a step from bit 4), and a zero-padded copy
// COM: of the input read by nothing else folds into pt, pl, ph, pw: the call
// COM: reads the unpadded input.
// RUN: tfg-opt %s --tfg-linalg-to-ukernels --cse --split-input-file | FileCheck %s
#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#cm = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>

// COM: Padding 1 above and left, 2 below, 3 right, stride 2; bias, relu,
// COM: min 6 in place: word 1 + 1 * 16 + 3 * 256 + 4 * 4096 = 17169.
// CHECK-LABEL: func.func @padded_bias_relu6
// CHECK-DAG: %[[X:.*]] = memref.cast %arg0 : memref<1x6x7x5xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK-DAG: %[[K:.*]] = memref.cast %arg1 : memref<3x3x5x1xf32> to memref<?x?x?x?xf32, strided<[?, ?, ?, ?], offset: ?>>
// CHECK-DAG: %[[ACC:.*]] = memref.alloc() : memref<1x4x5x5x1xf32>
// CHECK-DAG: %[[O:.*]] = memref.cast %[[ACC]] : memref<1x4x5x5x1xf32> to memref<?x?x?x?x?xf32, strided<[?, ?, ?, ?, ?], offset: ?>>
// CHECK-DAG: %[[B:.*]] = memref.cast %arg2 : memref<5x1xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : i64
// CHECK-DAG: %[[C11:.*]] = arith.constant 11 : i64
// CHECK-DAG: %[[WORD:.*]] = arith.constant 17169 : i64
// CHECK: call @tfg_rt_depthwise_f32(%[[X]], %[[K]], %[[O]], %[[B]], %[[O]], %[[C2]], %[[C2]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C9]], %[[C11]], %[[WORD]])
// CHECK-NOT: linalg.
// CHECK-NOT: memref.copy
// CHECK-NOT: memref.subview
// CHECK: return %[[ACC]]
func.func @padded_bias_relu6(%x: memref<1x6x7x5xf32>, %k: memref<3x3x5x1xf32>, %bias: memref<5x1xf32>) -> memref<1x4x5x5x1xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %padded = memref.alloc() : memref<1x9x11x5xf32>
  linalg.map outs(%padded : memref<1x9x11x5xf32>)
    (%init: f32) {
      linalg.yield %zero : f32
    }
  %view = memref.subview %padded[0, 1, 1, 0] [1, 6, 7, 5] [1, 1, 1, 1] : memref<1x9x11x5xf32> to memref<1x6x7x5xf32, strided<[495, 55, 5, 1], offset: 60>>
  memref.copy %x, %view : memref<1x6x7x5xf32> to memref<1x6x7x5xf32, strided<[495, 55, 5, 1], offset: 60>>
  %acc = memref.alloc() : memref<1x4x5x5x1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x5x5x1xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%padded, %k : memref<1x9x11x5xf32>, memref<3x3x5x1xf32>) outs(%acc : memref<1x4x5x5x1xf32>)
  linalg.generic {indexing_maps = [#id, #cm, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x4x5x5x1xf32>, memref<5x1xf32>) outs(%acc : memref<1x4x5x5x1xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    %m = arith.maximumf %s, %zero : f32
    %n = arith.minimumf %m, %six : f32
    linalg.yield %n : f32
  }
  memref.dealloc %padded : memref<1x9x11x5xf32>
  return %acc : memref<1x4x5x5x1xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// COM: No fill: the call accumulates (word 0), no padding (0, 0, H, W), the
// COM: bias descriptor a view of the filter that the kernel does not read.
// COM: A multiplier of 2.
// CHECK-LABEL: func.func @accumulates
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i64
// CHECK-DAG: %[[FLAT:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1, 2], [3]] : memref<3x3x4x2xf32> into memref<36x2xf32>
// CHECK-DAG: %[[B:.*]] = memref.cast %[[FLAT]]
// CHECK: call @tfg_rt_depthwise_f32(%{{.*}}, %{{.*}}, %[[O:[^,]+]], %[[B]], %[[O]], %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C0]], %[[C0]], %[[C6]], %[[C7]], %[[C0]])
// CHECK-NOT: linalg.depthwise
func.func @accumulates(%x: memref<1x6x7x4xf32>, %k: memref<3x3x4x2xf32>, %o: memref<1x4x5x4x2xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<1x6x7x4xf32>, memref<3x3x4x2xf32>) outs(%o : memref<1x4x5x4x2xf32>)
  return
}

// -----

#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// COM: A residual add and relu into a buffer allocated after the
// COM: convolution (moved up to the call): word 1 + 2 * 16 + 3 * 256 = 801.
// COM: The padded buffer is read again after the convolution: it stays, and
// COM: the call reads it (no padding arguments).
// CHECK-LABEL: func.func @residual_kept_padding
// CHECK: %[[PAD:.*]] = memref.alloc() : memref<1x8x8x3xf32>
// CHECK: memref.copy
// CHECK: memref.alloc() : memref<1x6x6x3x1xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x6x6x3x1xf32>
// CHECK-DAG: %[[P:.*]] = memref.cast %[[PAD]]
// CHECK-DAG: %[[O:.*]] = memref.cast %[[OUT]]
// CHECK-DAG: %[[R:.*]] = memref.cast %arg2
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i64
// CHECK-DAG: %[[WORD:.*]] = arith.constant 801 : i64
// CHECK: call @tfg_rt_depthwise_f32(%[[P]], %{{.*}}, %[[O]], %{{.*}}, %[[R]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C0]], %[[C0]], %[[C8]], %[[C8]], %[[WORD]])
// CHECK-NOT: linalg.generic
// CHECK: memref.copy %[[PAD]]
func.func @residual_kept_padding(%x: memref<1x6x6x3xf32>, %k: memref<3x3x3x1xf32>, %r: memref<1x6x6x3x1xf32>, %keep: memref<1x8x8x3xf32>) -> memref<1x6x6x3x1xf32> {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<1x8x8x3xf32>
  linalg.fill ins(%zero : f32) outs(%padded : memref<1x8x8x3xf32>)
  %view = memref.subview %padded[0, 1, 1, 0] [1, 6, 6, 3] [1, 1, 1, 1] : memref<1x8x8x3xf32> to memref<1x6x6x3xf32, strided<[192, 24, 3, 1], offset: 27>>
  memref.copy %x, %view : memref<1x6x6x3xf32> to memref<1x6x6x3xf32, strided<[192, 24, 3, 1], offset: 27>>
  %acc = memref.alloc() : memref<1x6x6x3x1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x6x6x3x1xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%padded, %k : memref<1x8x8x3xf32>, memref<3x3x3x1xf32>) outs(%acc : memref<1x6x6x3x1xf32>)
  %out = memref.alloc() : memref<1x6x6x3x1xf32>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%r, %acc : memref<1x6x6x3x1xf32>, memref<1x6x6x3x1xf32>) outs(%out : memref<1x6x6x3x1xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %m = arith.maximumf %zero, %s : f32
    linalg.yield %m : f32
  }
  memref.dealloc %acc : memref<1x6x6x3x1xf32>
  memref.copy %padded, %keep : memref<1x8x8x3xf32> to memref<1x8x8x3xf32>
  return %out : memref<1x6x6x3x1xf32>
}

// -----

#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// COM: What does not fold: an epilogue with a sigmoid-like body stays a
// COM: generic (the fill still folds: word 1); a strided filter takes the
// COM: kernel without epilogues.
// CHECK-LABEL: func.func @kept
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: call @tfg_rt_depthwise_f32({{.*}}, %[[C1]])
// CHECK: linalg.generic
// CHECK: call @tfg_rt_depthwise_conv2d_nhwc_hwcm_f32(
func.func @kept(%x: memref<1x6x6x3xf32>, %k: memref<3x3x3x1xf32>, %o: memref<1x4x4x3x1xf32>,
                %ks: memref<3x3x3x1xf32, strided<[18, 6, 2, 1]>>, %o2: memref<1x4x4x3x1xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1x4x4x3x1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x4x3x1xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<1x6x6x3xf32>, memref<3x3x3x1xf32>) outs(%acc : memref<1x4x4x3x1xf32>)
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%acc : memref<1x4x4x3x1xf32>) outs(%o : memref<1x4x4x3x1xf32>) {
  ^bb0(%c: f32, %out: f32):
    %e = math.exp %c : f32
    linalg.yield %e : f32
  }
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %ks : memref<1x6x6x3xf32>, memref<3x3x3x1xf32, strided<[18, 6, 2, 1]>>) outs(%o2 : memref<1x4x4x3x1xf32>)
  return
}

// -----

#id = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#cm = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4)>
// COM: A bias viewed (expand_shape of an argument) after the convolution:
// COM: the view is repeated at the call and the epilogue folds (bias, relu:
// COM: word 1 + 16 + 3 * 256 = 785).
// CHECK-LABEL: func.func @bias_view_after
// CHECK: %[[V:.*]] = memref.expand_shape %arg2 {{\[}}[0, 1]] output_shape [3, 1] : memref<3xf32> into memref<3x1xf32>
// CHECK-DAG: %[[B:.*]] = memref.cast %[[V]] : memref<3x1xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[WORD:.*]] = arith.constant 785 : i64
// CHECK: call @tfg_rt_depthwise_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[B]], {{.*}}, %[[WORD]])
// CHECK-NOT: linalg.generic
func.func @bias_view_after(%x: memref<1x6x6x3xf32>, %k: memref<3x3x3x1xf32>, %bias: memref<3xf32>) -> memref<1x4x4x3x1xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1x4x4x3x1xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x4x4x3x1xf32>)
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %k : memref<1x6x6x3xf32>, memref<3x3x3x1xf32>) outs(%acc : memref<1x4x4x3x1xf32>)
  %b = memref.expand_shape %bias [[0, 1]] output_shape [3, 1] : memref<3xf32> into memref<3x1xf32>
  linalg.generic {indexing_maps = [#id, #cm, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %b : memref<1x4x4x3x1xf32>, memref<3x1xf32>) outs(%acc : memref<1x4x4x3x1xf32>) {
  ^bb0(%c: f32, %v: f32, %o: f32):
    %s = arith.addf %c, %v : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }
  return %acc : memref<1x4x4x3x1xf32>
}
