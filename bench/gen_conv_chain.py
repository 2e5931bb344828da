#!/usr/bin/env python3
"""Writes a tfg graph of NUM_NODES nodes that is a chain of NHWC Conv2D +
Relu pairs (1x8x8x4 activations, one shared 1x1x4x4 filter), for timing
tfg-layout on large graphs: every Conv2D is a layout-sensitive node and
every Relu a layout-agnostic one between two of them. The last Relu is
`relu<NUM_NODES/2 - 1>`.

usage: gen_conv_chain.py NUM_NODES > graph.mlir
       tfg-opt graph.mlir --tfg-layout='assume-gpu=true fetch=relu<last>' \
         --mlir-timing
"""
import sys

T = "tensor<1x8x8x4xf32>"
F = "tensor<1x1x4x4xf32>"
CONV = ('{T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], '
        'explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], '
        'use_cudnn_on_gpu = true}')


def main():
    units = int(sys.argv[1]) // 2
    w = sys.stdout.write
    w('tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n')
    w(f'  %x, %cx = Placeholder name("x") {{dtype = f32, shape = '
      f'#tf_type.shape<1x8x8x4>}} : () -> ({T})\n')
    w(f'  %f, %cf = Const name("f") {{dtype = f32, value = dense<0.5> : '
      f'{F}}} : () -> ({F})\n')
    prev = "%x"
    for i in range(units):
        w(f'  %c{i}, %cc{i} = Conv2D({prev}, %f) name("conv{i}") {CONV} : '
          f'({T}, {F}) -> ({T})\n')
        w(f'  %r{i}, %cr{i} = Relu(%c{i}) name("relu{i}") {{T = f32}} : '
          f'({T}) -> ({T})\n')
        prev = f"%r{i}"
    w('}\n')


if __name__ == "__main__":
    main()
