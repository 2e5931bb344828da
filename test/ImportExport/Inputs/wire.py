# A minimal protobuf wire-format encoder for test inputs: enough of GraphDef
# (nodes with string, int and type attributes; versions) to write binary
# GraphDefs, well-formed or deliberately broken, without protobuf itself.


def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def field(number, wire_type, payload):
    """A field; `payload` is bytes (length-delimited) or an int (varint)."""
    tag = varint(number << 3 | wire_type)
    if wire_type == 0:
        return tag + varint(payload)
    if wire_type == 2:
        return tag + varint(len(payload)) + payload
    return tag + payload


def string(number, text):
    return field(number, 2, text if isinstance(text, bytes) else text.encode())


# AttrValue fields.
def attr_type(dtype):
    return field(6, 0, dtype)


def attr_s(text):
    return string(2, text)


def attr_i(value):
    return field(3, 0, value)


DT_FLOAT = 1


def node(name, op, inputs=(), attrs=(), device="", extra=b""):
    """NodeDef; `attrs` are (key, encoded AttrValue) pairs."""
    out = string(1, name) + string(2, op)
    for i in inputs:
        out += string(3, i)
    if device:
        out += string(4, device)
    for key, value in attrs:
        out += field(5, 2, string(1, key) + field(2, 2, value))
    return out + extra


def graph(nodes, producer=None, extra=b""):
    """GraphDef of encoded NodeDefs."""
    out = b"".join(field(1, 2, n) for n in nodes)
    if producer is not None:
        out += field(4, 2, field(1, 0, producer))
    return out + extra
