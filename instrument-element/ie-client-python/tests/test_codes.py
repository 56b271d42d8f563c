"""A trace kept as the instrument's codes: the codes topic gives the same doubles, to the bit."""

import datetime
import struct

import numpy as np

from conftest import eventually
from instrument_element import Vector, errors
from instrument_element.messages import decode
from test_contract import headers


def test_codes_messages_decode_to_code_times_scale_plus_offset():
    scale, offset = 1.0 / 3, -0.1
    codes = np.array([-32768, -1, 0, 1, 32767], dtype="<i2")
    h = dict(
        headers("INT16_CODES"), ieScale=repr(scale), ieOffset=repr(offset), ieNanCode="-32768"
    )
    v = decode(h, codes.tobytes())
    assert isinstance(v, Vector) and v.dtype == np.float64 and v.type == "INT16_CODES"
    assert np.isnan(v[0])
    for code, value in zip(codes[1:].tolist(), v[1:].tolist()):
        assert struct.pack("<d", value) == struct.pack("<d", code * scale + offset)
    assert v.codes.tolist() == codes.tolist() and (v.scale, v.offset) == (scale, offset)
    assert v.nan_code == -32768 and v.clip_low_code is None
    b = decode(dict(headers("INT8_CODES"), ieScale="0.5", ieOffset="1.0"), bytes([0x80, 0x7F]))
    assert b.tolist() == [-63.0, 64.5] and b.codes.dtype == np.int8


def _matched(doubles, codes):
    return sorted(set(doubles) & set(codes))


def test_a_subscriber_of_the_codes_topic_gets_the_ies_doubles_to_the_bit(connect):
    observer = connect()
    operator = connect("operator")
    scope = operator["lab/kscope"]
    scope.run("start")  # a stopped scope holds one trace; running, every sample is a new one
    try:
        _both_topics(observer, scope)
    finally:
        scope.run("stop")


def _both_topics(observer, scope):
    for data_format, kind, width in (("WORD", "INT16_CODES", 2), ("BYTE", "INT8_CODES", 1)):
        scope.set_parameter("dataFormat", data_format)
        doubles, codes = {}, {}

        def keep_codes(v, kind=kind):
            if v.type == kind:  # the last trace before the change may still come
                codes[v.sequence] = v

        def keep_doubles(v):
            doubles.setdefault(v.sequence, v)

        plain = observer.subscribe("lab/kscope", "waveform", keep_doubles)
        coded = observer.subscribe("lab/kscope", "waveform", keep_codes, codes=True)
        try:
            eventually(
                lambda: len(_matched(doubles, codes)) >= 3, message=f"{data_format} on both topics"
            )
        finally:
            plain.close()
            coded.close()
        for sequence in _matched(doubles, codes):
            d, c = doubles[sequence], codes[sequence]
            assert d.type == "DOUBLE_ARRAY" and c.shape == d.shape == (2500,)
            assert c.codes.dtype.itemsize == width
            formula = c.codes.astype(np.float64) * c.scale + c.offset
            assert formula.tobytes() == np.asarray(d).tobytes(), f"{data_format} #{sequence}"
            assert np.asarray(c).tobytes() == np.asarray(d).tobytes()


def test_a_poll_for_codes_gets_the_same_doubles(connect):
    observer = connect()
    scope = connect("operator")["lab/kscope"]
    for data_format, width in (("WORD", 2), ("BYTE", 1)):
        scope.set_parameter("dataFormat", data_format)
        trace = observer["lab/kscope"]
        codes = trace.get("waveform", encoding="CODES", time_axis=False, max_age=60)
        binary = trace.get("waveform", encoding="BINARY", time_axis=False, max_age=60)
        assert codes.codes.dtype.itemsize == width and not hasattr(binary, "codes")
        formula = codes.codes.astype(np.float64) * codes.scale + codes.offset
        assert formula.tobytes() == np.asarray(codes).tobytes()
        assert codes.shape == binary.shape == (2500,)
        # a stopped scope holds its trace: both polls are of the same one, the same doubles
        assert np.asarray(codes).tobytes() == np.asarray(binary).tobytes()


def _archived_as_codes(scope, width):
    """The trace archived at or before now as CODES and as the doubles of BINARY and XML, once
    the archive holds one of codes ``width`` bytes wide; None before (nothing archived yet, or
    only traces of the other format, or a trace archived between the calls)."""
    at = datetime.datetime.now(datetime.timezone.utc)
    try:
        codes = scope.history_value("waveform", at, encoding="CODES")
        binary = scope.history_value("waveform", at, encoding="BINARY")
        xml = scope.history_value("waveform", at, encoding="XML")
    except errors.Fault:
        return None
    if not hasattr(codes, "codes") or codes.codes.dtype.itemsize != width:
        return None
    if not codes.sequence == binary.sequence == xml.sequence:
        return None
    return codes, binary, xml


def test_the_history_of_a_trace_as_codes_gives_the_doubles_of_its_archive(connect):
    """The lab archives the scope's trace as its codes (history.vectors): history_value with
    encoding CODES gives the codes, scale and offset, and code * scale + offset is, to the bit,
    what the doubles answers (BINARY, XML) give for the same sample."""
    scope = connect("operator")["lab/kscope"]
    observer = connect()["lab/kscope"]
    for data_format, width in (("WORD", 2), ("BYTE", 1)):
        scope.set_parameter("dataFormat", data_format)
        codes, binary, xml = eventually(
            lambda width=width: _archived_as_codes(observer, width),
            message=f"a {data_format} trace archived",
        )
        assert not hasattr(binary, "codes") and not hasattr(xml, "codes")
        assert codes.codes.dtype == np.dtype("i2" if width == 2 else "i1")
        assert codes.shape == binary.shape == xml.shape == (2500,)
        formula = codes.codes.astype(np.float64) * codes.scale + codes.offset
        assert formula.tobytes() == np.asarray(binary).tobytes(), data_format
        assert np.asarray(codes).tobytes() == np.asarray(binary).tobytes()
        assert np.asarray(xml).tobytes() == np.asarray(binary).tobytes()
