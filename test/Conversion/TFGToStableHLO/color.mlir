// RUN: tfg-opt %s --split-input-file --tfg-to-stablehlo | FileCheck %s
// RUN: python3 %tfg_src_root/utils/check-stablehlo-lowering.py --bin %tfg_tools_dir %s | FileCheck %s --check-prefix=NUM

// COM: ColorRules.cpp; the NUM lines: tfg-run and the StableHLO
// COM: interpreter agree on every output (utils/check-stablehlo-lowering.py).

// COM: RGBToHSV on grays, primaries and mixed colors (each branch of the
// COM: hue formula), HSVToRGB of its result.
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.slice
// CHECK: stablehlo.maximum
// CHECK: stablehlo.clamp
// CHECK: stablehlo.concatenate
// NUM: graph 0: 2 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Const name("x") {dtype = f32, value = dense<[[0.5, 0.5, 0.5], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.2, 0.7, 0.4], [0.9, 0.1, 0.6], [0.3, 0.2, 0.8], [0.0, 0.0, 0.0]]> : tensor<8x3xf32>} : () -> (tensor<8x3xf32>)
  %H, %c1 = RGBToHSV(%X) name("hsv") {T = f32} : (tensor<8x3xf32>) -> (tensor<8x3xf32>)
  %HO, %c3 = Identity(%H) name("hsv_out") {T = f32} : (tensor<8x3xf32>) -> (tensor<8x3xf32>)
  %R, %c2 = HSVToRGB(%H) name("rgb") {T = f32} : (tensor<8x3xf32>) -> (tensor<8x3xf32>)
}

// -----

// COM: AdjustHue (wrapping around 1 either way), AdjustSaturation
// COM: (clamped to [0, 1]), AdjustContrastv2 (per image and channel).
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.remainder
// CHECK: stablehlo.reduce
// NUM: graph 1: 4 outputs equal
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2x3x2x3>} : () -> (tensor<2x3x2x3xf32>)
  %D, %c1 = Const name("d") {dtype = f32, value = dense<0.7> : tensor<f32>} : () -> (tensor<f32>)
  %N, %c2 = Const name("n") {dtype = f32, value = dense<-0.9> : tensor<f32>} : () -> (tensor<f32>)
  %S, %c3 = Const name("s") {dtype = f32, value = dense<2.5> : tensor<f32>} : () -> (tensor<f32>)
  %A, %c4 = AdjustHue(%X, %D) name("hue") {T = f32} : (tensor<2x3x2x3xf32>, tensor<f32>) -> (tensor<2x3x2x3xf32>)
  %B, %c5 = AdjustHue(%X, %N) name("hue_neg") {T = f32} : (tensor<2x3x2x3xf32>, tensor<f32>) -> (tensor<2x3x2x3xf32>)
  %C, %c6 = AdjustSaturation(%X, %S) name("sat") {T = f32} : (tensor<2x3x2x3xf32>, tensor<f32>) -> (tensor<2x3x2x3xf32>)
  %E, %c7 = AdjustContrastv2(%X, %S) name("contrast") {T = f32} : (tensor<2x3x2x3xf32>, tensor<f32>) -> (tensor<2x3x2x3xf32>)
}
