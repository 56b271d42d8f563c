"""Vectors arrive as the same doubles, bit for bit, whichever way they come: BINARY, XML, a
generic SOAP toolkit (zeep), or a subscription."""

import numpy as np
import pytest

from conftest import eventually
from instrument_element import Vector


@pytest.fixture
def held_trace(connect):
    """The scope stopped: while LINKED it holds its last trace, so every read gives the same one."""
    scope = connect("operator")["lab/scope"]
    scope.stop()
    try:
        yield scope
    finally:
        scope.start()


def test_binary_and_xml_give_identical_arrays(held_trace):
    binary = held_trace.get("waveform", encoding="BINARY")
    xml = held_trace.get("waveform", encoding="XML")
    assert binary.shape == xml.shape == (2500,)
    assert binary.tobytes() == xml.tobytes()  # bit for bit, not merely close
    assert binary.units == xml.units == "V"
    assert np.array_equal(binary.time, xml.time)
    many = held_trace.get_many(["waveform"], encoding="XML")["waveform"]
    assert many.tobytes() == binary.tobytes()


def test_the_same_doubles_as_zeep_reads_from_the_wsdl(held_trace, lab):
    zeep = pytest.importorskip("zeep")  # python3-zeep: .ci/run installs it for the Java tests too
    import requests
    from zeep.transports import Transport

    session = requests.Session()
    session.auth = ("observer", "observer")
    service = zeep.Client(lab.url + "?wsdl", transport=Transport(session=session)).service
    z = service.getAttribute(im="lab/scope", attribute="waveform", encoding="XML")
    ours = held_trace.get("waveform", encoding="XML")
    assert ours.tobytes() == np.array(z.doubles, dtype=np.float64).tobytes()


def test_a_subscription_delivers_the_same_doubles(held_trace, connect):
    held = held_trace.get("waveform").tobytes()
    got = []
    sub = connect().subscribe("lab/scope", "waveform", got.append)
    try:
        # The broker's last image may be a trace from before the stop; the sampler publishes the
        # held one within its period (200 ms).
        eventually(lambda: any(v.tobytes() == held for v in got), message="the held trace")
    finally:
        sub.close()
    published = got[-1]
    assert isinstance(published, Vector) and published.units == "V" and published.sequence >= 1
    assert published.tobytes() == held


def test_a_million_doubles_in_both_encodings(connect):
    big = connect()["lab/bigArray"]
    binary = big.get("vector")
    xml = big.get("vector", encoding="XML")  # a 20 MB text node: over libxml2's default limit
    assert binary.shape == xml.shape == (1_000_000,)
    assert np.isfinite(binary).all() and np.isfinite(xml).all()
