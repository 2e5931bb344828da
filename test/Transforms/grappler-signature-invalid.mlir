// RUN: tfg-opt %s --tfg-grappler --verify-diagnostics --split-input-file -o /dev/null

// COM: Recorded fetches that are not a list of names fetch nothing, with a
// COM: warning saying why. (A TF.js signature that is not JSON is reported
// COM: by the importer.)
// expected-warning @+1 {{tfg.fetches is not an array of strings: nothing is fetched from it}}
module attributes {tfg.fetches = "out:0"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  }
}

// -----

// expected-warning @+1 {{tfg.fetches is not an array of strings: nothing is fetched from it}}
module attributes {tfg.fetches = ["a", 1]} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  }
}
