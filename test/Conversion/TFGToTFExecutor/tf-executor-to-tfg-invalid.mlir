// RUN: tfg-opt %s --split-input-file --tf-executor-to-tfg --verify-diagnostics

func.func @multi_op_island(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    // expected-error @+1 {{only islands wrapping one tf op convert to tfg}}
    %1:2 = tf_executor.island {
      %a = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
      %b = "tf.Neg"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %b : tensor<f32>
    }
    tf_executor.fetch %1#0 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

// expected-error @+1 {{function must consist of a tf_executor.graph and a return of its results to convert to tfg}}
func.func @not_a_graph(%arg0: tensor<f32>) -> tensor<f32> {
  return %arg0 : tensor<f32>
}

// -----

func.func @bad_arg_controls(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    // expected-error @+1 {{'tfg.arg_controls' names control #0 of argument #3, which does not exist}}
    %1:2 = tf_executor.island wraps "tf.Neg"(%arg0) {tfg.arg_controls = array<i32: 0, 3>} : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch %1#0 : tensor<f32>
  }
  return %0 : tensor<f32>
}
