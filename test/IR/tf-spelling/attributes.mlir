// RUN: tfg-opt %s | FileCheck %s
// RUN: tfg-opt %s | tfg-opt | FileCheck %s

// COM: The tf_type attributes as TensorFlow's tfg tools spell them: they
// COM: parse and print back unchanged.

// CHECK: tfg.ft = #tf_type.full_type<array<for_each<product, tensor<var "T">, var "T">>>
module attributes {tfg.ft = #tf_type.full_type<array<for_each<product, tensor<var "T">, var "T">>>} {}
// CHECK: tfg.func = #tf_type.func<@symbol, {attr = "v"}>
module attributes {tfg.func = #tf_type.func<@symbol, {attr = "v"}>} {}
// COM: A function reference with an empty name.
// CHECK: tfg.func = #tf_type.func<"", {attr = "v"}>
module attributes {tfg.func = #tf_type.func<"", {attr = "v"}>} {}
// CHECK: tfg.p = #tf_type.placeholder<"FOO">
module attributes {tfg.p = #tf_type.placeholder<"FOO">} {}
// CHECK: tfg.s = [#tf_type.shape<10x20x30>, #tf_type.shape<10x?x30>, #tf_type.shape<*>, #tf_type.shape<>]
module attributes {tfg.s = [#tf_type.shape<10x20x30>, #tf_type.shape<10x?x30>, #tf_type.shape<*>, #tf_type.shape<>]} {}
// CHECK: tfg.v = #tf_type.version<producer = 42, min_consumer = 33>
module attributes {tfg.v = #tf_type.version<producer = 42, min_consumer = 33>} {}
// CHECK: tfg.v = #tf_type.version<producer = 1, min_consumer = 1, bad_consumers = [1, 2, 5, 12]>
module attributes {tfg.v = #tf_type.version<producer = 1, min_consumer = 1, bad_consumers = [1, 2, 5, 12]>} {}
// COM: A serialized TensorProto, as TensorFlow's tf_type dialect spells it.
// CHECK: tfg.t = #tf_type<tensor_proto : "0x68656C6C6F"> : tensor<2x1x4xi32>
module attributes {tfg.t = #tf_type<tensor_proto : "0x68656C6C6F"> : tensor<2x1x4xi32>} {}
// CHECK: tfg.t = #tf_type<tensor_proto : "0xDEADBAAD"> : tensor<!tf_type.variant>
module attributes {tfg.t = #tf_type<tensor_proto : "0xdeadbaad"> : tensor<!tf_type.variant>} {}
// CHECK: tfg.r = #tfg.region_attrs<{sym_name = "f"} [{tfg.name = "x"}] [{}]>
module attributes {tfg.r = #tfg.region_attrs<{sym_name = "f"} [{tfg.name = "x"}] [{}]>} {}
// CHECK: tf.devices = {"/job:localhost/replica:0/task:0/device:GPU:0" = #tf_type.gpu_device_metadata<cc_major = 8, cc_minor = 6>}
module attributes {tf.devices = {"/job:localhost/replica:0/task:0/device:GPU:0" = #tf_type.gpu_device_metadata<cc_major = 8, cc_minor = 6>}} {}
// COM: A full type's integer attribute may carry its type, as TensorFlow's
// COM: tfg reads it; it prints without.
// CHECK: tfg.ft = #tf_type.full_type<unset 0>
module attributes {tfg.ft = #tf_type.full_type<unset 0 : i64>} {}
