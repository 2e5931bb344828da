#!/usr/bin/env python3
"""Writes a chain of N Neg nodes in reverse order (every operand a forward
reference, every third node with a control edge): a graph on which any
recursion whose depth grows with the graph would overflow the stack."""
import sys

n = int(sys.argv[1])
out = sys.stdout
out.write("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n")
for i in range(n - 1, 0, -1):
    ctl = f" [%c{i - 2}]" if i >= 2 and i % 3 == 0 else ""
    out.write(f'  %v{i}, %c{i} = Neg(%v{i - 1}){ctl} name("n{i}") {{T = f32}} '
              f': (tensor<*xf32>) -> (tensor<*xf32>)\n')
out.write('  %v0, %c0 = Placeholder name("n0") {dtype = f32, '
          'shape = #tf_type.shape<8>} : () -> (tensor<*xf32>)\n}\n')
