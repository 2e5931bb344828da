// COM: tfg-linalg-to-ukernels fuses a zero-filled convolution followed by a
// COM: bias add and relu/relu6 into one call of the fused kernel, which writes
// COM: the generic's output buffer (activation code: 0 none, 1 relu, 2 relu6).
// COM: Another body, or a use of the output between the two, keeps them apart.
// RUN: tfg-opt %s --tfg-linalg-to-ukernels --cse | FileCheck %s
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#last = affine_map<(d0, d1, d2, d3) -> (d3)>

// CHECK-LABEL: func.func @relu6
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x6x6x8xf32>
// CHECK: %[[O:.*]] = memref.cast %[[OUT]]
// CHECK: %[[B:.*]] = memref.cast %arg2 : memref<8xf32> to memref<?xf32, strided<[?], offset: ?>>
// CHECK: %[[C2:.*]] = arith.constant 2 : i64
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(%{{.*}}, %{{.*}}, %[[O]], %[[B]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[C2]])
// CHECK-NOT: linalg.
// CHECK: return %[[OUT]]
func.func @relu6(%x: memref<1x8x8x4xf32>, %w: memref<3x3x4x8xf32>, %bias: memref<8xf32>) -> memref<1x6x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %acc = memref.alloc() : memref<1x6x6x8xf32>
  %out = memref.alloc() : memref<1x6x6x8xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x6x6x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x8xf32>) outs(%acc : memref<1x6x6x8xf32>)
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x6x6x8xf32>, memref<8xf32>) outs(%out : memref<1x6x6x8xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %b, %c : f32
    %m = arith.maximumf %s, %zero : f32
    %n = arith.minimumf %six, %m : f32
    linalg.yield %n : f32
  }
  memref.dealloc %acc : memref<1x6x6x8xf32>
  return %out : memref<1x6x6x8xf32>
}

// COM: In place (the generic writes the convolution's buffer), relu.
// CHECK-LABEL: func.func @relu_in_place
// CHECK: %[[ACC:.*]] = memref.alloc() : memref<1x6x6x8xf32>
// CHECK: %[[A:.*]] = memref.cast %[[ACC]]
// CHECK: %[[C1:.*]] = arith.constant 1 : i64
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_bias_act_f32(%{{.*}}, %{{.*}}, %[[A]], %{{.*}}, %[[C1]], %[[C1]], %[[C1]], %[[C1]], %[[C1]])
// CHECK-NOT: linalg.
// CHECK: return %[[ACC]]
func.func @relu_in_place(%x: memref<1x8x8x4xf32>, %w: memref<3x3x4x8xf32>, %bias: memref<8xf32>) -> memref<1x6x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1x6x6x8xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x6x6x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x8xf32>) outs(%acc : memref<1x6x6x8xf32>)
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x6x6x8xf32>, memref<8xf32>) outs(%acc : memref<1x6x6x8xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }
  return %acc : memref<1x6x6x8xf32>
}

// CHECK-LABEL: func.func @not_fused
// CHECK: linalg.fill
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_f32(
// CHECK: linalg.generic
// CHECK: arith.mulf
// CHECK: linalg.fill
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_f32(
// CHECK: memref.store
// CHECK: linalg.generic
// CHECK-NOT: bias_act
func.func @not_fused(%x: memref<1x8x8x4xf32>, %w: memref<3x3x4x8xf32>, %bias: memref<8xf32>) -> (memref<1x6x6x8xf32>, memref<1x6x6x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : index
  %acc = memref.alloc() : memref<1x6x6x8xf32>
  %out = memref.alloc() : memref<1x6x6x8xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x6x6x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x8xf32>) outs(%acc : memref<1x6x6x8xf32>)
  // A multiply, not a bias add.
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x6x6x8xf32>, memref<8xf32>) outs(%out : memref<1x6x6x8xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.mulf %c, %b : f32
    linalg.yield %s : f32
  }
  %acc2 = memref.alloc() : memref<1x6x6x8xf32>
  %out2 = memref.alloc() : memref<1x6x6x8xf32>
  linalg.fill ins(%zero : f32) outs(%acc2 : memref<1x6x6x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x8xf32>) outs(%acc2 : memref<1x6x6x8xf32>)
  // The output is written between the convolution and the generic.
  memref.store %zero, %out2[%i0, %i0, %i0, %i0] : memref<1x6x6x8xf32>
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc2, %bias : memref<1x6x6x8xf32>, memref<8xf32>) outs(%out2 : memref<1x6x6x8xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    linalg.yield %s : f32
  }
  return %out, %out2 : memref<1x6x6x8xf32>, memref<1x6x6x8xf32>
}

// COM: The generic writes a buffer of its own and the convolution's buffer is
// COM: read after it: the fused call would leave that buffer unwritten, so
// COM: the convolution stays a call of its own and the generic stays.
// CHECK-LABEL: func.func @acc_read_after
// CHECK: linalg.fill
// CHECK: call @tfg_rt_conv2d_nhwc_hwcf_f32(
// CHECK: linalg.generic
// CHECK-NOT: bias_act
// CHECK: return
func.func @acc_read_after(%x: memref<1x8x8x4xf32>, %w: memref<3x3x4x8xf32>, %bias: memref<8xf32>) -> (memref<1x6x6x8xf32>, memref<1x6x6x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<1x6x6x8xf32>
  %out = memref.alloc() : memref<1x6x6x8xf32>
  linalg.fill ins(%zero : f32) outs(%acc : memref<1x6x6x8xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<1x8x8x4xf32>, memref<3x3x4x8xf32>) outs(%acc : memref<1x6x6x8xf32>)
  linalg.generic {indexing_maps = [#id, #last, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%acc, %bias : memref<1x6x6x8xf32>, memref<8xf32>) outs(%out : memref<1x6x6x8xf32>) {
  ^bb0(%c: f32, %b: f32, %o: f32):
    %s = arith.addf %c, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  }
  return %acc, %out : memref<1x6x6x8xf32>, memref<1x6x6x8xf32>
}
