#!/usr/bin/env python3
"""Writes a synthetic tfg graph of realistic shape for benchmarks.

Nodes are a mix of common TensorFlow ops (Const, Placeholder, AddV2, MatMul,
Relu, Conv2D, Identity, ConcatV2, NoOp), each with 1-4 data inputs, about 30 %
of edges are control edges, attributes look like real ones (T, device, shapes),
and the nodes are printed in creation order (as TensorFlow writes GraphDefs)
except that 10 % of them are moved later, so that their users hold forward
references (tfg graph regions are unordered).

usage: gen_tfg_graph.py NUM_NODES [SEED] [--fetch-out FILE] > graph.mlir

With --fetch-out, the names of the last 16 nodes (the graph's "outputs")
are written to FILE, comma-separated, for the pass benchmarks.
"""
import random
import sys


def main():
    args = sys.argv[1:]
    fetch_out = None
    if "--fetch-out" in args:
        k = args.index("--fetch-out")
        fetch_out = args[k + 1]
        del args[k:k + 2]
    n = int(args[0])
    rng = random.Random(int(args[1]) if len(args) > 1 else 1)
    lines = []
    names = []
    num_sources = max(1, n // 50)
    # Node i: data results named %v<i>, control %c<i>.
    for i in range(n):
        if i < num_sources:
            if i % 2:
                lines.append(
                    f'  %v{i}, %c{i} = Const device("/job:localhost/replica:0/task:0/device:CPU:0") '
                    f'name("const_{i}") {{dtype = f32, value = dense<{i % 7}.0> : tensor<4x4xf32>}} '
                    f': () -> (tensor<4x4xf32>)')
            else:
                lines.append(
                    f'  %v{i}, %c{i} = Placeholder name("input_{i}") '
                    f'{{dtype = f32, shape = #tf_type.shape<4x4>}} : () -> (tensor<4x4xf32>)')
            names.append(f"const_{i}" if i % 2 else f"input_{i}")
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
        if k == 1:
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
        lines.append(f'  %v{i}, %c{i} = {op}({ins}){ctl_part}{dev} name("{op.lower()}_{i}") '
                     f'{attrs} : ({tys}) -> (tensor<4x4xf32>)')
        names.append(f"{op.lower()}_{i}")
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


if __name__ == "__main__":
    main()
