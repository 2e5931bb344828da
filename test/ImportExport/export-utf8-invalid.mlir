// RUN: tfg-translate --mlir-to-graphdef --binary --split-input-file --verify-diagnostics %s -o /dev/null
// COM: A GraphDef's string fields must hold UTF-8, or protobuf refuses to
// COM: parse it back: export refuses a byte string there (found by the
// COM: pipeline fuzzer: a device "/GPU\BA0" exported to a GraphDef that did
// COM: not read back).

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{device '/GPU}}
  %A, %ctl = Placeholder device("/GPU\BA0") name("a") {dtype = f32} : () -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{attribute name '}}
  %ctl = NoOp name("n") {"\FF" = 1 : i64} : () -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  // expected-error@+1 {{function name '}}
  %ctl = NoOp name("n") {f = #tf_type.func<@"\FF", {}>} : () -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
// expected-error@+1 {{argument name 'a}}
tfg.func @f(%a: tensor<i32> {tfg.name = "a\ED{"}) -> (tensor<i32> {tfg.name = "r"}) {
  return(%a) : tensor<i32>
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
// expected-error@+1 {{function name 'f}}
tfg.func @"f\FF"(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  return(%a) : tensor<i32>
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
}
tfg.func @g(%a: tensor<i32> {tfg.name = "a"}) -> (tensor<i32> {tfg.name = "r"}) {
  %ctl = NoOp name("side")
  // expected-error@+1 {{control result name '}}
  return(%a) [%ctl {tfg.name = "\FDside"}] : tensor<i32>
}
