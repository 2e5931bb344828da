// Constraints of the contractions, numerics and collectives are diagnostics.
// RUN: tfg-opt --split-input-file --verify-diagnostics %s

func.func @dot_general_batching_sizes(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+1 {{lhs and rhs must have as many batching dimensions}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  func.return
}

// -----

func.func @dot_general_unique(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) {
  // expected-error @+1 {{lhs batching and contracting dimensions are not unique (0 repeats)}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  func.return
}

// -----

func.func @dot_general_contracting_size(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) {
  // expected-error @+1 {{lhs dimension 1 and rhs dimension 0 differ in size}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  func.return
}

// -----

func.func @dot_general_result(%a: tensor<3x4xf32>, %b: tensor<4x6xf32>) {
  // expected-error @+1 {{result must have shape [3, 6]}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x6xf32>) -> tensor<6x3xf32>
  func.return
}

// -----

func.func @dot_general_precision(%a: tensor<3x4xf32>, %b: tensor<4x6xf32>) {
  // expected-error @+1 {{precision_config must have 2 entries, has 1}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [HIGH] : (tensor<3x4xf32>, tensor<4x6xf32>) -> tensor<3x6xf32>
  func.return
}

// -----

func.func @dot_general_unknown_precision(%a: tensor<3x4xf32>, %b: tensor<4x6xf32>) {
  // expected-error @+1 {{unknown precision 'LOW'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [LOW, LOW] : (tensor<3x4xf32>, tensor<4x6xf32>) -> tensor<3x6xf32>
  func.return
}

// -----

func.func @dot_general_algorithm(%a: tensor<3x4xf32>, %b: tensor<4x6xf32>) {
  // expected-error @+1 {{algorithm component counts and primitive operations must be positive}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4x6xf32>) -> tensor<3x6xf32>
  func.return
}

// -----

func.func @dot_rank(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) {
  // expected-error @+1 {{operands must be vectors or matrices}}
  %0 = stablehlo.dot %a, %b : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @conv_result(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) {
  // expected-error @+1 {{result must have shape [1, 6, 6, 16], has 'tensor<1x8x8x16xf32>'}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  func.return
}

// -----

func.func @conv_features(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x4x16xf32>) {
  // expected-error @+1 {{kernel input feature size 4 must be 3}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @conv_groups(%in: tensor<2x8x8x4xf32>, %k: tensor<3x3x2x16xf32>) {
  // expected-error @+1 {{feature_group_count or batch_group_count must be 1}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x2x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @conv_window_size(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) {
  // expected-error @+1 {{window_strides must have 2 entries, has 1}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @conv_spatial_counts(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) {
  // expected-error @+1 {{input, kernel and output have different numbers of spatial dimensions}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @conv_layout_letter(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension index, got 'i'}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, i]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @conv_window_key(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) {
  // expected-error @+1 {{unknown window attribute 'strides'}}
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @conv_raw_dims(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) {
  // expected-error @+1 {{input dimensions are not unique (0 repeats)}}
  %0 = "stablehlo.convolution"(%in, %k) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [0, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  func.return
}

// -----

func.func @fft_types(%a: tensor<4xf32>) {
  // expected-error @+1 {{element types 'f32' and 'f32' do not fit fft_type FFT}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @fft_rfft_shape(%a: tensor<8xf32>) {
  // expected-error @+1 {{result dimension 0 has the wrong size}}
  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  func.return
}

// -----

func.func @fft_length(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{fft_length must have 1 to 3 entries, at most the operand's rank}}
  %0 = stablehlo.fft %a, type = FFT, length = [] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @cholesky_square(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{a must hold square matrices}}
  %0 = stablehlo.cholesky %a : tensor<3x4xf32>
  func.return
}

// -----

func.func @cholesky_spec_typo(%a: tensor<3x3xf32>) {
  // COM: The spec's own example gives tensor<3x3xf64>; (C1) rejects it.
  // expected-error @+2 {{inferred type(s) 'tensor<3x3xf32>' are incompatible with return type(s) of operation 'tensor<3x3xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf64>
  func.return
}

// -----

func.func @triangular_solve_sides(%a: tensor<3x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error @+1 {{b's rows must match a}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  func.return
}

// -----

func.func @batch_norm_feature_index(%x: tensor<2x3xf32>, %s: tensor<3xf32>) {
  // expected-error @+1 {{feature_index 2 is out of range [0, 2)}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.001 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @batch_norm_feature_size(%x: tensor<2x3xf32>, %s: tensor<2xf32>) {
  // expected-error @+1 {{scale, offset, mean and variance must be 1-d of the feature size 3}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  func.return
}

// -----

func.func @rng_normal_int(%a: tensor<i32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{NORMAL needs a floating-point type}}
  %0 = stablehlo.rng %a, %a, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<3xi32>
  func.return
}

// -----

func.func @rng_bit_generator_state(%s: tensor<3xui64>) {
  // expected-error @+1 {{THREE_FRY needs a state of 2 elements}}
  %0:2 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2xui32>)
  func.return
}

// -----

func.func @all_gather_result(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{result #0 must be 'tensor<2x4xf32>'}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @all_gather_groups(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{replica_groups are not unique (1 repeats)}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @all_gather_global_ids(%a: tensor<2x2xf32>) {
  // expected-error @+1 {{use_global_device_ids needs a channel_handle with a positive handle}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return
}

// -----

func.func @all_to_all_split(%a: tensor<3x4xf32>) {
  // expected-error @+1 {{split dimension size 3 is not a multiple of split_count}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3x4xf32>) -> tensor<1x8xf32>
  func.return
}

// -----

func.func @collective_permute_pairs(%a: tensor<2xf32>) {
  // expected-error @+1 {{source 0 repeats}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @reduce_scatter_split(%a: tensor<3xf32>) {
  // expected-error @+1 {{scatter dimension size 3 is not a multiple of the group size 2}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3xf32>) -> tensor<1xf32>
  func.return
}

// -----

func.func @recv_token_last(%t: !stablehlo.token) {
  // expected-error @+1 {{the last result must be a token}}
  %0 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> tensor<2xf32>
  func.return
}

// -----

func.func @send_channel_type(%a: tensor<2xf32>, %t: !stablehlo.token) {
  // expected-error @+1 {{channel type 1 does not fit is_host_transfer = true}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  func.return
}

// -----

func.func @infeed_token(%t: !stablehlo.token) {
  // expected-error @+1 {{the last result must be a token}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, tensor<2xf32>)
  func.return
}
