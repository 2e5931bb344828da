#!/usr/bin/env python3
"""Writes SavedModel directories with tensor bundles, for saved-model-variables.test.

usage: make_tensor_bundles.py OUT_DIR [GRAPH.pb [FILENAME_TENSOR RESTORE_OP]]

Each case is a directory OUT_DIR/CASE holding saved_model.pb (one meta graph
tagged serve around GRAPH, an empty graph without it, whose SaverDef names
FILENAME_TENSOR and RESTORE_OP, by default save/Const:0 and
save/restore_all) and variables/variables.index and
.data-* (tensor_bundle.py). `good` is a valid bundle of two shards and
several data blocks holding float32, float64, float16, int32, int64, uint8,
bool and string tensors, a scalar and an empty tensor; every other case
breaks one thing:

  no-variables     no variables/ directory (a model without variables)
  data-crc         a byte of a tensor's data flipped
  block-crc        a byte of an index data block flipped
  bad-magic        the footer's magic number changed
  truncated        the index cut short of its last 30 bytes
  block-past-end   the index gives a data block 1000 bytes more than it has
  snappy           the blocks marked snappy-compressed
  offset-past-end  an entry whose bytes run past its shard's end
  shard-range      an entry naming shard 5 of 2
  size-shape       an entry whose size does not match its dtype and shape
  bad-dtype        an entry of dtype DT_RESOURCE
  string-checksum  a string tensor whose length checksum is wrong
  bool-byte        a bool tensor holding the byte 2 (checksum right)
  big-endian       a header saying big-endian
  no-header        an index without the "" header entry
  partitioned      an entry that lists slices
  missing-shard    shard 1 missing
  escape           variables.index a symbolic link to a file outside the
                   model's directory (OUT_DIR/outside.index)
  shard-escape     the shard a symbolic link out of the model's directory
  unsorted         keys out of order in a block (checksums right)

and OUT_DIR/good.npz, what tfg-run fetches from `good` through
restore_graph.pbtxt.
"""
import os
import struct
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tensor_bundle as tb  # noqa: E402
from wire import field  # noqa: E402

T = tb.Tensor


def good_tensors():
    return [
        T("a/float", "float32", [2, 3], [0.5, 1.5, -2.0, 3.25, 0.0, 100.0], 0),
        T("b/int32", "int32", [4], [1, -2, 3, -4], 1),
        T("c/int64", "int64", [], [1 << 40], 0),
        T("d/bool", "bool", [3], [True, False, True], 1),
        T("e/string", "string", [2], [b"hello", b""], 0),
        T("f/empty", "float32", [0, 3], [], 1),
        T("g/double", "float64", [2], [1.5, -2.25], 0),
        T("h/uint8", "uint8", [3], [0, 128, 255], 1),
        T("i/half", "float16", [2], [1.0, -0.5], 0),
    ]


SAVER = [b"save/Const:0", b"save/restore_all"]


def saved_model(graph):
    saver = field(1, 2, SAVER[0]) + field(3, 2, SAVER[1])
    meta = (field(1, 2, field(4, 2, b"serve")) + field(2, 2, graph)
            + field(3, 2, saver))
    return field(1, 0, 1) + field(2, 2, meta)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def write_case(out, name, graph, index, shards, num_shards=None):
    root = os.path.join(out, name)
    write(os.path.join(root, "saved_model.pb"), saved_model(graph))
    if index is None:
        return root
    prefix = os.path.join(root, "variables", "variables")
    write(prefix + ".index", index)
    n = num_shards if num_shards is not None else len(shards)
    for i, data in enumerate(shards):
        write(tb.shard_name(prefix, i, n), data)
    return root


def npy(descr, shape, data):
    """An .npy file (format 1.0) of raw little-endian `data`."""
    dims = "".join("%d," % d for d in shape) if len(shape) == 1 else \
        ",".join("%d" % d for d in shape)
    head = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, dims)
    head += " " * (-(len(head) + 11) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(head)) + \
        head.encode() + data


