// The pretty forms StableHLO prints, for every op that has one: they parse,
// print the same way, and survive a trip through the generic form.
// RUN: tfg-opt %s | FileCheck %s
// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt --mlir-print-op-generic %s | tfg-opt | FileCheck %s

// CHECK-LABEL: func @unary
func.func @unary(%i: tensor<2xi32>, %f: tensor<2xf32>, %c: tensor<2xcomplex<f32>>) {
  // CHECK-NEXT: stablehlo.abs %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.abs %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.cbrt %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.ceil %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.count_leading_zeros %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.convert %{{.*}} : (tensor<2xi32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.convert %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.cosine %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.exponential %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.exponential_minus_one %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.floor %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.imag %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.is_finite %{{.*}} : (tensor<2xf32>) -> tensor<2xi1>
  // CHECK-NEXT: stablehlo.log %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.log_plus_one %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.logistic %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.not %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.negate %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.popcnt %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.real %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.round_nearest_afz %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.round_nearest_even %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.rsqrt %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.sign %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.sine %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.sqrt %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.tan %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.tanh %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.reduce_precision %{{.*}}, format = e5m10 : tensor<2xf32>
  // CHECK-NEXT: stablehlo.bitcast_convert %{{.*}} : (tensor<2xf32>) -> tensor<2xi32>
  %0 = stablehlo.abs %i : tensor<2xi32>
  %1 = stablehlo.abs %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = stablehlo.cbrt %f : tensor<2xf32>
  %3 = stablehlo.ceil %f : tensor<2xf32>
  %4 = stablehlo.count_leading_zeros %i : tensor<2xi32>
  %5 = stablehlo.convert %i : (tensor<2xi32>) -> tensor<2xf32>
  %6 = stablehlo.convert %f : tensor<2xf32>
  %7 = stablehlo.cosine %f : tensor<2xf32>
  %8 = stablehlo.exponential %f : tensor<2xf32>
  %9 = stablehlo.exponential_minus_one %f : tensor<2xf32>
  %10 = stablehlo.floor %f : tensor<2xf32>
  %11 = stablehlo.imag %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %12 = stablehlo.is_finite %f : (tensor<2xf32>) -> tensor<2xi1>
  %13 = stablehlo.log %f : tensor<2xf32>
  %14 = stablehlo.log_plus_one %f : tensor<2xf32>
  %15 = stablehlo.logistic %f : tensor<2xf32>
  %16 = stablehlo.not %i : tensor<2xi32>
  %17 = stablehlo.negate %f : tensor<2xf32>
  %18 = stablehlo.popcnt %i : tensor<2xi32>
  %19 = stablehlo.real %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %20 = stablehlo.round_nearest_afz %f : tensor<2xf32>
  %21 = stablehlo.round_nearest_even %f : tensor<2xf32>
  %22 = stablehlo.rsqrt %f : tensor<2xf32>
  %23 = stablehlo.sign %f : tensor<2xf32>
  %24 = stablehlo.sine %f : tensor<2xf32>
  %25 = stablehlo.sqrt %f : tensor<2xf32>
  %26 = stablehlo.tan %f : tensor<2xf32>
  %27 = stablehlo.tanh %f : tensor<2xf32>
  %28 = stablehlo.reduce_precision %f, format = e5m10 : tensor<2xf32>
  %29 = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<2xi32>
  func.return
}

