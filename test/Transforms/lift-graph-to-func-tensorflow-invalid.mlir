// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lift-graph-to-func="feeds=nope"
// RUN: not tfg-opt %s --tfg-lift-graph-to-func="feed=a fetches=a" 2>&1 | FileCheck %s --check-prefix=MIX
// MIX: feed/fetch (tfg's) and feeds/fetches/control_rets (TensorFlow's) cannot be mixed

// expected-error @+1 {{feeds: no node named 'nope' in the graph (TensorFlow's feeds name nodes, without an output index)}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %a, %ctl = Placeholder name("a") {dtype = f32} : () -> (tensor<*xf32>)
}
