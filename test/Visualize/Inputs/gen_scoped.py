#!/usr/bin/env python3
"""Writes a chain of N Neg nodes (every third with a control edge) named in
DEPTH levels of name scopes: node i is s<a>/s<b>/.../n<i>, each level a hex
digit of i above the lowest (16 scopes a level), on three CPU devices.

usage: gen_scoped.py N [DEPTH]
"""
import sys

n = int(sys.argv[1])
depth = int(sys.argv[2]) if len(sys.argv) > 2 else 4
out = sys.stdout
out.write("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n")
out.write('  %v0, %c0 = Placeholder name("in") {dtype = f32} : () -> '
          '(tensor<*xf32>)\n')
for i in range(1, n):
    scope = "/".join("s%d" % ((i >> (4 * k)) % 16) for k in range(depth, 0, -1))
    ctl = f" [%c{i - 2}]" if i >= 2 and i % 3 == 0 else ""
    out.write(f'  %v{i}, %c{i} = Neg(%v{i - 1}){ctl} '
              f'device("/device:CPU:{i % 3}") name("{scope}/n{i}") '
              f'{{T = f32}} : (tensor<*xf32>) -> (tensor<*xf32>)\n')
out.write("}\n")
