// COM: A tfg.unknown_fields attribute export cannot write back (it must be
// COM: the encoding of protobuf fields) is an error where it sits.
// RUN: tfg-translate --mlir-to-graphdef --split-input-file --verify-diagnostics %s

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg.unknown_fields must be a string of encoded protobuf fields}}
  %ctl = NoOp name("x") {tfg.unknown_fields = 5 : i64}
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error @+1 {{tfg.unknown_fields must be a string of encoded protobuf fields}}
  %ctl = NoOp name("x") {tfg.unknown_fields = "\FF"}
}

// -----

// expected-error @+1 {{tfg.unknown_fields must be a string of encoded protobuf fields}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> attributes {tfg.unknown_fields = "\00\01"} {
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
// expected-error @+1 {{tfg.unknown_fields must be a string of encoded protobuf fields}}
tfg.func @f() attributes {tfg.unknown_fields = "\08"} {
  return
}

// -----

// expected-error @+1 {{tfg.library_unknown_fields must be a string of encoded protobuf fields}}
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> attributes {tfg.library_unknown_fields = ["x"]} {
}
