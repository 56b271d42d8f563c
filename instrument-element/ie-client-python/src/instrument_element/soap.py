"""A thin SOAP 1.1 client for the IE's document/literal operations.

Why not a generic toolkit: zeep builds its client from the WSDL and converts every value through
its type system, which costs about four times the CPU of this module for a vector of 2,500 doubles,
and ``requests`` costs 0.4 ms of CPU more per call than plain ``http.client`` (docs/python-client.md,
"Speed").
The IE's contract makes a small client safe: every operation takes one request element named after
it and answers one ``<operation>Response`` element (docs/soap-api.md), in one namespace. Requests
are written from the WSDL's schema (the tests validate every request this client sends against the
checked-in WSDL); responses are read by element name, so elements and attributes the IE adds later
are ignored, as the schema's evolution rules promise.

One keep-alive HTTP connection per thread; a connection the server closed while idle is reopened
once, before anything was read from it.
"""

import base64
import http.client
import socket
import ssl
import threading
import urllib.parse
from xml.sax.saxutils import escape, quoteattr

from lxml import etree

from . import errors

NS = "http://instrumentelement.org/ie/1"
SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/"
DEFAULT_PATH = "/ie/services/InstrumentElement"

_ENVELOPE_START = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    f'<soap:Envelope xmlns:soap="{SOAP_NS}" xmlns:ie="{NS}"><soap:Body>'
).encode()
_ENVELOPE_END = b"</soap:Body></soap:Envelope>"
_BODY = f"{{{SOAP_NS}}}Body"
_FAULT = f"{{{SOAP_NS}}}Fault"

# No DTDs, no entities, no network: a response is data, never instructions. huge_tree lifts
# libxml2's 10 MB limit on one text node: a BINARY vector of a million doubles is 10.7 MB.
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=True)


def q(name):
    """The qualified name of an element of the IE's namespace, as lxml writes it."""
    return f"{{{NS}}}{name}"


def field(name, value, attributes=None):
    """One request element ``<ie:name>value</ie:name>``; ``value`` is text, a number, a bool,
    a list of fields (nested elements) or None (the element is left out)."""
    if value is None:
        return ""
    attrs = "".join(f" {k}={quoteattr(str(v))}" for k, v in (attributes or {}).items())
    if isinstance(value, (list, tuple)):
        inner = "".join(value)
    elif isinstance(value, bool):
        inner = "true" if value else "false"
    else:
        inner = escape(str(value))
    return f"<ie:{name}{attrs}>{inner}</ie:{name}>"


