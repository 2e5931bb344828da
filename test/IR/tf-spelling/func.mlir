// RUN: tfg-opt %s | FileCheck %s --strict-whitespace
// RUN: tfg-opt %s > %t.1 && tfg-opt %t.1 > %t.2 && diff %t.1 %t.2

// COM: Functions print as TensorFlow's tfg prints them: one argument per
// COM: line, aligned after the `(` (TensorFlow's alignment leaves `generic`
// COM: out; each line but the last ends in ", "); the results on the next
// COM: line after `     -> (`, one per line; then, on a line of their own,
// COM: the attributes and the body. The visibility is a keyword.

// CHECK-LABEL: {{^}}  tfg.func @foo(%input: tensor<10xf32> {tfg.name = "input"},{{ $}}
// CHECK-NEXT:  {{^}}                %another_input: tensor<10xf32> {tfg.name = "another_input"}){{$}}
// CHECK-NEXT:  {{^}}       -> (tensor<10xf32> {tfg.name = "result1"},{{ $}}
// CHECK-NEXT:  {{^}}           tensor<10xf32> {tfg.name = "result2"}){{$}}
// CHECK-NEXT:  {{^}}   attributes {description = "function foo"} {{[{]$}}
// CHECK-NEXT:  {{^}}    return(%input, %another_input) : tensor<10xf32>, tensor<10xf32>{{$}}
tfg.func @foo(%arg0 : tensor<10xf32> {tfg.name = "input"},
              %arg1 : tensor<10xf32> {tfg.name = "another_input"})
    -> (tensor<10xf32> {tfg.name = "result1"}, tensor<10xf32> {tfg.name = "result2"})
  attributes {description = "function foo"} {
  return(%arg0, %arg1) : tensor<10xf32>, tensor<10xf32>
}

// COM: No arguments, no results, no attributes: the body's brace still goes
// COM: on a line of its own.
// CHECK-LABEL: {{^}}  tfg.func @empty(){{$}}
// CHECK-NEXT:  {{^}}   {{[{]$}}
// CHECK-NEXT:  {{^}}    return{{$}}
tfg.func @empty() {
  return
}

// CHECK-LABEL: {{^}}  tfg.func @bar(){{$}}
// CHECK-NEXT:  {{^}}   attributes {gradient = @foo} {{[{]$}}
tfg.func @bar() attributes {gradient = @foo} {
  return
}

// CHECK-LABEL: {{^}}  tfg.func generic @gfoo(%input: !tf_type.tensor {tfg.name = "input"},{{ $}}
// CHECK-NEXT:  {{^}}                 %another_input: !tf_type.tensor {tfg.name = "another_input"}){{$}}
// CHECK-NEXT:  {{^}}       -> (!tf_type.tensor {tfg.name = "result1"}){{$}}
// CHECK-NEXT:  {{^}}   {{[{]$}}
tfg.func generic @gfoo(%arg0 : !tf_type.tensor {tfg.name = "input"},
                       %arg1 : !tf_type.tensor {tfg.name = "another_input"})
    -> (!tf_type.tensor {tfg.name = "result1"}) {
  return(%arg0) : !tf_type.tensor
}

// COM: Visibility, generic flag, and the attributes TensorFlow's importer
// COM: writes: resource argument ids as dense i32 tensors, control output
// COM: names of generic functions.
// CHECK-LABEL: {{^}}  tfg.func private generic @vis(%arg0: tensor<*xi32>,{{ $}}
// CHECK-NEXT:  {{^}}                        %arg1: tensor<*xi32>){{$}}
// CHECK-NEXT:  {{^}}       -> (tensor<*xi32> {tfg.name = "result1"}){{$}}
// CHECK-NEXT:  {{^}}   attributes {control_output = ["c"], resource_arg_unique_ids_keys = dense<[0, 1]> : tensor<2xi32>, resource_arg_unique_ids_values = dense<[3, 4]> : tensor<2xi32>} {{[{]$}}
tfg.func private generic @vis(%arg0: tensor<*xi32>, %arg1: tensor<*xi32>)
     -> (tensor<*xi32> {tfg.name = "result1"})
 attributes {control_output = ["c"], resource_arg_unique_ids_keys = dense<[0, 1]> : tensor<2xi32>, resource_arg_unique_ids_values = dense<[3, 4]> : tensor<2xi32>} {
  return(%arg0) : tensor<*xi32>
}

// COM: Arguments print under their tfg.name where it makes an SSA name, with
// COM: the characters MLIR (and so TensorFlow's tfg) sanitizes made `_`;
// COM: a name taken already, or none, numbers the argument.
// CHECK-LABEL: {{^}}  tfg.func @names(%x_y: tensor<i32> {tfg.name = "x/y"},{{ $}}
// CHECK-NEXT:  {{^}}                  %arg1: tensor<i32> {tfg.name = "x_y"},{{ $}}
// CHECK-NEXT:  {{^}}                  %arg2: tensor<i32>){{$}}
// CHECK:       {{^}}    return(%x_y) [%arg1.ctl {tfg.name = "c"}, %arg2.ctl {tfg.name = "d"}] : tensor<i32>{{$}}
tfg.func @names(%a: tensor<i32> {tfg.name = "x/y"}, %b: tensor<i32> {tfg.name = "x_y"}, %c: tensor<i32>) -> (tensor<i32> {tfg.name = "r"}) {
  return(%a) [%b.ctl {tfg.name = "c"}, %c.ctl {tfg.name = "d"}] : tensor<i32>
}
