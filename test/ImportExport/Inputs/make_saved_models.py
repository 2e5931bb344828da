#!/usr/bin/env python3
"""Writes binary SavedModels around a binary GraphDef, for savedmodel.test.

usage: make_saved_models.py GRAPH.pb OUT_DIR

The SavedModel framing is written by hand (field numbers of TensorFlow's
saved_model.proto and meta_graph.proto: SavedModel.saved_model_schema_version
= 1, .meta_graphs = 2; MetaGraphDef.meta_info_def = 1, .graph_def = 2,
.saver_def = 3; MetaInfoDef.tags = 4, .tensorflow_version = 5):

  one.pb          one meta graph, tagged serve, holding GRAPH
  train-only.pb   one meta graph, tagged train
  two.pb          meta graphs {serve} (GRAPH) and {train, gpu} (an empty graph)
  twice-serve.pb  two meta graphs both tagged serve
  many.pb         20 meta graphs, tagged t0 ... t19
  no-graph.pb     one meta graph without a graph_def
  split.pb        one meta graph whose graph_def comes in two pieces (GRAPH's
                  fields split in two), which protobuf merges
  bad-meta.pb     a meta graph whose encoding holds a group
  bad-graph.pb    one meta graph whose graph_def is not a GraphDef
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wire import field, varint  # noqa: E402


def ld(number, payload):
    return field(number, 2, payload)


def read_varint(data, i):
    """The varint at data[i:] and the position after it."""
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, i


def fields(data):
    """Splits an encoding into its top-level fields (no groups)."""
    out, i = [], 0
    while i < len(data):
        start = i
        tag, i = read_varint(data, i)
        wire = tag & 7
        if wire == 0:
            _, i = read_varint(data, i)
        elif wire == 2:
            n, i = read_varint(data, i)
            i += n
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        else:
            raise ValueError("unexpected wire type")
        out.append(data[start:i])
    return out


def meta(tags, graph=None, extra=b""):
    info = b"".join(ld(4, t.encode()) for t in tags) + ld(5, b"2.15.0")
    body = ld(1, info)
    if graph is not None:
        body += ld(2, graph)
    return body + ld(3, b"\x0a\x04save") + extra


def saved_model(*metas):
    return varint(1 << 3) + varint(1) + b"".join(ld(2, m) for m in metas)


def main():
    graph = open(sys.argv[1], "rb").read()
    out = sys.argv[2]
    parts = fields(graph)
    half = len(parts) // 2
    cases = {
        "one": saved_model(meta(["serve"], graph)),
        "train-only": saved_model(meta(["train"], graph)),
        "two": saved_model(meta(["serve"], graph), meta(["train", "gpu"], b"")),
        "twice-serve": saved_model(meta(["serve"], graph), meta(["serve"], graph)),
        "no-graph": saved_model(meta(["serve"])),
        "many": saved_model(*[meta(["t%d" % i], b"") for i in range(20)]),
        "split": saved_model(meta(["serve"], b"".join(parts[:half]))
                             + ld(2, b"".join(parts[half:]))),
        # Field 9 as a start group (wire type 3).
        "bad-meta": saved_model(meta(["serve"], graph) + varint(9 << 3 | 3)),
        "bad-graph": saved_model(meta(["serve"], b"\xff\xff\xff")),
    }
    for name, data in cases.items():
        with open(os.path.join(out, name + ".pb"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
