// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=out loop-invariant-node-motion=true' | FileCheck %s
// RUN: tfg-opt %s --tfg-loop-optimizer='fetch=out' | FileCheck %s --check-prefix=OFF

// COM: Loop-invariant nodes of a WhileRegion body (reading values from
// COM: outside, loop values passed on unchanged, or other invariant nodes)
// COM: move before the loop; the counter's update, nodes reading it and
// COM: nodes with side effects stay. Off by default.
// CHECK: Mul(%[[X:[^,]*]], %[[X]]) name("sq")
// CHECK: Neg(%{{.*}}) name("neg_sq")
// CHECK: WhileRegion
// CHECK: AddV2({{.*}}) name("inc")
// CHECK: AddV2({{.*}}) name("acc_add")
// CHECK: RandomUniform
// CHECK: yield
// OFF: WhileRegion
// OFF: name("sq")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %Zero, %c1 = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c2 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Five, %c3 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %Shape, %c4 = Const name("shape") {dtype = i32, value = dense<[2]> : tensor<1xi32>} : () -> (tensor<1xi32>)
  %W:3, %c5 = WhileRegion(%Zero, %X, %Zero) {
  ^bb0(%i: tensor<i32>, %x: tensor<i32>, %acc: tensor<i32>, %ic: !tf_type.control, %xc: !tf_type.control, %accc: !tf_type.control):
    %L, %cl = Less(%i, %Five) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %L : tensor<i1> (%i, %x, %acc) : tensor<i32>, tensor<i32>, tensor<i32>
  } do {
  ^bb0(%i: tensor<i32>, %x: tensor<i32>, %acc: tensor<i32>, %ic: !tf_type.control, %xc: !tf_type.control, %accc: !tf_type.control):
    %N, %cn = AddV2(%i, %One) name("inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Sq, %cs = Mul(%x, %x) name("sq") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Ng, %cg = Neg(%Sq) name("neg_sq") {T = i32} : (tensor<i32>) -> (tensor<i32>)
    %A, %ca = AddV2(%acc, %Ng) name("acc_add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %R, %cr = RandomUniform(%Shape) name("random") {T = i32, dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>) -> (tensor<2xf32>)
    yield(%N, %x, %A) : tensor<i32>, tensor<i32>, tensor<i32>
  } {_mlir_name = "while", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %O, %c6 = Identity(%W#2) name("out") {T = i32} : (tensor<i32>) -> (tensor<i32>)
}
