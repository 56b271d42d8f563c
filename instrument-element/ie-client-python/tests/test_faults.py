"""The IE's faults arrive as exceptions with their codes; a wrong URL, a wrong password and an
unreachable broker are clear errors."""

import socket

import pytest

from conftest import eventually
from instrument_element import InstrumentElement, errors
from instrument_element.broker import BrokerConnection


@pytest.mark.parametrize(
    "user, call, expected, code",
    [
        ("observer", lambda ie: ie["lab/nope"].state, errors.UnknownIm, "UNKNOWN_IM"),
        (
            "observer",
            lambda ie: ie["lab/scope"].get("nope"),
            errors.UnknownAttribute,
            "UNKNOWN_ATTRIBUTE",
        ),
        (
            "observer",
            lambda ie: ie["lab/scope"].get_parameter("nope"),
            errors.UnknownParameter,
            "UNKNOWN_PARAMETER",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].run("nope"),
            errors.UnknownCommand,
            "UNKNOWN_COMMAND",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].run("measure", quantity="RMS", nope=1),
            errors.UnknownArgument,
            "UNKNOWN_ARGUMENT",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].run("measure"),
            errors.MissingArgument,
            "MISSING_ARGUMENT",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].set(timebase="fast"),
            errors.WrongType,
            "WRONG_TYPE",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].set(timebase=100),
            errors.OutOfRange,
            "OUT_OF_RANGE",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].set(channel="CH9"),
            errors.OutOfRange,
            "OUT_OF_RANGE",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].set(timebase=float("nan")),
            errors.InvalidValue,
            "INVALID_VALUE",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].set_attribute("peakToPeak", 1.0),
            errors.ReadOnly,
            "READ_ONLY",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].set(points=5000),
            errors.NotAllowedInState,
            "NOT_ALLOWED_IN_STATE",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].start(),
            errors.NotAllowedInState,
            "NOT_ALLOWED_IN_STATE",
        ),
        (
            "observer",
            lambda ie: ie["lab/scope"].subscription_info("identity"),
            errors.NotSubscribable,
            "NOT_SUBSCRIBABLE",
        ),
        (
            "observer",
            lambda ie: ie["lab/scope"].set(timebase=2e-3),
            errors.NotAuthorized,
            "NOT_AUTHORIZED",
        ),
        (
            "operator",
            lambda ie: ie["lab/scope"].break_reservation(),
            errors.NotAuthorized,
            "NOT_AUTHORIZED",
        ),
    ],
)
def test_faults_are_exceptions_with_their_codes(connect, user, call, expected, code):
    ie = connect(user)
    with pytest.raises(expected) as raised:
        call(ie)
    fault = raised.value
    assert isinstance(fault, errors.Fault) and fault.code == code == expected.code
    assert fault.message and "Exception" not in fault.message
    assert ie["lab/scope"].state == "RUNNING"  # untouched, still serving


def test_a_fault_names_the_im_and_item(connect):
    with pytest.raises(errors.OutOfRange) as raised:
        connect("operator")["lab/scope"].set(timebase=100)
    assert (raised.value.im, raised.value.item, raised.value.client_error) == (
        "lab/scope",
        "timebase",
        True,
    )
    assert "timebase" in str(raised.value) and "OUT_OF_RANGE" in str(raised.value)


def test_faults_are_reachable_from_the_client_object(connect):
    ie = connect()
    with pytest.raises(ie.errors.UnknownIm):
        ie["nope"].describe()


def test_wrong_password(connect):
    with pytest.raises(errors.NotAuthenticated) as raised:
        connect("observer", "wrong").ims()
    assert raised.value.code == "NOT_AUTHENTICATED"
    assert "password" in raised.value.message


def test_wrong_path_is_not_an_instrument_element(lab):
    base = lab.url.split("/ie/")[0]
    with pytest.raises(errors.NotAnInstrumentElement) as raised:
        InstrumentElement(base + "/nothing/here", "observer", "observer").ims()
    assert "HTTP 404" in str(raised.value) and "/ie/services/InstrumentElement" in str(raised.value)


def test_a_url_without_path_gets_the_default_one(lab):
    base = lab.url.split("/ie/")[0]
    assert InstrumentElement(base, "observer", "observer")["lab"].state == "LINKED"


def test_nothing_listening(lab):
    port = _closed_port()
    with pytest.raises(errors.ConnectionFailed) as raised:
        InstrumentElement(f"http://localhost:{port}", "observer", "observer").ims()
    assert f"localhost:{port}" in str(raised.value) and "nothing listens" in str(raised.value)
    assert isinstance(raised.value, ConnectionError)


def test_unknown_host():
    with pytest.raises(errors.ConnectionFailed) as raised:
        InstrumentElement("http://no-such-host.invalid:8080", "observer", "observer").ims()
    assert "unknown host" in str(raised.value)


def test_not_a_url():
    with pytest.raises(ValueError) as raised:
        InstrumentElement("localhost:8080", "observer", "observer")
    assert "http://" in str(raised.value)


def test_unreachable_broker(connect):
    ie = connect(stomp_url=f"stomp://localhost:{_closed_port()}")
    with pytest.raises(errors.BrokerUnreachable) as raised:
        ie.subscribe("lab/scope", "waveform", print)
    assert "nothing listens" in str(raised.value)


def test_broker_refuses_a_wrong_password(lab):
    with pytest.raises(errors.BrokerRefused) as raised:
        BrokerConnection(lab.stomp_url, "observer", "wrong")
    assert "refused" in str(raised.value)


def _closed_port():
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def test_closing_does_not_hang_on_a_broker_that_stops_answering():
    """A STOMP server that logs the client in, then never answers again (a hung broker)."""
    import threading
    import time

    server = socket.create_server(("localhost", 0))
    accepted = []

    def serve():
        for _ in range(2):  # the client's probe, then its connection
            conn, _ = server.accept()
            accepted.append(conn)
            if len(accepted) == 2:
                conn.recv(65536)  # CONNECT
                conn.sendall(b"CONNECTED\nversion:1.1\nheart-beat:0,0\n\n\x00")

    threading.Thread(target=serve, daemon=True).start()
    broker = BrokerConnection(f"stomp://localhost:{server.getsockname()[1]}", "u", "p")
    started = time.monotonic()
    broker.close()
    assert time.monotonic() - started < 10
    server.close()
    for conn in accepted:
        conn.close()


def test_broker_refuses_a_subscription_and_the_connection_stays(lab, connect):
    from types import SimpleNamespace

    from instrument_element.subscription import _Inbox

    broker = BrokerConnection(lab.stomp_url, "observer", "observer")
    try:
        outside = SimpleNamespace(
            info=SimpleNamespace(stomp_destination="/topic/not.ie"),
            _inbox=_Inbox(1),
            max_pending=0,
        )
        with pytest.raises(errors.BrokerRefused) as raised:
            broker.subscribe(outside)
        assert "not authorized" in str(raised.value) and "/topic/not.ie" in str(raised.value)
        info = connect()["lab/scope"].subscription_info("waveform")
        inside = SimpleNamespace(info=info, _inbox=_Inbox(1), max_pending=0)
        assert broker.subscribe(inside)  # the same connection still serves
        eventually(lambda: inside._inbox.take(0.1), message="a trace on the same connection")
    finally:
        broker.close()