// CHECK-LABEL: func @binary
func.func @binary(%b: tensor<2xi1>, %i: tensor<2xi32>, %f: tensor<2xf32>) {
  // CHECK-NEXT: stablehlo.add %{{.*}}, %{{.*}} : tensor<2xi1>
  // CHECK-NEXT: stablehlo.and %{{.*}}, %{{.*}} : tensor<2xi1>
  // CHECK-NEXT: stablehlo.atan2 %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.complex %{{.*}}, %{{.*}} : tensor<2xcomplex<f32>>
  // CHECK-NEXT: stablehlo.divide %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.maximum %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.minimum %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.multiply %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.or %{{.*}}, %{{.*}} : tensor<2xi1>
  // CHECK-NEXT: stablehlo.power %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.remainder %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.shift_left %{{.*}}, %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.shift_right_arithmetic %{{.*}}, %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.shift_right_logical %{{.*}}, %{{.*}} : tensor<2xi32>
  // CHECK-NEXT: stablehlo.subtract %{{.*}}, %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: stablehlo.xor %{{.*}}, %{{.*}} : tensor<2xi1>
  // CHECK-NEXT: stablehlo.compare  LT, %{{.*}}, %{{.*}} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  // CHECK-NEXT: stablehlo.compare  GT, %{{.*}}, %{{.*}},  TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  // CHECK-NEXT: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xi1>, tensor<2xf32>
  // CHECK-NEXT: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xf32>
  %0 = stablehlo.add %b, %b : tensor<2xi1>
  %1 = stablehlo.and %b, %b : tensor<2xi1>
  %2 = stablehlo.atan2 %f, %f : tensor<2xf32>
  %3 = stablehlo.complex %f, %f : tensor<2xcomplex<f32>>
  %4 = stablehlo.divide %f, %f : tensor<2xf32>
  %5 = stablehlo.maximum %f, %f : tensor<2xf32>
  %6 = stablehlo.minimum %f, %f : tensor<2xf32>
  %7 = stablehlo.multiply %f, %f : tensor<2xf32>
  %8 = stablehlo.or %b, %b : tensor<2xi1>
  %9 = stablehlo.power %f, %f : tensor<2xf32>
  %10 = stablehlo.remainder %f, %f : tensor<2xf32>
  %11 = stablehlo.shift_left %i, %i : tensor<2xi32>
  %12 = stablehlo.shift_right_arithmetic %i, %i : tensor<2xi32>
  %13 = stablehlo.shift_right_logical %i, %i : tensor<2xi32>
  %14 = stablehlo.subtract %f, %f : tensor<2xf32>
  %15 = stablehlo.xor %b, %b : tensor<2xi1>
  %16 = stablehlo.compare LT, %i, %i : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %17 = stablehlo.compare GT, %f, %f, TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %18 = stablehlo.select %b, %f, %f : tensor<2xi1>, tensor<2xf32>
  %19 = stablehlo.clamp %f, %f, %f : tensor<2xf32>
  func.return
}

// CHECK-LABEL: func @mixed_types
func.func @mixed_types(%f: tensor<2xf32>, %d: tensor<?xf32>, %s: tensor<f32>, %p: tensor<i1>) {
  // CHECK-NEXT: stablehlo.add %{{.*}}, %{{.*}} : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<2xf32>
  // CHECK-NEXT: stablehlo.complex %{{.*}}, %{{.*}} : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xcomplex<f32>>
  %0 = stablehlo.add %f, %d : (tensor<2xf32>, tensor<?xf32>) -> tensor<2xf32>
  %1 = stablehlo.clamp %s, %f, %s : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.select %p, %f, %f : tensor<i1>, tensor<2xf32>
  %3 = stablehlo.complex %f, %f : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xcomplex<f32>>
  func.return
}

// CHECK-LABEL: func @constants
func.func @constants() {
  // CHECK-NEXT: stablehlo.constant dense<1.000000e+00> : tensor<f32>
  // CHECK-NEXT: stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // CHECK-NEXT: stablehlo.constant {attr = 1 : i64} dense<true> : tensor<i1>
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %2 = stablehlo.constant {attr = 1 : i64} dense<true> : tensor<i1>
  func.return
}

