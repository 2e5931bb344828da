// RUN: tfg-translate --mlir-to-dot %s | FileCheck %s
// RUN: tfg-opt %s --emit-bytecode | tfg-translate --mlir-to-dot | FileCheck %s

// COM: Each node is drawn labelled with its name and op, filled with its
// COM: device's color (the assigned device before the requested one; the
// COM: same device, the same color; CPU blue, GPU green), with a tooltip
// COM: naming the device. Data edges are solid, control edges dashed; two
// COM: uses of one output are one edge labelled 2. A function is a cluster
// COM: with its arguments and its return drawn. A legend lists the devices.

// CHECK: digraph tfg {
// CHECK-DAG: [[X:n[0-9]+]] [label="x\nPlaceholder", fillcolor="0.600 0.{{[0-9]+}} 1.000", tooltip="/device:CPU:0"];
// CHECK-DAG: [[Y:n[0-9]+]] [label="y\nPlaceholder", fillcolor="[[GPU:0.330 0.[0-9]+ 1.000]]", tooltip="/device:GPU:0"];
// CHECK-DAG: [[ADD:n[0-9]+]] [label="add\nAddV2", fillcolor="[[GPU]]", tooltip="/device:GPU:0"];
// CHECK-DAG: [[GPU1:n[0-9]+]] [label="on_gpu1\nMul", fillcolor="0.375 0.{{[0-9]+}} 1.000", tooltip="/device:GPU:1"];
// CHECK-DAG: [[SINK:n[0-9]+]] [label="sink\nNoOp"];

// CHECK: subgraph cluster_{{[0-9]+}} {
// CHECK-NEXT: label="func @f"; fontname="Helvetica"; style=rounded; color=gray40;
// CHECK-NEXT: [[A:n[0-9]+]] [label="a", shape=invhouse, style="filled"];
// CHECK-NEXT: [[B:n[0-9]+]] [label="b", shape=invhouse, style="filled"];
// CHECK-NEXT: [[FADD:n[0-9]+]] [label="fadd\nAdd"];
// CHECK-NEXT: [[RET:n[0-9]+]] [label="return", shape=house, fillcolor=gray90, style="filled"];
// CHECK-NEXT: }
// CHECK-DAG: [[X]] -> [[ADD]];
// CHECK-DAG: [[Y]] -> [[ADD]];
// CHECK-DAG: [[X]] -> [[GPU1]] [label="2"];
// CHECK-DAG: [[ADD]] -> [[SINK]] [style=dashed];
// CHECK-DAG: [[Y]] -> [[SINK]] [style=dashed];
// CHECK-DAG: [[A]] -> [[FADD]];
// CHECK-DAG: [[B]] -> [[FADD]];
// CHECK-DAG: [[B]] -> [[FADD]] [style=dashed];
// CHECK-DAG: [[FADD]] -> [[RET]];
// CHECK-DAG: [[FADD]] -> [[RET]] [style=dashed];

// CHECK: subgraph cluster_devices {
// CHECK-NEXT: label="devices";
// CHECK-NEXT: device0 [label="/device:CPU:0", fillcolor="0.600
// CHECK-NEXT: device1 [label="/device:GPU:0", fillcolor="[[GPU]]"];
// CHECK-NEXT: device2 [label="/device:GPU:1", fillcolor="0.375
// CHECK-NEXT: }
// CHECK-NEXT: }

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %x, %ctl = Placeholder device("/device:CPU:0") name("x") {dtype = f32} : () -> (tensor<f32>)
  %y, %ctl_0 = Placeholder device("/device:CPU:0") assigned_device("/device:GPU:0") name("y") {dtype = f32} : () -> (tensor<f32>)
  %add, %ctl_1 = AddV2(%x, %y) device("/device:GPU:0") name("add") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %neg, %ctl_2 = Mul(%x, %x) device("/device:GPU:1") name("on_gpu1") {T = f32} : (tensor<f32>, tensor<f32>) -> (tensor<f32>)
  %ctl_3 = NoOp [%ctl_1, %ctl_0] name("sink")
}

tfg.func @f(%a: tensor<*xf32> {tfg.name = "a"}, %b: tensor<*xf32> {tfg.name = "b"})
    -> (tensor<*xf32> {tfg.name = "sum"}) {
  %Add, %ctl = Add(%a, %b) [%b.ctl] name("fadd") {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>)
  return(%Add) [%ctl {tfg.name = "c"}] : tensor<*xf32>
}
