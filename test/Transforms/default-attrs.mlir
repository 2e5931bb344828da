// RUN: tfg-opt %s --tfg-add-default-attrs | FileCheck %s --check-prefix=ADD
// RUN: tfg-opt %s --tfg-strip-default-attrs | FileCheck %s --check-prefix=STRIP
// RUN: tfg-opt %s --tfg-add-default-attrs --tfg-strip-default-attrs | FileCheck %s --check-prefix=STRIP

// COM: Conv2D's defaults: data_format, dilations, explicit_paddings,
// COM: use_cudnn_on_gpu. Explicit values equal to a default are stripped,
// COM: others are kept.
// ADD-LABEL: tfg.graph
// ADD: Conv2D{{.*}}name("conv") {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true}
// ADD: Cast{{.*}}{DstT = i32, SrcT = f32, Truncate = false}
// ADD: Foo{{.*}}{bar = 1 : i64}
// STRIP-LABEL: tfg.graph
// STRIP: Conv2D{{.*}}name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1]}
// STRIP: Cast{{.*}}{DstT = i32, SrcT = f32}
// COM: Unknown ops are left alone.
// STRIP: Foo{{.*}}{bar = 1 : i64}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %W, %ctl_0 = Placeholder name("w") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_1 = Conv2D(%X, %W) name("conv") {T = f32, padding = "SAME", strides = [1, 1, 1, 1], data_format = "NHWC"} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  %I, %ctl_2 = Cast(%X) name("cast") {SrcT = f32, DstT = i32} : (tensor<*xf32>) -> (tensor<*xi32>)
  %F, %ctl_3 = Foo(%X) name("foo") {bar = 1} : (tensor<*xf32>) -> (tensor<*xf32>)
}
