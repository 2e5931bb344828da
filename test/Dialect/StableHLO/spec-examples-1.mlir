// The examples of the StableHLO specification (StableHLO 1.20), each wrapped
// in a function whose arguments stand for the example's inputs. They parse,
// verify, print, and parse again from both the pretty and the generic form.
// Typos of the spec's examples are fixed where a COM line says so.
// RUN: tfg-opt --split-input-file %s | FileCheck %s
// RUN: tfg-opt --split-input-file --mlir-print-op-generic %s | tfg-opt --split-input-file | FileCheck %s
// RUN: tfg-opt --split-input-file %s | tfg-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func @abs_0
// CHECK: stablehlo.abs
func.func @abs_0(%operand: tensor<3xi32>) {
  %result = "stablehlo.abs"(%operand) : (tensor<3xi32>) -> tensor<3xi32>
  func.return
}

// -----

// CHECK-LABEL: func @add_1
// CHECK: stablehlo.add
func.func @add_1(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.add"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @after_all_2
// CHECK: stablehlo.after_all
func.func @after_all_2(%input0: !stablehlo.token, %input1: !stablehlo.token) {
  %result = "stablehlo.after_all"(%input0, %input1) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  func.return
}

// -----

// CHECK-LABEL: func @all_gather_3
// CHECK: stablehlo.all_gather
func.func @all_gather_3(%operand0: tensor<2x2xi64>, %operand1: tensor<2x2xi64>) {
  %result:2 = "stablehlo.all_gather"(%operand0, %operand1) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi64>, tensor<2x2xi64>) -> (tensor<2x4xi64>, tensor<2x4xi64>)
  func.return
}

// -----

// CHECK-LABEL: func @all_reduce_4
// CHECK: stablehlo.all_reduce
func.func @all_reduce_4(%operand0: tensor<4xi64>) {
  %result:2 = "stablehlo.all_reduce"(%operand0, %operand0) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
  func.return
}

// -----

// CHECK-LABEL: func @all_to_all_5
// CHECK: stablehlo.all_to_all
func.func @all_to_all_5(%operand1: tensor<2x4xi64>, %operand2: tensor<2x4xi64>) {
  %result:2 = "stablehlo.all_to_all"(%operand1, %operand2) {
    split_dimension = 1 : i64,
    concat_dimension = 0 : i64,
    split_count = 2 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2x4xi64>, tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>)
  func.return
}

// -----

// CHECK-LABEL: func @and_6
// CHECK: stablehlo.and
func.func @and_6(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.and"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @async_done_7
// CHECK: stablehlo.async_done
func.func @async_done_7(%arg0: tensor<8x2xf32>) {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
    } : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  %2 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<8x8xf32>>) -> tensor<8x8xf32>
  func.return
}

// -----

