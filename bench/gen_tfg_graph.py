#!/usr/bin/env python3
"""Writes a synthetic tfg graph of realistic shape for benchmarks.

Nodes are a mix of common TensorFlow ops (Const, Placeholder, AddV2, MatMul,
Relu, Conv2D, Identity, ConcatV2, NoOp), each with 1-4 data inputs, about 30 %
of edges are control edges, attributes look like real ones (T, device, shapes),
and the nodes are printed in creation order (as TensorFlow writes GraphDefs)
except that 10 % of them are moved later, so that their users hold forward
references (tfg graph regions are unordered).

usage: gen_tfg_graph.py NUM_NODES [SEED] [--fetch-out FILE] [--library K]
           [--name-scope SCOPE] > graph.mlir

With --fetch-out, the names of the last 16 nodes (the graph's "outputs")
are written to FILE, comma-separated, for the pass benchmarks.

With --library K, the module also has a function library of K functions of
32 nodes each (built like the graph's nodes, on one argument), and K of the
graph's one-input nodes become StatefulPartitionedCall nodes calling them,
as in the graphs TensorFlow 2 writes. NUM_NODES counts the graph's nodes.

With --name-scope, every graph node's name starts with SCOPE (say
"model/encoder/block_7/attention/"): real graphs name nodes by scope, and
their names are 12-74 characters long on average (the TF.js models of the
test suite) where the plain names here have 11.
"""
import random
import sys


FUNC_NODES = 32


def function(rng, j):
    """Function fn_<j>: FUNC_NODES nodes on argument %x, returning the last."""
    lines = [f'tfg.func @fn_{j}(%x: tensor<4x4xf32> {{tfg.name = "x"}}) '
             f'-> (tensor<4x4xf32> {{tfg.name = "y"}}) {{']
    for i in range(FUNC_NODES):
        srcs = [rng.randint(-1, i - 1) for _ in range(rng.randint(1, 3))]
        data, ctls = [], []
        for s in srcs:
            (ctls if rng.random() < 0.3 else data).append(s)
        if not data:
            data.append(srcs[0])
        ins = ", ".join("%x" if s < 0 else f"%v{s}" for s in data)
        ctl = ", ".join("%x.ctl" if s < 0 else f"%c{s}" for s in ctls)
        ctl_part = f" [{ctl}]" if ctls else ""
        tys = ", ".join(["tensor<4x4xf32>"] * len(data))
        if len(data) == 1:
            op, attrs = rng.choice([("Relu", "{T = f32}"), ("Neg", "{T = f32}")])
        elif len(data) == 2:
            op, attrs = rng.choice([
                ("AddV2", "{T = f32}"),
                ("MatMul", "{T = f32, transpose_a = false, transpose_b = false}")])
        else:
            op, attrs = "AddN", f"{{N = {len(data)} : i64, T = f32}}"
        lines.append(f'  %v{i}, %c{i} = {op}({ins}){ctl_part} name("{op.lower()}_{i}") '
                     f'{attrs} : ({tys}) -> (tensor<4x4xf32>)')
    lines.append(f"  return(%v{FUNC_NODES - 1}) : tensor<4x4xf32>")
    lines.append("}")
    return lines


