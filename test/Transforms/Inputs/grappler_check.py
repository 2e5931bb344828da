#!/usr/bin/env python3
"""Runs tfg-grappler over whole models and checks what survives.

For each input (a GraphDef .pbtxt/.pb, or a TF.js model.json):
  import -> tfg-grappler (fetching the graph's sink nodes) -> export as a
  GraphDef -> import again (verified), then checks that every fetch still
  exists with the same result element types. Prints one line per model and
  exits 1 if any model fails.

Usage: grappler_check.py TOOLS_DIR [--expect-reduction] FILE...
"""

import os
import re
import subprocess
import sys

OP_RE = re.compile(r'^\s*(%[\w.$-]+)(?::\d+)? = "tfg\.(\w+)"\((.*)$')
# A generic node's name is its properties (`"tfg.Op"(...) <"name">`), a
# registered node's the `_mlir_name` attribute.
NAME_RE = re.compile(
    r'(?:\) <|_mlir_name = )"((?:[^"\\]|\\.)*)"')


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True)
    if proc.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(cmd[:2]),
                                              proc.stderr.decode()[-2000:]))
    return proc.stdout


def split_types(text):
    """Splits a type list at top-level commas."""
    types, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            types.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        types.append(cur.strip())
    return types


def element_type(t):
    """tensor<2x?x3xf32> and tensor<*xf32> -> tensor<f32>."""
    return re.sub(r"tensor<(?:\*x|(?:\d+|\?)x)*", "tensor<", t)


def parse_graph(generic_mlir):
    """Nodes of the tfg.graph: name -> (element types, ssa id); and the set
    of ssa ids used by any node of the graph."""
    nodes, used = {}, set()
    in_graph = False
    for line in generic_mlir.splitlines():
        if '"tfg.graph"()' in line:
            in_graph = True
            continue
        if in_graph and line.lstrip().startswith("})"):
            in_graph = False
            continue
        if not in_graph:
            continue
        m = OP_RE.match(line)
        if not m:
            continue
        ssa, rest = m.group(1), m.group(3)
        operands = rest[:rest.find(")")]
        for use in re.findall(r"(%[\w.$-]+)", operands):
            used.add(use)
        name = NAME_RE.search(line)
        arrow = line.rfind(" -> ")
        results = line[arrow + 4:].strip()
        if results.startswith("(") and results.endswith(")"):
            results = results[1:-1]
        types = [element_type(t) for t in split_types(results)]
        if name:
            nodes[name.group(1)] = (types, ssa)
    return nodes, used


def check(tools, path, expect_reduction):
    translate = os.path.join(tools, "tfg-translate")
    opt = os.path.join(tools, "tfg-opt")
    if path.endswith(".json"):
        mlir = run([translate, "--tfjs-to-mlir", path])
    else:
        mlir = run([translate, "--graphdef-to-mlir", path])
    generic = run([opt, "--mlir-print-op-generic", "-"], mlir).decode()
    nodes, used = parse_graph(generic)
    fetches = [n for n, (_, ssa) in nodes.items() if ssa not in used]
    if not fetches:
        return "no graph"
    # Pass options split lists at commas: names with one cannot be fetched.
    if any("," in f or "}" in f or " " in f for f in fetches):
        return "skipped (a node name the option parser cannot take)"
    optimized = run([opt, "--tfg-grappler=fetch=" + ",".join(fetches), "-"],
                    mlir)
    exported = run([translate, "--mlir-to-graphdef", "-"], optimized)
    reimported = run([translate, "--graphdef-to-mlir", "-"], exported)
    generic2 = run([opt, "--mlir-print-op-generic", "-"], reimported).decode()
    nodes2, _ = parse_graph(generic2)
    for fetch in fetches:
        if fetch not in nodes2:
            raise RuntimeError("fetch '%s' is gone" % fetch)
        if nodes2[fetch][0] != nodes[fetch][0]:
            raise RuntimeError("fetch '%s' changed types: %s -> %s" %
                               (fetch, nodes[fetch][0], nodes2[fetch][0]))
    if expect_reduction and len(nodes2) >= len(nodes):
        raise RuntimeError("no reduction (%d nodes)" % len(nodes))
    return "%d -> %d nodes, %d fetches" % (len(nodes), len(nodes2),
                                           len(fetches))


def main():
    tools = sys.argv[1]
    args = sys.argv[2:]
    expect_reduction = "--expect-reduction" in args
    files = [a for a in args if a != "--expect-reduction"]
    failed = 0
    for path in files:
        try:
            print("OK %s: %s" % (os.path.basename(path),
                                 check(tools, path, expect_reduction)))
        except RuntimeError as e:
            failed += 1
            print("FAIL %s: %s" % (os.path.basename(path), e))
    print("%d models, %d failed" % (len(files), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
