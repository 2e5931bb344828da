// RUN: tfg-run %s --fetch=o1,o2,o3,o4 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3,o4}' --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tfg-run %s --fetch=o1,o2,o3,o4 --check-pipeline='tfg-layout{assume-gpu=true fetch=o1,o2,o3,o4},tfg-layout{reverse=true fetch=o1,o2,o3,o4}' --rtol=1e-5 --atol=1e-5 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1,o2,o3,o4' | FileCheck %s --check-prefix=GPU
// RUN: tfg-opt %s --tfg-layout='assume-gpu=true fetch=o1,o2,o3,o4' --tfg-layout='reverse=true fetch=o1,o2,o3,o4' | FileCheck %s --check-prefix=BACK

// COM: The 3-D pool gradients read rank-5 data: MaxPool3DGrad and
// COM: MaxPool3DGradGrad (orig_input, orig_output and grad transposed),
// COM: AvgPool3DGrad (grad transposed, orig_input_shape a constant of 5
// COM: permuted). Elementwise and binary nodes between 3-D ops move with
// COM: them (a scalar operand stays): the Transposes around the Relu and
// COM: the Mul cancel. Run before and after (and back with `reverse`), the
// COM: fetches agree.
// SAME-COUNT-4: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH
// GPU-DAG: MaxPool3D({{.*}}) name("pool") {{.*}}data_format = "NCDHW"
// GPU-DAG: %[[R:.*]], %{{.*}} = Relu(%[[P:MaxPool3D[_0-9]*]]) name("relu") {{.*}}: (tensor<1x2x2x3x3xf32>) -> (tensor<1x2x2x3x3xf32>)
// GPU-DAG: %[[M:.*]], %{{.*}} = Mul(%[[R]], %{{.*}}) name("scale") {{.*}}: (tensor<1x2x2x3x3xf32>, tensor<f32>) -> (tensor<1x2x2x3x3xf32>)
// GPU-DAG: AvgPool3D(%[[M]]) name("avg") {{.*}}data_format = "NCDHW"
// GPU-DAG: MaxPool3DGrad({{.*}}) name("maxgrad") {{.*}}data_format = "NCDHW"{{.*}} -> (tensor<1x2x4x6x6xf32>)
// GPU-DAG: MaxPool3DGradGrad({{.*}}) name("maxgradgrad") {{.*}}data_format = "NCDHW"{{.*}} -> (tensor<1x2x2x3x3xf32>)
// GPU-DAG: %[[SZ:.*]], %{{.*}} = Const name("avggrad-0-DataFormatNDHWCToNCDHW-LayoutOptimizer") {{.*}}dense<[1, 2, 4, 6, 6]>
// GPU-DAG: AvgPool3DGrad(%[[SZ]], {{.*}}) name("avggrad") {{.*}}data_format = "NCDHW"{{.*}}ksize = [1, 1, 3, 3, 3]{{.*}}strides = [1, 1, 2, 2, 2]{{.*}} -> (tensor<1x2x4x6x6xf32>)
// GPU-NOT: name("relu-0-TransposeNDHWCToNCDHW-LayoutOptimizer")
// GPU-NOT: name("scale-0-0-TransposeNCDHWToNDHWC-LayoutOptimizer")
// BACK-NOT: data_format = "NCDHW"
// BACK: MaxPool3DGrad(%[[X:[^,]*]], {{.*}}) name("maxgrad") {{.*}}data_format = "NDHWC"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x4x6x6x2>} : () -> (tensor<1x4x6x6x2xf32>)
  %P, %c1 = MaxPool3D(%X) name("pool") {T = f32, data_format = "NDHWC", padding = "VALID", ksize = [1, 2, 2, 2, 1], strides = [1, 2, 2, 2, 1]} : (tensor<1x4x6x6x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %R, %c2 = Relu(%P) name("relu") {T = f32} : (tensor<1x2x3x3x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %K, %c3 = Const name("k") {dtype = f32, value = dense<1.5> : tensor<f32>} : () -> (tensor<f32>)
  %M, %c4 = Mul(%R, %K) name("scale") {T = f32} : (tensor<1x2x3x3x2xf32>, tensor<f32>) -> (tensor<1x2x3x3x2xf32>)
  %A, %c5 = AvgPool3D(%M) name("avg") {T = f32, data_format = "NDHWC", padding = "SAME", ksize = [1, 2, 2, 2, 1], strides = [1, 1, 1, 1, 1]} : (tensor<1x2x3x3x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %O1, %c6 = Identity(%A) name("o1") {T = f32} : (tensor<1x2x3x3x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %DY, %c7 = Placeholder name("dy") {dtype = f32, shape = #tf_type.shape<1x2x3x3x2>} : () -> (tensor<1x2x3x3x2xf32>)
  %G, %c8 = MaxPool3DGrad(%X, %P, %DY) name("maxgrad") {T = f32, TInput = f32, data_format = "NDHWC", padding = "VALID", ksize = [1, 2, 2, 2, 1], strides = [1, 2, 2, 2, 1]} : (tensor<1x4x6x6x2xf32>, tensor<1x2x3x3x2xf32>, tensor<1x2x3x3x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  %O2, %c9 = Identity(%G) name("o2") {T = f32} : (tensor<1x4x6x6x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  %GX, %c10 = Placeholder name("gx") {dtype = f32, shape = #tf_type.shape<1x4x6x6x2>} : () -> (tensor<1x4x6x6x2xf32>)
  %GG, %c11 = MaxPool3DGradGrad(%X, %P, %GX) name("maxgradgrad") {T = f32, data_format = "NDHWC", padding = "VALID", ksize = [1, 2, 2, 2, 1], strides = [1, 2, 2, 2, 1]} : (tensor<1x4x6x6x2xf32>, tensor<1x2x3x3x2xf32>, tensor<1x4x6x6x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %O3, %c12 = Identity(%GG) name("o3") {T = f32} : (tensor<1x2x3x3x2xf32>) -> (tensor<1x2x3x3x2xf32>)
  %XS, %c13 = Const name("xsizes") {dtype = i32, value = dense<[1, 4, 6, 6, 2]> : tensor<5xi32>} : () -> (tensor<5xi32>)
  %AG, %c14 = AvgPool3DGrad(%XS, %DY) name("avggrad") {T = f32, data_format = "NDHWC", padding = "SAME", ksize = [1, 3, 3, 3, 1], strides = [1, 2, 2, 2, 1]} : (tensor<5xi32>, tensor<1x2x3x3x2xf32>) -> (tensor<1x4x6x6x2xf32>)
  %O4, %c15 = Identity(%AG) name("o4") {T = f32} : (tensor<1x4x6x6x2xf32>) -> (tensor<1x4x6x6x2xf32>)
}
