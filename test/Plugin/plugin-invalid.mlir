// REQUIRES: llvm-dylib
// COM: tfg's verifier reports through stock mlir-opt, at the operation.
// RUN: mlir-opt --load-dialect-plugin=%tfg_plugin %s --verify-diagnostics

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp name("a")
  %x, %ctl_0 = Placeholder name("x") {dtype = i32} : () -> (tensor<i32>)
  // expected-error@+1 {{control operands must come after data operands}}
  %1:2 = "tfg.Foo"(%ctl, %x) {_mlir_name = "foo"} : (!tf_type.control, tensor<i32>) -> (tensor<i32>, !tf_type.control)
}
