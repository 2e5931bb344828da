// RUN: tfg-opt %s | FileCheck %s
// RUN: tfg-opt %s | tfg-opt | FileCheck %s
// RUN: tfg-opt %s --mlir-print-op-generic | tfg-opt | FileCheck %s

// The check ops parse as StableHLO's interpreter tests write them and print
// the same way, defaults omitted.

// CHECK-LABEL: func.func @checks
func.func @checks(%i: tensor<2xi32>, %f: tensor<2xf32>, %z: tensor<complex<f64>>,
                  %u: tensor<2xui4>) {
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<2xi32>
  check.expect_eq %i, %i : tensor<2xi32>
  // CHECK: check.expect_eq_const %{{.*}}, dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %i, dense<[1, 2]> : tensor<2xi32>
  // CHECK: check.expect_eq_const %{{.*}}, dense<[15, 5]> : tensor<2xui4>
  check.expect_eq_const %u, dense<[15, 5]> : tensor<2xui4>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}} : tensor<2xf32>
  check.expect_almost_eq %f, %f : tensor<2xf32>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}}, tolerance = 1.000000e-03 : tensor<2xf32>
  check.expect_almost_eq %f, %f, tolerance = 0.001 : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[0.999998986, 2.000000e+00]> : tensor<2xf32>
  check.expect_almost_eq_const %f, dense<[0.999999, 2.0]> : tensor<2xf32>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f64>>, tolerance = 5.000000e-01
  check.expect_almost_eq_const %z, dense<(1.0, 2.0)> : tensor<complex<f64>>, tolerance = 0.5
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %f, %f, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  check.expect_close %f, %f, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe0" : tensor<2xi32>
  check.expect_serialized_eq %i, probe_id = "probe0" : tensor<2xi32>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe1", iter = 2 : tensor<2xi32>
  check.expect_serialized_eq %i, probe_id = "probe1", iter = 2 : tensor<2xi32>
  return
}
