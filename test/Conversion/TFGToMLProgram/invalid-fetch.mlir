// RUN: tfg-opt %s --tfg-to-ml-program=fetch=var --verify-diagnostics

// COM: A variable's handle has no value to return.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{fetch 'var' is the handle of variable 'v', which has no ml_program value}}
  %V, %c0 = VarHandleOp name("var") {container = "", shared_name = "v", dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
}
