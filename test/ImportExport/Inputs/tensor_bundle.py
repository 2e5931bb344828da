"""Writes TensorFlow tensor bundles byte by byte, from the format's facts.

A bundle with prefix P is P.index, a sorted string table (LevelDB's table
format: data blocks of prefix-compressed entries with restart points, a
metaindex block, an index block of block handles, a 48-byte footer ending
with the magic 0xdb4775248b80fb57; each block followed by its compression
type and masked CRC32C), whose entry "" is a BundleHeaderProto and whose
other entries are BundleEntryProtos, and the shards
P.data-SSSSS-of-NNNNN holding the tensors' bytes. The protos are encoded by
hand (wire.py) with the field numbers of TensorFlow's tensor_bundle.proto
(tfg/proto/tensor_bundle.proto). Used by make_tensor_bundles.py and the
unit tests' data.
"""
import struct

from wire import field, varint

# TensorFlow DataType numbers and the struct format of one element.
DTYPES = {
    "float32": (1, "f"),
    "float64": (2, "d"),
    "int32": (3, "i"),
    "uint8": (4, "B"),
    "int16": (5, "h"),
    "int8": (6, "b"),
    "string": (7, None),
    "int64": (9, "q"),
    "bool": (10, "?"),
    "uint16": (17, "H"),
    "float16": (19, "e"),
    "uint32": (22, "I"),
    "uint64": (23, "Q"),
}

MAGIC = 0xDB4775248B80FB57


def _crc32c_table():
    table = []
    for i in range(256):
        crc = i
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _crc32c_table()


def crc32c(data, crc=0):
    crc ^= 0xFFFFFFFF
    for byte in data:
        crc = _TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def mask(crc):
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def fixed32(value):
    return struct.pack("<I", value & 0xFFFFFFFF)


# --- Sorted string tables ---------------------------------------------------

def block(entries, restart_interval=16):
    """A block's contents: prefix-compressed entries, restarts, count."""
    out = bytearray()
    restarts = []
    previous = b""
    for i, (key, value) in enumerate(entries):
        if i % restart_interval == 0:
            restarts.append(len(out))
            shared = 0
        else:
            shared = 0
            while (shared < min(len(key), len(previous))
                   and key[shared] == previous[shared]):
                shared += 1
        out += varint(shared) + varint(len(key) - shared) + varint(len(value))
        out += key[shared:] + value
        previous = key
    if not restarts:
        restarts.append(0)
    for r in restarts:
        out += fixed32(r)
    out += fixed32(len(restarts))
    return bytes(out)


def trailer(contents, compression=0):
    kind = bytes([compression])
    return kind + fixed32(mask(crc32c(contents + kind)))


def handle(offset, size):
    return varint(offset) + varint(size)


def table(entries, block_size=4096, restart_interval=16, compression=0,
          fix_handle=None):
    """A whole table of sorted (key, value) pairs; `fix_handle(i, offset,
    size)` may change the (offset, size) the index gives data block i."""
    out = bytearray()
    index = []
    pending = []

    def flush():
        contents = block(pending, restart_interval)
        where = (len(out), len(contents))
        if fix_handle:
            where = fix_handle(len(index), *where)
        index.append((pending[-1][0], handle(*where)))
        out.extend(contents + trailer(contents, compression))
        pending.clear()

    size = 0
    for key, value in entries:
        pending.append((key, value))
        size += len(key) + len(value) + 3
        if size >= block_size:
            flush()
            size = 0
    if pending:
        flush()
    meta = block([])
    meta_handle = handle(len(out), len(meta))
    out += meta + trailer(meta)
    idx = block(index, 1)
    index_handle = handle(len(out), len(idx))
    out += idx + trailer(idx)
    footer = meta_handle + index_handle
    footer += b"\0" * (40 - len(footer))
    out += footer + struct.pack("<Q", MAGIC)
    return bytes(out)


# --- Bundle protos ----------------------------------------------------------

def header(num_shards, endianness=0, producer=1, min_consumer=0):
    version = field(1, 0, producer)
    if min_consumer:
        version += field(2, 0, min_consumer)
    out = field(1, 0, num_shards)
    if endianness:
        out += field(2, 0, endianness)
    return out + field(3, 2, version)


def shape(dims):
    return b"".join(field(2, 2, field(1, 0, d & 0xFFFFFFFFFFFFFFFF) if d else b"")
                    for d in dims)


def entry(dtype, dims, shard, offset, size, crc, extra=b""):
    out = field(1, 0, dtype) + field(2, 2, shape(dims))
    if shard:
        out += field(3, 0, shard & 0xFFFFFFFFFFFFFFFF)
    if offset:
        out += field(4, 0, offset & 0xFFFFFFFFFFFFFFFF)
    if size:
        out += field(5, 0, size & 0xFFFFFFFFFFFFFFFF)
    return out + field(6, 5, fixed32(crc)) + extra


def tensor_bytes(dtype, values):
    """The bytes of a tensor in a shard and the CRC32C its entry masks."""
    number, fmt = DTYPES[dtype]
    if fmt is None:
        lengths = b"".join(varint(len(s)) for s in values)
        crc = 0
        for s in values:
            crc = crc32c(struct.pack("<I" if len(s) <= 0xFFFFFFFF else "<Q",
                                     len(s)), crc)
        checksum = fixed32(mask(crc))
        crc = crc32c(checksum, crc)
        data = b"".join(values)
        crc = crc32c(data, crc)
        return lengths + checksum + data, crc
    data = struct.pack("<%d%s" % (len(values), fmt), *values)
    return data, crc32c(data)


class Tensor:
    def __init__(self, name, dtype, dims, values, shard=0):
        self.name = name
        self.dtype = dtype
        self.dims = dims
        self.values = values
        self.shard = shard


def bundle(tensors, num_shards=1, align=0, head=None, fix_entry=None,
           fix_data=None, sort=True, **table_args):
    """The index bytes and the shards' bytes of `tensors`. `head` replaces
    the header; `fix_entry(name, fields)` may change an entry's fields (a
    dict of dtype, dims, shard, offset, size, crc, extra) and `fix_data(name,
    data)` the bytes written for a tensor (after its checksum was taken)."""
    shards = [bytearray() for _ in range(num_shards)]
    entries = [(b"", head if head is not None else header(num_shards))]
    ordered = sorted(tensors, key=lambda t: t.name.encode()) if sort else tensors
    for t in ordered:
        data, crc = tensor_bytes(t.dtype, t.values)
        out = shards[t.shard]
        if align:
            out += b"\0" * (-len(out) % align)
        offset = len(out)
        out += fix_data(t.name, data) if fix_data else data
        fields = dict(dtype=DTYPES[t.dtype][0], dims=t.dims, shard=t.shard,
                      offset=offset, size=len(data), crc=mask(crc), extra=b"")
        if fix_entry:
            fix_entry(t.name, fields)
        entries.append((t.name.encode(),
                        entry(fields["dtype"], fields["dims"], fields["shard"],
                              fields["offset"], fields["size"], fields["crc"],
                              fields["extra"])))
    return table(entries, **table_args), [bytes(s) for s in shards]


def shard_name(prefix, shard, num_shards):
    return "%s.data-%05d-of-%05d" % (prefix, shard, num_shards)
