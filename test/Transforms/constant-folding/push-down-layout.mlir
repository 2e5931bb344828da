// RUN: tfg-opt %s --tfg-constant-folding='fetch=nchw,nchw4,nchw_flat,mmt' | FileCheck %s
// RUN: tfg-run %s --fetch=nchw,nchw4,nchw_flat,mmt --check-pipeline='tfg-constant-folding{fetch=nchw,nchw4,nchw_flat,mmt}' | FileCheck %s --check-prefix=RUNOUT

// COM: Mul(Conv2D(x, W), c) with data_format NCHW: c of shape [C, 1, 1] or
// COM: [1, C, 1, 1] scales the output channels, W's last dimension (the
// COM: filter is HWIO in both formats). A [C] constant broadcasts over the
// COM: last (W) dimension of an NCHW output: not pushed down.
// COM: Mul(MatMul(x, W) {transpose_b}, c): c [N] scales the rows of W [N, K].
// CHECK-LABEL: tfg.graph
// CHECK: %[[W1:.*]], %{{.*}} = Const name("nchw/_scaled_filter") {dtype = f32, value = dense<{{\[\[\[\[}}2.000000e+00, 5.000000e-01, 4.000000e+00], [2.000000e+00, 1.000000e+00, 1.200000e+01]]]]> : tensor<1x1x2x3xf32>}
// CHECK: Conv2D(%{{.*}}, %[[W1]]) name("nchw") {T = f32, data_format = "NCHW", padding = "VALID", strides = [1, 1, 1, 1]}
// CHECK: %[[W2:.*]], %{{.*}} = Const name("nchw4/_scaled_filter") {{.*}} : tensor<1x1x2x3xf32>}
// CHECK: Conv2D(%{{.*}}, %[[W2]]) name("nchw4") {T = f32, data_format = "NCHW"
// CHECK: Mul(%{{.*}}, %{{.*}}) name("nchw_flat")
// CHECK: %[[W3:.*]], %{{.*}} = Const name("mmt/_scaled_filter") {dtype = f32, value = dense<{{\[\[}}2.000000e+00, 4.000000e+00, 6.000000e+00], [2.500000e-01, 5.000000e-01, 7.500000e-01]]> : tensor<2x3xf32>}
// CHECK: MatMul(%{{.*}}, %[[W3]]) name("mmt") {T = f32, transpose_a = false, transpose_b = true}
// RUNOUT: nchw: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: nchw4: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: nchw_flat: max_abs_diff=0 max_rel_diff=0 ok
// RUNOUT-NEXT: mmt: max_abs_diff=0 max_rel_diff=0 ok
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Img, %c0 = Placeholder name("img") {dtype = f32, shape = #tf_type.shape<1x2x3x3>} : () -> (tensor<1x2x3x3xf32>)
  %W, %c1 = Const name("w") {dtype = f32, value = dense<[[[[1.0, 1.0, 1.0], [1.0, 2.0, 3.0]]]]> : tensor<1x1x2x3xf32>} : () -> (tensor<1x1x2x3xf32>)
  %S3, %c2 = Const name("s3") {dtype = f32, value = dense<[[[2.0]], [[0.5]], [[4.0]]]> : tensor<3x1x1xf32>} : () -> (tensor<3x1x1xf32>)
  %S4, %c3 = Const name("s4") {dtype = f32, value = dense<[[[[2.0]], [[0.5]], [[4.0]]]]> : tensor<1x3x1x1xf32>} : () -> (tensor<1x3x1x1xf32>)
  %S1, %c4 = Const name("s1") {dtype = f32, value = dense<[2.0, 0.5, 4.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %Conv1, %c5 = Conv2D(%Img, %W) name("conv1") {T = f32, data_format = "NCHW", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x3xf32>, tensor<1x1x2x3xf32>) -> (tensor<1x3x3x3xf32>)
  %M1, %c6 = Mul(%Conv1, %S3) name("nchw") {T = f32} : (tensor<1x3x3x3xf32>, tensor<3x1x1xf32>) -> (tensor<1x3x3x3xf32>)
  %Conv2, %c7 = Conv2D(%Img, %W) name("conv2") {T = f32, data_format = "NCHW", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x3xf32>, tensor<1x1x2x3xf32>) -> (tensor<1x3x3x3xf32>)
  %M2, %c8 = Mul(%S4, %Conv2) name("nchw4") {T = f32} : (tensor<1x3x1x1xf32>, tensor<1x3x3x3xf32>) -> (tensor<1x3x3x3xf32>)
  %Conv3, %c9 = Conv2D(%Img, %W) name("conv3") {T = f32, data_format = "NCHW", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x3x3xf32>, tensor<1x1x2x3xf32>) -> (tensor<1x3x3x3xf32>)
  %M3, %c10 = Mul(%Conv3, %S1) name("nchw_flat") {T = f32} : (tensor<1x3x3x3xf32>, tensor<3xf32>) -> (tensor<1x3x3x3xf32>)
  %V, %c11 = Placeholder name("v") {dtype = f32, shape = #tf_type.shape<4x3>} : () -> (tensor<4x3xf32>)
  %MW, %c12 = Const name("mw") {dtype = f32, value = dense<[[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]> : tensor<2x3xf32>} : () -> (tensor<2x3xf32>)
  %SR, %c13 = Const name("sr") {dtype = f32, value = dense<[2.0, 0.25]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %MM, %c14 = MatMul(%V, %MW) name("mm") {T = f32, transpose_a = false, transpose_b = true} : (tensor<4x3xf32>, tensor<2x3xf32>) -> (tensor<4x2xf32>)
  %MS, %c15 = Mul(%MM, %SR) name("mmt") {T = f32} : (tensor<4x2xf32>, tensor<2xf32>) -> (tensor<4x2xf32>)
}
