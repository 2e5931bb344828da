// RUN: tfg-opt %s --split-input-file --tfg-constant-folding | FileCheck %s

// COM: Select with a constant condition forwards the operand it picks when
// COM: that operand has the result's shape (the other becomes a control
// COM: dependency); a mixed condition stays.
// CHECK-LABEL: tfg.graph
// CHECK: %[[T:.*]], %{{.*}} = Placeholder name("t")
// CHECK: %[[E:.*]], %{{.*}} = Placeholder name("e")
// CHECK: Identity(%[[T]]) [%{{.*}}] name("all_true")
// CHECK: Identity(%[[E]]) [%{{.*}}] name("all_false")
// CHECK: SelectV2(%{{.*}}, %[[T]], %[[E]]) name("mixed")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %T, %ctl = Placeholder name("t") {dtype = f32} : () -> (tensor<2xf32>)
  %E, %ctl_0 = Placeholder name("e") {dtype = f32} : () -> (tensor<2xf32>)
  %Yes, %ctl_1 = Const name("yes") {dtype = i1, value = dense<true> : tensor<2xi1>} : () -> (tensor<2xi1>)
  %No, %ctl_2 = Const name("no") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %Mix, %ctl_3 = Const name("mix") {dtype = i1, value = dense<[true, false]> : tensor<2xi1>} : () -> (tensor<2xi1>)
  %A, %ctl_4 = Select(%Yes, %T, %E) name("all_true") {T = f32} : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %B, %ctl_5 = SelectV2(%No, %T, %E) name("all_false") {T = f32} : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %C, %ctl_6 = SelectV2(%Mix, %T, %E) name("mixed") {T = f32} : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
}

// -----

// COM: Switch(p, p): its false output is false and its true output true
// COM: whenever alive; users read Consts anchored on an Identity of the
// COM: output, which carries its deadness.
// CHECK-LABEL: tfg.graph
// CHECK: %[[S:.*]]:2, %{{.*}} = Switch(%[[P:.*]], %[[P]]) name("switch")
// CHECK: %{{.*}}, %[[A0:.*]] = Identity(%[[S]]#0) name("switch/_ctrl_0")
// CHECK: %[[C0:.*]], %{{.*}} = Const [%[[A0]]] name("switch/_const_0") {dtype = i1, value = dense<false> : tensor<i1>}
// CHECK: %{{.*}}, %[[A1:.*]] = Identity(%[[S]]#1) name("switch/_ctrl_1")
// CHECK: %[[C1:.*]], %{{.*}} = Const [%[[A1]]] name("switch/_const_1") {dtype = i1, value = dense<true> : tensor<i1>}
// CHECK: Erfinv(%[[C0]]) name("f")
// CHECK: Erfinv(%[[C1]]) name("t")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %ctl = Placeholder name("p") {dtype = i1} : () -> (tensor<i1>)
  %S:2, %ctl_0 = Switch(%P, %P) name("switch") {T = i1} : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>)
  %F, %ctl_1 = Erfinv(%S#0) name("f") {T = i1} : (tensor<i1>) -> (tensor<i1>)
  %U, %ctl_2 = Erfinv(%S#1) name("t") {T = i1} : (tensor<i1>) -> (tensor<i1>)
}

// -----

// COM: A Switch on a constant predicate: the users of the live output read
// COM: the data; the dead output keeps its users.
// CHECK-LABEL: tfg.graph
// CHECK: %[[X:.*]], %{{.*}} = Placeholder name("x")
// CHECK: %[[S:.*]]:2, %{{.*}} = Switch(%[[X]], %{{.*}}) name("switch")
// CHECK: %[[L:.*]], %{{.*}} = Identity(%[[X]]) name("switch/_live")
// CHECK: Erfinv(%[[S]]#0) name("dead")
// CHECK: Erfinv(%[[L]]) name("live")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<2xf32>)
  %P, %ctl_0 = Const name("p") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %S:2, %ctl_1 = Switch(%X, %P) name("switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
  %D, %ctl_2 = Erfinv(%S#0) name("dead") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %L, %ctl_3 = Erfinv(%S#1) name("live") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}
