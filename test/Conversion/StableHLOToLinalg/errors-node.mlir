// RUN: not tfg-opt %s --stablehlo-to-linalg 2>&1 | FileCheck %s

// COM: An error at an op located at a model's node (a NameLoc around the
// COM: model file's location, which is all the diagnostic prints) names
// COM: the node.
// CHECK: model.json:0:0: error: stablehlo-to-linalg: 'stablehlo.cholesky' is not supported (node 'model/chol')
func.func @named(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = "stablehlo.cholesky"(%x) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32> loc(#named)
  return %c : tensor<4x4xf32>
}
#file = loc("model.json":0:0)
#named = loc("model/chol"(#file))
