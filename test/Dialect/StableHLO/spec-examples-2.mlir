// The examples of the StableHLO specification (StableHLO 1.20), each wrapped
// in a function whose arguments stand for the example's inputs. They parse,
// verify, print, and parse again from both the pretty and the generic form.
// Typos of the spec's examples are fixed where a COM line says so.
// RUN: tfg-opt --split-input-file %s | FileCheck %s
// RUN: tfg-opt --split-input-file --mlir-print-op-generic %s | tfg-opt --split-input-file | FileCheck %s
// RUN: tfg-opt --split-input-file %s | tfg-opt --split-input-file | FileCheck %s

// CHECK-LABEL: func @log_56
// CHECK: stablehlo.log
func.func @log_56(%operand: tensor<2x2xf64>) {
  %result = "stablehlo.log"(%operand) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @log_plus_one_57
// CHECK: stablehlo.log_plus_one
func.func @log_plus_one_57(%operand: tensor<5xf64>) {
  %result = "stablehlo.log_plus_one"(%operand) : (tensor<5xf64>) -> tensor<5xf64>
  func.return
}

// -----

// CHECK-LABEL: func @logistic_58
// CHECK: stablehlo.logistic
func.func @logistic_58(%operand: tensor<2x2xf64>) {
  %result = "stablehlo.logistic"(%operand) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @map_59
// CHECK: stablehlo.map
func.func @map_59(%input0: tensor<2x2xi64>, %input1: tensor<2x2xi64>) {
  %result = "stablehlo.map"(%input0, %input1) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = stablehlo.multiply %arg0, %arg1 : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {
    dimensions = array<i64: 0, 1>
  } : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @maximum_60
// CHECK: stablehlo.maximum
func.func @maximum_60(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.maximum"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @minimum_61
// CHECK: stablehlo.minimum
func.func @minimum_61(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.minimum"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @multiply_62
// CHECK: stablehlo.multiply
func.func @multiply_62(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.multiply"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @negate_63
// CHECK: stablehlo.negate
func.func @negate_63(%operand: tensor<2xi32>) {
  %result = "stablehlo.negate"(%operand) : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @negate_63_1
// CHECK: stablehlo.negate
func.func @negate_63_1(%operand: tensor<1xcomplex<f32>>) {
  %result = "stablehlo.negate"(%operand) : (tensor<1xcomplex<f32>>) -> tensor<1xcomplex<f32>>
  func.return
}

// -----

// CHECK-LABEL: func @not_64
// CHECK: stablehlo.not
func.func @not_64(%operand: tensor<2x2xi32>) {
  %result = "stablehlo.not"(%operand) : (tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @not_64_1
// CHECK: stablehlo.not
func.func @not_64_1(%operand: tensor<2xi1>) {
  %result = "stablehlo.not"(%operand) : (tensor<2xi1>) -> tensor<2xi1>
  func.return
}

// -----

// CHECK-LABEL: func @optimization_barrier_65
// CHECK: stablehlo.optimization_barrier
func.func @optimization_barrier_65(%operand0: tensor<f32>, %operand1: tensor<f32>) {
  %result0, %result1 = "stablehlo.optimization_barrier"(%operand0, %operand1) : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  func.return
}

// -----

// CHECK-LABEL: func @or_66
// CHECK: stablehlo.or
func.func @or_66(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.or"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @or_66_1
// CHECK: stablehlo.or
func.func @or_66_1(%lhs: tensor<2x2xi1>, %rhs: tensor<2x2xi1>) {
  %result = "stablehlo.or"(%lhs, %rhs) : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  func.return
}

// -----

// CHECK-LABEL: func @outfeed_67
// CHECK: stablehlo.outfeed
func.func @outfeed_67(%input0: tensor<2x2x2xi64>, %token: !stablehlo.token) {
  %result = "stablehlo.outfeed"(%input0, %token) {
    outfeed_config = ""
  } : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return
}

// -----

// CHECK-LABEL: func @pad_68
// CHECK: stablehlo.pad
func.func @pad_68(%operand: tensor<2x3xi32>, %padding_value: tensor<i32>) {
  %result = "stablehlo.pad"(%operand, %padding_value) {
    edge_padding_low = array<i64: 0, 1>,
    edge_padding_high = array<i64: 2, 1>,
    interior_padding = array<i64: 1, 2>
  } : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
  func.return
}

// -----

// CHECK-LABEL: func @partition_id_69
// CHECK: stablehlo.partition_id
func.func @partition_id_69() {
  %result = "stablehlo.partition_id"() : () -> tensor<ui32>
  func.return
}

// -----

// CHECK-LABEL: func @popcnt_70
// CHECK: stablehlo.popcnt
func.func @popcnt_70(%operand: tensor<4xi64>) {
  %result = "stablehlo.popcnt"(%operand) : (tensor<4xi64>) -> tensor<4xi64>
  func.return
}

// -----

// CHECK-LABEL: func @power_71
// CHECK: stablehlo.power
func.func @power_71(%lhs: tensor<6xf64>, %rhs: tensor<6xf64>) {
  %result = "stablehlo.power"(%lhs, %rhs) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  func.return
}

// -----

// CHECK-LABEL: func @real_72
// CHECK: stablehlo.real
func.func @real_72(%operand: tensor<2xcomplex<f32>>) {
  %result = "stablehlo.real"(%operand) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @recv_73
// CHECK: stablehlo.recv
func.func @recv_73(%token: !stablehlo.token) {
  %results0, %results1 = "stablehlo.recv"(%token) {
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>,
    is_host_transfer = false,
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
  func.return
}

// -----

// CHECK-LABEL: func @reduce_74
// CHECK: stablehlo.reduce
func.func @reduce_74(%input: tensor<1x6xi64>, %init_value: tensor<i64>) {
  %result = "stablehlo.reduce"(%input, %init_value) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    dimensions = array<i64: 1>
  } : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  func.return
}

// -----

// CHECK-LABEL: func @reduce_precision_75
// CHECK: stablehlo.reduce_precision
func.func @reduce_precision_75(%operand: tensor<6xf64>) {
  %output = "stablehlo.reduce_precision"(%operand) {
    exponent_bits = 5 : i32,
    mantissa_bits = 10 : i32
  } : (tensor<6xf64>) -> tensor<6xf64>
  func.return
}

// -----

// CHECK-LABEL: func @reduce_scatter_76
// CHECK: stablehlo.reduce_scatter
func.func @reduce_scatter_76(%operand: tensor<2x4xi64>) {
  %result = "stablehlo.reduce_scatter"(%operand) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    scatter_dimension = 1 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x4xi64>) -> tensor<2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @reduce_window_77
// CHECK: stablehlo.reduce_window
func.func @reduce_window_77(%input: tensor<3x2xi64>, %init_value: tensor<i64>) {
  %result = "stablehlo.reduce_window"(%input, %init_value) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>,
    base_dilations = array<i64: 2, 1>,
    window_dilations = array<i64: 3, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @remainder_78
// CHECK: stablehlo.remainder
func.func @remainder_78(%lhs: tensor<4xi64>, %rhs: tensor<4xi64>) {
  %result = "stablehlo.remainder"(%lhs, %rhs) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  func.return
}

// -----

// CHECK-LABEL: func @replica_id_79
// CHECK: stablehlo.replica_id
func.func @replica_id_79() {
  %result = "stablehlo.replica_id"() : () -> tensor<ui32>
  func.return
}

// -----

// CHECK-LABEL: func @reshape_80
// CHECK: stablehlo.reshape
func.func @reshape_80(%operand: tensor<2x3xi32>) {
  %result = "stablehlo.reshape"(%operand) : (tensor<2x3xi32>) -> tensor<3x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @reverse_81
// CHECK: stablehlo.reverse
func.func @reverse_81(%operand: tensor<3x2xi32>) {
  %result = "stablehlo.reverse"(%operand) {
    dimensions = array<i64: 1>
  } : (tensor<3x2xi32>) -> tensor<3x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @rng_82
// CHECK: stablehlo.rng
func.func @rng_82(%a: tensor<i32>, %b: tensor<i32>, %shape: tensor<2xi64>) {
  %result = "stablehlo.rng"(%a, %b, %shape) {
    rng_distribution = #stablehlo<rng_distribution UNIFORM>
  } : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<3x3xi32>
  func.return
}

// -----

// CHECK-LABEL: func @rng_bit_generator_83
// CHECK: stablehlo.rng_bit_generator
func.func @rng_bit_generator_83(%initial_state: tensor<2xui64>) {
  %output_state, %output = "stablehlo.rng_bit_generator"(%initial_state) {
    rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>
  } : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
  func.return
}

// -----

// CHECK-LABEL: func @round_nearest_afz_84
// CHECK: stablehlo.round_nearest_afz
func.func @round_nearest_afz_84(%operand: tensor<5xf64>) {
  %result = "stablehlo.round_nearest_afz"(%operand) : (tensor<5xf64>) -> tensor<5xf64>
  func.return
}

// -----

// CHECK-LABEL: func @round_nearest_even_85
// CHECK: stablehlo.round_nearest_even
func.func @round_nearest_even_85(%operand: tensor<5xf64>) {
  %result = "stablehlo.round_nearest_even"(%operand) : (tensor<5xf64>) -> tensor<5xf64>
  func.return
}

// -----

// CHECK-LABEL: func @rsqrt_86
// CHECK: stablehlo.rsqrt
func.func @rsqrt_86(%operand: tensor<2x2xf32>) {
  %result = "stablehlo.rsqrt"(%operand) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @scatter_87
// CHECK: stablehlo.scatter
func.func @scatter_87(%input: tensor<2x3x4x2xi64>, %scatter_indices: tensor<2x2x3x2xi64>, %update: tensor<2x2x3x2x2xi64>) {
  %result = "stablehlo.scatter"(%input, %scatter_indices, %update) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [3, 4],
      inserted_window_dims = [1],
      input_batching_dims = [0],
      scatter_indices_batching_dims = [1],
      scatter_dims_to_operand_dims = [2, 1],
      index_vector_dim = 3>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @select_88
// CHECK: stablehlo.select
func.func @select_88(%pred: tensor<2x2xi1>, %on_true: tensor<2x2xi32>, %on_false: tensor<2x2xi32>) {
  %result = "stablehlo.select"(%pred, %on_true, %on_false) : (tensor<2x2xi1>, tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @select_and_scatter_89
// CHECK: stablehlo.select_and_scatter
func.func @select_and_scatter_89(%operand: tensor<4x2xi64>, %source: tensor<2x2xi64>, %init_value: tensor<i64>) {
  %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.compare"(%arg0, %arg1) {
        comparison_direction = #stablehlo<comparison_direction GE>
      } : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%0) : (tensor<i1>) -> ()
  }, {
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @send_90
// CHECK: stablehlo.send
func.func @send_90(%operand: tensor<2x2xi64>, %token: !stablehlo.token) {
  %result = "stablehlo.send"(%operand, %token) {
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>,
    is_host_transfer = false,
    source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
  } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
  func.return
}

// -----

// CHECK-LABEL: func @shift_left_91
// CHECK: stablehlo.shift_left
func.func @shift_left_91(%lhs: tensor<3xi64>, %rhs: tensor<3xi64>) {
  %result = "stablehlo.shift_left"(%lhs, %rhs): (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  func.return
}

// -----

// CHECK-LABEL: func @shift_right_arithmetic_92
// CHECK: stablehlo.shift_right_arithmetic
func.func @shift_right_arithmetic_92(%lhs: tensor<3xi64>, %rhs: tensor<3xi64>) {
  %result = "stablehlo.shift_right_arithmetic"(%lhs, %rhs): (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  func.return
}

// -----

// CHECK-LABEL: func @shift_right_logical_93
// CHECK: stablehlo.shift_right_logical
func.func @shift_right_logical_93(%lhs: tensor<3xi64>, %rhs: tensor<3xi64>) {
  %result = "stablehlo.shift_right_logical"(%lhs, %rhs): (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  func.return
}

// -----

// CHECK-LABEL: func @sign_94
// CHECK: stablehlo.sign
func.func @sign_94(%operand: tensor<5xf64>) {
  %result = "stablehlo.sign"(%operand) : (tensor<5xf64>) -> tensor<5xf64>
  func.return
}

// -----

// CHECK-LABEL: func @sine_95
// CHECK: stablehlo.sine
func.func @sine_95(%operand: tensor<2x2xf32>) {
  %result = "stablehlo.sine"(%operand) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @slice_96
// CHECK: stablehlo.slice
func.func @slice_96(%operand: tensor<3x4xi64>) {
  %result = "stablehlo.slice"(%operand) {
    start_indices = array<i64: 1, 2>,
    limit_indices = array<i64: 3, 4>,
    strides = array<i64: 1, 1>
  } : (tensor<3x4xi64>) -> tensor<2x2xi64>
  func.return
}

// -----

// CHECK-LABEL: func @sort_97
// CHECK: stablehlo.sort
func.func @sort_97(%input0: tensor<2x3xi64>, %input1: tensor<2x3xi64>) {
  %result0, %result1 = "stablehlo.sort"(%input0, %input1) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
      %predicate = "stablehlo.compare"(%arg0, %arg1) {
        comparison_direction = #stablehlo<comparison_direction GT>
      } : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
  }) {
    dimension = 0 : i64,
    is_stable = true
  } : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  func.return
}

// -----

// CHECK-LABEL: func @sqrt_98
// CHECK: stablehlo.sqrt
func.func @sqrt_98(%operand: tensor<2x2xf32>) {
  %result = "stablehlo.sqrt"(%operand) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @subtract_99
// CHECK: stablehlo.subtract
func.func @subtract_99(%lhs: tensor<2x2xf32>, %rhs: tensor<2x2xf32>) {
  %result = "stablehlo.subtract"(%lhs, %rhs) : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>)
  func.return
}

// -----

// CHECK-LABEL: func @tan_100
// CHECK: stablehlo.tan
func.func @tan_100(%operand: tensor<2x2xf64>) {
  %result = "stablehlo.tan"(%operand) : (tensor<2x2xf64>) -> tensor<2x2xf64>
  func.return
}

// -----

// CHECK-LABEL: func @tanh_101
// CHECK: stablehlo.tanh
func.func @tanh_101(%operand: tensor<3xf32>) {
  %result = "stablehlo.tanh"(%operand) : (tensor<3xf32>) -> tensor<3xf32>
  func.return
}

// -----

// CHECK-LABEL: func @transpose_102
// CHECK: stablehlo.transpose
func.func @transpose_102(%operand: tensor<2x3x2xi32>) {
  %result = "stablehlo.transpose"(%operand) {
    permutation = array<i64: 2, 1, 0>
  } : (tensor<2x3x2xi32>) -> tensor<2x3x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @triangular_solve_103
// CHECK: stablehlo.triangular_solve
func.func @triangular_solve_103(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) {
  %result = "stablehlo.triangular_solve"(%a, %b) {
    left_side = true,
    lower = true,
    unit_diagonal = false,
    transpose_a = #stablehlo<transpose NO_TRANSPOSE>
  } : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  func.return
}

// -----

// CHECK-LABEL: func @tuple_104
// CHECK: stablehlo.tuple
func.func @tuple_104(%val0: memref<2xf32>, %val1: tuple<tensor<i32>>) {
  %result = "stablehlo.tuple"(%val0, %val1) : (memref<2xf32>, tuple<tensor<i32>>) -> tuple<memref<2xf32>, tuple<tensor<i32>>>
  func.return
}

// -----

// CHECK-LABEL: func @uniform_dequantize_105
// CHECK: stablehlo.uniform_dequantize
func.func @uniform_dequantize_105(%operand: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) {
  %result = "stablehlo.uniform_dequantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2xf32>
  func.return
}

// -----

// CHECK-LABEL: func @uniform_quantize_106
// CHECK: stablehlo.uniform_quantize
func.func @uniform_quantize_106(%operand: tensor<2xf32>) {
  %result = "stablehlo.uniform_quantize"(%operand) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  func.return
}

// -----

// CHECK-LABEL: func @uniform_quantize_106_1
// CHECK: stablehlo.uniform_quantize
func.func @uniform_quantize_106_1(%operand: tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) {
  %result = "stablehlo.uniform_quantize"(%operand) : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
  func.return
}

// -----

// COM: fixed from the spec: %one is not shown in the spec's example.
// CHECK-LABEL: func @while_107
// CHECK: stablehlo.while
func.func @while_107(%init_i: tensor<i64>, %init_sum: tensor<i64>, %ten: tensor<i64>, %one: tensor<i64>) {
  %results0, %results1 = "stablehlo.while"(%init_i, %init_sum) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %cond = "stablehlo.compare"(%arg0, %ten) {
        comparison_direction = #stablehlo<comparison_direction LT>
      } : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %cond : tensor<i1>
    }, {
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %new_sum = stablehlo.add %arg1, %one : tensor<i64>
      %new_i = stablehlo.add %arg0, %one : tensor<i64>
      stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
  }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
  func.return
}

// -----

// CHECK-LABEL: func @xor_108
// CHECK: stablehlo.xor
func.func @xor_108(%lhs: tensor<2x2xi32>, %rhs: tensor<2x2xi32>) {
  %result = "stablehlo.xor"(%lhs, %rhs) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return
}

// -----

// CHECK-LABEL: func @xor_108_1
// CHECK: stablehlo.xor
func.func @xor_108_1(%lhs: tensor<2x2xi1>, %rhs: tensor<2x2xi1>) {
  %result = "stablehlo.xor"(%lhs, %rhs) : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  func.return
}
