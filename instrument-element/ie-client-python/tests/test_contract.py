"""The client's reading and writing of the IE's formats, without a server: responses with elements
the IE may add later, faults, message bodies, sequence bookkeeping, the bounded inbox."""

import datetime
import pickle
import struct

import numpy as np
import pytest
from lxml import etree

from conftest import checked
from instrument_element import Boolean, Double, InstrumentElement, Text, Vector, errors, model
from instrument_element.broker import _hostname_validator
from instrument_element.messages import decode
from instrument_element.soap import SoapEndpoint, field
from instrument_element.subscription import SequenceTracker, _Inbox
from instrument_element.values import parse_timestamp
from instrument_element.xml_values import value_to_xml

NS = "http://instrumentelement.org/ie/1"


def envelope(body):
    return (
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'
        f"{body}</soap:Body></soap:Envelope>"
    ).encode()


def answer(operation, body, status=200):
    return SoapEndpoint("http://localhost:1")._response(operation, status, "OK", envelope(body))


def test_a_request_outside_the_wsdl_is_caught_before_it_is_sent():
    ie = checked(InstrumentElement("http://localhost:1", "observer", "observer"))
    with pytest.raises(etree.DocumentInvalid):
        ie._soap.call("getAttribute", field("im", "lab/scope"), field("colour", "blue"))


def test_elements_and_attributes_added_later_are_ignored():
    response = answer(
        "getAttributes",
        f'<getAttributesResponse xmlns="{NS}"><futureSummary>x</futureSummary>'
        '<value name="v" type="DOUBLE_ARRAY" timestamp="2026-11-23T13:52:10.443715713Z" '
        'quality="GOOD" length="2" units="V" futureAttribute="y"><futurePayload>1</futurePayload>'
        "<doubles>-.5 1.0E-6</doubles><futureAfter/></value></getAttributesResponse>",
    )
    from instrument_element.xml_values import value_from_xml

    v = value_from_xml(response.find(f"{{{NS}}}value"))
    assert v.tolist() == [-0.5, 1e-6] and v.units == "V" and v.name == "v"
    description = answer(
        "describeInstrumentManager",
        f'<describeInstrumentManagerResponse xmlns="{NS}"><description><path>a/b</path>'
        "<name>b</name><type>t</type><state>LINKED</state><futureField>z</futureField>"
        "<parameter><name>p</name><type>INTEGER</type><futureLimit>3</futureLimit>"
        '<value type="INTEGER" quality="GOOD"><integerValue>7</integerValue></value></parameter>'
        "</description></describeInstrumentManagerResponse>",
    ).find(f"{{{NS}}}description")
    d = model.ImDescription.from_xml(description)
    assert d.path == "a/b" and d.parameters["p"].value == 7 and d.attributes == {}


def test_fault_codes_become_their_exception_classes():
    fault = (
        "<soap:Fault><faultcode>soap:Server</faultcode><faultstring>s</faultstring><detail>"
        f'<fault xmlns="{NS}"><code>INSTRUMENT_TIMEOUT</code><message>no answer in 2 s</message>'
        "<im>lab/dmm</im><future>x</future></fault></detail></soap:Fault>"
    )
    with pytest.raises(errors.InstrumentTimeout) as raised:
        answer("getAttribute", fault, 500)
    assert raised.value.client_error is False and raised.value.im == "lab/dmm"
    with pytest.raises(errors.Fault) as raised:
        answer("getAttribute", fault.replace("INSTRUMENT_TIMEOUT", "A_CODE_ADDED_LATER"), 500)
    assert type(raised.value) is errors.Fault and raised.value.code == "A_CODE_ADDED_LATER"


def test_an_answer_that_is_not_the_ie():
    with pytest.raises(errors.NotAnInstrumentElement):
        SoapEndpoint("http://localhost:1")._response("getState", 404, "Not Found", b"<html/>")
    with pytest.raises(errors.NotAnInstrumentElement):
        answer("getState", "<soap:Fault><faultcode>soap:Server</faultcode></soap:Fault>", 500)
    with pytest.raises(errors.NotAuthenticated):
        SoapEndpoint("http://localhost:1")._response("getState", 401, "Unauthorized", b"")


def headers(kind, sequence=1, epoch=1000, order="LE"):
    return {
        "ieType": kind,
        "ieSequence": str(sequence),
        "ieEpoch": str(epoch),
        "ieAcquired": "1795444108309902",
        "iePublished": "1795444108310163",
        "ieUnits": "V",
        "ieQuality": "GOOD",
        "ieHeartbeat": "false",
        "ieIm": "lab/scope",
        "ieAttribute": "waveform",
        "ieByteOrder": order,
        "message-id": "m1",
    }


def test_message_bodies_by_type():
    doubles = np.array([1.5, -2.25, 1e-300])
    v = decode(headers("DOUBLE_ARRAY"), doubles.astype("<f8").tobytes())
    assert isinstance(v, Vector) and v.tolist() == doubles.tolist() and v.flags.writeable
    assert v.timestamp == datetime.datetime(
        2026, 11, 23, 14, 28, 28, 309902, tzinfo=datetime.timezone.utc
    )
    assert (
        decode(headers("DOUBLE_ARRAY", order="BE"), doubles.astype(">f8").tobytes()).tolist()
        == doubles.tolist()
    )
    assert decode(headers("DOUBLE"), struct.pack("<d", 0.1)) == 0.1
    assert decode(headers("INTEGER"), struct.pack("<q", -(2**40))) == -(2**40)
    assert decode(headers("BOOLEAN"), b"\x01") == True  # noqa: E712
    assert isinstance(decode(headers("BOOLEAN"), b"\x00"), Boolean)
    assert decode(headers("ENUM"), "CH2".encode()) == "CH2"
    assert decode(headers("STRING"), "µV".encode()) == "µV"
    with pytest.raises(ValueError):
        decode({"destination": "/topic/other"}, b"")
    with pytest.raises(ValueError):
        decode(headers("COMPLEX_ARRAY"), b"")


