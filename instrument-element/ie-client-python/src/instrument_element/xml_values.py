"""The IE's ``Value`` element (docs/soap-api.md, "Values") to Python and back.

A ``Value`` carries one payload element (``doubleValue``, ``integerValue``, ``booleanValue``,
``stringValue``, ``doubles`` or ``data``) and attributes saying what it is. Elements and
attributes this client does not know are ignored.
"""

import base64
import math
import numbers

import numpy as np

from .soap import field, q
from .values import (
    Boolean,
    Double,
    Integer,
    Text,
    Vector,
    doubles_from_base64,
    doubles_from_text,
    parse_timestamp,
    vector_from_codes,
)

_DOUBLE_VALUE = q("doubleValue")
_INTEGER_VALUE = q("integerValue")
_BOOLEAN_VALUE = q("booleanValue")
_STRING_VALUE = q("stringValue")
_DOUBLES = q("doubles")
_DATA = q("data")


def value_from_xml(elem, time=None):
    """The Python value of a ``Value`` element: a :class:`Vector` or a scalar class with metadata.

    :param time: the time axis to attach to a vector, if known
    """
    meta = {
        "name": elem.get("name"),
        "type": elem.get("type"),
        "timestamp": parse_timestamp(elem.get("timestamp")),
        "quality": elem.get("quality"),
        "units": elem.get("units"),
        "provenance": None if elem.get("provenance") is None else int(elem.get("provenance")),
    }
    for child in elem:
        tag = child.tag
        if tag == _DATA and elem.get("codes") is not None:
            # encoding CODES: the instrument's codes, value = code * scale + offset
            specials = tuple(
                None if elem.get(a) is None else int(elem.get(a))
                for a in ("nanCode", "clipLowCode", "clipHighCode")
            )
            v = vector_from_codes(
                elem.get("codes"),
                base64.b64decode(child.text or ""),
                float(elem.get("scale")),
                float(elem.get("offset")),
                specials,
                **meta,
            )
            v.time = time
            return v
        if tag == _DATA:
            return Vector(doubles_from_base64(child.text), time=time, **meta)
        if tag == _DOUBLES:
            return Vector(doubles_from_text(child.text), time=time, **meta)
        if tag == _DOUBLE_VALUE:
            return Double(float(child.text), **meta)
        if tag == _INTEGER_VALUE:
            return Integer(int(child.text), **meta)
        if tag == _BOOLEAN_VALUE:
            return Boolean(child.text.strip() in ("true", "1"), **meta)
        if tag == _STRING_VALUE:
            return Text(child.text or "", **meta)
    raise ValueError(f"a value of type {meta['type']} without a payload this client knows")


def value_to_xml(value, element="value", name=None):
    """A request's ``Value`` element for a Python value, typed by its Python type.

    ``bool`` becomes ``booleanValue``, integers ``integerValue``, other real numbers
    ``doubleValue`` (the IE accepts an integer where a double is expected), ``str``
    ``stringValue`` and sequences or arrays of numbers ``doubles``.
    """
    return field(element, [_payload(value)], {"name": name} if name is not None else None)


def _payload(value):
    if isinstance(value, (bool, np.bool_)):
        return field("booleanValue", bool(value))
    if isinstance(value, numbers.Integral):
        return field("integerValue", int(value))
    if isinstance(value, numbers.Real):
        return field("doubleValue", _xs_double(float(value)))
    if isinstance(value, str):
        return field("stringValue", value)
    if isinstance(value, (list, tuple, np.ndarray)):
        doubles = np.asarray(value, dtype=np.float64).ravel()
        return field("doubles", " ".join(_xs_double(d) for d in doubles.tolist()))
    raise TypeError(
        f"cannot send a {type(value).__name__} to the IE: give a bool, int, float, str "
        "or a sequence of numbers"
    )


def _xs_double(d):
    """``repr`` is the shortest text that reads back as the same double; xs:double spells the
    special values ``NaN``, ``INF`` and ``-INF`` (the IE refuses them with INVALID_VALUE)."""
    if math.isnan(d):
        return "NaN"
    if math.isinf(d):
        return "INF" if d > 0 else "-INF"
    return repr(d)
