// RUN: tfg-opt %s --split-input-file --tfg-layout='fetch=out' | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-layout='assume-gpu=true fetch=out' | FileCheck %s --check-prefix=ASSUME
// RUN: tfg-opt %s --split-input-file --tfg-layout='reverse=true fetch=out' | FileCheck %s --check-prefix=REV

// COM: A chain on a GPU: Conv2D, BiasAdd, Relu, MaxPool in NCHW, one
// COM: Transpose in and one out; the pairs between them cancel, and the
// COM: Transposes are named after their node and port.
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// CHECK-LABEL: tfg.graph
// CHECK: %[[P0:.*]], %{{.*}} = Const device("/device:GPU:0") name("c-0-TransposeNHWCToNCHW-LayoutOptimizer-perm") {dtype = i32, value = dense<[0, 3, 1, 2]> : tensor<4xi32>}
// CHECK-NEXT: %[[T0:.*]], %{{.*}} = Transpose(%{{.*}}, %[[P0]]) device("/device:GPU:0") name("c-0-TransposeNHWCToNCHW-LayoutOptimizer") {{.*}} -> (tensor<1x3x8x8xf32>)
// CHECK-NEXT: %[[C:.*]], %{{.*}} = Conv2D(%[[T0]], %{{.*}}) device("/device:GPU:0") name("c") {{.*}}data_format = "NCHW"{{.*}}strides = [1, 1, 1, 1]} : (tensor<1x3x8x8xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x4x8x8xf32>)
// CHECK-NEXT: %[[B:.*]], %{{.*}} = BiasAdd(%[[C]], %{{.*}}) device("/device:GPU:0") name("b") {{.*}}data_format = "NCHW"
// CHECK-NEXT: %[[R:.*]], %{{.*}} = Relu(%[[B]]) device("/device:GPU:0") name("r") {{.*}} -> (tensor<1x4x8x8xf32>)
// CHECK-NEXT: %[[M:.*]], %{{.*}} = MaxPool(%[[R]]) device("/device:GPU:0") name("m") {{.*}}data_format = "NCHW", ksize = [1, 1, 2, 2]{{.*}}strides = [1, 1, 2, 2]} : (tensor<1x4x8x8xf32>) -> (tensor<1x4x4x4xf32>)
// CHECK-NEXT: %[[P1:.*]], %{{.*}} = Const device("/device:GPU:0") name("m-0-0-TransposeNCHWToNHWC-LayoutOptimizer-perm") {dtype = i32, value = dense<[0, 2, 3, 1]> : tensor<4xi32>}
// CHECK-NEXT: %[[T1:.*]], %{{.*}} = Transpose(%[[M]], %[[P1]]) device("/device:GPU:0") name("m-0-0-TransposeNCHWToNHWC-LayoutOptimizer") {{.*}} -> (tensor<1x4x4x4xf32>)
// CHECK-NEXT: Identity(%[[T1]]) name("out")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %B, %ctl_1 = Const name("bias") {dtype = f32, value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) device("/device:GPU:0") name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_3 = BiasAdd(%C, %B) device("/device:GPU:0") name("b") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %R, %ctl_4 = Relu(%A) device("/device:GPU:0") name("r") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %M, %ctl_5 = MaxPool(%R) device("/device:GPU:0") name("m") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>)
  %O, %ctl_6 = Identity(%M) name("out") {T = f32} : (tensor<1x4x4x4xf32>) -> (tensor<1x4x4x4xf32>)
}

// -----

// COM: Unplaced nodes: left alone unless assume-gpu. A taken name is
// COM: uniqued.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: = Transpose(
// CHECK: data_format = "NHWC"
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// ASSUME-DAG: Const name("c-0-TransposeNHWCToNCHW-LayoutOptimizer_1-perm")
// ASSUME-DAG: Transpose({{.*}}) name("c-0-TransposeNHWCToNCHW-LayoutOptimizer_1")
// ASSUME-DAG: Conv2D({{.*}}) name("c") {{.*}}data_format = "NCHW"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %ctl_1 = NoOp name("c-0-TransposeNHWCToNCHW-LayoutOptimizer")
  %C, %ctl_2 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %O, %ctl_3 = Identity(%C) name("out") {T = f32} : (tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
}

// -----

