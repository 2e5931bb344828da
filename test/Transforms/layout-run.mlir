// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9' | FileCheck %s --check-prefix=GPU
// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9},tfg-layout{reverse=true fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME

// COM: Every transposer of tfg-layout, run before and after by tfg-run on
// COM: the same random inputs: the fetches must agree, NHWC -> NCHW with
// COM: every node taken as GPU-placed, and back (reverse) on the NCHW graph
// COM: that makes. The GPU lines show that each node was converted.
// SAME-COUNT-9: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH

// GPU-DAG: Conv2D({{.*}}) name("conv") {{.*}}data_format = "NCHW"{{.*}}dilations = [1, 1, 1, 1]{{.*}}explicit_paddings = [0, 0, 0, 0, 1, 0, 0, 1]{{.*}}strides = [1, 1, 2, 1]
// GPU-DAG: DepthwiseConv2dNative({{.*}}) name("dw") {{.*}}data_format = "NCHW"
// GPU-DAG: MaxPool({{.*}}) name("maxpool") {{.*}}data_format = "NCHW"{{.*}}ksize = [1, 1, 2, 2]
// GPU-DAG: AvgPool({{.*}}) name("avgpool") {{.*}}data_format = "NCHW"{{.*}}ksize = [1, 1, 3, 3]{{.*}}strides = [1, 1, 1, 2]
// GPU-DAG: FusedBatchNormV3({{.*}}) name("bn") {{.*}}data_format = "NCHW"
// GPU-DAG: FusedBatchNorm({{.*}}) name("bn1") {{.*}}data_format = "NCHW"
// GPU-DAG: BiasAdd({{.*}}) name("bias") {{.*}}data_format = "NCHW"
// GPU-DAG: _FusedConv2D({{.*}}) name("fused") {{.*}}data_format = "NCHW"
// GPU-DAG: _FusedConv2D({{.*}}) name("residual") {{.*}}data_format = "NHWC"
// GPU-DAG: Relu({{.*}}) name("relu") {T = f32} : (tensor<1x8x4x3xf32>)
// GPU-DAG: AddV2({{.*}}) name("add") {T = f32} : (tensor<1x8x4x3xf32>, tensor<1x8x4x3xf32>)
// GPU-DAG: AddN({{.*}}) name("addn") {{.*}} : (tensor<1x8x4x3xf32>, tensor<1x8x4x3xf32>)
// GPU-DAG: %[[PADS:.*]], %{{.*}} = Const name("pad-1-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<{{\[}}[0, 0], [0, 0], [1, 2], [2, 1]]>
// GPU-DAG: Pad({{.*}}, %[[PADS]]) name("pad")
// GPU-DAG: %[[AXIS:.*]], %{{.*}} = Const name("concat-2-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<1> : tensor<i32>
// GPU-DAG: ConcatV2({{.*}}, %[[AXIS]]) name("concat")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x6x3>} : () -> (tensor<1x8x6x3xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[[[[0.5, -0.25, 0.125, 1.0, -1.0, 0.75, 0.3, -0.6]], [[0.2, 0.1, -0.3, 0.4, 0.5, -0.6, 0.7, 0.8]]], [[[1.0, 0.9, -0.8, 0.7, 0.6, 0.5, -0.4, 0.3]], [[-0.2, 0.1, 0.0, 0.1, 0.2, 0.3, 0.4, -0.5]]]]> : tensor<2x2x1x8xf32>} : () -> (tensor<2x2x1x8xf32>)
  %XS, %c3 = Sum(%X, %AX) name("sum") {T = f32, Tidx = i32, keep_dims = true} : (tensor<1x8x6x3xf32>, tensor<i32>) -> (tensor<1x8x6x1xf32>)
  %AX, %c4 = Const name("ax") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  // conv: EXPLICIT padding, stride 2 over H.
  %C, %c5 = Conv2D(%XS, %F) name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [0, 0, 1, 0, 0, 1, 0, 0], padding = "EXPLICIT", strides = [1, 2, 1, 1]} : (tensor<1x8x6x1xf32>, tensor<2x2x1x8xf32>) -> (tensor<1x4x6x8xf32>)
  %B, %c6 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7, -0.8]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %BA, %c7 = BiasAdd(%C, %B) name("bias") {T = f32, data_format = "NHWC"} : (tensor<1x4x6x8xf32>, tensor<8xf32>) -> (tensor<1x4x6x8xf32>)
  %MP, %c8 = MaxPool(%BA) name("maxpool") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<1x4x6x8xf32>) -> (tensor<1x4x3x8xf32>)
  %O1, %co1 = Identity(%MP) name("o1") {T = f32} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %S, %c9 = Const name("scale") {dtype = f32, value = dense<[1.0, 0.5, 2.0, 1.5, 0.25, 1.0, 3.0, 0.75]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %Of, %c10 = Const name("offset") {dtype = f32, value = dense<[0.0, 0.1, 0.2, 0.3, -0.1, -0.2, -0.3, 0.4]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %M, %c11 = Const name("mean") {dtype = f32, value = dense<[0.1, 0.0, -0.1, 0.2, 0.3, 0.0, 0.5, -0.5]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %V, %c12 = Const name("var") {dtype = f32, value = dense<[1.0, 2.0, 0.5, 1.5, 1.0, 0.25, 4.0, 1.0]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %BN:6, %c13 = FusedBatchNormV3(%MP, %S, %Of, %M, %V) name("bn") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x4x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x4x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<*xf32>)
  %AP, %c14 = AvgPool(%BN#0) name("avgpool") {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x2x8xf32>)
  %O2, %co2 = Identity(%AP) name("o2") {T = f32} : (tensor<1x4x2x8xf32>) -> (tensor<1x4x2x8xf32>)
  %DF, %c15 = Const name("dwf") {dtype = f32, value = dense<0.25> : tensor<3x3x8x1xf32>} : () -> (tensor<3x3x8x1xf32>)
  %DW, %c16 = DepthwiseConv2dNative(%BA, %DF) name("dw") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<1x4x6x8xf32>, tensor<3x3x8x1xf32>) -> (tensor<1x4x3x8xf32>)
  %R, %c17 = Relu(%DW) name("relu") {T = f32} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %A, %c18 = AddV2(%R, %MP) name("add") {T = f32} : (tensor<1x4x3x8xf32>, tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %AN, %c19 = AddN(%A, %R) name("addn") {N = 2 : i64, T = f32} : (tensor<1x4x3x8xf32>, tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %O3, %co3 = Identity(%AN) name("o3") {T = f32} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %PD, %c20 = Const name("pads") {dtype = i32, value = dense<[[0, 0], [1, 2], [2, 1], [0, 0]]> : tensor<4x2xi32>} : () -> (tensor<4x2xi32>)
  %P, %c21 = Pad(%R, %PD) name("pad") {T = f32, Tpaddings = i32} : (tensor<1x4x3x8xf32>, tensor<4x2xi32>) -> (tensor<1x7x6x8xf32>)
  %O4, %co4 = Identity(%P) name("o4") {T = f32} : (tensor<1x7x6x8xf32>) -> (tensor<1x7x6x8xf32>)
  %CA, %c22 = Const name("caxis") {dtype = i32, value = dense<-1> : tensor<i32>} : () -> (tensor<i32>)
  %CC, %c23 = ConcatV2(%R, %A, %CA) name("concat") {N = 2 : i64, T = f32, Tidx = i32} : (tensor<1x4x3x8xf32>, tensor<1x4x3x8xf32>, tensor<i32>) -> (tensor<1x4x3x16xf32>)
  %O5, %co5 = Identity(%CC) name("o5") {T = f32} : (tensor<1x4x3x16xf32>) -> (tensor<1x4x3x16xf32>)
  %BN1:5, %c24 = FusedBatchNorm(%A, %S, %Of, %M, %V) name("bn1") {T = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x4x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x4x3x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  %O6, %co6 = Identity(%BN1#0) name("o6") {T = f32} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %O7, %co7 = Identity(%C) name("o7") {T = f32} : (tensor<1x4x6x8xf32>) -> (tensor<1x4x6x8xf32>)
  %FF, %c25 = Const name("ff") {dtype = f32, value = dense<0.125> : tensor<1x1x8x8xf32>} : () -> (tensor<1x1x8x8xf32>)
  %FU, %c26 = _FusedConv2D(%A, %FF, %B) name("fused") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x3x8xf32>, tensor<1x1x8x8xf32>, tensor<8xf32>) -> (tensor<1x4x3x8xf32>)
  %O8, %co8 = Identity(%FU) name("o8") {T = f32} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  // A residual side input of rank 4 keeps the node in NHWC.
  %FR, %c27 = _FusedConv2D(%A, %FF, %B, %R) name("residual") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], fused_ops = ["BiasAdd", "Add", "Relu"], num_args = 2 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x3x8xf32>, tensor<1x1x8x8xf32>, tensor<8xf32>, tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
  %O9, %co9 = Identity(%FR) name("o9") {T = f32} : (tensor<1x4x3x8xf32>) -> (tensor<1x4x3x8xf32>)
}