// CHECK-LABEL: func @async_start_8
// CHECK: stablehlo.async_start
func.func @async_start_8(%arg0: tensor<8x2xf32>) {
  %0 = "stablehlo.async_start"(%arg0) ({
    %1 = "stablehlo.all_gather"(%arg0) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>
    } : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>
  func.return
}

// -----

// CHECK-LABEL: func @atan2_9
// CHECK: stablehlo.atan2
func.func @atan2_9(%lhs: tensor<3xf64>, %rhs: tensor<3xf64>) {
  %result = "stablehlo.atan2"(%lhs, %rhs) : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
  func.return
}

// -----

// COM: fixed from the spec: grad_output's type is taken from the op's signature.
// CHECK-LABEL: func @batch_norm_grad_10
// CHECK: stablehlo.batch_norm_grad
func.func @batch_norm_grad_10(%operand: tensor<2x2x2xf64>, %scale: tensor<2xf64>, %mean: tensor<2xf64>, %variance: tensor<2xf64>, %grad_output: tensor<2x2x2xf64>) {
  %grad_operand, %grad_scale, %grad_offset =
  "stablehlo.batch_norm_grad"(%operand, %scale, %mean, %variance, %grad_output) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>,
       tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  func.return
}

// -----

// CHECK-LABEL: func @batch_norm_inference_11
// CHECK: stablehlo.batch_norm_inference
func.func @batch_norm_inference_11(%operand: tensor<2x2x2xf64>, %scale: tensor<2xf64>, %offset: tensor<2xf64>, %mean: tensor<2xf64>, %variance: tensor<2xf64>) {
  %result = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @batch_norm_training_12
// CHECK: stablehlo.batch_norm_training
func.func @batch_norm_training_12(%operand: tensor<2x2x2xf64>, %scale: tensor<2xf64>, %offset: tensor<2xf64>) {
  %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {
    epsilon = 0.0 : f32,
    feature_index = 2 : i64
  } : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) ->
      (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  func.return
}

// -----

// CHECK-LABEL: func @bitcast_convert_13
// CHECK: stablehlo.bitcast_convert
func.func @bitcast_convert_13(%operand: tensor<f64>) {
  %result = "stablehlo.bitcast_convert"(%operand) : (tensor<f64>) -> tensor<4xf16>
  func.return
}

// -----

// CHECK-LABEL: func @broadcast_in_dim_14
// CHECK: stablehlo.broadcast_in_dim
func.func @broadcast_in_dim_14(%operand: tensor<1x3xi32>) {
  %result = "stablehlo.broadcast_in_dim"(%operand) {
    broadcast_dimensions = array<i64: 2, 1>
  } : (tensor<1x3xi32>) -> tensor<2x3x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @case_15
// CHECK: stablehlo.case
func.func @case_15(%index: tensor<i32>, %result_branch0: tensor<2xi64>, %result_branch1: tensor<2xi64>) {
  %result0, %result1 = "stablehlo.case"(%index) ({
    "stablehlo.return"(%result_branch0, %result_branch0) : (tensor<2xi64>, tensor<2xi64>) -> ()
  }, {
    "stablehlo.return"(%result_branch1, %result_branch1) : (tensor<2xi64>, tensor<2xi64>) -> ()
  }) : (tensor<i32>) -> (tensor<2xi64>, tensor<2xi64>)
  func.return
}

// -----

// CHECK-LABEL: func @cbrt_16
// CHECK: stablehlo.cbrt
func.func @cbrt_16(%operand: tensor<4xf64>) {
  %result = "stablehlo.cbrt"(%operand) : (tensor<4xf64>) -> tensor<4xf64>
  func.return
}

// -----

// CHECK-LABEL: func @ceil_17
// CHECK: stablehlo.ceil
func.func @ceil_17(%operand: tensor<5xf32>) {
  %result = "stablehlo.ceil"(%operand) : (tensor<5xf32>) -> tensor<5xf32>
  func.return
}

// -----

// COM: fixed from the spec: the spec's example gives the result type tensor<3x3xf64>; (C1) requires the operand's type.
// CHECK-LABEL: func @cholesky_18
// CHECK: stablehlo.cholesky
func.func @cholesky_18(%a: tensor<3x3xf32>) {
  %result = "stablehlo.cholesky"(%a) {
    lower = true
  } : (tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

// CHECK-LABEL: func @clamp_19
// CHECK: stablehlo.clamp
func.func @clamp_19(%min: tensor<3xi32>, %operand: tensor<3xi32>, %max: tensor<3xi32>) {
  %result = "stablehlo.clamp"(%min, %operand, %max) : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return
}

// -----

// CHECK-LABEL: func @collective_broadcast_20
// CHECK: stablehlo.collective_broadcast
func.func @collective_broadcast_20(%operand: tensor<1x2xi64>) {
  %result = "stablehlo.collective_broadcast"(%operand) {
    replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xi64>) -> tensor<1x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @collective_permute_21
// CHECK: stablehlo.collective_permute
func.func @collective_permute_21(%operand: tensor<2x2xi64>) {
  %result = "stablehlo.collective_permute"(%operand) {
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return
}

// -----

// COM: fixed from the spec: the spec's example omits the comma after has_dynamic_root and the computation region.
// CHECK-LABEL: func @collective_reduce_22
// CHECK: stablehlo.collective_reduce
func.func @collective_reduce_22(%operand: tensor<1x2xi64>) {
  %result = "stablehlo.collective_reduce"(%operand) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %sum = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %sum : tensor<i64>
  }) {
    has_dynamic_root = false,
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xi64>) -> tensor<1x2xi64>
  func.return
}

// -----

// COM: fixed from the spec: the spec's example omits a comma, the computation region and the root operand's type.
// CHECK-LABEL: func @collective_reduce_23
// CHECK: stablehlo.collective_reduce
func.func @collective_reduce_23(%operand: tensor<1x2xi64>, %root: tensor<1xi32>) {
  %result = "stablehlo.collective_reduce"(%operand, %root) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %sum = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %sum : tensor<i64>
  }) {
    has_dynamic_root = true,
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<1x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @compare_24
// CHECK: stablehlo.compare
func.func @compare_24(%lhs: tensor<2xf32>, %rhs: tensor<2xf32>) {
  %result = "stablehlo.compare"(%lhs, %rhs) {
    comparison_direction = #stablehlo<comparison_direction LT>,
    compare_type = #stablehlo<comparison_type FLOAT>
  } : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  func.return
}

// -----

// CHECK-LABEL: func @complex_25
// CHECK: stablehlo.complex
func.func @complex_25(%lhs: tensor<2xf64>, %rhs: tensor<2xf64>) {
  %result = "stablehlo.complex"(%lhs, %rhs) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>
  func.return
}

// -----

// CHECK-LABEL: func @composite_26
// CHECK: stablehlo.composite
func.func @composite_26(%input0: tensor<f32>, %input1: tensor<f32>) {
  %results = "stablehlo.composite"(%input0, %input1) {
    name = "my_namespace.my_op",
    composite_attributes = {
      my_attribute = "my_value"
    },
    decomposition = @my_op,
    version = 1 : i32
  } : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return
}
func.func private @my_op(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  func.return %a : tensor<f32>
}

// -----

// CHECK-LABEL: func @concatenate_27
// CHECK: stablehlo.concatenate
func.func @concatenate_27(%input0: tensor<3x2xi64>, %input1: tensor<1x2xi64>) {
  %result = "stablehlo.concatenate"(%input0, %input1) {
    dimension = 0 : i64
  } : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @constant_28
// CHECK: stablehlo.constant
func.func @constant_28() {
  %output = "stablehlo.constant"() {
    value = dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
  } : () -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @convert_29
// CHECK: stablehlo.convert
func.func @convert_29(%operand: tensor<3xi64>) {
  %result = "stablehlo.convert"(%operand) : (tensor<3xi64>) -> tensor<3xcomplex<f64>>
  func.return
}

// -----

// CHECK-LABEL: func @convolution_30
// CHECK: stablehlo.convolution
func.func @convolution_30(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>) {
  %result = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 4, 4>,
    padding = dense<0> : tensor<2x2xi64>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64,
    feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  func.return
}

// -----

// CHECK-LABEL: func @cosine_31
// CHECK: stablehlo.cosine
func.func @cosine_31(%operand: tensor<2x2xf32>) {
  %result = "stablehlo.cosine"(%operand) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @count_leading_zeros_32
// CHECK: stablehlo.count_leading_zeros
func.func @count_leading_zeros_32(%operand: tensor<2x2xi64>) {
  %result = "stablehlo.count_leading_zeros"(%operand) : (tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @custom_call_alias_33
// CHECK: stablehlo.custom_call
func.func @custom_call_alias_33(%input0: tensor<f64>, %buffer: memref<4xf64>) {
  %results = "stablehlo.custom_call"(%input0) {
    call_target_name = "foo",
    has_side_effect = false,
    backend_config = {bar = 42 : i32},
    api_version = 4 : i32,
    called_computations = [@foo]
  } : (tensor<f64>) -> tensor<f64>

  %updated_buffer = "stablehlo.custom_call"(%buffer) {
    call_target_name = "Update",
    api_version = 4 : i32,
    output_operand_aliases = [
      #stablehlo.output_operand_alias<output_tuple_indices = [],
        operand_index = 0,
        operand_tuple_indices = []>]
  } : (memref<4xf64>) -> memref<4xf64>

  func.return
}

// -----

// CHECK-LABEL: func @divide_34
// CHECK: stablehlo.divide
func.func @divide_34(%lhs: tensor<4xf32>, %rhs: tensor<4xf32>) {
  %result = "stablehlo.divide"(%lhs, %rhs) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

// CHECK-LABEL: func @dot_general_35
// CHECK: stablehlo.dot_general
func.func @dot_general_35(%lhs: tensor<2x2x2xi64>, %rhs: tensor<2x2x2xi64>) {
  %result = "stablehlo.dot_general"(%lhs, %rhs) {
    dot_dimension_numbers = #stablehlo.dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1]
    >,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>],
    algorithm = #stablehlo.dot_algorithm<
      lhs_precision_type = tf32,
      rhs_precision_type = tf32,
      accumulation_type = f32,
      lhs_component_count = 1,
      rhs_component_count = 1,
      num_primitive_operations = 1,
      allow_imprecise_accumulation = false
    >
  } : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_broadcast_in_dim_36
// CHECK: stablehlo.dynamic_broadcast_in_dim
func.func @dynamic_broadcast_in_dim_36() {
  %operand = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
  %output_dimensions = stablehlo.constant dense<[2, 3, 2]> : tensor<3xi64>
  %result = "stablehlo.dynamic_broadcast_in_dim"(%operand, %output_dimensions) {
    broadcast_dimensions = array<i64: 2, 1>,
    known_expanding_dimensions = array<i64: 0>,
    known_nonexpanding_dimensions = array<i64: 1>
  } : (tensor<1x3xi64>, tensor<3xi64>) -> tensor<2x3x2xi64>
  func.return
}

// -----

// COM: fixed from the spec: the spec's example gives input_spatial_dimensions = [0, 1], which repeats the batch dimension (C13).
// CHECK-LABEL: func @dynamic_conv_37
// CHECK: stablehlo.dynamic_conv
func.func @dynamic_conv_37(%lhs: tensor<1x4x4x1xi64>, %rhs: tensor<3x3x1x1xi64>, %padding: tensor<2x2xi64>) {
  %result = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {
    window_strides = array<i64: 4, 4>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<raw
      input_batch_dimension = 0,
      input_feature_dimension = 3,
      input_spatial_dimensions = [1, 2],
      kernel_input_feature_dimension = 2,
      kernel_output_feature_dimension = 3,
      kernel_spatial_dimensions = [0, 1],
      output_batch_dimension = 0,
      output_feature_dimension = 3,
      output_spatial_dimensions = [1, 2]
    >,
    feature_group_count = 1 : i64,
    batch_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_gather_38
// CHECK: stablehlo.dynamic_gather
func.func @dynamic_gather_38(%operand: tensor<3x4x2xi64>, %start_indices: tensor<2x3x2xi64>, %slize_sizes: tensor<3xi64>) {
  %result = "stablehlo.dynamic_gather"(%operand, %start_indices, %slize_sizes) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    indices_are_sorted = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<3xi64>) -> tensor<2x3x2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_iota_39
// CHECK: stablehlo.dynamic_iota
func.func @dynamic_iota_39() {
  %output_shape = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
  %result = "stablehlo.dynamic_iota"(%output_shape) {
    iota_dimension = 0 : i64
  } : (tensor<2xi64>) -> tensor<4x5xi64>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_pad_40
// CHECK: stablehlo.dynamic_pad
func.func @dynamic_pad_40(%operand: tensor<2x3xi64>, %padding_value: tensor<i64>, %edge_padding_low: tensor<2xi64>, %edge_padding_high: tensor<2xi64>, %interior_padding: tensor<2xi64>) {
  %result = "stablehlo.dynamic_pad"(%operand, %padding_value,
    %edge_padding_low, %edge_padding_high, %interior_padding
  ) : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<5x9xi64>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_reshape_41
// CHECK: stablehlo.dynamic_reshape
func.func @dynamic_reshape_41(%operand: tensor<2x3xi64>, %output_shape: tensor<2xi64>) {
  %result = "stablehlo.dynamic_reshape"(%operand, %output_shape) : (tensor<2x3xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_slice_42
// CHECK: stablehlo.dynamic_slice
func.func @dynamic_slice_42(%operand: tensor<4x4xi32>, %start_indices0: tensor<i64>, %start_indices1: tensor<i64>) {
  %result = "stablehlo.dynamic_slice"(%operand, %start_indices0, %start_indices1) {
    slice_sizes = array<i64: 2, 2>
  } : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @dynamic_update_slice_43
// CHECK: stablehlo.dynamic_update_slice
func.func @dynamic_update_slice_43(%operand: tensor<4x4xi32>, %update: tensor<2x2xi32>, %start_indices0: tensor<i64>, %start_indices1: tensor<i64>) {
  %result = "stablehlo.dynamic_update_slice"(%operand, %update, %start_indices0, %start_indices1)
    : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<4x4xi32>
  func.return
}

// -----

// CHECK-LABEL: func @exponential_44
// CHECK: stablehlo.exponential
func.func @exponential_44(%operand: tensor<2x2xf64>) {
  %result = "stablehlo.exponential"(%operand) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @exponential_minus_one_45
// CHECK: stablehlo.exponential_minus_one
func.func @exponential_minus_one_45(%operand: tensor<2xf64>) {
  %result = "stablehlo.exponential_minus_one"(%operand) : (tensor<2xf64>) -> tensor<2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @fft_46
// CHECK: stablehlo.fft
func.func @fft_46(%operand: tensor<4xcomplex<f32>>) {
  %result = "stablehlo.fft"(%operand) {
    fft_type = #stablehlo<fft_type FFT>,
    fft_length = array<i64: 4>
  } : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----

// CHECK-LABEL: func @floor_47
// CHECK: stablehlo.floor
func.func @floor_47(%operand: tensor<5xf32>) {
  %result = "stablehlo.floor"(%operand) : (tensor<5xf32>) -> tensor<5xf32>
  func.return
}

// -----

// CHECK-LABEL: func @gather_48
// CHECK: stablehlo.gather
func.func @gather_48(%operand: tensor<2x3x4x2xi32>, %start_indices: tensor<2x2x3x2xi64>) {
  %result = "stablehlo.gather"(%operand, %start_indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [3, 4],
      collapsed_slice_dims = [1],
      operand_batching_dims = [0],
      start_indices_batching_dims = [1],
      start_index_map = [2, 1],
      index_vector_dim = 3>,
    slice_sizes = array<i64: 1, 1, 2, 2>,
    indices_are_sorted = false
  } : (tensor<2x3x4x2xi32>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @get_dimension_size_49
// CHECK: stablehlo.get_dimension_size
func.func @get_dimension_size_49(%operand: tensor<2x3xi64>) {
  %result = "stablehlo.get_dimension_size"(%operand) {
    dimension = 1 : i64
  } : (tensor<2x3xi64>) -> tensor<i32>
  func.return
}

// -----

// CHECK-LABEL: func @get_tuple_element_50
// CHECK: stablehlo.get_tuple_element
func.func @get_tuple_element_50(%operand: tuple<tensor<2xf64>, tuple<tensor<i64>>>) {
  %result = "stablehlo.get_tuple_element"(%operand) <{index = 0 : i32}> : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @if_51
// CHECK: stablehlo.if
func.func @if_51(%pred: tensor<i1>, %result_true_branch: tensor<i32>, %result_false_branch: tensor<i32>) {
  %result = "stablehlo.if"(%pred) ({
    "stablehlo.return"(%result_true_branch) : (tensor<i32>) -> ()
  }, {
    "stablehlo.return"(%result_false_branch) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  func.return
}

// -----

// CHECK-LABEL: func @imag_52
// CHECK: stablehlo.imag
func.func @imag_52(%operand: tensor<2xcomplex<f32>>) {
  %result = "stablehlo.imag"(%operand) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @infeed_53
// CHECK: stablehlo.infeed
func.func @infeed_53(%token: !stablehlo.token) {
  %results0:2 = "stablehlo.infeed"(%token) {
    infeed_config = ""
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  %results1:2 = "stablehlo.infeed"(%token) {
    infeed_config = ""
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  func.return
}

// -----

// CHECK-LABEL: func @iota_54
// CHECK: stablehlo.iota
func.func @iota_54() {
  %output = "stablehlo.iota"() {
    iota_dimension = 0 : i64
  } : () -> tensor<4x5xi32>
  func.return
}

// -----

// CHECK-LABEL: func @iota_54_1
// CHECK: stablehlo.iota
func.func @iota_54_1() {
  %output = "stablehlo.iota"() {
    iota_dimension = 1 : i64
  } : () -> tensor<4x5xi32>
  func.return
}

// -----

// CHECK-LABEL: func @is_finite_55
// CHECK: stablehlo.is_finite
func.func @is_finite_55(%x: tensor<7xf64>) {
  %y = "stablehlo.is_finite"(%x) : (tensor<7xf64>) -> tensor<7xi1>
  func.return
}
