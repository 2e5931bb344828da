// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer=fetch=n2 | FileCheck %s
// RUN: tfg-opt %s --split-input-file --tfg-arithmetic-optimizer | FileCheck %s --check-prefix=NOFETCH

// COM: A fetched node is never rewritten (as in Grappler, which skips the
// COM: nodes to preserve); the other nodes are, keeping their devices.
// CHECK-LABEL: tfg.graph
// CHECK: Neg(%{{.*}}) name("n2")
// CHECK: Sub(%{{.*}}, %{{.*}}) device("/CPU:0") name("a")
// COM: Without fetches no node is removed (no bypass, no erasure); a node
// COM: replaced by a new one of the same name is rewritten.
// NOFETCH-LABEL: tfg.graph
// NOFETCH: Neg(%{{.*}}) name("n1")
// NOFETCH: Neg(%{{.*}}) name("n2")
// NOFETCH: Sub(%{{.*}}, %{{.*}}) device("/CPU:0") name("a")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %N1, %ctl_0 = Neg(%X) name("n1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %N2, %ctl_1 = Neg(%N1) name("n2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %A, %ctl_2 = AddV2(%X, %N1) device("/CPU:0") name("a") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %U, %ctl_3 = Identity(%A) name("u") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// COM: The fetches recorded with the model (tfg.fetches) are protected
// COM: too; nodes they do not name are rewritten.
// NOFETCH-LABEL: tfg.graph
// NOFETCH: %[[X:.*]], %{{.*}} = Placeholder name("x")
// NOFETCH: Neg(%{{.*}}) name("n2")
// NOFETCH: Identity(%[[X]]) name("u")
module attributes {tfg.fetches = ["n2", "u"]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
    %N1, %ctl_0 = Neg(%X) name("n1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %N2, %ctl_1 = Neg(%N1) name("n2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %N3, %ctl_2 = Neg(%N1) name("n3") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
    %U, %ctl_3 = Identity(%N3) name("u") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  }
}

// -----

// COM: Function bodies: the return says what is fetched; Neg(Neg(x)) feeding
// COM: the return is bypassed, Mul(x, x) becomes Square in place.
// NOFETCH-LABEL: tfg.func @f
// NOFETCH: %[[SQ:.*]], %{{.*}} = Square(%x) name("m") {T = f32}
// NOFETCH: %[[I:.*]], %{{.*}} = Identity(%[[SQ]]) name("i")
// NOFETCH: return(%x, %[[I]])
tfg.func @f(%x: tensor<2xf32> {tfg.name = "x"}) -> (tensor<2xf32> {tfg.name = "y"}, tensor<2xf32> {tfg.name = "z"}) {
  %N1, %ctl = Neg(%x) name("n1") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %N2, %ctl_0 = Neg(%N1) name("n2") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %M, %ctl_1 = Mul(%x, %x) name("m") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %I, %ctl_2 = Identity(%M) name("i") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  return(%N2, %I) : tensor<2xf32>, tensor<2xf32>
}
