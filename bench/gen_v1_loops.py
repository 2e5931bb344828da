#!/usr/bin/env python3
"""Writes a tfg graph of chained v1 loops (Enter/Merge/Switch/LoopCond/
NextIteration/Exit frames) that each run once, for timing
tfg-loop-optimizer's unrolling of v1 loops on large graphs: each loop of 16
nodes counts i from 0 while i < 1 and adds 1 to the value the previous
loop's Exit gave; the last one is fetched as `out`.

usage: gen_v1_loops.py NUM_NODES > graph.mlir
       tfg-opt graph.mlir --tfg-loop-optimizer=fetch=out --mlir-timing
"""
import sys

T = "tensor<i32>"


def loop(w, p, prev):
    """Writes loop `p` reading `prev`; returns its Exit's value."""
    e = f'frame_name = "{p}", parallel_iterations = 10 : i64'
    nodes = [
        f'%{p}ei, %{p}c0 = Enter(%zero) name("{p}/ei") {{T = i32, {e}, is_constant = false}} : ({T}) -> ({T})',
        f'%{p}ec, %{p}c1 = Enter({prev}) name("{p}/ec") {{T = i32, {e}, is_constant = false}} : ({T}) -> ({T})',
        f'%{p}e1, %{p}c2 = Enter(%one) name("{p}/e1") {{T = i32, {e}, is_constant = true}} : ({T}) -> ({T})',
        f'%{p}mi:2, %{p}c3 = Merge(%{p}ei, %{p}ni) name("{p}/mi") {{N = 2 : i64, T = i32}} : ({T}, {T}) -> ({T}, {T})',
        f'%{p}mc:2, %{p}c4 = Merge(%{p}ec, %{p}nc) name("{p}/mc") {{N = 2 : i64, T = i32}} : ({T}, {T}) -> ({T}, {T})',
        f'%{p}l, %{p}c5 = Less(%{p}mi#0, %{p}e1) name("{p}/l") {{T = i32}} : ({T}, {T}) -> (tensor<i1>)',
        f'%{p}lc, %{p}c6 = LoopCond(%{p}l) name("{p}/lc") : (tensor<i1>) -> (tensor<i1>)',
        f'%{p}si:2, %{p}c7 = Switch(%{p}mi#0, %{p}lc) name("{p}/si") {{T = i32}} : ({T}, tensor<i1>) -> ({T}, {T})',
        f'%{p}sc:2, %{p}c8 = Switch(%{p}mc#0, %{p}lc) name("{p}/sc") {{T = i32}} : ({T}, tensor<i1>) -> ({T}, {T})',
        f'%{p}xc, %{p}c9 = Exit(%{p}sc#0) name("{p}/xc") {{T = i32}} : ({T}) -> ({T})',
        f'%{p}ii, %{p}c10 = Identity(%{p}si#1) name("{p}/ii") {{T = i32}} : ({T}) -> ({T})',
        f'%{p}ic, %{p}c11 = Identity(%{p}sc#1) name("{p}/ic") {{T = i32}} : ({T}) -> ({T})',
        f'%{p}ai, %{p}c12 = AddV2(%{p}ii, %{p}e1) name("{p}/ai") {{T = i32}} : ({T}, {T}) -> ({T})',
        f'%{p}ac, %{p}c13 = AddV2(%{p}ic, %{p}e1) name("{p}/ac") {{T = i32}} : ({T}, {T}) -> ({T})',
        f'%{p}ni, %{p}c14 = NextIteration(%{p}ai) name("{p}/ni") {{T = i32}} : ({T}) -> ({T})',
        f'%{p}nc, %{p}c15 = NextIteration(%{p}ac) name("{p}/nc") {{T = i32}} : ({T}) -> ({T})',
    ]
    for node in nodes:
        w("  " + node + "\n")
    return f"%{p}xc"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    w = sys.stdout.write
    w("tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {\n")
    w(f'  %x, %cx = Placeholder name("x") {{dtype = i32, shape = #tf_type.shape<>}} : () -> ({T})\n')
    w(f'  %one, %co = Const name("one") {{dtype = i32, value = dense<1> : {T}}} : () -> ({T})\n')
    w(f'  %zero, %cz = Const name("zero") {{dtype = i32, value = dense<0> : {T}}} : () -> ({T})\n')
    prev = "%x"
    for u in range(max(1, n // 16)):
        prev = loop(w, f"u{u}", prev)
    w(f'  %out, %cout = Identity({prev}) name("out") {{T = i32}} : ({T}) -> ({T})\n')
    w("}\n")


if __name__ == "__main__":
    main()
