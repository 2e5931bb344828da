// RUN: tfg-opt %s --split-input-file --tfg-grappler=fetch=out | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-grappler='fetch=out disable=tfg-layout' | FileCheck %s --check-prefix=OFF

// COM: tfg-grappler runs tfg-layout (Grappler's stage, after shape
// COM: inference): nodes placed on a GPU run in NCHW between one Transpose in
// COM: and one out.
// CHECK-LABEL: tfg.graph
// CHECK: Transpose({{.*}}) device("/device:GPU:0") name("c-0-TransposeNHWCToNCHW-LayoutOptimizer")
// CHECK: Conv2D({{.*}}) device("/device:GPU:0") name("c") {{.*}}data_format = "NCHW"
// CHECK: MaxPool({{.*}}) device("/device:GPU:0") name("m") {{.*}}data_format = "NCHW"
// CHECK: Transpose({{.*}}) device("/device:GPU:0") name("m-0-0-TransposeNCHWToNHWC-LayoutOptimizer")
// CHECK: Identity({{.*}}) name("out")
// OFF-LABEL: tfg.graph
// OFF-NOT: Transpose
// OFF: Conv2D({{.*}}) device("/device:GPU:0") name("c") {{.*}}data_format = "NHWC"
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %C, %ctl_1 = Conv2D(%X, %F) device("/device:GPU:0") name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %M, %ctl_2 = MaxPool(%C) device("/device:GPU:0") name("m") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>)
  %O, %ctl_3 = Identity(%M) name("out") {T = f32} : (tensor<1x4x4x4xf32>) -> (tensor<1x4x4x4xf32>)
}

// -----

// COM: Without GPU placements (as imported models are) nothing changes.
// CHECK-LABEL: tfg.graph
// CHECK-NOT: Transpose
// CHECK: Conv2D({{.*}}) name("c") {{.*}}data_format = "NHWC"
// CHECK-NOT: Transpose
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x8x8x3>} : () -> (tensor<1x8x8x3xf32>)
  %F, %ctl_0 = Const name("f") {dtype = f32, value = dense<0.5> : tensor<3x3x3x4xf32>} : () -> (tensor<3x3x3x4xf32>)
  %C, %ctl_1 = Conv2D(%X, %F) name("c") {T = f32, data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> (tensor<1x8x8x4xf32>)
  %M, %ctl_2 = MaxPool(%C) name("m") {T = f32, data_format = "NHWC", ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x8x8x4xf32>) -> (tensor<1x4x4x4xf32>)
  %O, %ctl_3 = Identity(%M) name("out") {T = f32} : (tensor<1x4x4x4xf32>) -> (tensor<1x4x4x4xf32>)
}
