// RUN: tfg-opt %s --split-input-file --verify-diagnostics

// tfg's own attributes have a fixed kind wherever they are.

// expected-error@+1 {{'tfg.func' op argument #0: 'tfg.name' must be a string, got 3 : i32}}
tfg.func @f(%x: tensor<i32> {tfg.name = 3 : i32}) -> () {
  return
}

// -----

// expected-error@+1 {{'tfg.func' op result #0: 'tfg.regenerate_output_shapes' must be a unit attribute, got "yes"}}
tfg.func @f(%x: tensor<i32>) -> (tensor<i32> {tfg.regenerate_output_shapes = "yes"}) {
  return(%x) : tensor<i32>
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{'tfg.Foo' op 'tfg.regenerate_output_shapes' must be a unit attribute, got 1 : i32}}
  %ctl = Foo name("foo") {tfg.regenerate_output_shapes = 1 : i32}
}

// -----

tfg.func @f() -> () {
  %ctl = NoOp name("n")
  // expected-error@+1 {{the 'tfg.name' of control result #0 must be a string, got 1 : i32}}
  return [%ctl {tfg.name = 1 : i32}]
}

// -----

// The keys of the resource argument ids are argument numbers.
// expected-error@+1 {{resource_arg_unique_ids_keys holds 1, not an argument number (the function has 1 arguments)}}
tfg.func @ids(%x: tensor<i32>) -> () attributes {resource_arg_unique_ids_keys = array<i32: 1>, resource_arg_unique_ids_values = array<i32: 0>} {
  return
}

// -----

// expected-error@+1 {{resource_arg_unique_ids_keys and _values must have the same size}}
tfg.func @ids(%x: tensor<i32>) -> () attributes {resource_arg_unique_ids_values = array<i32: 0>} {
  return
}

// -----

// A function returns values of its result types.
tfg.func @f(%x: tensor<i32>) -> (tensor<f32>) {
  // expected-error@+1 {{'tfg.return' op value #0 of type 'tensor<i32>' does not fit the function's result type 'tensor<f32>'}}
  return(%x) : tensor<i32>
}

// -----

// get_result names an output the node's op has.
tfg.func generic @f(%x: !tf_type.tensor {tfg.name = "x"}, %p: !tf_type.tensor {tfg.name = "p"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  // expected-note@+1 {{the node is here}}
  %Switch, %ctl = Switch(%x, %p) name("s") : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  // expected-error@+1 {{'tfg.get_result' op op Switch has no output named 'output_maybe'}}
  %r = get_result(%Switch) "output_maybe" : 0
  return(%r) : !tf_type.tensor
}

// -----

tfg.func generic @f(%x: !tf_type.tensor {tfg.name = "x"}, %p: !tf_type.tensor {tfg.name = "p"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  // expected-note@+1 {{the node is here}}
  %Switch, %ctl = Switch(%x, %p) name("s") : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  // expected-error@+1 {{'tfg.get_result' op output 'output_true' of the node has 1 values, index 1 is out of range}}
  %r = get_result(%Switch) "output_true" : 1
  return(%r) : !tf_type.tensor
}

// -----

tfg.func generic @f(%x: !tf_type.tensor {tfg.name = "x"}) -> (!tf_type.tensor {tfg.name = "y"}) {
  // expected-note@+1 {{the node is here}}
  %Split, %ctl = Split(%x, %x) name("s") {num_split = 2 : i64} : (!tf_type.tensor, !tf_type.tensor) -> (!tf_type.tensor)
  // expected-error@+1 {{'tfg.get_result' op output 'output' of the node has 2 values, index 2 is out of range}}
  %r = get_result(%Split) "output" : 2
  return(%r) : !tf_type.tensor
}
