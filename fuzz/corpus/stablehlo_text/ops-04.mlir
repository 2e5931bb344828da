func.func @data_movement(%x: tensor<3x4xi32>, %s: tensor<i64>, %v: tensor<i32>, %shape: tensor<2xi64>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<3x4xi32>) -> tensor<3x2x4xi32>
  %1 = stablehlo.dynamic_broadcast_in_dim %v, %shape, dims = [] : (tensor<i32>, tensor<2xi64>) -> tensor<3x4xi32>
  %2 = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x4xi32>) -> tensor<4x3xi32>
  %3 = stablehlo.reverse %x, dims = [1] : tensor<3x4xi32>
  %4 = stablehlo.reshape %x : (tensor<3x4xi32>) -> tensor<2x6xi32>
  %5 = stablehlo.dynamic_reshape %x, %shape : (tensor<3x4xi32>, tensor<2xi64>) -> tensor<?x?xi32>
  %6 = stablehlo.slice %x [1:3:1, 0:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  %7 = stablehlo.dynamic_slice %x, %s, %s, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  %8 = stablehlo.dynamic_update_slice %x, %7, %s, %s : (tensor<3x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>
  %9 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<6x4xi32>
  %10 = stablehlo.pad %x, %v, low = [0, 1], high = [1, 0], interior = [1, 0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x5xi32>
  %11 = stablehlo.dynamic_pad %x, %v, %shape, %shape, %shape : (tensor<3x4xi32>, tensor<i32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi32>
  %12 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %13 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi64>) -> tensor<?x?xi32>
  %14 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x4xi32>) -> tensor<i32>
  %15 = stablehlo.tuple %x, %s : tuple<tensor<3x4xi32>, tensor<i64>>
  %16 = stablehlo.get_tuple_element %15[1] : (tuple<tensor<3x4xi32>, tensor<i64>>) -> tensor<i64>
  %17 = stablehlo.tuple : tuple<>
  func.return
}