def main():
    args = sys.argv[1:]
    fetch_out = None
    library = 0
    scope = ""
    if "--fetch-out" in args:
        k = args.index("--fetch-out")
        fetch_out = args[k + 1]
        del args[k:k + 2]
    if "--name-scope" in args:
        k = args.index("--name-scope")
        scope = args[k + 1]
        del args[k:k + 2]
    if "--library" in args:
        k = args.index("--library")
        library = int(args[k + 1])
        del args[k:k + 2]
    n = int(args[0])
    rng = random.Random(int(args[1]) if len(args) > 1 else 1)
    lines = []
    names = []
    num_sources = max(1, n // 50)
    # Graph nodes that call function j: evenly spread after the sources.
    callers = {}
    if library:
        step = max(1, (n - num_sources) // library)
        for j in range(library):
            callers[min(n - 1, num_sources + j * step)] = j
    # Node i: data results named %v<i>, control %c<i>.
    for i in range(n):
        if i < num_sources:
            if i % 2:
                lines.append(
                    f'  %v{i}, %c{i} = Const device("/job:localhost/replica:0/task:0/device:CPU:0") '
                    f'name("{scope}const_{i}") {{dtype = f32, value = dense<{i % 7}.0> : tensor<4x4xf32>}} '
                    f': () -> (tensor<4x4xf32>)')
            else:
                lines.append(
                    f'  %v{i}, %c{i} = Placeholder name("{scope}input_{i}") '
                    f'{{dtype = f32, shape = #tf_type.shape<4x4>}} : () -> (tensor<4x4xf32>)')
            names.append(scope + (f"const_{i}" if i % 2 else f"input_{i}"))
            continue
        fan_in = rng.randint(1, 4)
        # Mostly recent producers (layers), sometimes far ones (skips).
        srcs = []
        for _ in range(fan_in):
            if rng.random() < 0.8:
                srcs.append(rng.randint(max(0, i - 64), i - 1))
            else:
                srcs.append(rng.randint(0, i - 1))
        data, ctls = [], []
        for s in srcs:
            (ctls if rng.random() < 0.3 else data).append(s)
        if not data:
            data.append(srcs[0])
        ctl_part = (" [" + ", ".join(f"%c{s}" for s in ctls) + "]") if ctls else ""
        dev = ' device("/job:localhost/replica:0/task:0/device:CPU:0")' if i % 3 == 0 else ""
        k = len(data)
        ins = ", ".join(f"%v{s}" for s in data)
        tys = ", ".join(["tensor<4x4xf32>"] * k)
        if i in callers:
            data = data[:1]
            k = 1
        if i in callers:
            op = "StatefulPartitionedCall"
            attrs = ('{Tin = [f32], Tout = [f32], config = "", config_proto = "", '
                     f'executor_type = "", f = #tf_type.func<@fn_{callers[i]}, {{}}>}}')
        elif k == 1:
            op, attrs = rng.choice([("Relu", "{T = f32}"), ("Identity", "{T = f32}"),
                                     ("Neg", "{T = f32}")])
        elif k == 2:
            op, attrs = rng.choice([
                ("AddV2", "{T = f32}"),
                ("MatMul", "{T = f32, transpose_a = false, transpose_b = false}"),
                ("Conv2D", '{T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], '
                           'padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true}')])
        else:
            op, attrs = "AddN", f"{{N = {k} : i64, T = f32}}"
        ins = ", ".join(f"%v{s}" for s in data)
        tys = ", ".join(["tensor<4x4xf32>"] * k)
        lines.append(f'  %v{i}, %c{i} = {op}({ins}){ctl_part}{dev} name("{scope}{op.lower()}_{i}") '
                     f'{attrs} : ({tys}) -> (tensor<4x4xf32>)')
        names.append(f"{scope}{op.lower()}_{i}")
    if fetch_out:
        with open(fetch_out, "w") as f:
            f.write(",".join(names[-16:]))
    # Move 10 % of the nodes to a random later position.
    moved = [False] * n
    late = []
    for i in range(n):
        if rng.random() < 0.1:
            moved[i] = True
            late.append((rng.randint(i, n), lines[i]))
    late.sort(key=lambda t: t[0])
    ordered, j = [], 0
    for i in range(n):
        while j < len(late) and late[j][0] <= i:
            ordered.append(late[j][1])
            j += 1
        if not moved[i]:
            ordered.append(lines[i])
    ordered.extend(l for _, l in late[j:])
    lines = ordered
    out = sys.stdout
    out.write("tfg.graph #tf_type.version<producer = 1882, min_consumer = 12> {\n")
    out.write("\n".join(lines))
    out.write("\n}\n")
    for j in range(library):
        out.write("\n".join(function(rng, j)))
        out.write("\n")


if __name__ == "__main__":
    main()
