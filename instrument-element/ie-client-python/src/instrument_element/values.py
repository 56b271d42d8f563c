"""Values as Python objects that still know where they came from.

A vector (``DOUBLE_ARRAY``) is a :class:`Vector`: a numpy ``float64`` array, usable everywhere an
array is, that also carries ``timestamp``, ``quality`` and ``units`` (and ``time``, the time axis
of an oscilloscope trace). Scalars are :class:`Double`, :class:`Integer`, :class:`Text` (strings
and enum choices) and :class:`Boolean`: subclasses of ``float``, ``int`` and ``str`` with the same
attributes, so ``scope.get("peakToPeak") * 2`` is plain arithmetic.

Values that arrived through a subscription also carry ``sequence``, ``epoch``, ``published`` and
``heartbeat`` (docs/subscriptions.md, "Message format"); values read with ``get`` have None there.
Both carry ``provenance``, the IM's provenance revision when the value was read
(``manager.provenance(revision)`` says what it stands for; docs/soap-api.md, "Provenance").
"""

import base64
import datetime
import re

import numpy as np

__all__ = ["Vector", "Double", "Integer", "Text", "Boolean", "parse_timestamp"]

#: The metadata every value carries, None where it does not apply.
METADATA = (
    "name",
    "type",
    "timestamp",
    "quality",
    "units",
    "im",
    "attribute",
    "sequence",
    "epoch",
    "published",
    "heartbeat",
    "provenance",
)

# Doubles in IE messages and BINARY values are little-endian whatever the machine.
LITTLE_ENDIAN_DOUBLES = np.dtype("<f8")


class _Metadata:
    """What the scalar classes share: keyword metadata set once, None when absent."""

    def _set_metadata(self, meta):
        for key in METADATA:
            setattr(self, key, meta.get(key))

    def metadata(self):
        """The metadata as a dict (for logging or a CSV row)."""
        return {key: getattr(self, key) for key in METADATA}


class Double(_Metadata, float):
    """A ``DOUBLE`` value: a float with the value's metadata."""

    def __new__(cls, value, **meta):
        obj = float.__new__(cls, value)
        obj._set_metadata(meta)
        return obj


class Integer(_Metadata, int):
    """An ``INTEGER`` value: an int with the value's metadata."""

    def __new__(cls, value, **meta):
        obj = int.__new__(cls, value)
        obj._set_metadata(meta)
        return obj


class Text(_Metadata, str):
    """A ``STRING`` or ``ENUM`` value: a str with the value's metadata."""

    def __new__(cls, value, **meta):
        obj = str.__new__(cls, value)
        obj._set_metadata(meta)
        return obj


class Boolean(_Metadata, int):
    """A ``BOOLEAN`` value. Python's ``bool`` cannot be subclassed, so this is an int (0 or 1)
    that prints as ``True``/``False`` and compares equal to them: ``if v:`` and ``v == True`` work,
    ``v is True`` does not."""

    def __new__(cls, value, **meta):
        obj = int.__new__(cls, bool(value))
        obj._set_metadata(meta)
        return obj

    def __repr__(self):
        return repr(bool(self))

    __str__ = __repr__


class Vector(np.ndarray):
    """A ``DOUBLE_ARRAY`` value: a float64 numpy array with the value's metadata.

    ``time`` is the time axis in seconds relative to the trigger when the IM has one (an
    oscilloscope's ``timeOrigin + i * timeIncrement``), else None. Arrays derived from a vector
    (``v * 2``, ``v[10:]``) keep the metadata; ``time`` only while the shape is the same.
    """

    def __new__(cls, array, time=None, **meta):
        obj = np.asarray(array, dtype=np.float64).view(cls)
        for key in METADATA:
            setattr(obj, key, meta.get(key))
        obj.time = time
        return obj

    def __array_finalize__(self, obj):
        if obj is None:
            return
        for key in METADATA:
            setattr(self, key, getattr(obj, key, None))
        same_shape = getattr(obj, "shape", None) == self.shape
        self.time = getattr(obj, "time", None) if same_shape else None

    def metadata(self):
        """The metadata as a dict (for logging or a CSV row)."""
        return {key: getattr(self, key) for key in METADATA}

    def __reduce__(self):
        # Pickles as a plain array: the metadata is for this process, not for archives.
        return np.asarray(self).__reduce__()


