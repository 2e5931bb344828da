// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3,o4,o5}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3,o4,o5},tfg-layout{reverse=true fetch=o1,o2,o3,o4,o5}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1,o2,o3,o4,o5' | FileCheck %s --check-prefix=GPU
// RUN: tfg-opt %s --tfg-layout='fetch=o1,o2,o3,o4,o5' | FileCheck %s --check-prefix=CPU
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1,o2,o3,o4,o5' --tfg-layout='reverse=true fetch=o1,o2,o3,o4,o5' | FileCheck %s --check-prefix=BACK

// COM: The 3-D ops read rank-5 data: NDHWC -> NCDHW with the 5-D
// COM: permutations [0, 4, 1, 2, 3] and back [0, 2, 3, 4, 1]. Conv3D,
// COM: _FusedConv3D, MaxPool3D, AvgPool3D and Conv3D's gradients are
// COM: converted (strides, ksize, dilations and input_sizes of 5
// COM: permuted); the Transposes between Conv3D and
// COM: MaxPool3D cancel. Run before and after (and back with `reverse`),
// COM: the fetches agree.
// SAME-COUNT-5: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH
// GPU-DAG: Conv3D({{.*}}) name("conv") {{.*}}data_format = "NCDHW"{{.*}}dilations = [1, 1, 1, 1, 2]{{.*}}strides = [1, 1, 1, 2, 1]
// GPU-DAG: MaxPool3D(%[[CONV:Conv3D[_0-9]*]]) name("maxpool") {{.*}}data_format = "NCDHW"{{.*}}ksize = [1, 1, 2, 2, 2]{{.*}}strides = [1, 1, 1, 2, 2]
// GPU-DAG: _FusedConv3D({{.*}}) name("fused") {{.*}}data_format = "NCDHW"
// GPU-DAG: AvgPool3D({{.*}}) name("avgpool") {{.*}}data_format = "NCDHW"
// GPU-DAG: %[[SZ:.*]], %{{.*}} = Const name("bi-0-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<[1, 2, 4, 6, 6]>
// GPU-DAG: Conv3DBackpropInputV2(%[[SZ]], {{.*}}) name("bi") {{.*}}data_format = "NCDHW"{{.*}} -> (tensor<1x2x4x6x6xf32>)
// GPU-DAG: Conv3DBackpropFilterV2({{.*}}) name("bf") {{.*}}data_format = "NCDHW"{{.*}} : (tensor<1x2x4x6x6xf32>, tensor<5xi32>, tensor<1x3x4x3x6xf32>) -> (tensor<2x2x2x2x3xf32>)
// GPU-DAG: Transpose({{.*}}) name("conv-0-TransposeNDHWCToNCDHW-LayoutOptimizer")
// GPU-DAG: Const name("conv-0-TransposeNDHWCToNCDHW-LayoutOptimizer-perm") {dtype = i32, value = dense<[0, 4, 1, 2, 3]> : tensor<5xi32>}
// GPU-DAG: Const name("maxpool-0-0-TransposeNCDHWToNDHWC-LayoutOptimizer-perm") {dtype = i32, value = dense<[0, 2, 3, 4, 1]> : tensor<5xi32>}
// GPU-NOT: name("conv-0-0-TransposeNCDHWToNDHWC-LayoutOptimizer")
// GPU-NOT: name("maxpool-0-TransposeNDHWCToNCDHW-LayoutOptimizer")
// COM: Not on a GPU: nothing changes; reversed, every 3-D op is back in
// COM: NDHWC reading its input directly (the first run's Transposes are
// COM: left without users, for tfg-prune).
// CPU-NOT: NCDHW
// BACK-NOT: data_format = "NCDHW"
// BACK: %[[C:.*]], %{{.*}} = Conv3D(%[[X:[^,]*]], %{{.*}}) name("conv") {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 2, 1]
// BACK: MaxPool3D(%[[C]]) name("maxpool")
// BACK: _FusedConv3D(%[[X]], %{{.*}}) name("fused")
// BACK: AvgPool3D(%[[X]]) name("avgpool")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x6x6x2>} : () -> (tensor<1x4x6x6x2xf32>)
  %F, %c1 = Const name("f") {dtype = f32, value = dense<[[[[[0.5, -0.25, 1.0], [0.25, 0.75, -1.0]], [[1.0, 0.0, 0.5], [-0.5, 0.5, 0.25]]], [[[0.5, -0.5, 1.0], [0.25, 0.75, -0.75]], [[1.0, 0.25, 0.5], [0.5, -0.5, 0.5]]]], [[[[-0.5, 1.0, 0.25], [0.0, 0.25, 1.0]], [[0.75, -0.25, 0.5], [0.5, 0.5, -1.0]]], [[[0.25, -0.5, 1.0], [0.5, 0.75, -1.0]], [[1.0, 0.5, -0.5], [0.5, 0.25, 0.75]]]]]> : tensor<2x2x2x2x3xf32>} : () -> (tensor<2x2x2x2x3xf32>)
  %B, %c2 = Const name("b") {dtype = f32, value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %C, %c3 = Conv3D(%X, %F) name("conv") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 2, 1, 1], dilations = [1, 1, 1, 2, 1]} : (tensor<1x4x6x6x2xf32>, tensor<2x2x2x2x3xf32>) -> (tensor<1x4x3x6x3xf32>)
  %P, %c4 = MaxPool3D(%C) name("maxpool") {T = f32, data_format = "NDHWC", padding = "VALID", ksize = [1, 2, 2, 2, 1], strides = [1, 1, 2, 2, 1]} : (tensor<1x4x3x6x3xf32>) -> (tensor<1x3x1x3x3xf32>)
  %O1, %c5 = Identity(%P) name("o1") {T = f32} : (tensor<1x3x1x3x3xf32>) -> (tensor<1x3x1x3x3xf32>)
  %G, %c6 = _FusedConv3D(%X, %F, %B) name("fused") {T = f32, data_format = "NDHWC", padding = "VALID", strides = [1, 1, 1, 1, 1], fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64} : (tensor<1x4x6x6x2xf32>, tensor<2x2x2x2x3xf32>, tensor<3xf32>) -> (tensor<1x3x5x5x3xf32>)
  %O2, %c7 = Identity(%G) name("o2") {T = f32} : (tensor<1x3x5x5x3xf32>) -> (tensor<1x3x5x5x3xf32>)
  %A, %c8 = AvgPool3D(%X) name("avgpool") {T = f32, padding = "SAME", ksize = [1, 3, 3, 3, 1], strides = [1, 2, 2, 2, 1]} : (tensor<1x4x6x6x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %O3, %c9 = Identity(%A) name("o3") {T = f32} : (tensor<1x2x3x3x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  // The gradients of conv: out_backprop of its output's shape.
  %DY, %c10 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<1x4x3x6x3>} : () -> (tensor<1x4x3x6x3xf32>)
  %XS, %c11 = Const name("xsizes") {dtype = i32, value = dense<[1, 4, 6, 6, 2]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %FS, %c12 = Const name("fsizes") {dtype = i32, value = dense<[2, 2, 2, 2, 3]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %BI, %c13 = Conv3DBackpropInputV2(%XS, %F, %DY) name("bi") {T = f32, Tshape = i32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 2, 1, 1], dilations = [1, 1, 1, 2, 1]} : (tensor<5xi32>, tensor<2x2x2x2x3xf32>, tensor<1x4x3x6x3xf32>) -> (tensor<1x4x6x6x2xf32>)
  %O4, %c14 = Identity(%BI) name("o4") {T = f32} : (tensor<1x4x6x6x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  %BF, %c15 = Conv3DBackpropFilterV2(%X, %FS, %DY) name("bf") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 2, 1, 1], dilations = [1, 1, 1, 2, 1]} : (tensor<1x4x6x6x2xf32>, tensor<5xi32>, tensor<1x4x3x6x3xf32>) -> (tensor<2x2x2x2x3xf32>)
  %O5, %c16 = Identity(%BF) name("o5") {T = f32} : (tensor<2x2x2x2x3xf32>) -> (tensor<2x2x2x2x3xf32>)
}
