// COM: tfg-generalize-broadcasts turns linalg.broadcast into linalg.generic;
// COM: elementwise fusion then reads the bias of a convolution from its vector
// COM: (map (d0, d1, d2, d3) -> (d3)), with no broadcast tensor left.
// RUN: tfg-opt %s --tfg-generalize-broadcasts | FileCheck %s
// RUN: tfg-opt %s --tfg-generalize-broadcasts --linalg-fuse-elementwise-ops | FileCheck %s --check-prefix=FUSED
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[LAST:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @bias_relu
// CHECK-NOT: linalg.broadcast
// CHECK: linalg.generic {indexing_maps = [#[[LAST]], #[[ID]]]
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ID]], #[[ID]]]
// FUSED-DAG: #[[ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// FUSED-DAG: #[[LAST:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// FUSED-LABEL: func.func @bias_relu
// FUSED: linalg.conv_2d_nhwc_hwcf
// FUSED-NEXT: linalg.generic {indexing_maps = [#[[ID]], #[[LAST]], #[[ID]]]
// FUSED: arith.addf
// FUSED: arith.maximumf
// FUSED-NOT: linalg.generic
func.func @bias_relu(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x6xf32>, %b: tensor<6xf32>) -> tensor<1x6x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x6x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x6x6xf32>) -> tensor<1x6x6x6xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x8x4xf32>, tensor<3x3x4x6xf32>) outs(%f : tensor<1x6x6x6xf32>) -> tensor<1x6x6x6xf32>
  %bb = linalg.broadcast ins(%b : tensor<6xf32>) outs(%e : tensor<1x6x6x6xf32>) dimensions = [0, 1, 2]
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%c, %bb : tensor<1x6x6x6xf32>, tensor<1x6x6x6xf32>) outs(%e : tensor<1x6x6x6xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x6x6x6xf32>
  return %r : tensor<1x6x6x6xf32>
}
