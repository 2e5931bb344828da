// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16 --check-pipeline='tfg-remapper{target=tf-cpu fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16}' --rtol=1e-3 --atol=1e-3 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=tf-cpu fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16' | FileCheck %s --check-prefix=CPU
// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16 --check-pipeline='tfg-remapper{target=tf-gpu fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16}' --rtol=1e-3 --atol=1e-3 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=tf-gpu fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16' | FileCheck %s --check-prefix=GPU
// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16 --check-pipeline='tfg-remapper{target=tfjs fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16}' --rtol=1e-3 --atol=1e-3 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=tfjs fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16' | FileCheck %s --check-prefix=TFJS
// RUN: tfg-run %s --fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16 --check-pipeline='tfg-remapper{target=host fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16}' --rtol=1e-3 --atol=1e-3 | FileCheck %s --check-prefix=SAME
// RUN: tfg-opt %s --tfg-remapper='target=host fetch=o1,o2,o3,o4,o5,o6,o7,o8,o9,o10,o11,o12,o13,o14,o15,o16' | FileCheck %s --check-prefix=HOST

// COM: Every rule of tfg-remapper, run before and after by tfg-run on the
// COM: same random inputs (each Placeholder's shape is known): the fetches
// COM: must agree for every target. The FileCheck lines show that each
// COM: target did fuse (so the comparison is not of an unchanged graph).
// SAME-COUNT-16: : max_abs_diff={{.*}} ok
// SAME-NOT: MISMATCH

