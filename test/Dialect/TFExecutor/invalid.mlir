// RUN: tfg-opt %s --split-input-file --verify-diagnostics

func.func @fetch_count(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = "tf_executor.graph"() ({
    // expected-error @+1 {{'tf_executor.fetch' op fetches 1 data values, but the graph has 2 results}}
    "tf_executor.fetch"(%arg0) : (tensor<f32>) -> ()
  }) : () -> (tensor<f32>, tensor<f32>)
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}

// -----

func.func @fetch_type(%arg0: tensor<f32>) -> tensor<i32> {
  %0 = "tf_executor.graph"() ({
    // expected-error @+1 {{'tf_executor.fetch' op data operand #0 has type 'tensor<f32>', but the graph's result is 'tensor<i32>'}}
    "tf_executor.fetch"(%arg0) : (tensor<f32>) -> ()
  }) : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @fetch_data_after_control(%arg0: tensor<f32>) {
  tf_executor.graph {
    %ctl = tf_executor.ControlTrigger
    // expected-error @+1 {{'tf_executor.fetch' op operand #1 is data after a control operand}}
    tf_executor.fetch %ctl, %arg0 : !tf_executor.control, tensor<f32>
  }
  return
}

// -----

func.func @yield_type(%arg0: tensor<f32>) {
  tf_executor.graph {
    %0:2 = "tf_executor.island"() ({
      // expected-error @+1 {{'tf_executor.yield' op operand #0 has type 'tensor<f32>', but the island's result is 'tensor<i32>'}}
      "tf_executor.yield"(%arg0) : (tensor<f32>) -> ()
    }) : () -> (tensor<i32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @yield_count(%arg0: tensor<f32>) {
  tf_executor.graph {
    %0:3 = "tf_executor.island"() ({
      // expected-error @+1 {{'tf_executor.yield' op yields 1 values, but the island has 2 data results}}
      "tf_executor.yield"(%arg0) : (tensor<f32>) -> ()
    }) : () -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @yield_control(%arg0: !tf_executor.control) {
  tf_executor.graph {
    %0:2 = "tf_executor.island"() ({
      // expected-error @+1 {{'tf_executor.yield' op yields a control token or loop token}}
      "tf_executor.yield"(%arg0) : (!tf_executor.control) -> ()
    }) : () -> (!tf_executor.control, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @island_outside_graph() {
  // expected-error @+1 {{'tf_executor.island' op expects parent op 'tf_executor.graph'}}
  %0 = tf_executor.island {
    tf_executor.yield
  }
  return
}

// -----

func.func @switchn_count(%arg0: tensor<f32>, %arg1: tensor<i32>) {
  tf_executor.graph {
    // expected-error @+1 {{'tf_executor._SwitchN' op has 2 data results, but num_outs is 3}}
    %0:3 = "tf_executor._SwitchN"(%arg0, %arg1) <{num_outs = 3 : i64}> : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @switchn_zero(%arg0: tensor<f32>, %arg1: tensor<i32>) {
  tf_executor.graph {
    // expected-error @+1 {{the number of outputs must be in [1, 65536]}}
    %0:1 = tf_executor._SwitchN %arg0, %arg1 of 0 : tensor<f32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @merge_no_data(%arg0: !tf_executor.control) {
  tf_executor.graph {
    // expected-error @+1 {{'tf_executor.Merge' op takes at least one data operand}}
    %0:3 = "tf_executor.Merge"(%arg0) : (!tf_executor.control) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @merge_data_after_control(%arg0: tensor<f32>, %arg1: !tf_executor.control) {
  tf_executor.graph {
    // expected-error @+1 {{'tf_executor.Merge' op operand #2 is data after a control operand}}
    %0:3 = "tf_executor.Merge"(%arg0, %arg1, %arg0) : (tensor<f32>, !tf_executor.control, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @merge_short_form_one_operand(%arg0: tensor<f32>) {
  tf_executor.graph {
    // expected-error @+1 {{the single-type form of tf_executor.Merge has two data operands}}
    %0:3 = tf_executor.Merge %arg0 : tensor<f32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @functional_type_count(%arg0: tensor<f32>, %arg1: tensor<i1>) {
  tf_executor.graph {
    // expected-error @+1 {{expected 1 operands for this type, got 2}}
    %0:3 = tf_executor.Switch %arg0, %arg1 : (tensor<f32>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @source_without_sink() {
  tf_executor.graph {
    // expected-error @+1 {{'tf_executor.NextIteration.Source' op token must be used by exactly one tf_executor.NextIteration.Sink}}
    %0:3 = tf_executor.NextIteration.Source : tensor<f32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @sink_type(%arg0: tensor<i32>) {
  tf_executor.graph {
    %0:3 = tf_executor.NextIteration.Source : tensor<f32>
    // expected-error @+1 {{'tf_executor.NextIteration.Sink' op input has type 'tensor<i32>', but its source produces 'tensor<f32>'}}
    tf_executor.NextIteration.Sink [%0#1] %arg0 : tensor<i32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @sink_token(%arg0: tensor<f32>, %arg1: !tf_executor.token) {
  tf_executor.graph {
    // expected-error @+1 {{'tf_executor.NextIteration.Sink' op token must come from a tf_executor.NextIteration.Source}}
    tf_executor.NextIteration.Sink [%arg1] %arg0 : tensor<f32>
    tf_executor.fetch
  }
  return
}

