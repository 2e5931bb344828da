// RUN: tfg-run %s --fetch=o1,o2,o3 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --fetch=o1,o2,o3 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3},tfg-layout{reverse=true fetch=o1,o2,o3}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1,o2,o3' | FileCheck %s --check-prefix=GPU

// COM: The depthwise convolution's gradients and MaxPoolGradGrad, run
// COM: before and after by tfg-run with the evaluator's kernels: NHWC ->
// COM: NCHW and back (reverse), the fetches agree.
// SAME-COUNT-3: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH
// GPU-DAG: %[[SZ:.*]], %{{.*}} = Const name("dbi-0-DataFormatNHWCToNCHW-LayoutOptimizer") {{.*}}dense<[1, 4, 8, 6]>
// GPU-DAG: DepthwiseConv2dNativeBackpropInput(%[[SZ]], {{.*}}) name("dbi") {{.*}}data_format = "NCHW"{{.*}} -> (tensor<1x4x8x6xf32>)
// GPU-DAG: DepthwiseConv2dNativeBackpropFilter({{.*}}) name("dbf") {{.*}}data_format = "NCHW"{{.*}} : (tensor<1x4x8x6xf32>, tensor<4xi32>, tensor<1x8x8x6xf32>) -> (tensor<2x2x4x2xf32>)
// GPU-DAG: MaxPoolGradGrad({{.*}}) name("mpgg") {{.*}}data_format = "NCHW"{{.*}} : (tensor<1x4x8x6xf32>, tensor<1x4x4x3xf32>, tensor<1x4x8x6xf32>) -> (tensor<1x4x4x3xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %DY, %c1 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<1x8x6x8>} : () -> (tensor<1x8x6x8xf32>)
  %G, %c2 = Placeholder name("g") {dtype = f32, shape = #tf_type.shape<1x8x6x4>} : () -> (tensor<1x8x6x4xf32>)
  %F, %c3 = Const name("f") {dtype = f32, value = dense<[[[[0.5, 1.0], [-0.25, 0.5], [0.125, -1.0], [1.0, 0.25]], [[0.2, -0.5], [0.1, 0.3], [-0.3, 0.7], [0.4, -0.1]]], [[[1.0, 0.0], [0.9, -0.9], [-0.8, 0.6], [0.7, 0.2]], [[-0.2, 0.8], [0.1, -0.4], [0.0, 0.5], [0.1, 0.9]]]]> : tensor<2x2x4x2xf32>} : () -> (tensor<2x2x4x2xf32>)
  %XS, %c4 = Const name("xsizes") {dtype = i32, value = dense<[1, 8, 6, 4]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %FS, %c5 = Const name("fsizes") {dtype = i32, value = dense<[2, 2, 4, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %DBI, %c6 = DepthwiseConv2dNativeBackpropInput(%XS, %F, %DY) name("dbi") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<2x2x4x2xf32>, tensor<1x8x6x8xf32>) -> (tensor<1x8x6x4xf32>)
  %O1, %c7 = Identity(%DBI) name("o1") {T = f32} : (tensor<1x8x6x4xf32>) -> (tensor<1x8x6x4xf32>)
  %DBF, %c8 = DepthwiseConv2dNativeBackpropFilter(%X, %FS, %DY) name("dbf") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x6x4xf32>, tensor<4xi32>, tensor<1x8x6x8xf32>) -> (tensor<2x2x4x2xf32>)
  %O2, %c9 = Identity(%DBF) name("o2") {T = f32} : (tensor<2x2x4x2xf32>) -> (tensor<2x2x4x2xf32>)
  %MP, %c10 = MaxPool(%X) name("mp") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x6x4xf32>) -> (tensor<1x4x3x4xf32>)
  %MPGG, %c11 = MaxPoolGradGrad(%X, %MP, %G) name("mpgg") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x6x4xf32>, tensor<1x4x3x4xf32>, tensor<1x8x6x4xf32>) -> (tensor<1x4x3x4xf32>)
  %O3, %c12 = Identity(%MPGG) name("o3") {T = f32} : (tensor<1x4x3x4xf32>) -> (tensor<1x4x3x4xf32>)
}
