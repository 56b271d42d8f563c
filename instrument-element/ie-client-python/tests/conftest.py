"""Fixtures: a real Instrument Element (the runnable jar, free ports) and clients of it that check
every request they send against the WSDL's schema."""

import copy
import time

import pytest

try:
    from lxml import etree
    import numpy  # noqa: F401
    import stomp  # noqa: F401
except ImportError as e:  # say which Debian package is missing rather than a bare trace
    raise SystemExit(
        f"{e}: the client needs python3-lxml, python3-numpy and python3-stomp (apt-get install)"
    )

from ie_process import PACKAGE_DIR, IeProcess
from instrument_element import InstrumentElement

WSDL = (
    PACKAGE_DIR.parent / "ie-contract" / "src" / "main" / "resources" / "wsdl" / "instrument-element.wsdl"
)
SOAP_BODY = "{http://schemas.xmlsoap.org/soap/envelope/}Body"

# Beside the built-in mock lab: a DMM (the descriptor-driven scpi-dmm profile on the mock DMM),
# an array of a million doubles (not sampled for subscribers), and a broker that holds at most
# 10 messages for a slow subscriber, whatever the rate (as SlowSubscriberIT).
LAB_OPTIONS = [
    "--broker.maxPendingMessages=10",
    "--broker.pendingTime=off",
    "--im.dmm.parent=lab",
    "--im.dmm.type=scpi",
    "--im.dmm.descriptor=scpi-dmm",
    "--im.dmm.address=MOCK::dmm",
    "--im.bigArray.parent=lab",
    "--im.bigArray.type=array",
    "--im.bigArray.address=MOCK::array::big",
    "--im.bigArray.param.length=1000000",
    "--im.bigArray.attribute.vector.subscribable=false",
    # A Keysight scope: the keysight-infiniivision profile on the mock, its trace kept as codes,
    # on its topics and in the history archive.
    "--im.kscope.parent=lab",
    "--im.kscope.type=scpi",
    "--im.kscope.descriptor=keysight-infiniivision",
    "--im.kscope.address=MOCK::keysight-scope",
    "--im.kscope.attribute.waveform.period=100ms",
    "--history.vectors=lab/kscope:waveform",
]


def wsdl_schema():
    """The XML Schema inside the checked-in WSDL: the contract requests must follow."""
    wsdl = etree.parse(str(WSDL))
    schema = wsdl.find(".//{http://www.w3.org/2001/XMLSchema}schema")
    return etree.XMLSchema(copy.deepcopy(schema))


_SCHEMA = None


def checked(ie):
    """Makes ``ie`` validate every request body against the WSDL's schema before sending it."""
    global _SCHEMA
    if _SCHEMA is None:
        _SCHEMA = wsdl_schema()
    soap = ie._soap
    post = soap._post

    def validating_post(body):
        request = etree.fromstring(body).find(SOAP_BODY)[0]
        _SCHEMA.assertValid(etree.ElementTree(copy.deepcopy(request)))
        return post(body)

    soap._post = validating_post
    return ie


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """The mock laboratory plus a DMM, shared by the tests that do not stop it; with a data
    directory of its own, so that it keeps a history archive."""
    d = tmp_path_factory.mktemp("lab")
    ie = IeProcess(d, LAB_OPTIONS + [f"--data.dir={d / 'data'}"], name="lab").start()
    yield ie
    ie.stop()


@pytest.fixture
def connect(lab):
    """``connect(user)``: a client of the lab signed in as a development user (password = name)."""
    clients = []

    def make(user="observer", password=None, **options):
        ie = checked(
            InstrumentElement(lab.url, user, password if password is not None else user, **options)
        )
        clients.append(ie)
        return ie

    yield make
    for ie in clients:
        ie.close()


def eventually(condition, timeout=60, message="condition"):
    """Polls ``condition`` until it is true (returns its value) or ``timeout`` passes (fails)."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{message}: not within {timeout} s")
        time.sleep(0.05)
