// COM: Explicit output indices: of a node without outputs, past the end,
// COM: too large for 64 bits, and in a feed of lifting.
// RUN: tfg-opt %s --split-input-file --tfg-prune='fetch=n:0' --verify-diagnostics -o /dev/null
// RUN: not tfg-opt %s --tfg-prune='fetch=s:2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not tfg-opt %s --tfg-cse='fetch=s:99999999999999999999999' -o /dev/null 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tfg-opt %s --tfg-lift-graph-to-func='fetch=s:1 feed=n:0' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIFT
// RUN: tfg-opt %s --split-input-file --tfg-prune='fetch=s:1' | FileCheck %s --check-prefix=OK

// PAST: error: fetch 's:2' names output 2 of node 's', which has 2 outputs
// HUGE: error: fetch 's:99999999999999999999999' names output 99999999999999999999999 of node 's', which has 2 outputs
// LIFT: error: feed 'n:0' names output 0 of node 'n', which has 0 outputs
// OK: name("s")

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %S:2, %ctl_0 = Unpack(%X) name("s") {T = f32, axis = 0 : i64, num = 2 : i64} : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  // expected-error @below {{fetch 'n:0' names output 0 of node 'n', which has 0 outputs}}
  %ctl_1 = NoOp [%ctl_0] name("n")
}
