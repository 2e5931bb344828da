// RUN: tfg-opt %s --split-input-file --verify-diagnostics

// Resources and variants hold tensors of TensorFlow element types.

// expected-error@+1 {{invalid subtype 'tensor<vector<2xf32>>': not a tensor of a TensorFlow element type}}
func.func private @f() -> !tf_type.variant<tensor<vector<2xf32>>>

// -----

// expected-error@+1 {{invalid subtype 'tensor<4xindex>': not a tensor of a TensorFlow element type}}
func.func private @f() -> !tf_type.resource<tensor<?xf32>, tensor<4xindex>>

// -----

// expected-error@+1 {{invalid subtype 'tensor<si32>': not a tensor of a TensorFlow element type}}
func.func private @f() -> tensor<*x!tf_type.resource<tensor<si32>>>

// -----

// expected-error@+1 {{expected a tensor type, got 'vector<3xf32>'}}
func.func private @f() -> !tf_type.variant<vector<3xf32>>

// -----

// expected-error@+1 {{expected non-function type}}
func.func private @f() -> !tf_type.resource<>

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
func.func private @f() -> !tf_type.variant<tensor<??xf32>>

// -----

// expected-error@+1 {{expected 'producer'}}
tfg.graph #tf_type.version<> {
}

// -----

// expected-error@+1 {{invalid kind of attribute specified}}
tfg.graph {
}