// CHECK-LABEL: func @data_movement
func.func @data_movement(%x: tensor<3x4xi32>, %s: tensor<i64>, %v: tensor<i32>, %shape: tensor<2xi64>) {
  // CHECK-NEXT: stablehlo.broadcast_in_dim %{{.*}}, dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x2x4xi32>
  // CHECK-NEXT: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [] : (tensor<i32>, tensor<2xi64>) -> tensor<3x4xi32>
  // CHECK-NEXT: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<3x4xi32>) -> tensor<4x3xi32>
  // CHECK-NEXT: stablehlo.reverse %{{.*}}, dims = [1] : tensor<3x4xi32>
  // CHECK-NEXT: stablehlo.reshape %{{.*}} : (tensor<3x4xi32>) -> tensor<2x6xi32>
  // CHECK-NEXT: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<3x4xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  // CHECK-NEXT: stablehlo.slice %{{.*}} [1:3, 0:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  // CHECK-NEXT: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  // CHECK-NEXT: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>
  // CHECK-NEXT: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<6x4xi32>
  // CHECK-NEXT: stablehlo.pad %{{.*}}, %{{.*}}, low = [0, 1], high = [1, 0], interior = [1, 0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x5xi32>
  // CHECK-NEXT: stablehlo.dynamic_pad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<3x4xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  // CHECK-NEXT: stablehlo.iota dim = 1 : tensor<2x3xf32>
  // CHECK-NEXT: stablehlo.dynamic_iota %{{.*}}, dim = 0 : (tensor<2xi64>) -> tensor<?x?xi32>
  // CHECK-NEXT: stablehlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<3x4xi32>) -> tensor<i32>
  // CHECK-NEXT: stablehlo.tuple %{{.*}}, %{{.*}} : tuple<tensor<3x4xi32>, tensor<i64>>
  // CHECK-NEXT: stablehlo.get_tuple_element %{{.*}}[1] : (tuple<tensor<3x4xi32>, tensor<i64>>) -> tensor<i64>
  // CHECK-NEXT: stablehlo.tuple : tuple<>
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x2x4xi32>
  %1 = stablehlo.dynamic_broadcast_in_dim %v, %shape, dims = [] : (tensor<i32>, tensor<2xi64>) -> tensor<3x4xi32>
  %2 = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x4xi32>) -> tensor<4x3xi32>
  %3 = stablehlo.reverse %x, dims = [1] : tensor<3x4xi32>
  %4 = stablehlo.reshape %x : (tensor<3x4xi32>) -> tensor<2x6xi32>
  %5 = stablehlo.dynamic_reshape %x, %shape : (tensor<3x4xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  %6 = stablehlo.slice %x [1:3:1, 0:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  %7 = stablehlo.dynamic_slice %x, %s, %s, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  %8 = stablehlo.dynamic_update_slice %x, %7, %s, %s : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>
  %9 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<6x4xi32>
  %10 = stablehlo.pad %x, %v, low = [0, 1], high = [1, 0], interior = [1, 0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x5xi32>
  %11 = stablehlo.dynamic_pad %x, %v, %shape, %shape, %shape : (tensor<3x4xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  %12 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %13 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<?x?xi32>
  %14 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x4xi32>) -> tensor<i32>
  %15 = stablehlo.tuple %x, %s : tuple<tensor<3x4xi32>, tensor<i64>>
  %16 = stablehlo.get_tuple_element %15[1] : (tuple<tensor<3x4xi32>, tensor<i64>>) -> tensor<i64>
  %17 = stablehlo.tuple : tuple<>
  func.return
}

// CHECK-LABEL: func @contractions
func.func @contractions(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<3x4xf32>, %v: tensor<4xf32>) {
  // CHECK-NEXT: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK-NEXT: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK-NEXT: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  // CHECK-NEXT: stablehlo.dot %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  // CHECK-NEXT: stablehlo.dot %{{.*}}, %{{.*}}, precision = [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.dot_general %m, %v, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %3 = stablehlo.dot %m, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3xf32>
  %4 = stablehlo.dot %v, %v, precision = [] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  func.return
}

// CHECK-LABEL: func @convolutions
func.func @convolutions(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %nchw: tensor<1x3x8x8xf32>, %oihw: tensor<16x3x3x3xf32>) {
  // CHECK-NEXT: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
  // CHECK-NEXT: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
  %1 = stablehlo.convolution(%nchw, %oihw)
      dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1],
      window = {}
      {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x6x6xf32>
  func.return
}

// CHECK-LABEL: func @numerics
func.func @numerics(%c: tensor<4xcomplex<f32>>, %a: tensor<3x3xf32>, %lo: tensor<f32>, %shape: tensor<2xi64>, %state: tensor<2xui64>) {
  // CHECK-NEXT: stablehlo.fft %{{.*}}, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  // CHECK-NEXT: stablehlo.cholesky %{{.*}}, lower = true : tensor<3x3xf32>
  // CHECK-NEXT: stablehlo.cholesky %{{.*}} : tensor<3x3xf32>
  // CHECK-NEXT: stablehlo.rng %{{.*}}, %{{.*}}, %{{.*}}, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  // CHECK-NEXT: %{{.*}}, %{{.*}} = stablehlo.rng_bit_generator %{{.*}}, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
  %0 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  %2 = stablehlo.cholesky %a : tensor<3x3xf32>
  %3 = stablehlo.rng %lo, %lo, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x3xf32>
  %4:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
  func.return
}

// CHECK-LABEL: func @calls_and_tokens
func.func @calls_and_tokens(%x: tensor<2xf32>, %t: !stablehlo.token) -> !stablehlo.token {
  // CHECK-NEXT: stablehlo.custom_call @foo(%{{.*}}) {backend_config = "cfg", has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.custom_call @"foo-bar"(%{{.*}}) {api_version = 4 : i32, backend_config = {n = 1 : i64}} : (tensor<2xf32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.composite "my.op" %{{.*}} {composite_attributes = {k = 2 : i64}, decomposition = @impl} : (tensor<2xf32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.after_all %{{.*}}, %{{.*}} : !stablehlo.token
  // CHECK-NEXT: stablehlo.after_all : !stablehlo.token
  // CHECK-NEXT: stablehlo.optimization_barrier %{{.*}}, %{{.*}} : tensor<2xf32>, !stablehlo.token
  // CHECK-NEXT: stablehlo.optimization_barrier()
  // CHECK-NEXT: stablehlo.replica_id : tensor<ui32>
  // CHECK-NEXT: stablehlo.partition_id : tensor<ui32>
  %0 = stablehlo.custom_call @foo(%x) {backend_config = "cfg", has_side_effect = true} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.custom_call @"foo-bar"(%x) {api_version = 4 : i32, backend_config = {n = 1 : i64}} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = stablehlo.composite "my.op" %x {composite_attributes = {k = 2 : i64}, decomposition = @impl} : (tensor<2xf32>) -> tensor<2xf32>
  %3 = stablehlo.after_all %t, %t : !stablehlo.token
  %4 = stablehlo.after_all : !stablehlo.token
  %5:2 = stablehlo.optimization_barrier %x, %t : tensor<2xf32>, !stablehlo.token
  stablehlo.optimization_barrier()
  %6 = stablehlo.replica_id : tensor<ui32>
  %7 = stablehlo.partition_id : tensor<ui32>
  func.return %3 : !stablehlo.token
}
func.func private @impl(%x: tensor<2xf32>) -> tensor<2xf32> {
  stablehlo.return %x : tensor<2xf32>
}

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<2x3xf32>, %y: tensor<2x3xi32>, %f: tensor<f32>, %i: tensor<i32>) {
  // CHECK-NEXT: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.reduce(%{{.*}} init: %{{.*}}) across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  // CHECK-NEXT:  reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) {
  // CHECK-NEXT:   stablehlo.maximum %[[B]], %[[A]] : tensor<f32>
  // CHECK:      stablehlo.reduce(%{{.*}} init: %{{.*}}), (%{{.*}} init: %{{.*}}) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  // CHECK-NEXT:  reducer(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>) (%{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>) {
  %0 = stablehlo.reduce(%x init: %f) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.reduce(%x init: %f) across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
   reducer(%a: tensor<f32>, %b: tensor<f32>)  {
    %m = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  %2:2 = stablehlo.reduce(%x init: %f), (%y init: %i) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<f32>
    %t = stablehlo.add %b, %d : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  func.return
}

// CHECK-LABEL: func @loop
func.func @loop(%n: tensor<i64>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK-NEXT: %{{.*}}:2 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[X:.*]] = %{{.*}}) : tensor<i64>, tensor<2xf32> attributes {note = "kept"}
  // CHECK-NEXT:  cond {
  // CHECK:        stablehlo.compare  LT, %[[I]], %{{.*}},  SIGNED
  // CHECK:      } do {
  // CHECK:        stablehlo.return %{{.*}}, %[[X]] : tensor<i64>, tensor<2xf32>
  %0:2 = stablehlo.while(%iterArg = %n, %iterArg_0 = %x) : tensor<i64>, tensor<2xf32> attributes {note = "kept"}
   cond {
    %c = stablehlo.constant dense<10> : tensor<i64>
    %p = stablehlo.compare  LT, %iterArg, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %next = stablehlo.add %iterArg, %one : tensor<i64>
    stablehlo.return %next, %iterArg_0 : tensor<i64>, tensor<2xf32>
  }
  func.return %0#1 : tensor<2xf32>
}

// CHECK-LABEL: func @quantized
func.func @quantized(%x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK-NEXT: stablehlo.uniform_quantize %{{.*}} : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
  // CHECK-NEXT: stablehlo.uniform_dequantize %{{.*}} : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<2xf32>
  // CHECK-NEXT: stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %0 = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  %1 = stablehlo.uniform_dequantize %0 : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  %2 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  func.return %1 : tensor<2xf32>
}

// CHECK-LABEL: func @bounds
// CHECK-SAME: tensor<?x3xf32, #stablehlo.bounds<4, ?>>
// CHECK-SAME: tensor<?xf32, #stablehlo.bounds<8>>
func.func @bounds(%a: tensor<?x3xf32, #stablehlo.type_extensions<bounds = [4, ?]>>, %b: tensor<?xf32, #stablehlo.bounds<8>>) {
  func.return
}
