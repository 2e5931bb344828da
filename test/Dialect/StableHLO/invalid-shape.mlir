// Constraints of the data movement ops are diagnostics.
// RUN: tfg-opt --split-input-file --verify-diagnostics %s

func.func @broadcast_dims_size(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{broadcast_dimensions must have 2 entries, has 1}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_dims_range(%a: tensor<2xf32>) {
  // expected-error @+1 {{broadcast_dimensions 2 is out of range [0, 2)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<2xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @broadcast_dims_unique(%a: tensor<1x1xf32>) {
  // expected-error @+1 {{broadcast_dimensions are not unique (0 repeats)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 0] : (tensor<1x1xf32>) -> tensor<3x2xf32>
  func.return
}

// -----

func.func @broadcast_size(%a: tensor<2xf32>) {
  // expected-error @+1 {{operand dimension 0 of size 2 cannot broadcast to result dimension 1 of size 3}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_element_type(%a: tensor<2xf32>) {
  // expected-error @+1 {{operand and result element types differ}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<2xi32>
  func.return
}

// -----

func.func @dynamic_broadcast_known(%a: tensor<2xf32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{dimension 0 is both known expanding and known non-expanding}}
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<1xi64>) -> tensor<?xf32>
  func.return
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{operand has 6 elements, the result 5}}
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @dynamic_reshape_rank(%a: tensor<2x3xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{output_shape must have 2 elements}}
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  func.return
}

// -----

func.func @transpose_not_permutation(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{permutation are not unique (0 repeats)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [0, 0] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @transpose_result(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<3x2xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return
}

// -----

func.func @reverse_dims(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{dimensions 2 is out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.reverse %a, dims = [2] : tensor<2x3xf32>
  func.return
}

// -----

func.func @slice_bounds(%a: tensor<4xf32>) {
  // expected-error @+2 {{slice of dimension 0 [1, 5) is out of [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.slice %a [1:5] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @slice_stride(%a: tensor<4xf32>) {
  // expected-error @+2 {{strides must be positive, stride 0 is 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.slice %a [0:4:0] : (tensor<4xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @slice_result(%a: tensor<8xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<3xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.slice %a [0:7:3] : (tensor<8xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @slice_rank(%a: tensor<4x4xf32>) {
  // expected-error @+2 {{start_indices, limit_indices and strides must have 2 entries}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 0>, limit_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<1xf32>
  func.return
}

// -----

func.func @dynamic_slice_count(%a: tensor<4x4xf32>, %i: tensor<i64>) {
  // expected-error @+2 {{expected 2 start indices, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @dynamic_slice_index_types(%a: tensor<4x4xf32>, %i: tensor<i64>, %j: tensor<i32>) {
  // expected-error @+2 {{start indices must have the same type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i64>, tensor<i32>) -> tensor<2x2xf32>
  func.return
}

// -----

func.func @dynamic_slice_size(%a: tensor<4x4xf32>, %i: tensor<i64>) {
  // expected-error @+2 {{slice size 5 of dimension 1 is out of [0, 4]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_slice %a, %i, %i, sizes = [2, 5] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x5xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_big(%a: tensor<4xf32>, %u: tensor<5xf32>, %i: tensor<i64>) {
  // expected-error @+2 {{update dimension 0 of size 5 exceeds the operand's 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<5xf32>, tensor<i64>) -> tensor<4xf32>
  func.return
}

// -----

func.func @concatenate_dim(%a: tensor<2xf32>) {
  // expected-error @+2 {{dimension 1 is out of range [0, 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  func.return
}

// -----

func.func @concatenate_shapes(%a: tensor<2x2xf32>, %b: tensor<2x3xf32>) {
  // expected-error @+2 {{inputs differ in dimension 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<4x2xf32>
  func.return
}

// -----

func.func @concatenate_result(%a: tensor<2xf32>) {
  // expected-error @+2 {{inferred type(s) 'tensor<4xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  func.return
}

// -----

func.func @pad_interior(%a: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+2 {{interior_padding must not be negative, entry 0 is -1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %a, %v, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @pad_value(%a: tensor<2xf32>, %v: tensor<1xf32>) {
  // expected-error @+2 {{padding_value must be a 0-d tensor of the operand's element type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %a, %v, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @pad_negative_size(%a: tensor<2xf32>, %v: tensor<f32>) {
  // expected-error @+2 {{padded dimension 0 has an invalid size}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.pad %a, %v, low = [-3], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  func.return
}

// -----

func.func @iota_dimension() {
  // expected-error @+1 {{iota_dimension 2 is out of range [0, 2)}}
  %0 = stablehlo.iota dim = 2 : tensor<2x3xf32>
  func.return
}

// -----

func.func @get_dimension_size_range(%a: tensor<2xf32>) {
  // expected-error @+2 {{dimension 1 is out of range [0, 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<2xf32>) -> tensor<i32>
  func.return
}

// -----

func.func @get_tuple_element_index(%t: tuple<tensor<f32>>) {
  // expected-error @+2 {{index 1 is out of range [0, 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>>) -> tensor<f32>
  func.return
}

// -----

func.func @tuple_type(%a: tensor<f32>) {
  // expected-error @+1 {{expected a tuple type, got 'tensor<f32>'}}
  %0 = stablehlo.tuple %a : tensor<f32>
  func.return
}

// -----

func.func @gather_offset_dims_sorted(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) {
  // expected-error @+1 {{offset_dims must be sorted}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  func.return
}

// -----

func.func @gather_collapsed_size(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) {
  // expected-error @+1 {{slice size of collapsed or batching dimension 0 must be at most 1, is 2}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  func.return
}

// -----

func.func @gather_index_map(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) {
  // expected-error @+1 {{start_index_map must have 2 entries (the index vector size), has 1}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  func.return
}

// -----

func.func @gather_result_shape(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) {
  // expected-error @+1 {{result dimension 3 must have size 2, has 3}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x3xi32>
  func.return
}

// -----

func.func @gather_index_vector_dim(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>) {
  // expected-error @+1 {{index_vector_dim 4 is out of range [0, 3]}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  func.return
}

// -----

func.func @gather_batching(%a: tensor<2x3x4x2xi32>, %i: tensor<3x3x3x2xi64>) {
  // expected-error @+1 {{batching dimension 0 of the operand and 1 of the indices differ in size}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 1, 2, 2>} : (tensor<2x3x4x2xi32>, tensor<3x3x3x2xi64>) -> tensor<3x3x3x2x2xi32>
  func.return
}

// -----

func.func @gather_missing_field(%a: tensor<3xi32>, %i: tensor<1xi64>) {
  // expected-error @+1 {{missing field 'index_vector_dim'}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [0]>, slice_sizes = array<i64: 1>} : (tensor<3xi32>, tensor<1xi64>) -> tensor<1xi32>
  func.return
}

// -----

func.func @gather_unknown_field(%a: tensor<3xi32>, %i: tensor<1xi64>) {
  // expected-error @+1 {{unknown field 'offset'}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>} : (tensor<3xi32>, tensor<1xi64>) -> tensor<1xi32>
  func.return
}

// -----

func.func @dynamic_gather_sizes(%a: tensor<3x4x2xi32>, %i: tensor<2x3x2xi64>, %s: tensor<2xi64>) {
  // expected-error @+1 {{slice_sizes must have 3 elements}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>} : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<2xi64>) -> tensor<2x3x2x2xi32>
  func.return
}