def doubles_from_base64(text, byte_order="<"):
    """The doubles of a BINARY value: base64 of raw IEEE-754 float64, little-endian."""
    raw = bytearray(base64.b64decode(text or ""))  # a bytearray makes the array writable
    return doubles_from_bytes(raw, byte_order)


def doubles_from_bytes(raw, byte_order="<"):
    """Native float64 doubles from raw bytes in the given byte order (no copy when native)."""
    array = np.frombuffer(raw, dtype=np.dtype(byte_order + "f8"))
    return array.astype(np.float64, copy=False)


def doubles_from_text(text):
    """The doubles of an XML value: an ``xs:list`` of ``xs:double``, exact to the last bit."""
    if not text:
        return np.empty(0, dtype=np.float64)
    return np.array(text.split(), dtype=np.float64)


_TIMESTAMP = re.compile(
    r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)?$"
)


def parse_timestamp(text):
    """An ``xs:dateTime`` as an aware UTC datetime (to the microsecond; the IE sends nanoseconds).

    Written out because ``datetime.fromisoformat`` of Python 3.9 and 3.10 refuses nine fractional
    digits and ``Z``.
    """
    if not text:
        return None
    m = _TIMESTAMP.match(text.strip())
    if not m:
        raise ValueError(f"not an xs:dateTime: {text!r}")
    year, month, day, hour, minute, second = (int(g) for g in m.groups()[:6])
    micros = int((m.group(7) or "0")[:6].ljust(6, "0"))
    zone = m.group(8)
    if zone in (None, "Z"):
        tz = datetime.timezone.utc
    else:
        sign = -1 if zone[0] == "-" else 1
        tz = datetime.timezone(
            sign * datetime.timedelta(hours=int(zone[1:3]), minutes=int(zone[4:6]))
        )
    stamp = datetime.datetime(year, month, day, hour, minute, second, micros, tzinfo=tz)
    return stamp.astimezone(datetime.timezone.utc)


_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def from_micros(micros):
    """A count of microseconds since the Unix epoch (``ieAcquired``) as an aware UTC datetime."""
    return _EPOCH + datetime.timedelta(microseconds=int(micros))


def vector_from_codes(
    kind, raw, scale, offset, specials=(None, None, None), byte_order="<", **meta
):
    """A trace of codes (``INT8_CODES``, ``INT16_CODES``) as a :class:`Vector` of its values,
    ``code * scale + offset`` each, computed in float64 as the IE computes it (so the same doubles
    to the bit), NaN for the NaN code; the raw codes beside it as ``codes`` (a numpy int8/int16
    array), with ``scale``, ``offset``, ``nan_code``, ``clip_low_code``, ``clip_high_code``.

    :param specials: the NaN code and the low and high clip codes, each None if there is none
    """
    if kind == "INT8_CODES":
        dtype = np.dtype("i1")
    elif kind == "INT16_CODES":
        dtype = np.dtype(byte_order + "i2")
    else:
        raise ValueError(f"{kind} is not a trace of codes")
    codes = np.frombuffer(bytes(raw), dtype=dtype).astype(dtype.newbyteorder("="), copy=False)
    values = codes.astype(np.float64) * scale + offset
    nan_code, clip_low, clip_high = specials
    if nan_code is not None:
        values[codes == nan_code] = np.nan
    v = Vector(values, **meta)
    v.codes = codes
    v.scale = scale
    v.offset = offset
    v.nan_code = nan_code
    v.clip_low_code = clip_low
    v.clip_high_code = clip_high
    return v