class SoapEndpoint:
    """Calls operations on one IE endpoint with HTTP Basic credentials.

    :param url: the SOAP endpoint, ``http(s)://host:port/ie/services/InstrumentElement``; a URL
        without a path gets that path
    :param ca_file: PEM file of certificates to trust for HTTPS (e.g. the IE's self-signed
        development certificate); None: the system's trusted certificates
    :param verify: False turns certificate checks off (never on a laboratory network)
    :param timeout: seconds to connect and to wait for each answer
    """

    def __init__(self, url, username=None, password=None, ca_file=None, verify=True, timeout=30.0):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(
                f"not an http:// or https:// URL: {url!r} "
                f"(expected e.g. http://localhost:8080{DEFAULT_PATH})"
            )
        self.host = parts.hostname
        self.port = parts.port or (443 if parts.scheme == "https" else 80)
        self.path = parts.path if parts.path not in ("", "/") else DEFAULT_PATH
        self.url = f"{parts.scheme}://{parts.netloc}{self.path}"
        self.timeout = timeout
        self._tls = self._tls_context(ca_file, verify) if parts.scheme == "https" else None
        self._headers = {
            "Content-Type": "text/xml; charset=utf-8",
            "SOAPAction": '""',
            "Accept": "text/xml",
        }
        if username is not None:
            token = base64.b64encode(f"{username}:{password or ''}".encode()).decode("ascii")
            self._headers["Authorization"] = "Basic " + token
        self._local = threading.local()

    @staticmethod
    def _tls_context(ca_file, verify):
        context = ssl.create_default_context(cafile=ca_file)
        if not verify:
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE
        return context

    def call(self, operation, *fields):
        """Sends ``<ie:operation>fields...</ie:operation>`` and returns the response element.

        :raises errors.Fault: (a subclass per code) when the IE refuses
        :raises errors.ConnectionFailed: when the IE cannot be reached or does not answer in time
        :raises errors.NotAnInstrumentElement: when the URL answers, but not as an IE
        """
        body = b"".join(
            (
                _ENVELOPE_START,
                f"<ie:{operation}>{''.join(fields)}</ie:{operation}>".encode("utf-8"),
                _ENVELOPE_END,
            )
        )
        status, reason, data = self._post(body)
        return self._response(operation, status, reason, data)

    def close(self):
        """Closes this thread's connection (others close when their threads end)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    def _connection(self):
        conn = getattr(self._local, "conn", None)
        if conn is None:
            if self._tls is not None:
                conn = http.client.HTTPSConnection(
                    self.host, self.port, timeout=self.timeout, context=self._tls
                )
            else:
                conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            conn.used = False
            self._local.conn = conn
        return conn

    def _post(self, body):
        for attempt in (1, 2):
            conn = self._connection()
            reused = conn.used
            try:
                conn.request("POST", self.path, body=body, headers=self._headers)
                response = conn.getresponse()
                data = response.read()
                conn.used = True
                if response.will_close:
                    self.close()
                return response.status, response.reason, data
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as e:
                self.close()
                # The server closed a kept-alive connection while it was idle: the request never
                # reached it, so sending it again on a new connection is safe (once).
                if not reused or attempt == 2:
                    raise errors.ConnectionFailed(
                        f"{self.url} closed the connection without answering ({e})"
                    ) from None
            except ssl.SSLCertVerificationError as e:
                self.close()
                raise errors.ConnectionFailed(
                    f"the certificate of {self.host}:{self.port} is not trusted "
                    f"({e.verify_message}); give ca_file= the IE's certificate (PEM)"
                ) from None
            except socket.timeout:
                self.close()
                raise errors.ConnectionFailed(
                    f"no answer from {self.url} within {self.timeout:g} s"
                ) from None
            except ConnectionRefusedError:
                self.close()
                raise errors.ConnectionFailed(
                    f"cannot reach {self.url}: nothing listens on {self.host}:{self.port}"
                ) from None
            except socket.gaierror as e:
                self.close()
                raise errors.ConnectionFailed(
                    f"cannot reach {self.url}: unknown host {self.host!r} ({e.strerror})"
                ) from None
            except (OSError, http.client.HTTPException) as e:
                self.close()
                raise errors.ConnectionFailed(f"cannot reach {self.url}: {e}") from None
        raise AssertionError("unreachable")

    def _response(self, operation, status, reason, data):
        root = None
        if data[:64].lstrip()[:1] == b"<":
            try:
                root = etree.fromstring(data, _PARSER)
            except etree.XMLSyntaxError:
                root = None
        body = root.find(_BODY) if root is not None else None
        if body is None or len(body) == 0:
            if status == 401:
                raise errors.NotAuthenticated(
                    "NOT_AUTHENTICATED", f"{self.url} refused the credentials (HTTP 401)"
                )
            raise errors.NotAnInstrumentElement(
                f"{self.url} answered HTTP {status} {reason} without a SOAP response: is it the "
                f"Instrument Element's SOAP endpoint (http://host:port{DEFAULT_PATH})?"
            )
        answer = body[0]
        if answer.tag == _FAULT:
            raise fault_from_xml(answer, status)
        if answer.tag != q(operation + "Response"):
            raise errors.NotAnInstrumentElement(
                f"{self.url} answered {operation} with {answer.tag}, not {operation}Response"
            )
        return answer


def fault_from_xml(fault, status=None):
    """The exception for a ``soap:Fault``: the class of its IE code (``detail/fault/code``)."""
    faultcode = fault.findtext("faultcode") or ""
    faultstring = fault.findtext("faultstring") or ""
    detail = fault.find(f"detail/{q('fault')}")
    if detail is None:
        # Not one of the IE's own faults (a proxy or another service answering)
        return errors.NotAnInstrumentElement(
            f"a SOAP fault without the IE's detail (HTTP {status}): {faultcode} {faultstring}"
        )
    code = detail.findtext(q("code")) or "UNKNOWN"
    return errors.fault_class(code)(
        code,
        detail.findtext(q("message")) or faultstring,
        im=detail.findtext(q("im")),
        item=detail.findtext(q("item")),
        client_error=faultcode.endswith("Client"),
    )


def plain(element):
    """An answer element as plain Python: its text when it has no child elements, else a dict of
    its children by local name (a list where a name repeats), for the operations this client
    does not model (alarms, recordings)."""
    if element is None:
        return None
    children = [c for c in element if isinstance(c.tag, str)]
    if not children:
        return element.text
    out = {}
    for c in children:
        name = etree.QName(c).localname
        value = plain(c)
        if name in out:
            if not isinstance(out[name], list):
                out[name] = [out[name]]
            out[name].append(value)
        else:
            out[name] = value
    return out
