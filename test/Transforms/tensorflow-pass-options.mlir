// COM: Options of TensorFlow's tfg passes that tfg's passes answer to:
// COM: pipelines written for TensorFlow's tools run unchanged.
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-shape-inference{graph-version=1087})' | FileCheck %s --check-prefix=SHAPE
// RUN: tfg-opt %s -pass-pipeline='builtin.module(tfg-functional-to-region,tfg-region-to-functional{force-control-capture=true})' | FileCheck %s --check-prefix=R2F

// SHAPE: Neg(%{{.*}}) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
// COM: A region capturing a control token without data converts; the call
// COM: waits for the token.
// R2F: %[[CTL:.*]] = NoOp name("wait")
// R2F: If(%{{.*}}) [%[[CTL]]] name("if")

tfg.graph #tf_type.version<producer = 1087, min_consumer = 0> {
  %x, %ctl = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %n, %ctl_0 = Neg(%x) name("neg") {T = f32} : (tensor<2xf32>) -> (tensor<*xf32>)
  %b, %ctl_1 = Placeholder name("b") {dtype = i1} : () -> (tensor<i1>)
  %w = NoOp name("wait")
  %r, %ctl_2 = IfRegion %b then {
    %c, %ctl_3 = Const [%w] name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
    yield(%c) : tensor<f32>
  } else {
    %d, %ctl_4 = Const name("d") {dtype = f32, value = dense<2.0> : tensor<f32>} : () -> (tensor<f32>)
    yield(%d) : tensor<f32>
  } name("if") {Tcond = i1, Tin = [], Tout = [f32], output_shapes = [#tf_type.shape<>]} : (tensor<i1>) -> (tensor<f32>)
}
