"""HTTPS and STOMP over TLS (the broker's stomp+ssl connector, which getSubscriptionInfo names) to
an IE with the development certificate of deploy/bin/ie-dev-keystore, checked against that
certificate."""

import os
import ssl
import subprocess
from pathlib import Path

import pytest

from conftest import checked, eventually
from ie_process import REPOSITORY, IeProcess, java
from instrument_element import InstrumentElement, errors
from instrument_element.broker import BrokerConnection


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """ie.p12 (the server's key) and ie.pem (its certificate, what clients trust)."""
    directory = tmp_path_factory.mktemp("tls")
    env = dict(os.environ)
    env.setdefault("JAVA_HOME", str(Path(java()).resolve().parent.parent))
    subprocess.run(
        [str(REPOSITORY / "deploy" / "bin" / "ie-dev-keystore"), str(directory)],
        check=True,
        env=env,
        capture_output=True,
    )
    der = (directory / "ie.cer").read_bytes()
    (directory / "ie.pem").write_text(ssl.DER_cert_to_PEM_cert(der))
    return directory


@pytest.fixture(scope="module")
def secure_ie(certificate, tmp_path_factory):
    element = IeProcess(
        tmp_path_factory.mktemp("https"),
        [f"--http.tls.keystore={certificate / 'ie.p12'}", "--http.tls.keystorePassword=changeit"],
        name="https",
    ).start()
    yield element
    element.stop()


def test_https_checked_against_the_ie_certificate(secure_ie, certificate):
    assert secure_ie.url.startswith("https://")
    ie = checked(
        InstrumentElement(secure_ie.url, "observer", "observer", ca_file=certificate / "ie.pem")
    )
    assert ie["lab/array2500"].get("vector").shape == (2500,)
    ie.close()


def test_https_refuses_an_untrusted_certificate(secure_ie):
    with pytest.raises(errors.ConnectionFailed) as raised:
        InstrumentElement(secure_ie.url, "observer", "observer").ims()
    assert "not trusted" in str(raised.value) and "ca_file" in str(raised.value)


def test_stomp_over_tls(secure_ie, certificate):
    assert secure_ie.stomp_url.startswith("stomp+ssl://"), secure_ie.stomp_url
    ie = InstrumentElement(secure_ie.url, "observer", "observer", ca_file=certificate / "ie.pem")
    values = []
    sub = ie.subscribe("lab/scope", "waveform", values.append)
    eventually(lambda: len(values) >= 2, message="traces over TLS")
    assert values[0].shape == (2500,)
    sub.close()
    ie.close()

    with pytest.raises(errors.BrokerUnreachable) as raised:  # the system's CAs only
        BrokerConnection(secure_ie.stomp_url, "observer", "observer")
    assert "not trusted" in str(raised.value) and "ca_file" in str(raised.value)
