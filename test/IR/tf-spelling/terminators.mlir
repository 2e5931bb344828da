// RUN: tfg-opt %s | FileCheck %s
// RUN: tfg-opt %s > %t.1 && tfg-opt %t.1 > %t.2 && diff %t.1 %t.2

// COM: return, yield and condition as TensorFlow's tfg writes them. return
// COM: takes a dictionary per control result and, like a node, the
// COM: device/name keywords and an attribute dictionary.

// CHECK-LABEL: tfg.func @then_function
// CHECK: return(%{{.*}}, %{{.*}}) [%{{.*}} {tfg.name = "a"}, %{{.*}}] device("/CPU:0") {tfg.control_ret_name_1 = "first/Identity"} : tensor<*xf32>, tensor<*xi32>
tfg.func @then_function(%first: tensor<*xi32> {tfg.name = "first"},
                        %second: tensor<*xf32> {tfg.name = "second"})
     -> (tensor<*xf32> {tfg.dtype = f32, tfg.name = "first/Identity"},
         tensor<*xi32> {tfg.dtype = i32, tfg.name = "second/Identity"})
 attributes {tf.input_shapes = [#tf_type.shape<>, #tf_type.shape<>]} {
  %Swap:2, %ctl = Swap(%first, %second) [%first.ctl, %second.ctl]
                    name("then_function/Swap")
                    {output_shapes = [#tf_type.shape<>, #tf_type.shape<>]}
                    : (tensor<*xi32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xi32>)
  return(%Swap#0, %Swap#1) [%ctl {tfg.name = "a"}, %first.ctl] device("/CPU:0")
    {tfg.control_ret_name_1 = "first/Identity"}
    : tensor<*xf32>, tensor<*xi32>
}

// CHECK-LABEL: tfg.graph
// CHECK: yield [%{{.*}}]{{$}}
// CHECK: condition %{{.*}} : tensor<*xi1> (%{{.*}}) [%{{.*}}] {tfg.note} : tensor<*xi32>
// CHECK: yield(%{{.*}}) [%{{.*}}] {tfg.note} : tensor<*xi32>
tfg.graph #tf_type.version<producer = 42, min_consumer = 33> {
  %Op, %ctl = Op : () -> (tensor<*xi32>)
  %C, %ctl_0 = C : () -> (tensor<*xi1>)
  %ctl_1 = IfRegion %C then {
    yield [%ctl]
  } else {
    yield
  } : (tensor<*xi1>) -> ()
  %W, %ctl_2 = WhileRegion(%Op) {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    condition %C : tensor<*xi1> (%arg0) [%arg1] {tfg.note} : tensor<*xi32>
  } do {
  ^bb0(%arg0: tensor<*xi32>, %arg1: !tf_type.control):
    yield(%arg0) [%arg1] {tfg.note} : tensor<*xi32>
  } {parallel_iterations = 10 : i64} : (tensor<*xi32>) -> tensor<*xi32>
}
