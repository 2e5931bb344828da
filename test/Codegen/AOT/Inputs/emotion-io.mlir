// Identities through which tfg-run writes the emotion model's input
// (random:1, as test/Codegen/model-emotion.test feeds it) and compares the
// AOT example's scores with TensorFlow.js's reference.
module {
func.func @image(%x: tensor<1x64x64x1xf32> {tfg.name = "x"}) -> tensor<1x64x64x1xf32> {
  return %x : tensor<1x64x64x1xf32>
}
func.func @scores(%x: tensor<1x7xf32> {tfg.name = "x"}) -> tensor<1x7xf32> {
  return %x : tensor<1x7xf32>
}
}
