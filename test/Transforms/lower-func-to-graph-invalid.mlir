// RUN: tfg-opt %s --split-input-file --tfg-lower-func-to-graph --verify-diagnostics

// expected-error @below {{argument #0 has no 'tfg.lifted_node' to restore}}
tfg.func @main(%x: tensor<2xf32> {tfg.name = "x"}) -> (tensor<2xf32> {tfg.name = "y"})
    attributes {tfg.lifted_graph_version = #tf_type.version<producer = 3, min_consumer = 1>} {
  return(%x) : tensor<2xf32>
}

// -----

// expected-error @below {{'tfg.lifted_graph_version' must be a version}}
tfg.func @main() -> () attributes {tfg.lifted_graph_version = 3 : i32} {
  return
}
