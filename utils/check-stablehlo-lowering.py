#!/usr/bin/env python3
"""Checks tfg-to-stablehlo numerically: the legalized program, run by the
StableHLO interpreter, must compute what the tfg interpreter computes.

  check-stablehlo-lowering.py --bin BUILD/bin [--rtol R] FILE.mlir

FILE holds tfg graphs separated by `// -----` lines (as --split-input-file
reads them). For each graph:

1. `tfg-run` runs the graph (Placeholders get tfg-run's deterministic
   random:K inputs) and writes the fetched outputs to an .npz; a second run
   fetches the Placeholders, i.e. the inputs it used.
2. `tfg-opt --tfg-to-stablehlo=fetch=...` legalizes the graph, fetching
   the same outputs in the same order.
3. A function `@check` is appended to the legalized module: it calls @main
   on the inputs (as stablehlo.constant) and checks every result against
   tfg-run's output with `check.expect_eq_const` (integers, booleans:
   exact) or `check.expect_almost_eq_const` (floats and complex, tolerance
   rtol * max(1, largest finite |expected|); NaN must match NaN and an
   infinity itself). A graph whose text holds `NUMERIC-RTOL: R` is checked
   with that rtol instead (0: every float equal).
4. `tfg-translate --interpret` runs it; a failed check fails the graph.

Prints one line per graph ("graph N: K outputs equal") and exits 1 on the
first graph that fails, with the tools' messages.
"""

import argparse
import ast
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile

# npy dtype code -> (MLIR element type, struct format, kind)
DTYPES = {
    "b1": ("i1", "?", "bool"),
    "i1": ("i8", "b", "int"),
    "i2": ("i16", "h", "int"),
    "i4": ("i32", "i", "int"),
    "i8": ("i64", "q", "int"),
    "u1": ("ui8", "B", "int"),
    "u2": ("ui16", "H", "int"),
    "u4": ("ui32", "I", "int"),
    "u8": ("ui64", "Q", "int"),
    "f2": ("f16", "H", "float16"),
    "f4": ("f32", "I", "float32"),
    "f8": ("f64", "Q", "float64"),
    "c8": ("complex<f32>", "f", "complex"),
    "c16": ("complex<f64>", "d", "complex"),
}


def read_npy(data):
    """(element type, shape, literal elements, kind, max finite |x|)."""
    if data[:6] != b"\x93NUMPY":
        raise ValueError("not an .npy array")
    major = data[6]
    if major == 1:
        hlen = struct.unpack("<H", data[8:10])[0]
        start = 10
    else:
        hlen = struct.unpack("<I", data[8:12])[0]
        start = 12
    header = ast.literal_eval(data[start:start + hlen].decode("latin1"))
    descr = header["descr"]
    if header.get("fortran_order"):
        raise ValueError("Fortran-ordered arrays are not read")
    code = descr[1:]
    if code not in DTYPES:
        raise ValueError("unsupported dtype " + descr)
    mlir, fmt, kind = DTYPES[code]
    shape = tuple(header["shape"])
    count = 1
    for d in shape:
        count *= d
    body = data[start + hlen:]
    if kind == "complex":
        raw = struct.unpack("<%d%s" % (2 * count, fmt), body[:struct.calcsize(fmt) * 2 * count])
        vals = [(raw[2 * i], raw[2 * i + 1]) for i in range(count)]
    else:
        raw = struct.unpack("<%d%s" % (count, fmt), body[:struct.calcsize(fmt) * count])
        vals = list(raw)
    largest = 0.0
    lits = []
    for v in vals:
        if kind == "bool":
            lits.append("true" if v else "false")
        elif kind == "int":
            lits.append(str(v))
        elif kind == "complex":
            for part in v:
                if part == part and abs(part) != float("inf"):
                    largest = max(largest, abs(part))
            lits.append("(%r, %r)" % v)
        else:
            width = {"float16": 4, "float32": 8, "float64": 16}[kind]
            lits.append("0x%0*X" % (width, v))
            if kind == "float32":
                f = struct.unpack("<f", struct.pack("<I", v))[0]
            elif kind == "float64":
                f = struct.unpack("<d", struct.pack("<Q", v))[0]
            else:
                f = struct.unpack("<e", struct.pack("<H", v))[0]
            if f == f and abs(f) != float("inf"):
                largest = max(largest, abs(f))
    return mlir, shape, lits, kind, largest


def tensor_type(mlir, shape):
    return "tensor<" + "".join("%dx" % d for d in shape) + mlir + ">"


def dense(lits, shape):
    """A dense literal with the nesting of `shape`."""
    if not shape:
        return lits[0]

    def nest(items, dims):
        if len(dims) == 1:
            return "[" + ", ".join(items) + "]"
        step = len(items) // dims[0] if dims[0] else 0
        return "[" + ", ".join(
            nest(items[i * step:(i + 1) * step], dims[1:])
            for i in range(dims[0])) + "]"

    return nest(lits, list(shape))


