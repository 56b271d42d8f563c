"""Published values: a message's body and headers (docs/subscriptions.md, "Message format").

The body is decoded by ``ieType``: ``DOUBLE_ARRAY`` float64 values, ``DOUBLE`` one float64,
``INTEGER`` one int64, ``BOOLEAN`` one byte, ``STRING``/``ENUM`` UTF-8, and on a codes topic
``INT8_CODES``/``INT16_CODES`` the instrument's signed codes, whose values are
``code * ieScale + ieOffset`` in double precision (NaN for ``ieNanCode``); numbers in the byte order
``ieByteOrder`` names (always ``LE``, little-endian, today). STOMP subscribers get the JMS
properties as frame headers.
"""

import struct

from .values import (
    Boolean,
    Double,
    Integer,
    Text,
    Vector,
    doubles_from_bytes,
    from_micros,
    vector_from_codes,
)


def decode(headers, body):
    """The value of one message, with its metadata (sequence, epoch, timestamps...).

    :raises ValueError: when the message is not an IE value (no ``ieType``/``ieSequence``)
    """
    try:
        kind = headers["ieType"]
        meta = {
            "type": kind,
            "im": headers.get("ieIm"),
            "attribute": headers.get("ieAttribute"),
            "name": headers.get("ieAttribute"),
            "sequence": int(headers["ieSequence"]),
            "epoch": int(headers["ieEpoch"]),
            "timestamp": from_micros(headers["ieAcquired"]),
            "published": from_micros(headers["iePublished"]),
            "units": headers.get("ieUnits") or None,
            "quality": headers.get("ieQuality"),
            "heartbeat": headers.get("ieHeartbeat") == "true",
            "provenance": int(headers["ieProvenance"]) if "ieProvenance" in headers else None,
        }
    except (KeyError, ValueError) as e:
        raise ValueError(f"not an Instrument Element message (header {e} missing or wrong)")
    order = ">" if headers.get("ieByteOrder") == "BE" else "<"
    if kind == "DOUBLE_ARRAY":
        # A bytearray, so that the array is writable like the ones ``get`` returns.
        return Vector(doubles_from_bytes(bytearray(body), order), **meta)
    if kind in ("INT8_CODES", "INT16_CODES"):
        return _codes(kind, headers, body, order, meta)
    if kind == "DOUBLE":
        return Double(struct.unpack(order + "d", body[:8])[0], **meta)
    if kind == "INTEGER":
        return Integer(struct.unpack(order + "q", body[:8])[0], **meta)
    if kind == "BOOLEAN":
        return Boolean(len(body) > 0 and body[0] != 0, **meta)
    if kind in ("STRING", "ENUM"):
        return Text(body if isinstance(body, str) else bytes(body).decode("utf-8"), **meta)
    raise ValueError(f"a value of type {kind}, which this client does not know")


def _special(headers, name):
    return int(headers[name]) if name in headers else None


def _codes(kind, headers, body, order, meta):
    try:
        scale = float(headers["ieScale"])
        offset = float(headers["ieOffset"])
    except (KeyError, ValueError) as e:
        raise ValueError(f"a {kind} message without its scale and offset ({e})")
    specials = tuple(
        _special(headers, name) for name in ("ieNanCode", "ieClipLowCode", "ieClipHighCode")
    )
    return vector_from_codes(kind, body, scale, offset, specials, order, **meta)
