#!/usr/bin/env python3
"""Writes a tfg graph made of many small control-flow units, for timing
tfg-loop-optimizer on large graphs (bench/passes.sh).

Each unit of 16 nodes holds what the loop optimizer rewrites: a v1 cond on
a constant predicate (Switch, two branches, Merge), a stack pushed and never
popped, an If on a constant, and a WhileRegion that runs once with a
loop-invariant node in its body; the units are chained so that every node
is live. The name of the last unit's output is written to --fetch-out.

usage: gen_loop_graph.py NUM_NODES [--fetch-out FILE] > graph.mlir
"""
import sys


def main():
    args = sys.argv[1:]
    fetch_out = None
    if "--fetch-out" in args:
        i = args.index("--fetch-out")
        fetch_out = args[i + 1]
        del args[i:i + 2]
    n = int(args[0]) if args else 100000
    units = max(1, n // 16)
    w = sys.stdout.write
    w("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n")
    w('  %x, %cx = Placeholder name("x") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)\n')
    w('  %t, %ct = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)\n')
    w('  %zero, %cz = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)\n')
    w('  %one, %co = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)\n')
    w('  %ten, %cten = Const name("ten") {dtype = i32, value = dense<10> : tensor<i32>} : () -> (tensor<i32>)\n')
    prev = "%x"
    i32 = "tensor<i32>"
    res = "tensor<!tf_type.resource>"
    for u in range(units):
        p = f"u{u}"
        w(f'  %{p}s:2, %{p}cs = Switch({prev}, %t) name("{p}/switch") {{T = i32}} : ({i32}, tensor<i1>) -> ({i32}, {i32})\n')
        w(f'  %{p}f, %{p}cf = Neg(%{p}s#0) name("{p}/false") {{T = i32}} : ({i32}) -> ({i32})\n')
        w(f'  %{p}g, %{p}cg = Abs(%{p}f) name("{p}/false2") {{T = i32}} : ({i32}) -> ({i32})\n')
        w(f'  %{p}b, %{p}cb = AddV2(%{p}s#1, %one) name("{p}/true") {{T = i32}} : ({i32}, {i32}) -> ({i32})\n')
        w(f'  %{p}m:2, %{p}cm = Merge(%{p}g, %{p}b) name("{p}/merge") {{N = 2 : i64, T = i32}} : ({i32}, {i32}) -> ({i32}, {i32})\n')
        w(f'  %{p}h, %{p}ch = StackV2(%ten) name("{p}/stack") {{elem_type = i32, stack_name = "{p}"}} : ({i32}) -> ({res})\n')
        w(f'  %{p}p, %{p}cp = StackPushV2(%{p}h, %{p}m#0) name("{p}/push") {{T = i32, swap_memory = false}} : ({res}, {i32}) -> ({i32})\n')
        w(f'  %{p}i, %{p}ci = IfRegion %t then {{\n')
        w(f'    %{p}d, %{p}cd = Mul(%{p}p, %{p}p) name("{p}/then") {{T = i32}} : ({i32}, {i32}) -> ({i32})\n')
        w(f'    yield(%{p}d) : {i32}\n')
        w(f'  }} else {{\n')
        w(f'    yield(%{p}p) : {i32}\n')
        w(f'  }} {{_mlir_name = "{p}/if"}} : (tensor<i1>) -> {i32}\n')
        w(f'  %{p}w:3, %{p}cw = WhileRegion(%zero, %{p}i, %{p}p) {{\n')
        w(f'  ^bb0(%k: {i32}, %v: {i32}, %inv: {i32}, %kc: !tf_type.control, %vc: !tf_type.control, %ic: !tf_type.control):\n')
        w(f'    %{p}l, %{p}cl = Less(%k, %one) name("{p}/less") {{T = i32}} : ({i32}, {i32}) -> (tensor<i1>)\n')
        w(f'    condition %{p}l : tensor<i1> (%k, %v, %inv) : {i32}, {i32}, {i32}\n')
        w(f'  }} do {{\n')
        w(f'  ^bb0(%k: {i32}, %v: {i32}, %inv: {i32}, %kc: !tf_type.control, %vc: !tf_type.control, %ic: !tf_type.control):\n')
        w(f'    %{p}n, %{p}cn = AddV2(%k, %one) name("{p}/inc") {{T = i32}} : ({i32}, {i32}) -> ({i32})\n')
        w(f'    %{p}q, %{p}cq = Neg(%inv) name("{p}/invariant") {{T = i32}} : ({i32}) -> ({i32})\n')
        w(f'    %{p}a, %{p}ca = AddV2(%v, %{p}q) name("{p}/acc") {{T = i32}} : ({i32}, {i32}) -> ({i32})\n')
        w(f'    yield(%{p}n, %{p}a, %inv) : {i32}, {i32}, {i32}\n')
        w(f'  }} {{_mlir_name = "{p}/while", parallel_iterations = 10 : i64}} : ({i32}, {i32}, {i32}) -> ({i32}, {i32}, {i32})\n')
        prev = f"%{p}w#1"
    w(f'  %out, %cout = Identity({prev}) name("out") {{T = i32}} : ({i32}) -> ({i32})\n')
    w("}\n")
    if fetch_out:
        with open(fetch_out, "w") as f:
            f.write("out")


if __name__ == "__main__":
    main()
