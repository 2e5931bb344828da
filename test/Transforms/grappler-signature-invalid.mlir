// RUN: tfg-opt %s --tfg-grappler --verify-diagnostics -o /dev/null

// COM: A signature that is not JSON fetches nothing, with a warning saying
// COM: why.
// expected-warning @+1 {{tfjs.signature is not JSON ([1:2, byte=1]: Expected object key): no outputs are fetched from it}}
module attributes {tfjs.signature = "{oops"} {
  tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
    %X, %ctl = Placeholder name("x") {dtype = f32} : () -> (tensor<*xf32>)
  }
}
