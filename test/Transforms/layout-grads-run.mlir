// DEFINE: %{ports} = o1:0,o1:1,o1:2,o1:3,o1:4,o1:5,o1:6,o1:7,o1:8,o1:9
// RUN: tfg-run %s --fetch=%{ports} --check-pipeline='tfg-layout{assume-gpu=true fetch=o1}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --fetch=%{ports} --check-pipeline='tfg-layout{assume-gpu=true fetch=o1},tfg-layout{reverse=true fetch=o1}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1' | FileCheck %s --check-prefix=GPU

// COM: The gradient transposers (layout-sensitive: the backprops, the pool
// COM: grads, the batch-norm grads), run before and after by tfg-run on the
// COM: same random input with the evaluator's gradient kernels: the fetches
// COM: must agree, NHWC -> NCHW and back (reverse).
// SAME-COUNT-10: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH

// GPU-DAG: Conv2DBackpropFilter({{.*}}) name("bpf") {{.*}}data_format = "NCHW"{{.*}}strides = [1, 1, 2, 1]} : (tensor<1x4x8x6xf32>, tensor<4xi32>, tensor<1x4x4x6xf32>) -> (tensor<3x2x4x4xf32>)
// GPU-DAG: MaxPoolGrad({{.*}}) name("mpg") {{.*}}data_format = "NCHW"{{.*}} : (tensor<1x4x8x6xf32>, tensor<1x4x4x3xf32>, tensor<1x4x4x3xf32>) -> (tensor<1x4x8x6xf32>)
// GPU-DAG: %[[KS:.*]], %{{.*}} = Const name("mpg2-3-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[1, 1, 2, 2]>
// GPU-DAG: MaxPoolGradV2({{.*}}, %[[KS]], %{{.*}}) name("mpg2") {{.*}}data_format = "NCHW"
// GPU-DAG: %[[SH:.*]], %{{.*}} = Const name("apg-0-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[1, 4, 8, 6]>
// GPU-DAG: AvgPoolGrad(%[[SH]], {{.*}}) name("apg") {{.*}}data_format = "NCHW"{{.*}} -> (tensor<1x4x8x6xf32>)
// GPU-DAG: FusedBatchNormGradV3({{.*}}) name("bng") {{.*}}data_format = "NCHW"{{.*}} : (tensor<1x4x8x6xf32>, tensor<1x4x8x6xf32>, {{.*}}) -> (tensor<1x4x8x6xf32>, tensor<4xf32>
// GPU-DAG: _FusedBatchNormGradEx({{.*}}) name("bngex") {{.*}}data_format = "NCHW"{{.*}} -> (tensor<1x4x8x6xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x4x8x6xf32>,
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[[[[0.5], [-0.25], [0.125], [1.0]], [[0.2], [0.1], [-0.3], [0.4]]], [[[1.0], [0.9], [-0.8], [0.7]], [[-0.2], [0.1], [0.0], [0.1]]]]> : tensor<2x2x4x1xf32>} : () -> (tensor<2x2x4x1xf32>)
  %C, %c2 = DepthwiseConv2dNative(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x6x4xf32>, tensor<2x2x4x1xf32>) -> (tensor<1x8x6x4xf32>)
  %G, %c3 = Sigmoid(%C) name("g") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  // Conv2DBackpropFilter of a stride-2 convolution: out_backprop 1x4x6x4.
  %FS, %c4 = Const name("fsizes") {dtype = i32, value = dense<[3, 2, 4, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %SL, %c5 = Const name("begin") {dtype = i32, value = dense<[0, 0, 0, 0]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %SZ, %c6 = Const name("size") {dtype = i32, value = dense<[1, 4, 6, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %DY, %c7 = Slice(%G, %SL, %SZ) name("dy") {Index = i32, T = f32} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x4x6x4xf32>)
  %BPF, %c8 = Conv2DBackpropFilter(%C, %FS, %DY) name("bpf") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 2, 1, 1]} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<1x4x6x4xf32>) -> (tensor<3x2x4x4xf32>)
  // The pool grads of a 2x2 stride-2 pool: 1x4x3x4.
  %MP, %c9 = MaxPool(%C) name("mp") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x6x4xf32>) -> (tensor<1x4x3x4xf32>)
  %SZ2, %c10 = Const name("size2") {dtype = i32, value = dense<[1, 4, 3, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %PG, %c11 = Slice(%G, %SL, %SZ2) name("pg") {Index = i32, T = f32} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x4x3x4xf32>)
  %MPG, %c12 = MaxPoolGrad(%C, %MP, %PG) name("mpg") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x6x4xf32>, tensor<1x4x3x4xf32>, tensor<1x4x3x4xf32>) -> (tensor<1x8x6x4xf32>)
  %KS, %c13 = Const name("ksize") {dtype = i32, value = dense<[1, 2, 2, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %MPG2, %c14 = MaxPoolGradV2(%C, %MP, %PG, %KS, %KS) name("mpg2") {T = f32, data_format = "NHWC", padding = "VALID"} : (tensor<1x8x6x4xf32>, tensor<1x4x3x4xf32>, tensor<1x4x3x4xf32>, tensor<4xi32>, tensor<4xi32>) -> (tensor<1x8x6x4xf32>)
  %XS, %c15 = Const name("xshape") {dtype = i32, value = dense<[1, 8, 6, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %APG, %c16 = AvgPoolGrad(%XS, %PG) name("apg") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<4xi32>, tensor<1x4x3x4xf32>) -> (tensor<1x8x6x4xf32>)
  // The batch-norm grads of a training batch norm.
  %Sc, %c17 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, -1.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %Of, %c18 = Const name("offset") {dtype = f32, value = dense<[0.1, 0.2, -0.3, 0.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %E, %c19 = Const name("empty") {dtype = f32, value = dense<> : tensor<0xf32>} : () -> (tensor<0xf32>)
  %BN:6, %c20 = FusedBatchNormV3(%C, %Sc, %Of, %E, %E) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %BNG:5, %c21 = FusedBatchNormGradV3(%G, %C, %Sc, %BN#3, %BN#4, %BN#5) name("bng") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<*xf32>)
  %BNX:6, %c22 = _FusedBatchNormEx(%C, %Sc, %Of, %E, %E, %X) name("bnex") {T = f32, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true, num_side_inputs = 1 : i64} : (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<0xf32>, tensor<0xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %BNGX:6, %c23 = _FusedBatchNormGradEx(%G, %C, %Sc, %BNX#3, %BNX#4, %BNX#5, %Of, %BNX#0, %X) name("bngex") {T = f32, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = true, num_side_inputs = 1 : i64} : (tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>, tensor<*xf32>, tensor<*xf32>)
  %O:10, %c24 = IdentityN(%BPF, %MPG, %MPG2, %APG, %BNG#0, %BNG#1, %BNG#2, %BNGX#0, %BNGX#1, %BNGX#3) name("o1") {T = [f32, f32, f32, f32, f32, f32, f32, f32, f32, f32]} : (tensor<3x2x4x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>) -> (tensor<3x2x4x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>, tensor<4xf32>, tensor<1x8x6x4xf32>)
}