def read_npz(path):
    with zipfile.ZipFile(path) as z:
        return [(n[:-4] if n.endswith(".npy") else n, read_npy(z.read(n)))
                for n in z.namelist()]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def check_graph(args, index, text, tmp):
    tools = args.bin
    graph = os.path.join(tmp, "g%d.mlir" % index)
    with open(graph, "w") as f:
        f.write(text)
    out_npz = os.path.join(tmp, "out%d.npz" % index)
    r = run([os.path.join(tools, "tfg-run"), graph, "--output=" + out_npz])
    if r.returncode:
        return "tfg-run failed:\n" + r.stdout + r.stderr
    outputs = read_npz(out_npz)
    fetch = ",".join(name for name, _ in outputs)
    r = run([os.path.join(tools, "tfg-opt"), graph,
             "--tfg-to-stablehlo=fetch=" + fetch])
    if r.returncode:
        return "tfg-opt failed:\n" + r.stderr
    lowered = r.stdout
    main = re.search(r"func\.func @main\((.*)\)", lowered)
    arg_names = re.findall(r'tfg\.name = "([^"]+)"', main.group(1)) if main else []
    inputs = []
    if arg_names:
        in_npz = os.path.join(tmp, "in%d.npz" % index)
        r = run([os.path.join(tools, "tfg-run"), graph, "--output=" + in_npz,
                 "--fetch=" + ",".join(arg_names)])
        if r.returncode:
            return "tfg-run (inputs) failed:\n" + r.stdout + r.stderr
        inputs = read_npz(in_npz)
    lines = ["  func.func @check() {"]
    arg_vals, arg_types = [], []
    for i, (_, (mlir, shape, lits, _, _)) in enumerate(inputs):
        t = tensor_type(mlir, shape)
        lines.append("    %%in%d = stablehlo.constant dense<%s> : %s" %
                     (i, dense(lits, shape), t))
        arg_vals.append("%%in%d" % i)
        arg_types.append(t)
    res_types = [tensor_type(m, s) for _, (m, s, _, _, _) in outputs]
    # @main's own result types: a `?` size (Where, NonMaxSuppression) is
    # checked with get_dimension_size, then the value reshaped to the
    # static type of tfg-run's output and checked as the others.
    declared = re.search(r"func\.func @main\(.*\) -> \(?(.*?)\)? \{", lowered)
    decl_types = declared.group(1).split(", ") if declared else []
    if len(decl_types) != len(res_types):
        decl_types = res_types
    lines.append("    %%r:%d = func.call @main(%s) : (%s) -> (%s)" %
                 (len(outputs), ", ".join(arg_vals), ", ".join(arg_types),
                  ", ".join(decl_types)))
    for i, (_, (mlir, shape, lits, kind, largest)) in enumerate(outputs):
        t = tensor_type(mlir, shape)
        value = dense(lits, shape)
        result = "%%r#%d" % i
        if decl_types[i] != t:
            dims = decl_types[i][len("tensor<"):].split("x")
            for d, size in enumerate(shape):
                if d < len(dims) and dims[d] == "?":
                    lines.append(
                        "    %%d%d_%d = stablehlo.get_dimension_size %s, "
                        "dim = %d : (%s) -> tensor<i32>" %
                        (i, d, result, d, decl_types[i]))
                    lines.append("    check.expect_eq_const %%d%d_%d, "
                                 "dense<%d> : tensor<i32>" % (i, d, size))
            lines.append("    %%s%d = stablehlo.reshape %s : (%s) -> %s" %
                         (i, result, decl_types[i], t))
            result = "%%s%d" % i
        if kind in ("bool", "int"):
            lines.append("    check.expect_eq_const %s, dense<%s> : %s" %
                         (result, value, t))
        else:
            rtol = args.rtol
            m = re.search(r"NUMERIC-RTOL: *(\S+)", text)
            if m:
                rtol = float(m.group(1))
            tol = rtol * max(1.0, largest)
            lines.append(
                "    check.expect_almost_eq_const %s, dense<%s> : %s, "
                "tolerance = %.6e" % (result, value, t, tol))
    lines.append("    func.return")
    lines.append("  }")
    end = lowered.rstrip().rfind("}")
    module = lowered[:end] + "\n".join(lines) + "\n}\n"
    checked = os.path.join(tmp, "check%d.mlir" % index)
    with open(checked, "w") as f:
        f.write(module)
    r = run([os.path.join(tools, "tfg-translate"), "--interpret", checked])
    if r.returncode:
        return ("the StableHLO interpreter disagrees with tfg-run:\n" +
                r.stdout + r.stderr + "\n" + module)
    return None, len(outputs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="directory of the tools")
    parser.add_argument("--rtol", type=float, default=1e-5)
    parser.add_argument("file")
    args = parser.parse_args()
    with open(args.file) as f:
        chunks = re.split(r"(?m)^// -----\s*$", f.read())
    with tempfile.TemporaryDirectory() as tmp:
        for i, chunk in enumerate(chunks):
            result = check_graph(args, i, chunk, tmp)
            if isinstance(result, str):
                print("graph %d: %s" % (i, result))
                return 1
            print("graph %d: %d outputs equal" % (i, result[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
