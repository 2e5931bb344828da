// RUN: tfg-opt %s --tfg-grappler=fetch=s | FileCheck %s
// RUN: tfg-opt %s --tfg-grappler='fetch=s print-statistics' --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: tfg-opt %s --tfg-grappler='fetch=s disable=tfg-memory-optimizer' | FileCheck %s --check-prefix=OFF

// COM: tfg-grappler runs tfg-memory-optimizer at Grappler's stage (last,
// COM: after the dependency optimizer): with the inferred
// COM: shapes the AddN of four single-use inputs becomes an accumulation.
// CHECK: AddN({{.*}}) name("s/accumulate_1")
// CHECK: AddN({{.*}}) name("s/accumulate_2")
// CHECK: AddN({{.*}}) name("s") {N = 2 : i64
// STATS: remark: tfg-remapper:
// STATS: remark: tfg-dependency-optimizer:
// STATS: remark: tfg-memory-optimizer: 2 nodes and 2 edges added in
// OFF-NOT: accumulate
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<1x256>} : () -> (tensor<*xf32>)
  %P1, %c1 = Relu(%X) name("p1") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %P2, %c2 = Neg(%X) name("p2") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %P3, %c3 = Exp(%X) name("p3") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %P4, %c4 = Abs(%X) name("p4") {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>)
  %S, %c5 = AddN(%P1, %P2, %P3, %P4) name("s") {N = 4 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
}
