// COM: A node that follows a fed Placeholder by a control edge runs: as in
// COM: TensorFlow, the fed node's outgoing control edges move to the feed,
// COM: so the Placeholder itself is not run (Keras models add such edges to
// COM: their inputs). The same at every graph stage.
// RUN: tfg-run %s --input=x=zeros --fetch=sum --print | FileCheck %s
// RUN: tfg-run %s --input=x=zeros --fetch=sum --print --stage=tf_executor | FileCheck %s
// RUN: tfg-run %s --input=x:0=zeros --fetch=sum --print --stage=tf_executor | FileCheck %s
// RUN: tfg-run %s --input=x=zeros --fetch=sum --print --stage=tf | FileCheck %s
// CHECK: sum: dtype=f32 shape=[2] min=1 max=1 mean=1
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %One, %c1 = Const [%c0] name("one") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %Sum, %c2 = AddV2(%X, %One) [%c0] name("sum") {T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>)
}
