// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9 --check-pipeline='tfg-remapper{target=host fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=host fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9' | FileCheck %s --check-prefix=HOST
// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9 --check-pipeline='tfg-remapper{target=tf-cpu fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9}' --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=tf-cpu fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9' | FileCheck %s --check-prefix=CPU
// RUN: tfg-opt %s --tfg-remapper='target=tfjs fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9' | FileCheck %s --check-prefix=CPU

// COM: The host target's Conv3D, Sigmoid(x) * x and comparison + Cast
// COM: fusions, run before and after by tfg-run on the same random inputs:
// COM: the evaluator's _FusedConv3D, _MklSwish and _<comparison>WithCast
// COM: kernels must give what the unfused nodes give. TensorFlow's stock
// COM: CPU kernels and TF.js have none of them: nothing changes there.
// SAME-COUNT-9: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH

// HOST-DAG: _FusedConv3D({{.*}}) name("r1") {{.*}}data_format = "NDHWC"{{.*}}fused_ops = ["BiasAdd", "Relu"]
// HOST-DAG: _FusedConv3D({{.*}}) name("r2") {{.*}}data_format = "NCDHW"{{.*}}fused_ops = ["BiasAdd", "Elu"]
// HOST-DAG: _FusedConv3D({{.*}}) name("b3") {{.*}}fused_ops = ["BiasAdd"]
// HOST-DAG: _MklSwish({{.*}}) name("r4")
// HOST-DAG: _MklSwish({{.*}}) name("r5")
// HOST-DAG: _FusedConv2D({{.*}}) name("r6") {{.*}}fused_ops = ["BiasAdd", "_MklSwish"]
// HOST-DAG: _EqualWithCast({{.*}}) name("r7") {{.*}}DstT = f32, T = f32
// HOST-DAG: _GreaterEqualWithCast({{.*}}) name("r8") {{.*}}DstT = bf16, T = f32
// HOST-DAG: _LessWithCast({{.*}}) name("r9") {{.*}}DstT = f64, T = f64
// HOST-NOT: Sigmoid
// CPU-NOT: _FusedConv3D
// CPU-NOT: _MklSwish
// CPU-NOT: WithCast
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X5, %c0 = Placeholder name("x5") {dtype = f32, shape = #tf_type.shape<1x4x5x4x2>} : () -> (tensor<1x4x5x4x2xf32>)
  %X5C, %c1 = Placeholder name("x5c") {dtype = f32, shape = #tf_type.shape<2x2x4x5x4>} : () -> (tensor<2x2x4x5x4xf32>)
  %XS, %c2 = Placeholder name("xs") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<3x4xf32>)
  %X4, %c3 = Placeholder name("x4") {dtype = f32, shape = #tf_type.shape<1x6x6x3>} : () -> (tensor<1x6x6x3xf32>)
  %YS, %c4 = Placeholder name("ys") {dtype = f32, shape = #tf_type.shape<3x4>} : () -> (tensor<3x4xf32>)
  %XD, %c5 = Placeholder name("xd") {dtype = f64, shape = #tf_type.shape<5>} : () -> (tensor<5xf64>)
  %F3, %k0 = Const name("f3") {dtype = f32, value = dense<[[[[[-0.352, -0.698, 0.302], [-0.855, 0.072, -0.269]], [[-0.884, 0.015, -0.925], [-0.133, -0.86, -0.819]]], [[[-0.151, 0.654, -0.752], [-0.554, 0.255, 0.895]], [[0.154, -0.207, 0.953], [-0.907, 0.717, -0.421]]]], [[[[-0.711, -0.764, -0.383], [0.632, -0.639, 0.163]], [[0.278, -0.255, 0.095], [-0.874, -0.881, -0.588]]], [[[0.361, -0.145, -0.372], [0.171, -0.094, -0.4]], [[0.589, 0.398, -0.512], [0.149, 0.05, 0.75]]]]]> : tensor<2x2x2x2x3xf32>} : () -> (tensor<2x2x2x2x3xf32>)
  %B3, %k1 = Const name("bias3") {dtype = f32, value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %F2, %k2 = Const name("f2") {dtype = f32, value = dense<[[[[0.459, -0.424, 0.96, -0.764], [-0.164, 0.514, -0.696, -0.022], [-0.922, 0.336, 0.529, 0.146]], [[0.751, -0.373, 0.391, 0.189], [0.16, -0.088, 0.68, 0.889], [-0.052, 0.328, -0.879, 0.403]], [[0.294, 0.986, 0.644, -0.431], [-0.228, 0.337, -0.955, -0.077], [-0.664, -0.766, -0.882, 0.536]]], [[[-0.741, -0.505, -0.218, 0.743], [-0.839, -0.102, 0.099, 0.767], [0.639, 0.728, -0.443, -0.169]], [[-0.282, 0.768, 0.915, -0.698], [-0.648, -0.536, -0.533, -0.03], [0.178, -0.475, -0.992, -0.162]], [[-0.261, 0.133, 0.906, 0.381], [0.031, 0.235, 0.352, -0.892], [0.799, 0.56, 0.749, 0.596]]], [[[-0.215, -0.202, -0.793, 0.269], [-0.876, -0.865, -0.582, -0.675], [-0.32, -0.895, -1.0, -0.697]], [[-0.797, -0.273, -0.949, 0.749], [0.228, -0.703, -0.495, -0.305], [-0.272, -0.754, 0.698, 0.986]], [[-0.068, -0.032, -0.828, -0.796], [-0.315, -0.47, 0.658, -0.677], [-0.954, 0.902, 0.057, -0.707]]]]> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B4, %k3 = Const name("bias4") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %Z, %k4 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %H, %k6 = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %ZD, %k5 = Const name("zd") {dtype = f64, value = dense<0.25> : tensor<f64>} : () -> (tensor<f64>)

  %a1, %d1 = Conv3D(%X5, %F3) name("a1") {T = f32, data_format = "NDHWC", padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<1x4x5x4x2xf32>, tensor<2x2x2x2x3xf32>) -> (tensor<1x4x3x4x3xf32>)
  %b1, %e1 = BiasAdd(%a1, %B3) name("b1") {T = f32} : (tensor<1x4x3x4x3xf32>, tensor<3xf32>) -> (tensor<1x4x3x4x3xf32>)
  %r1, %g1 = Relu(%b1) name("r1") {T = f32} : (tensor<1x4x3x4x3xf32>) -> (tensor<1x4x3x4x3xf32>)
  %o1, %h1 = Identity(%r1) name("o1") {T = f32} : (tensor<1x4x3x4x3xf32>) -> (tensor<1x4x3x4x3xf32>)

  %a2, %d2 = Conv3D(%X5C, %F3) name("a2") {T = f32, data_format = "NCDHW", padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<2x2x4x5x4xf32>, tensor<2x2x2x2x3xf32>) -> (tensor<2x3x3x4x3xf32>)
  %b2, %e2 = BiasAdd(%a2, %B3) name("b2") {T = f32, data_format = "NCHW"} : (tensor<2x3x3x4x3xf32>, tensor<3xf32>) -> (tensor<2x3x3x4x3xf32>)
  %r2, %g2 = Elu(%b2) name("r2") {T = f32} : (tensor<2x3x3x4x3xf32>) -> (tensor<2x3x3x4x3xf32>)
  %o2, %h2 = Identity(%r2) name("o2") {T = f32} : (tensor<2x3x3x4x3xf32>) -> (tensor<2x3x3x4x3xf32>)

  %a3, %d3 = Conv3D(%X5, %F3) name("a3") {T = f32, padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x5x4x2xf32>, tensor<2x2x2x2x3xf32>) -> (tensor<1x3x4x3x3xf32>)
  %b3, %e3 = AddV2(%a3, %B3) name("b3") {T = f32} : (tensor<1x3x4x3x3xf32>, tensor<3xf32>) -> (tensor<1x3x4x3x3xf32>)
  %o3, %h3 = Identity(%b3) name("o3") {T = f32} : (tensor<1x3x4x3x3xf32>) -> (tensor<1x3x4x3x3xf32>)

  %s4, %i4 = Sigmoid(%XS) name("s4") {T = f32} : (tensor<3x4xf32>) -> (tensor<3x4xf32>)
  %o4, %h4 = Mul(%s4, %XS) name("r4") {T = f32} : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>)
  %o4id, %o4ctl = Identity(%o4) name("o4") {T = f32} : (tensor<3x4xf32>) -> (tensor<3x4xf32>)

  %s5, %i5 = Sigmoid(%YS) name("s5") {T = f32} : (tensor<3x4xf32>) -> (tensor<3x4xf32>)
  %o5, %h5 = Mul(%YS, %s5) name("r5") {T = f32} : (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>)
  %o5id, %o5ctl = Identity(%o5) name("o5") {T = f32} : (tensor<3x4xf32>) -> (tensor<3x4xf32>)

  %a6, %d6 = Conv2D(%X4, %F2) name("a6") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x6x6x4xf32>)
  %b6, %e6 = BiasAdd(%a6, %B4) name("b6") {T = f32} : (tensor<1x6x6x4xf32>, tensor<4xf32>) -> (tensor<1x6x6x4xf32>)
  %s6, %i6 = Sigmoid(%b6) name("s6") {T = f32} : (tensor<1x6x6x4xf32>) -> (tensor<1x6x6x4xf32>)
  %r6, %g6 = Mul(%b6, %s6) name("r6") {T = f32} : (tensor<1x6x6x4xf32>, tensor<1x6x6x4xf32>) -> (tensor<1x6x6x4xf32>)
  %o6, %h6 = Identity(%r6) name("o6") {T = f32} : (tensor<1x6x6x4xf32>) -> (tensor<1x6x6x4xf32>)

  %fl7, %l7 = Round(%XS) name("fl7") {T = f32} : (tensor<3x4xf32>) -> (tensor<3x4xf32>)
  %q7, %j7 = Equal(%fl7, %Z) name("q7") {T = f32} : (tensor<3x4xf32>, tensor<f32>) -> (tensor<3x4xi1>)
  %o7, %h7 = Cast(%q7) name("r7") {SrcT = i1, DstT = f32} : (tensor<3x4xi1>) -> (tensor<3x4xf32>)
  %o7id, %o7ctl = Identity(%o7) name("o7") {T = f32} : (tensor<3x4xf32>) -> (tensor<3x4xf32>)

  %q8, %j8 = GreaterEqual(%XS, %H) name("q8") {T = f32} : (tensor<3x4xf32>, tensor<f32>) -> (tensor<3x4xi1>)
  %o8, %h8 = Cast(%q8) name("r8") {SrcT = i1, DstT = bf16} : (tensor<3x4xi1>) -> (tensor<3x4xbf16>)
  %o8id, %o8ctl = Identity(%o8) name("o8") {T = bf16} : (tensor<3x4xbf16>) -> (tensor<3x4xbf16>)

  %q9, %j9 = Less(%XD, %ZD) name("q9") {T = f64} : (tensor<5xf64>, tensor<f64>) -> (tensor<5xi1>)
  %o9, %h9 = Cast(%q9) name("r9") {SrcT = i1, DstT = f64} : (tensor<5xi1>) -> (tensor<5xf64>)
  %o9id, %o9ctl = Identity(%o9) name("o9") {T = f64} : (tensor<5xf64>) -> (tensor<5xf64>)
}