// COM: Not converted: a node on a CPU, a node already NCHW, an input of
// COM: unknown rank, a fetched node.
// CHECK-LABEL: tfg.graph
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// ASSUME-NOT: = Transpose(
// ASSUME-DAG: Conv2D({{.*}}) device("/device:CPU:0") name("cpu") {{.*}}data_format = "NHWC"
// ASSUME-DAG: Conv2D({{.*}}) name("nchw") {{.*}}data_format = "NCHW"
// ASSUME-DAG: Conv2D({{.*}}) name("unranked") {{.*}}data_format = "NHWC"
// ASSUME-DAG: Conv2D({{.*}}) name("out") {{.*}}data_format = "NHWC"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %U, %ctl_0 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %F, %ctl_1 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x3xf32>} : () -> (tensor<3x3x3x3xf32>)
  %C0, %ctl_2 = Conv2D(%X, %F) device("/device:CPU:0") name("cpu") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x3xf32>) -> (tensor<1x8x8x3xf32>)
  %C1, %ctl_3 = Conv2D(%C0, %F) name("nchw") {T = f32, data_format = "NCHW", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x3xf32>) -> (tensor<1x8x8x3xf32>)
  %C2, %ctl_4 = Conv2D(%U, %F) name("unranked") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<3x3x3x3xf32>) -> (tensor<*xf32>)
  %C3, %ctl_5 = Conv2D(%C1, %F) name("out") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x3xf32>) -> (tensor<1x8x8x3xf32>)
}

// -----

// COM: TensorFlow issue #34499: a binary op with an operand of unknown rank
// COM: is not moved past the Transposes. One with both operands transposed
// COM: is, and so is one with a scalar (it broadcasts the same in any
// COM: layout) or a vector (reshaped to [1, C, 1, 1], as Grappler does, so
// COM: that it still broadcasts along the channels).
// CHECK-LABEL: tfg.graph
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// ASSUME-DAG: %[[T:.*]], %{{.*}} = Transpose({{.*}}) name("c-0-0-TransposeNCHWToNHWC-LayoutOptimizer")
// ASSUME-DAG: Mul(%{{.*}}, %{{.*}}) name("scalar") {T = f32} : (tensor<1x4x8x8xf32>, tensor<f32>)
// ASSUME-DAG: Mul(%[[T]], %{{.*}}) name("unknown") {T = f32} : (tensor<1x8x8x4xf32>, tensor<*xf32>)
// ASSUME-DAG: %[[SHAPE:.*]], %{{.*}} = Const name("vector-1-ReshapeNHWCToNCHW-LayoutOptimizer-shape") {dtype = i32, value = dense<[1, -1, 1, 1]> : tensor<4xi32>}
// ASSUME-DAG: %[[R:.*]], %{{.*}} = Reshape(%{{.*}}, %[[SHAPE]]) name("vector-1-ReshapeNHWCToNCHW-LayoutOptimizer") {{.*}} -> (tensor<1x4x1x1xf32>)
// ASSUME-DAG: Mul(%{{.*}}, %[[R]]) name("vector") {T = f32} : (tensor<1x4x8x8xf32>, tensor<1x4x1x1xf32>)
// ASSUME-DAG: Mul(%{{.*}}, %{{.*}}) name("both") {T = f32} : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %U, %ctl_0 = Placeholder name("u") {dtype = f32} : () -> (tensor<*xf32>)
  %S, %ctl_1 = Const name("s") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
  %V, %ctl_2 = Const name("v") {dtype = f32, value = dense<2.0> : tensor<4xf32>} : () -> (tensor<4xf32>)
  %F, %ctl_3 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %C, %ctl_4 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %M0, %ctl_5 = Mul(%C, %S) name("scalar") {T = f32} : (tensor<1x8x8x4xf32>, tensor<f32>) -> (tensor<1x8x8x4xf32>)
  %M1, %ctl_6 = Mul(%C, %U) name("unknown") {T = f32} : (tensor<1x8x8x4xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %M2, %ctl_7 = Mul(%C, %V) name("vector") {T = f32} : (tensor<1x8x8x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>)
  %M3, %ctl_8 = Mul(%C, %C) name("both") {T = f32} : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>)
  %O:4, %ctl_9 = IdentityN(%M0, %M1, %M2, %M3) name("out") {T = [f32, f32, f32, f32]} : (tensor<1x8x8x4xf32>, tensor<*xf32>, tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>, tensor<*xf32>, tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>)
}

// -----

// COM: A Transpose pair that cancels is removed even when written by the
// COM: user; one that does not is kept.
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: Identity(%[[X]]) name("out")
// CHECK: Identity(%{{.*}}) name("keep")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x2x3x4>} : () -> (tensor<1x2x3x4xf32>)
  %P1, %ctl_0 = Const name("p1") {dtype = i32, value = dense<[0, 3, 1, 2]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %P2, %ctl_1 = Const name("p2") {dtype = i32, value = dense<[0, 2, 3, 1]> : tensor<4xi32>} : () -> (tensor<4xi32>)
  %T1, %ctl_2 = Transpose(%X, %P1) name("t1") {T = f32, Tperm = i32} : (tensor<1x2x3x4xf32>, tensor<4xi32>) -> (tensor<1x4x2x3xf32>)
  %T2, %ctl_3 = Transpose(%T1, %P2) name("t2") {T = f32, Tperm = i32} : (tensor<1x4x2x3xf32>, tensor<4xi32>) -> (tensor<1x2x3x4xf32>)
  %T3, %ctl_4 = Transpose(%T1, %P1) name("t3") {T = f32, Tperm = i32} : (tensor<1x4x2x3xf32>, tensor<4xi32>) -> (tensor<1x3x4x2xf32>)
  %O, %ctl_5 = Identity(%T2) name("out") {T = f32} : (tensor<1x2x3x4xf32>) -> (tensor<1x2x3x4xf32>)
  %K, %ctl_6 = Identity(%T3) name("keep") {T = f32} : (tensor<1x3x4x2xf32>) -> (tensor<1x3x4x2xf32>)
}

