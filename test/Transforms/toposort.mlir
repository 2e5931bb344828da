// RUN: tfg-opt %s --tfg-toposort --split-input-file | FileCheck %s

// COM: Producers move before their users; independent nodes keep their order.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: name("x")
// CHECK-NEXT: name("neg")
// CHECK-NEXT: name("c")
// CHECK-NEXT: name("sink")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Neg, %ctl = Neg(%P) name("neg") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %P, %ctl_0 = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  %C, %ctl_1 = Const name("c") {dtype = f32, value = dense<1.0> : tensor<f32>} : () -> (tensor<f32>)
  %ctl_2 = NoOp [%ctl, %ctl_1] name("sink")
}

// -----

// COM: A control edge orders nodes like a data edge.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: name("first")
// CHECK-NEXT: name("second")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %ctl = NoOp [%ctl_0] name("second")
  %ctl_0 = NoOp name("first")
}

// -----

// COM: A loop: the NextIteration back edge is ignored, Merge comes after
// COM: Enter and before the loop body.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: name("init")
// CHECK-NEXT: name("enter")
// CHECK-NEXT: name("merge")
// CHECK-NEXT: name("body")
// CHECK-NEXT: name("next")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %NextIteration, %ctl = NextIteration(%Body) name("next") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %Body, %ctl_0 = Neg(%Merge#0) name("body") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %Merge:2, %ctl_1 = Merge(%Enter, %NextIteration) name("merge") {N = 2 : i64, T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>)
  %Enter, %ctl_2 = Enter(%Init) name("enter") {T = f32, frame_name = "loop"} : (tensor<f32>) -> (tensor<f32>)
  %Init, %ctl_3 = Const name("init") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
}

// -----

// COM: Functions: sorted, the return stays last.
// CHECK-LABEL: tfg.func @f
// CHECK-NEXT: -> (tensor<*xf32> {tfg.name = "y"})
// CHECK-NEXT: {
// CHECK-NEXT: name("a")
// CHECK-NEXT: name("b")
// CHECK-NEXT: return
tfg.func @f(%x: tensor<*xf32> {tfg.name = "x"}) -> (tensor<*xf32> {tfg.name = "y"}) {
  %B, %ctl = Neg(%A) name("b") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %A, %ctl_0 = Neg(%x) name("a") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  return(%B) : tensor<*xf32>
}

// -----

// COM: Regions of region control flow are sorted too, and a node using a
// COM: value inside a region comes after its producer.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: name("v")
// CHECK-NEXT: name("cond")
// CHECK-NEXT: IfRegion
// CHECK-NEXT: name("inner_a")
// CHECK-NEXT: name("inner_b")
// CHECK-NEXT: yield
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %If, %ctl = IfRegion %Cond then {
    %B, %ctl_b = Neg(%A) name("inner_b") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    %A, %ctl_a = Neg(%V) name("inner_a") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%B) : tensor<*xf32>
  } else {
    yield(%V) : tensor<*xf32>
  } name("if") : (tensor<i1>) -> (tensor<*xf32>)
  %V, %ctl_0 = Placeholder name("v") {dtype = f32} : () -> (tensor<*xf32>)
  %Cond, %ctl_1 = Placeholder name("cond") {dtype = i1} : () -> (tensor<i1>)
}

// -----

// COM: A use two levels down counts for the node enclosing it at each
// COM: level: the outer IfRegion follows "v" (used in the innermost
// COM: region), the inner IfRegion follows "mid" (defined after it in the
// COM: outer region), and a function body is sorted as a graph is.
// CHECK-LABEL: tfg.graph
// CHECK-NEXT: name("v")
// CHECK-NEXT: name("cond")
// CHECK-NEXT: IfRegion
// CHECK-NEXT: name("mid")
// CHECK-NEXT: IfRegion
// CHECK-NEXT: AddV2(%{{.*}}, %{{.*}}) name("deep")
// CHECK-NEXT: yield
// CHECK: _mlir_name = "inner"
// CHECK: _mlir_name = "outer"
// CHECK-LABEL: tfg.func @f
// CHECK: name("first")
// CHECK-NEXT: name("second")
// CHECK-NEXT: return
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Outer, %ctl = IfRegion %Cond then {
    %Inner, %ctl_i = IfRegion %Cond then {
      %D, %ctl_d = AddV2(%V, %M) name("deep") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
      yield(%D) : tensor<*xf32>
    } else {
      yield(%V) : tensor<*xf32>
    } name("inner") : (tensor<i1>) -> (tensor<*xf32>)
    %M, %ctl_m = Neg(%V) name("mid") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
    yield(%Inner) : tensor<*xf32>
  } else {
    yield(%V) : tensor<*xf32>
  } name("outer") : (tensor<i1>) -> (tensor<*xf32>)
  %V, %ctl_0 = Placeholder name("v") {dtype = f32} : () -> (tensor<*xf32>)
  %Cond, %ctl_1 = Placeholder name("cond") {dtype = i1} : () -> (tensor<i1>)
}
tfg.func @f(%x: tensor<f32> {tfg.name = "x"}) -> (tensor<f32> {tfg.name = "r"}) {
  %B, %ctl = Neg(%A) name("second") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %A, %ctl_0 = Neg(%x) name("first") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  return(%B) : tensor<f32>
}
