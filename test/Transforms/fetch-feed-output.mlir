// COM: A fetch or feed naming an output its node does not have is an error
// COM: of every pass taking fetches and feeds, at the node, naming the option.
// RUN: tfg-opt %s --split-input-file --tfg-prune=fetch=x:5 --verify-diagnostics -o /dev/null
// RUN: not tfg-opt %s --tfg-prune='fetch=y feed=x:1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FEED
// RUN: tfg-opt %s --split-input-file --tfg-dependency-optimizer=fetch=x:5 --verify-diagnostics -o /dev/null
// RUN: tfg-opt %s --split-input-file --tfg-cse=fetch=x:5 --verify-diagnostics -o /dev/null
// RUN: tfg-opt %s --split-input-file --tfg-inline=fetch=x:5 --verify-diagnostics -o /dev/null
// RUN: tfg-opt %s --split-input-file --tfg-name-compress=fetch=x:5 --verify-diagnostics -o /dev/null
// RUN: tfg-opt %s --split-input-file --tfg-grappler=fetch=x:5 --verify-diagnostics -o /dev/null
// RUN: tfg-opt %s --split-input-file --tfg-grappler='fetch=x:5 disable=tfg-prune,tfg-cse,tfg-dependency-optimizer,tfg-inline' --verify-diagnostics -o /dev/null
// RUN: tfg-opt %s --split-input-file --tfg-lift-graph-to-func=fetch=x:5 --verify-diagnostics -o /dev/null
// COM: Outputs that exist, bare names and ^name are accepted.
// RUN: tfg-opt %s --split-input-file --tfg-prune='fetch=x:0,^x,y,n feed=x' | FileCheck %s --check-prefix=OK
// RUN: tfg-opt %s --split-input-file --tfg-grappler='fetch=x:0,^n,n' -o /dev/null

// FEED: error: feed 'x:1' names output 1 of node 'x', which has 1 output
// OK: name("x")
// OK: name("y")
// OK: name("n")

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @below {{fetch 'x:5' names output 5 of node 'x', which has 1 output}}
  %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)
  %Y, %ctl_0 = Neg(%X) name("y") {T = f32} : (tensor<f32>) -> (tensor<f32>)
  %ctl_1 = NoOp [%ctl_0] name("n")
}