def write_expected(path):
    """The values tfg-run fetches from the good bundle through
    restore_graph.pbtxt (read_w, read_n, read_s, y = zeros + w), as .npz."""
    w = struct.pack("<6f", 0.5, 1.5, -2.0, 3.25, 0.0, 100.0)
    arrays = [("read_w", npy("<f4", [2, 3], w)),
              ("read_n", npy("<i4", [4], struct.pack("<4i", 1, -2, 3, -4))),
              ("read_s", npy("|S5", [2], b"hello" + b"\0" * 5)),
              ("y", npy("<f4", [2, 3], w))]
    with zipfile.ZipFile(path, "w") as z:
        for name, data in arrays:
            z.writestr(name + ".npy", data)


def flip(data, at):
    data = bytearray(data)
    data[at] ^= 0x01
    return bytes(data)


def main():
    out = sys.argv[1]
    graph = open(sys.argv[2], "rb").read() if len(sys.argv) > 2 else b""
    if len(sys.argv) > 4:
        SAVER[:] = [sys.argv[3].encode(), sys.argv[4].encode()]
    os.makedirs(out, exist_ok=True)
    # Small blocks: the index has several data blocks.
    index, shards = tb.bundle(good_tensors(), 2, block_size=64)
    write_case(out, "good", graph, index, shards)
    write_expected(os.path.join(out, "good.npz"))
    write_case(out, "no-variables", graph, None, None)

    def case(name, tensors=None, num_shards=2, **kwargs):
        i, s = tb.bundle(tensors or good_tensors(), num_shards, **kwargs)
        return write_case(out, name, graph, i, s)

    def with_index(name, fix):
        write_case(out, name, graph, fix(index), shards)

    # Data: the byte of 0.5's exponent in a/float (shard 0, offset 0).
    i, s = tb.bundle(good_tensors(), 2, block_size=64)
    write_case(out, "data-crc", graph, i, [flip(s[0], 3), s[1]])
    with_index("block-crc", lambda d: flip(d, 5))
    with_index("bad-magic", lambda d: flip(d, len(d) - 1))
    with_index("truncated", lambda d: d[:-30])
    case("block-past-end", block_size=64,
         fix_handle=lambda n, off, size: (off, size + 1000) if n == 1
         else (off, size))
    case("snappy", compression=1)

    def fix(key, **changes):
        def apply(name, fields):
            if name == key:
                fields.update(changes)
        return apply

    case("offset-past-end", fix_entry=fix("b/int32", offset=1000))
    case("shard-range", fix_entry=fix("c/int64", shard=5))
    case("size-shape", fix_entry=fix("a/float", size=20))
    case("bad-dtype", fix_entry=fix("c/int64", dtype=20))

    def bad_lengths(name, data):
        if name != "e/string":
            return data
        # The lengths are two 1-byte varints; the checksum follows.
        return data[:2] + flip(data[2:6], 0) + data[6:]
    case("string-checksum", fix_data=bad_lengths)
    # "?" packs any true value as 1: the bytes are written as they are.
    data = bytes([1, 2, 0])
    entries = [(b"", tb.header(1)),
               (b"d/bool", tb.entry(10, [3], 0, 0, 3, tb.mask(tb.crc32c(data))))]
    write_case(out, "bool-byte", graph, tb.table(entries), [data])
    case("big-endian", head=tb.header(2, endianness=1))
    entries = [(b"a", tb.entry(1, [], 0, 0, 4, tb.mask(tb.crc32c(b"\0" * 4))))]
    write_case(out, "no-header", graph, tb.table(entries), [b"\0" * 4], 1)
    case("partitioned",
         fix_entry=fix("a/float", size=0, extra=field(7, 2, b"")))
    root = case("missing-shard")
    os.remove(tb.shard_name(os.path.join(root, "variables", "variables"), 1, 2))

    write(os.path.join(out, "outside.index"), index)
    root = case("escape")
    link = os.path.join(root, "variables", "variables.index")
    os.remove(link)
    os.symlink(os.path.join("..", "..", "outside.index"), link)
    write(os.path.join(out, "outside.data"), shards[1])
    root = case("shard-escape")
    link = tb.shard_name(os.path.join(root, "variables", "variables"), 1, 2)
    os.remove(link)
    os.symlink(os.path.join("..", "..", "outside.data"), link)

    tensors = good_tensors()
    tensors[0], tensors[1] = tensors[1], tensors[0]
    case("unsorted", tensors, sort=False)


if __name__ == "__main__":
    main()