// -----

// COM: Concat (axis first) and PadV2 and MirrorPad get permuted constants.
// CHECK-LABEL: tfg.graph
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// ASSUME-DAG: %[[AXIS:.*]], %{{.*}} = Const name("cat-0-DataFormatNHWCToNCHW-LayoutOptimizer") {dtype = i32, value = dense<1> : tensor<i32>}
// ASSUME-DAG: Concat(%[[AXIS]], %{{.*}}, %{{.*}}) name("cat") {{.*}} -> (tensor<1x8x8x8xf32>)
// ASSUME-DAG: %[[PADS:.*]], %{{.*}} = Const name("pad2-1-DataFormatNHWCToNCHW-LayoutOptimizer") {dtype = i32, value = dense<{{\[}}[0, 0], [0, 0], [1, 1], [2, 2]]> : tensor<4x2xi32>}
// ASSUME-DAG: PadV2(%{{.*}}, %[[PADS]], %{{.*}}) name("pad2")
// ASSUME-DAG: MirrorPad(%{{.*}}, %{{.*}}) name("mirror") {{.*}} -> (tensor<1x4x10x12xf32>)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %C, %ctl_1 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %A, %ctl_2 = Const name("axis") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
  %K, %ctl_3 = Concat(%A, %C, %C) name("cat") {N = 2 : i64, T = f32} : (tensor<i32>, tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x8xf32>)
  %P, %ctl_4 = Const name("pads") {dtype = i32, value = dense<[[0, 0], [1, 1], [2, 2], [0, 0]]> : tensor<4x2xi32>} : () -> (tensor<4x2xi32>)
  %Z, %ctl_5 = Const name("zero") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %P2, %ctl_6 = PadV2(%C, %P, %Z) name("pad2") {T = f32, Tpaddings = i32} : (tensor<1x8x8x4xf32>, tensor<4x2xi32>, tensor<f32>) -> (tensor<1x10x12x4xf32>)
  %M, %ctl_7 = MirrorPad(%C, %P) name("mirror") {T = f32, Tpaddings = i32, mode = "REFLECT"} : (tensor<1x8x8x4xf32>, tensor<4x2xi32>) -> (tensor<1x10x12x4xf32>)
  %O:3, %ctl_8 = IdentityN(%K, %P2, %M) name("out") {T = [f32, f32, f32]} : (tensor<1x8x8x8xf32>, tensor<1x10x12x4xf32>, tensor<1x10x12x4xf32>) -> (tensor<1x8x8x8xf32>, tensor<1x10x12x4xf32>, tensor<1x10x12x4xf32>)
}

// -----

// COM: reverse: an NCHW node off the GPU becomes NHWC; one on a GPU stays.
// CHECK-LABEL: tfg.graph
// ASSUME-LABEL: tfg.graph
// REV-LABEL: tfg.graph
// REV-DAG: Const device("/device:CPU:0") name("c-0-TransposeNCHWToNHWC-LayoutOptimizer-perm") {dtype = i32, value = dense<[0, 2, 3, 1]> : tensor<4xi32>}
// REV-DAG: Conv2D({{.*}}) device("/device:CPU:0") name("c") {{.*}}data_format = "NHWC"{{.*}}strides = [1, 2, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x4x8x4xf32>)
// REV-DAG: Const device("/device:CPU:0") name("c-0-0-TransposeNHWCToNCHW-LayoutOptimizer-perm") {dtype = i32, value = dense<[0, 3, 1, 2]> : tensor<4xi32>}
// REV-DAG: Conv2D({{.*}}) device("/device:GPU:0") name("g") {{.*}}data_format = "NCHW"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x3x8x8>} : () -> (tensor<1x3x8x8xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %F2, %ctl_1 = Const name("f2") {dtype = f32, value = dense<0.5> : tensor<3x3x4x4xf32>} : () -> (tensor<3x3x4x4xf32>)
  %C, %ctl_2 = Conv2D(%X, %F) device("/device:CPU:0") name("c") {T = f32, data_format = "NCHW", padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<1x3x8x8xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x4x4x8xf32>)
  %G, %ctl_3 = Conv2D(%C, %F2) device("/device:GPU:0") name("g") {T = f32, data_format = "NCHW", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x8xf32>, tensor<3x3x4x4xf32>) -> (tensor<1x4x4x8xf32>)
  %O, %ctl_4 = Identity(%G) name("out") {T = f32} : (tensor<1x4x4x8xf32>) -> (tensor<1x4x4x8xf32>)
}
