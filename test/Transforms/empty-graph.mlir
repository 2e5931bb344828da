// RUN: tfg-opt %s --tfg-grappler=print-statistics --tfg-toposort --tfg-prune --tfg-cse --tfg-dependency-optimizer --tfg-shape-inference --tfg-name-compress --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// COM: Empty graphs and functions go through every pass (found by fuzzing).
// CHECK: remark: tfg-grappler: 0 -> 0 nodes
// CHECK: tfg.graph
// COM: The unused function goes (tfg-prune), the empty graph stays.
// CHECK-NOT: tfg.func
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
tfg.func @f() -> () {
  return
}