def test_sequence_bookkeeping_as_the_java_client():
    t = SequenceTracker()
    restarts, gaps = [], []
    check = lambda s, e=1: t.check(
        s, e, lambda *a: restarts.append(a), lambda *a: gaps.append(a)
    )  # noqa: E731
    assert [check(s) for s in (5, 6, 6, 4, 9, 10)] == [True, True, False, False, True, True]
    assert gaps == [(7, 9)] and (t.gaps, t.missed, t.duplicates, t.received) == (1, 2, 2, 4)
    assert check(3, e=2) and restarts == [(1, 2)]  # a new epoch: sequences begin again
    assert check(4, e=2) and gaps == [(7, 9)]


def test_inbox_keeps_at_most_capacity_values_dropping_the_oldest():
    inbox = _Inbox(2)
    for i in range(5):
        inbox.put_message({"n": i}, b"", 1)
    inbox.put_event("connection_lost")
    taken = [inbox.take(0) for _ in range(3)]
    assert [t[1][0]["n"] for t in taken[:2]] == [3, 4] and taken[2][0] == "connection_lost"
    assert inbox.dropped == 3 and inbox.take(0) is None


def test_vectors_keep_their_metadata_through_numpy():
    v = Vector([1.0, 2.0, 3.0], time=np.array([0.0, 0.1, 0.2]), units="V", quality="GOOD")
    w = v * 2
    assert isinstance(w, Vector) and w.units == "V" and w.time is not None
    assert v[1:].units == "V" and v[1:].time is None  # a slice has other times
    assert type(pickle.loads(pickle.dumps(v))) is np.ndarray
    assert float(v.mean()) == 2.0


def test_timestamps():
    assert parse_timestamp("2026-11-23T13:52:10.443715713Z") == datetime.datetime(
        2026, 11, 23, 13, 52, 10, 443715, tzinfo=datetime.timezone.utc
    )
    assert parse_timestamp("1970-01-01T00:00:00Z").timestamp() == 0
    assert parse_timestamp("2026-11-23T14:52:10.5+01:00").hour == 13


def test_values_typed_for_requests():
    assert value_to_xml(True) == "<ie:value><ie:booleanValue>true</ie:booleanValue></ie:value>"
    assert value_to_xml(np.int64(3)) == "<ie:value><ie:integerValue>3</ie:integerValue></ie:value>"
    assert value_to_xml(0.1) == "<ie:value><ie:doubleValue>0.1</ie:doubleValue></ie:value>"
    assert (
        value_to_xml(float("-inf")) == "<ie:value><ie:doubleValue>-INF</ie:doubleValue></ie:value>"
    )
    assert value_to_xml("a<b", "argument", name="q") == (
        '<ie:argument name="q"><ie:stringValue>a&lt;b</ie:stringValue></ie:argument>'
    )
    assert value_to_xml([1, 2.5]) == "<ie:value><ie:doubles>1.0 2.5</ie:doubles></ie:value>"
    assert value_to_xml(Text("CH2")) == "<ie:value><ie:stringValue>CH2</ie:stringValue></ie:value>"
    assert value_to_xml(Double(0.5)) == "<ie:value><ie:doubleValue>0.5</ie:doubleValue></ie:value>"
    with pytest.raises(TypeError):
        value_to_xml(None)


def test_broker_certificate_must_name_the_host():
    cert = {
        "subjectAltName": (
            ("DNS", "localhost"),
            ("IP Address", "127.0.0.1"),
            ("DNS", "*.lab.example"),
        )
    }
    assert _hostname_validator(cert, "localhost") == (True, None)
    assert _hostname_validator(cert, "127.0.0.1")[0]
    assert _hostname_validator(cert, "broker.lab.example")[0]
    ok, why = _hostname_validator(cert, "elsewhere.example")
    assert not ok and "elsewhere.example" in why


def test_every_fault_code_of_the_soap_api_has_its_class():
    """docs/soap-api.md lists the IE's fault codes; each has its exception class here, and
    docs/python-client.md names that class."""
    from ie_process import REPOSITORY

    soap_api = (REPOSITORY / "docs" / "soap-api.md").read_text()
    faults = soap_api.split("## Faults", 1)[1].split("\n## ", 1)[0]
    codes = set()
    for line in faults.splitlines():
        if line.startswith("| `"):
            codes.update(c.strip("` ") for c in line.split("|")[1].split(","))
    assert len(codes) >= 20
    python_client = (REPOSITORY / "docs" / "python-client.md").read_text()
    for code in codes:
        cls = errors.fault_class(code)
        assert cls is not errors.Fault, f"no exception class for {code}"
        assert f"`{cls.__name__}`" in python_client and f"`{code}`" in python_client
