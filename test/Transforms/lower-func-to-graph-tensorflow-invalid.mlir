// RUN: tfg-opt %s --split-input-file --verify-diagnostics --tfg-lower-func-to-graph

// expected-error @+1 {{argument #0 stands for a result of 'Gone', which the function does not hold}}
tfg.func @_mlir_lifted_graph(%x: tensor<*xf32> {tfg.lifted_value_attr = ["Gone", 0 : index], tfg.name = "Gone_0"})
 attributes {tfg.lifted_graph_version = #tf_type.version<producer = 1, min_consumer = 0>} {
  return
}

// -----

// expected-error @+1 {{argument #0 stands for result 3 of 'Foo', which has 1}}
tfg.func @_mlir_lifted_graph(%x: tensor<*xf32> {tfg.lifted_value_attr = ["Foo", 3 : index], tfg.name = "Foo_3"})
 attributes {tfg.lifted_graph_version = #tf_type.version<producer = 1, min_consumer = 0>} {
  %Foo, %ctl = Foo name("Foo") : () -> (tensor<*xf32>)
  return
}

// -----

// expected-error @+1 {{argument #1 has no 'tfg.lifted_value_attr' ([node name, result index]) to lower}}
tfg.func @_mlir_lifted_graph(%x: tensor<*xf32> {tfg.lifted_value_attr = ["Foo", 0 : index], tfg.name = "Foo_0"},
                             %y: tensor<*xf32> {tfg.name = "y"})
 attributes {tfg.lifted_graph_version = #tf_type.version<producer = 1, min_consumer = 0>} {
  %Foo, %ctl = Foo name("Foo") : () -> (tensor<*xf32>)
  return
}