// CPU-DAG: _FusedConv2D({{.*}}) name("r1") {{.*}}["BiasAdd", "Relu"]
// CPU-DAG: _FusedMatMul({{.*}}) name("r2") {{.*}}["BiasAdd", "LeakyRelu"]
// CPU-DAG: _FusedConv2D({{.*}}) name("r6") {{.*}}["BiasAdd", "Relu"]
// CPU-DAG: _FusedConv2D({{.*}}) name("r7") {{.*}}["FusedBatchNorm", "Elu"]
// CPU-DAG: AddV2({{.*}}) name("b9")
// CPU-DAG: Squeeze({{.*}}) name("b10")
// CPU-DAG: Conv2D({{.*}}) name("b11") {{.*}}padding = "SAME"
// CPU-DAG: Conv2D({{.*}}) name("b12") {{.*}}padding = "EXPLICIT"
// CPU-DAG: _FusedMatMul({{.*}}) name("r14") {{.*}}["BiasAdd", "Relu6"]
// GPU-DAG: _FusedConv2D({{.*}}) name("r1") {{.*}}["BiasAdd", "Relu"]
// GPU-DAG: _FusedBatchNormEx({{.*}}) name("r8") {{.*}}activation_mode = "Relu"
// TFJS-DAG: _FusedConv2D({{.*}}) name("r1") {{.*}}["BiasAdd", "Relu"]
// TFJS-DAG: FusedDepthwiseConv2dNative({{.*}}) name("r3") {{.*}}["BiasAdd", "Relu6"]
// TFJS-DAG: _FusedConv2D({{.*}}) name("r4") {{.*}}["BiasAdd", "Prelu"]
// TFJS-DAG: _FusedMatMul({{.*}}) name("r5") {{.*}}["BiasAdd", "Sigmoid"]
// HOST-DAG: _FusedDepthwiseConv2dNative({{.*}}) name("r3") {{.*}}["BiasAdd", "Relu6"]
// HOST-DAG: _FusedConv2D({{.*}}) name("r13") {{.*}}["BiasAdd", "Add", "Relu"]
// HOST-DAG: _FusedBatchNormEx({{.*}}) name("r8")
// HOST-DAG: _FusedMatMul({{.*}}) name("r15") {{.*}}["BiasAdd", "GeluExact"]
// HOST-DAG: _FusedMatMul({{.*}}) name("r16") {{.*}}["BiasAdd", "GeluApproximate"]
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %XM, %c1 = Placeholder name("xm") {dtype = f32, shape = #tf_type.shape<2x3>} : () -> (tensor<2x3xf32>)
  %Y4, %c2 = Placeholder name("y4") {dtype = f32, shape = #tf_type.shape<1x8x8x4>} : () -> (tensor<1x8x8x4xf32>)
  %SC, %c3 = Placeholder name("sc") {dtype = f32, shape = #tf_type.shape<4>} : () -> (tensor<4xf32>)
  %XH, %c4 = Placeholder name("xh") {dtype = f16, shape = #tf_type.shape<1x4x4x8>} : () -> (tensor<1x4x4x8xf16>)
  %YH, %c5 = Placeholder name("yh") {dtype = f16, shape = #tf_type.shape<1x4x4x8>} : () -> (tensor<1x4x4x8xf16>)
  %XS, %c6 = Placeholder name("xs") {dtype = f32, shape = #tf_type.shape<1x1x8x3>} : () -> (tensor<1x1x8x3xf32>)
  %XD, %c7 = Placeholder name("xd") {dtype = f32, shape = #tf_type.shape<1x6x6x2>} : () -> (tensor<1x6x6x2xf32>)
  %F3, %k0 = Const name("f3") {dtype = f32, value = dense<[[[[0.1, -0.2, 0.3, 0.4], [0.5, 0.6, -0.7, 0.8], [0.2, 0.1, 0.0, -0.1]]]]> : tensor<1x1x3x4xf32>} : () -> (tensor<1x1x3x4xf32>)
  %F33, %k1 = Const name("f33") {dtype = f32, value = dense<0.125> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B4, %k2 = Const name("b4") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %W, %k3 = Const name("w") {dtype = f32, value = dense<[[0.5, -1.0, 0.25, 2.0], [1.5, 0.5, -0.5, 1.0], [-0.25, 0.75, 1.0, -1.5]]> : tensor<3x4xf32>} : () -> (tensor<3x4xf32>)
  %FD, %k4 = Const name("fd") {dtype = f32, value = dense<0.25> : tensor<3x3x3x2xf32>} : () -> (tensor<3x3x3x2xf32>)
  %B6, %k5 = Const name("b6") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6]> : tensor<6xf32>} : () -> (tensor<6xf32>)
  %AL, %k6 = Const name("alpha") {dtype = f32, value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %S4, %k7 = Const name("s4") {dtype = f32, value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %O4, %k8 = Const name("off4") {dtype = f32, value = dense<[0.1, 0.2, 0.3, 0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %M4, %k9 = Const name("m4") {dtype = f32, value = dense<[0.0, 0.5, 1.0, 1.5]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %V4, %k10 = Const name("v4") {dtype = f32, value = dense<[1.0, 0.5, 2.0, 0.25]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %S8, %k11 = Const name("s8") {dtype = f32, value = dense<[1.0, 2.0, 0.5, 1.5, 1.0, 2.0, 0.5, 1.5]> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %O8, %k12 = Const name("off8") {dtype = f32, value = dense<0.25> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %M8, %k13 = Const name("m8") {dtype = f32, value = dense<0.5> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %V8, %k14 = Const name("v8") {dtype = f32, value = dense<2.0> : tensor<8xf32>} : () -> (tensor<8xf32>)
  %FS, %k15 = Const name("fs") {dtype = f32, value = dense<0.5> : tensor<1x3x3x4xf32>} : () -> (tensor<1x3x3x4xf32>)
  %FDL, %k16 = Const name("fdl") {dtype = f32, value = dense<[[[[0.5, -0.5, 1.0], [0.25, 0.75, -1.0]], [[1.0, 0.0, 0.5], [0.5, 0.5, 0.5]], [[-0.5, 1.0, 0.25], [0.0, 0.25, 1.0]]], [[[0.5, -0.5, 1.0], [0.25, 0.75, -1.0]], [[1.0, 0.0, 0.5], [0.5, 0.5, 0.5]], [[-0.5, 1.0, 0.25], [0.0, 0.25, 1.0]]], [[[0.5, -0.5, 1.0], [0.25, 0.75, -1.0]], [[1.0, 0.0, 0.5], [0.5, 0.5, 0.5]], [[-0.5, 1.0, 0.25], [0.0, 0.25, 1.0]]]]> : tensor<3x3x2x3xf32>} : () -> (tensor<3x3x2x3xf32>)
  %K2, %k17 = Const name("k2") {dtype = i32, value = dense<2> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %P24, %k18 = Const name("p24") {dtype = i32, value = dense<[[2, 4], [2, 4]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %CR, %k19 = Const name("cr") {dtype = i32, value = dense<[[0, 2], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)
  %CR2, %k20 = Const name("cr2") {dtype = i32, value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> (tensor<2x2xi32>)

  %a1, %d1 = Conv2D(%X, %F33) name("a1") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %b1, %e1 = BiasAdd(%a1, %B4) name("b1") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %r1, %g1 = Relu(%b1) name("r1") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)

  %a2, %d2 = MatMul(%XM, %W) name("a2") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %b2, %e2 = BiasAdd(%a2, %B4) name("b2") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %r2, %g2 = LeakyRelu(%b2) name("r2") {T = f32, alpha = 3.000000e-01 : f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)

  %a3, %d3 = DepthwiseConv2dNative(%X, %FD) name("a3") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x2xf32>) -> (tensor<1x6x6x6xf32>)
  %b3, %e3 = BiasAdd(%a3, %B6) name("b3") {T = f32} : (tensor<1x6x6x6xf32>, tensor<6xf32>) -> (tensor<1x6x6x6xf32>)
  %r3, %g3 = Relu6(%b3) name("r3") {T = f32} : (tensor<1x6x6x6xf32>) -> (tensor<1x6x6x6xf32>)

  %a4, %d4 = Conv2D(%X, %F3) name("a4") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<1x1x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %b4, %e4 = BiasAdd(%a4, %B4) name("b4x") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %r4, %g4 = Prelu(%b4, %AL) name("r4") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)

  %a5, %d5 = MatMul(%XM, %W) name("a5") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %b5, %e5 = BiasAdd(%a5, %B4) name("b5") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %r5, %g5 = Sigmoid(%b5) name("r5") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)

  %a6, %d6 = Conv2D(%X, %F33) name("a6") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %b6:6, %e6 = FusedBatchNormV3(%a6, %S4, %O4, %M4, %V4) name("b6x") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %r6, %g6 = Relu(%b6#0) name("r6") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)

  %a7, %d7 = Conv2D(%X, %F33) name("a7") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %b7:6, %e7 = FusedBatchNormV3(%a7, %SC, %O4, %M4, %V4) name("b7") {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  %r7, %g7 = Elu(%b7#0) name("r7") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)

  %b8:6, %e8 = FusedBatchNormV3(%XH, %S8, %O8, %M8, %V8) name("b8") {T = f16, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x4x4x8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x4x4x8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<*xf32>)
  %s8, %f8 = AddV2(%b8#0, %YH) name("s8x") {T = f16} : (tensor<1x4x4x8xf16>, tensor<1x4x4x8xf16>) -> (tensor<1x4x4x8xf16>)
  %r8, %g8 = Relu(%s8) name("r8") {T = f16} : (tensor<1x4x4x8xf16>) -> (tensor<1x4x4x8xf16>)

  %b9:5, %e9 = FusedBatchNorm(%Y4, %S4, %O4, %M4, %V4) name("b9") {T = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, is_training = false} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)

  %a10, %d10 = Conv2D(%XS, %FS) name("a10") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x1x8x3xf32>, tensor<1x3x3x4xf32>) -> (tensor<1x1x8x4xf32>)
  %q10, %h10 = Squeeze(%a10) name("q10") {T = f32, squeeze_dims = [1]} : (tensor<1x1x8x4xf32>) -> (tensor<1x8x4xf32>)
  %b10, %e10 = BiasAdd(%q10, %B4) name("b10") {T = f32} : (tensor<1x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x4xf32>)

  %s11, %f11 = SpaceToBatchND(%XD, %K2, %P24) name("s11") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<1x6x6x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<4x6x6x2xf32>)
  %a11, %d11 = Conv2D(%s11, %FDL) name("a11") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x6x6x2xf32>, tensor<3x3x2x3xf32>) -> (tensor<4x4x4x3xf32>)
  %b11, %e11 = BatchToSpaceND(%a11, %K2, %CR) name("b11") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<4x4x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<1x6x6x3xf32>)

  %s12, %f12 = SpaceToBatchND(%XD, %K2, %P24) name("s12") {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<1x6x6x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<4x6x6x2xf32>)
  %a12, %d12 = Conv2D(%s12, %FDL) name("a12") {T = f32, data_format = "NHWC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x6x6x2xf32>, tensor<3x3x2x3xf32>) -> (tensor<4x4x4x3xf32>)
  %b12, %e12 = BatchToSpaceND(%a12, %K2, %CR2) name("b12") {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<4x4x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> (tensor<1x6x6x3xf32>)

  %a13, %d13 = Conv2D(%X, %F33) name("a13") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %b13, %e13 = BiasAdd(%a13, %B4) name("b13") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %s13, %f13 = AddV2(%Y4, %b13) name("s13") {T = f32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %r13, %g13 = Relu(%s13) name("r13") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)

  %a14, %d14 = MatMul(%XM, %W) name("a14") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %b14, %e14 = Add(%B4, %a14) name("b14") {T = f32} : (tensor<4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %r14, %g14 = Relu6(%b14) name("r14") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)

  %GH, %q0 = Const name("g_half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  %GO, %q1 = Const name("g_one") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %GS, %q2 = Const name("g_sqrt2") {dtype = f32, value = dense<1.41421354> : tensor<f32>} : () -> (tensor<f32>)
  %GK, %q3 = Const name("g_coeff") {dtype = f32, value = dense<0.044715> : tensor<f32>} : () -> (tensor<f32>)
  %G3, %q4 = Const name("g_three") {dtype = f32, value = dense<3.0> : tensor<f32>} : () -> (tensor<f32>)
  %GR, %q5 = Const name("g_r") {dtype = f32, value = dense<0.797884583> : tensor<f32>} : () -> (tensor<f32>)

  %a15, %d15 = MatMul(%XM, %W) name("a15") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %b15, %e15 = BiasAdd(%a15, %B4) name("b15") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %h15, %f15 = Mul(%GH, %b15) name("h15") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %v15, %i15 = RealDiv(%b15, %GS) name("v15") {T = f32} : (tensor<2x4xf32>, tensor<f32>) -> (tensor<2x4xf32>)
  %x15, %j15 = Erf(%v15) name("x15") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %p15, %l15 = AddV2(%GO, %x15) name("p15") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %r15, %g15 = Mul(%h15, %p15) name("r15") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)

  %a16, %d16 = MatMul(%XM, %W) name("a16") {T = f32} : (tensor<2x3xf32>, tensor<3x4xf32>) -> (tensor<2x4xf32>)
  %b16, %e16 = BiasAdd(%a16, %B4) name("b16") {T = f32} : (tensor<2x4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>)
  %h16, %f16 = Mul(%GH, %b16) name("h16") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %w16, %i16 = Pow(%b16, %G3) name("w16") {T = f32} : (tensor<2x4xf32>, tensor<f32>) -> (tensor<2x4xf32>)
  %c16, %j16 = Mul(%GK, %w16) name("c16") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %s16, %kk16 = AddV2(%b16, %c16) name("s16") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %m16, %l16 = Mul(%GR, %s16) name("m16") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %t16, %n16 = Tanh(%m16) name("t16") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %p16, %o16x = AddV2(%GO, %t16) name("p16") {T = f32} : (tensor<f32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %r16, %g16 = Mul(%h16, %p16) name("r16") {T = f32} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %o1, %oc1 = Identity(%r1) name("o1") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %o2, %oc2 = Identity(%r2) name("o2") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %o3, %oc3 = Identity(%r3) name("o3") {T = f32} : (tensor<1x6x6x6xf32>) -> (tensor<1x6x6x6xf32>)
  %o4, %oc4 = Identity(%r4) name("o4") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %o5, %oc5 = Identity(%r5) name("o5") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %o6, %oc6 = Identity(%r6) name("o6") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %o7, %oc7 = Identity(%r7) name("o7") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %o8, %oc8 = Identity(%r8) name("o8") {T = f16} : (tensor<1x4x4x8xf16>) -> (tensor<1x4x4x8xf16>)
  %o9, %oc9 = Identity(%b9#0) name("o9") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %o10, %oc10 = Identity(%b10) name("o10") {T = f32} : (tensor<1x8x4xf32>) -> (tensor<1x8x4xf32>)
  %o11, %oc11 = Identity(%b11) name("o11") {T = f32} : (tensor<1x6x6x3xf32>) -> (tensor<1x6x6x3xf32>)
  %o12, %oc12 = Identity(%b12) name("o12") {T = f32} : (tensor<1x6x6x3xf32>) -> (tensor<1x6x6x3xf32>)
  %o13, %oc13 = Identity(%r13) name("o13") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %o14, %oc14 = Identity(%r14) name("o14") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %o15, %oc15 = Identity(%r15) name("o15") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
  %o16, %oc16 = Identity(%r16) name("o16") {T = f32} : (tensor<2x4xf32>) -> (tensor<2x4xf32>)
}
