#!/usr/bin/env python3
"""Writes a graph of one NoOp "sink" with N control operands, each from its
own node: "id" Identity(x), "noop" NoOp [^x], "const" equal Consts, "dev"
Consts on N/2 devices (two per device) while the sink is on another.

usage: gen_fanin.py KIND N > graph.mlir
"""
import sys
kind, n = sys.argv[1], int(sys.argv[2])
print("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {")
print('  %x, %cx = Placeholder name("x") {dtype = f32} : () -> (tensor<f32>)')
for i in range(n):
    if kind == "id":
        print(f'  %v{i}, %c{i} = Identity(%x) name("i{i}") {{T = f32}} : (tensor<f32>) -> (tensor<f32>)')
    elif kind == "noop":
        print(f'  %c{i} = NoOp [%cx] name("i{i}")')
    elif kind == "const":
        print(f'  %v{i}, %c{i} = Const name("c{i}") {{dtype = f32, value = dense<1.0> : tensor<f32>}} : () -> (tensor<f32>)')
    elif kind == "dev":
        print(f'  %v{i}, %c{i} = Const device("/job:w/task:{i//2}") name("c{i}") {{dtype = f32, value = dense<1.0> : tensor<f32>}} : () -> (tensor<f32>)')
ctls = ", ".join(f"%c{i}" for i in range(n))
dev = " device(\"/job:a\")" if kind == "dev" else ""
print(f'  %s = NoOp [{ctls}]{dev} name("sink")')
print("}")
