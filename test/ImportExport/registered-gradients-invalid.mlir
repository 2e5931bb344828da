// COM: A tfg.registered_gradients attribute export cannot read is an error
// COM: at the graph, naming what it expected.
// RUN: tfg-translate --mlir-to-graphdef --split-input-file --verify-diagnostics %s

// expected-error @+1 {{tfg.registered_gradients entries must be {gradient_func = @symbol, registered_op_type = "..."}, got {registered_op_type = "MyOp"}}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> attributes {tfg.registered_gradients = [{registered_op_type = "MyOp"}]} {
}

// -----

// expected-error @+1 {{tfg.registered_gradients entries must be {gradient_func = @symbol, registered_op_type = "..."}, got {gradient_func = "f", registered_op_type = "MyOp"}}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> attributes {tfg.registered_gradients = [{gradient_func = "f", registered_op_type = "MyOp"}]} {
}

// -----

// expected-error @+1 {{tfg.registered_gradients must be an array}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> attributes {tfg.registered_gradients = "MyOp"} {
}
