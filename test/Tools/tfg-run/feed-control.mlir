// COM: A control edge from a fed node is satisfied by the feed, as in
// COM: TensorFlow (which moves the node's outgoing control edges to the
// COM: feed): the fed node does not run and its inputs are not needed.
// RUN: tfg-run %s --input=p=zeros --fetch=after_p --print | FileCheck %s --check-prefix=PLACEHOLDER
// PLACEHOLDER: after_p: dtype=f32 shape=[2] min=1 max=1 mean=1
// COM: 'mid' reads the Placeholder 'u' of unknown shape, which nobody feeds.
// RUN: tfg-run %s --input=p=zeros --fetch=p --output=%t.npy
// RUN: tfg-run %s --input=mid=%t.npy --fetch=after_mid,mid --print | FileCheck %s --check-prefix=MID
// MID: after_mid: dtype=f32 shape=[2] min=1 max=1 mean=1
// MID: mid: dtype=f32 shape=[2] min=0 max=0 mean=0
// COM: Without the feed the control edge needs 'mid', hence 'u'.
// RUN: not tfg-run %s --fetch=after_mid 2>&1 | FileCheck %s --check-prefix=UNFED
// UNFED: tfg-run: error: node 'u' (Placeholder): is not fed
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %P, %cp = Placeholder name("p") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %One, %c1 = Const name("one") {dtype = f32, value = dense<1.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %AP, %c2 = Identity(%One) [%cp] name("after_p") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %U, %cu = Placeholder name("u") {dtype = f32, shape = #tf_type.shape<*>} : () -> (tensor<*xf32>)
  %M, %cm = AddV2(%U, %One) name("mid") {T = f32} : (tensor<*xf32>, tensor<2xf32>) -> (tensor<2xf32>)
  %AM, %c3 = Identity(%One) [%cm] name("after_mid") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
}
