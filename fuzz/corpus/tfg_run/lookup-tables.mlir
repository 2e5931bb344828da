// RUN: tfg-opt %s --tfg-constant-folding | FileCheck %s

// COM: Lookup tables are run-time state: a find in a table initialized from
// COM: constants, and its size, stay (the ops are stateful and the table
// COM: handle is no constant), and so do the table and its initializer.
// CHECK-LABEL: tfg.graph
// CHECK: HashTableV2 name("table")
// CHECK: InitializeTableV2({{.*}}) name("init")
// CHECK: LookupTableFindV2({{.*}}) [{{.*}}] name("find")
// CHECK: LookupTableSizeV2({{.*}}) [{{.*}}] name("size")
// CHECK: Identity({{.*}}) name("use")
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Keys, %c0 = Const name("keys") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %Vals, %c1 = Const name("vals") {dtype = f32, value = dense<[0.5, 1.5]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %Dflt, %c2 = Const name("dflt") {dtype = f32, value = dense<0.0> : tensor<f32>} : () -> (tensor<f32>)
  %H, %c3 = HashTableV2 name("table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i64, value_dtype = f32} : () -> (tensor<!tf_type.resource>)
  %c4 = InitializeTableV2(%H, %Keys, %Vals) name("init") {Tkey = i64, Tval = f32} : tensor<!tf_type.resource>, tensor<2xi64>, tensor<2xf32>
  %F, %c5 = LookupTableFindV2(%H, %Keys, %Dflt) [%c4] name("find") {Tin = i64, Tout = f32} : (tensor<!tf_type.resource>, tensor<2xi64>, tensor<f32>) -> (tensor<2xf32>)
  %S, %c6 = LookupTableSizeV2(%H) [%c4] name("size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %U, %c7 = Identity(%F) name("use") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}
