// Constraints of the ops with regions are diagnostics.
// RUN: tfg-opt --split-input-file --verify-diagnostics %s

func.func @reduce_dims(%x: tensor<2x3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{dimensions 2 is out of range [0, 2)}}
  %0 = stablehlo.reduce(%x init: %f) applies stablehlo.add across dimensions = [2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @reduce_result(%x: tensor<2x3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{result #0 must be 'tensor<2xf32>'}}
  %0 = stablehlo.reduce(%x init: %f) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  func.return
}

// -----

func.func @reduce_init_rank(%x: tensor<2x3xf32>, %f: tensor<1xf32>) {
  // expected-error @+1 {{init_values must be 0-d tensors, #0 is 'tensor<1xf32>'}}
  %0 = "stablehlo.reduce"(%x, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @reduce_body_arity(%x: tensor<2x3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{body must take 2 arguments, takes 1}}
  %0 = "stablehlo.reduce"(%x, %f) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @reduce_body_promotion(%x: tensor<2x3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{body computes in 'f16', which 'f32' does not promote to}}
  %0 = "stablehlo.reduce"(%x, %f) ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    stablehlo.return %a : tensor<f16>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf16>
  func.return
}

// -----

func.func @reduce_terminator(%x: tensor<2x3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{body must end with stablehlo.return}}
  %0 = "stablehlo.reduce"(%x, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    func.return %a : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @reduce_applies_arity(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{'applies' needs exactly one input}}
  %0:2 = stablehlo.reduce(%x init: %f), (%y init: %f) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
  func.return
}

// -----

func.func @reduce_window_dims(%x: tensor<4x4xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{window_dimensions must have 2 entries, has 1}}
  %0 = "stablehlo.reduce_window"(%x, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @reduce_window_stride(%x: tensor<4x4xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{window_strides must be positive, has 0}}
  %0 = "stablehlo.reduce_window"(%x, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 0, 1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @reduce_window_padding(%x: tensor<4x4xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{padding must have shape [2, 2], has 'tensor<2xi64>'}}
  %0 = "stablehlo.reduce_window"(%x, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, padding = dense<0> : tensor<2xi64>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<3x3xf32>
  func.return
}

// -----

func.func @reduce_window_result(%x: tensor<4x4xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{result #0 must be 'tensor<3x3xf32>'}}
  %0 = "stablehlo.reduce_window"(%x, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @select_and_scatter_source(%x: tensor<4xf32>, %s: tensor<3xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{source must have the window count shape 'tensor<2xf32>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @select_and_scatter_select(%x: tensor<4xf32>, %s: tensor<2xf32>, %f: tensor<f32>) {
  // expected-error @+1 {{select must have type ('tensor<f32>', 'tensor<f32>') -> tensor<i1>}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %f) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @scatter_update_window(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x5xf32>) {
  // expected-error @+1 {{update window dimension 1 of size 5 exceeds the input's 4}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x5xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scatter_counts(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{update_window_dims, inserted_window_dims and input_batching_dims must have 2 entries in all}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<3x4xf32>
  func.return
}

// -----

func.func @scatter_result(%x: tensor<3x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{result 0 must have the inputs' shape and element type 'f32'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<4x4xf32>
  func.return
}

// -----

func.func @sort_dimension(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dimension 2 is out of range [-2, 2)}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @sort_comparator(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{comparator must return one tensor<i1>}}
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimension = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @map_dimensions(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{dimensions must be [0, ..., rank - 1]}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @map_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{result must be 'tensor<2x3xf32>'}}
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  func.return
}

// -----

func.func @while_cond_type(%n: tensor<i64>) {
  // expected-error @+1 {{cond must return one tensor<i1>}}
  %0 = stablehlo.while(%iterArg = %n) : tensor<i64>
   cond {
    stablehlo.return %iterArg : tensor<i64>
  } do {
    stablehlo.return %iterArg : tensor<i64>
  }
  func.return
}

// -----

func.func @while_body_type(%n: tensor<i64>, %p: tensor<i1>) {
  // expected-error @+1 {{body must return the operand types 'tensor<i64>'}}
  %0 = stablehlo.while(%iterArg = %n) : tensor<i64>
   cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %p : tensor<i1>
  }
  func.return
}

// -----

func.func @while_arg_types(%n: tensor<i64>, %p: tensor<i1>) {
  // expected-error @+1 {{cond must take the operand types 'tensor<i64>'}}
  %0 = "stablehlo.while"(%n) ({
  ^bb0(%a: tensor<i32>):
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>):
    stablehlo.return %a : tensor<i64>
  }) : (tensor<i64>) -> tensor<i64>
  func.return
}

// -----

func.func @if_branch_type(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) {
  // expected-error @+1 {{false_branch returns ['tensor<i32>'], the op's results are ['tensor<f32>']}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}

// -----

func.func @if_branch_args(%p: tensor<i1>, %a: tensor<f32>) {
  // expected-error @+1 {{true_branch must take no arguments}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%x: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %a : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  func.return
}

// -----

func.func @case_no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{must have at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  func.return
}

// -----

func.func @case_branch_type(%i: tensor<i32>, %a: tensor<f32>) {
  // expected-error @+1 {{branch #1 returns [], the op's results are ['tensor<f32>']}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return
  }) : (tensor<i32>) -> tensor<f32>
  func.return
}

// -----

func.func @composite_name(%a: tensor<f32>) {
  // expected-error @+1 {{name must be a namespaced op name like 'ns.op', is 'plain'}}
  %0 = stablehlo.composite "plain" %a {decomposition = @impl} : (tensor<f32>) -> tensor<f32>
  func.return
}
func.func private @impl(%a: tensor<f32>) -> tensor<f32>

// -----

func.func @composite_missing(%a: tensor<f32>) {
  // expected-error @+1 {{decomposition @nowhere is not a function in scope}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @nowhere} : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @composite_types(%a: tensor<f32>) {
  // expected-error @+1 {{results 'tensor<f32>' differ from the results 'tensor<i32>' of @impl}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @impl} : (tensor<f32>) -> tensor<f32>
  func.return
}
func.func private @impl(%a: tensor<f32>) -> tensor<i32>

// -----

func.func @async_body(%a: tensor<4xf32>) {
  // expected-error @+1 {{body must hold a collective or slice operation, holds stablehlo.add}}
  %0 = "stablehlo.async_start"(%a) ({
    %1 = stablehlo.add %a, %a : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  func.return
}

// -----

func.func @async_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{result must be a future of 'tensor<2xf32>'}}
  %0 = "stablehlo.async_start"(%a) ({
    %1 = stablehlo.slice %a [0:2] : (tensor<4xf32>) -> tensor<2xf32>
    stablehlo.return %1 : tensor<2xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  func.return
}

// -----

func.func @async_done_type(%f: !stablehlo.future<tensor<4xf32>>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<2xf32>
  func.return
}

// -----

func.func @custom_call_alias(%a: tensor<f32>) {
  // expected-error @+1 {{output_operand_aliases: operand_index 1 is out of range [0, 1)}}
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @custom_call_dict_config(%a: tensor<f32>) {
  // expected-error @+1 {{a dictionary backend_config needs api_version 4}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = {x = 1 : i64}} : (tensor<f32>) -> tensor<f32>
  func.return
}

// -----

func.func @all_reduce_computation(%a: tensor<4xf32>) {
  // expected-error @+1 {{computation must return 1 values, returns 0}}
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}
