"""One STOMP connection to the IE's broker, reconnecting by itself, shared by subscriptions.

stomp.py (Debian's python3-stomp) speaks the protocol; this module adds what the Java client gets
from ActiveMQ's failover transport: when the connection drops it reconnects (50 ms, doubling to
``max_reconnect_delay``), subscribes again and lets every subscription resynchronise. It also
reads 64 kB per ``recv`` instead of stomp.py's 1 kB, which halves the client's CPU per 20 kB vector.
"""

import itertools
import logging
import socket
import ssl as ssl_module
import threading
import urllib.parse

from stomp.connect import BaseConnection
from stomp.listener import ConnectionListener
from stomp.protocol import Protocol11
from stomp.transport import Transport

from . import errors

log = logging.getLogger("instrument_element")

# stomp.py logs every frame at INFO: a lab script that turns INFO on would print a line per value.
# Quieter by default; a script that sets the "stomp.py" logger's level itself still gets its way.
_stomp_log = logging.getLogger("stomp.py")
if _stomp_log.level == logging.NOTSET:
    _stomp_log.setLevel(logging.WARNING)

RECEIVE_BYTES = 65536
DISCONNECT_WAIT = 2.0
TLS_SCHEMES = ("stomp+ssl", "stomp+tls", "stomps", "ssl")


class _StompConnection(BaseConnection, Protocol11):
    """stomp.py's STOMP 1.1 connection, built with our receive size and without its own retries."""

    def __init__(self, host, port, heartbeats, timeout):
        transport = Transport(
            [(host, port)],
            prefer_localhost=False,
            try_loopback_connect=False,  # it would bypass TLS settings made for the host name
            reconnect_sleep_initial=0,
            reconnect_attempts_max=1,
            timeout=timeout,
            auto_decode=False,
            recv_bytes=RECEIVE_BYTES,
        )
        BaseConnection.__init__(self, transport)
        Protocol11.__init__(self, transport, heartbeats)
        self.disconnected = threading.Event()  # set by _Listener.on_disconnected

    def connect(self, *args, **kwargs):
        self.transport.start()
        Protocol11.connect(self, *args, **kwargs)

    def disconnect(self, receipt=None, headers=None, **keyword_headers):
        """Says DISCONNECT and closes the socket when the broker confirms it (stomp.py does), or
        after ``DISCONNECT_WAIT`` seconds if it does not: closing never hangs on a dead broker."""
        Protocol11.disconnect(self, receipt, headers, **keyword_headers)
        if not self.disconnected.wait(DISCONNECT_WAIT):
            self.transport.disconnect_socket()


class _Listener(ConnectionListener):
    """Receives the frames of one connection (one generation) on stomp.py's receiving thread."""

    def __init__(self, broker, generation, connection):
        self.broker = broker
        self.connection = connection
        self.generation = generation
        self.connected = threading.Event()
        self.error = None
        self.receipts = {}

    def on_connected(self, frame):
        self.connected.set()

    def on_error(self, frame):
        message = frame.headers.get("message") or (frame.body or b"").decode("utf-8", "replace")
        receipt = frame.headers.get("receipt-id")
        if receipt in self.receipts:
            self.receipts[receipt][1] = message.strip()
            self.receipts[receipt][0].set()
        elif not self.connected.is_set():
            self.error = message.strip()
            self.connected.set()
        else:
            log.warning("the broker reported an error: %s", message.strip())

    def on_receipt(self, frame):
        waiting = self.receipts.get(frame.headers.get("receipt-id"))
        if waiting is not None:
            waiting[0].set()

    def on_message(self, frame):
        consumer = self.broker.consumer(frame.headers.get("subscription"))
        if consumer is not None:
            consumer._inbox.put_message(frame.headers, frame.body, self.generation)

    def on_disconnected(self):
        self.connection.disconnected.set()
        self.connected.set()  # wakes a connect() still waiting
        for waiting in list(self.receipts.values()):
            if not waiting[0].is_set():
                waiting[1] = "the connection was lost"
                waiting[0].set()
        self.broker._connection_lost(self.generation)


class BrokerConnection:
    """A STOMP connection for subscriptions, reconnecting until closed.

    :param url: ``stomp://host:port`` (``stomp+ssl://`` for TLS), as ``getSubscriptionInfo`` gives
    :param ssl: None (TLS when the URL's scheme says so), True (TLS, checked against ``ca_file``
        or the system's certificates), or False
    :param ca_file: PEM file of certificates to trust for TLS
    """

    def __init__(
        self,
        url,
        username,
        password,
        ssl=None,
        ca_file=None,
        timeout=10.0,
        heartbeats=(10000, 10000),
        max_reconnect_delay=2.0,
    ):
        parts = urllib.parse.urlsplit(url)
        if not parts.hostname or not parts.port:
            raise ValueError(f"not a broker URL with host and port: {url!r}")
        self.url = url
        self.host, self.port = parts.hostname, parts.port
        use_tls = ssl if ssl is not None else parts.scheme in TLS_SCHEMES
        self._tls = ssl_module.create_default_context(cafile=ca_file) if use_tls else None
        self._ca_file = ca_file
        self._credentials = (username, password)
        self._timeout = timeout
        self._heartbeats = heartbeats
        self._max_delay = max_reconnect_delay
        self._lock = threading.RLock()
        self._subscriptions = {}  # id -> the subscription (a subscription._Consumer)
        self._ids = itertools.count(1)
        self._generation = 0
        self._conn = None
        self._listener = None
        self._lost = threading.Event()
        self._closing = threading.Event()
        self._open()
        self._supervisor = threading.Thread(
            target=self._supervise, name="ie-broker-reconnect", daemon=True
        )
        self._supervisor.start()

    def _probe(self):
        """Connects once ourselves to turn stomp.py's "could not connect" into the reason."""
        where = f"the broker at {self.host}:{self.port}"
        try:
            with socket.create_connection((self.host, self.port), self._timeout) as sock:
                if self._tls is not None:
                    with self._tls.wrap_socket(sock, server_hostname=self.host):
                        pass
        except ssl_module.SSLCertVerificationError as e:
            raise errors.BrokerUnreachable(
                f"the certificate of {where} is not trusted ({e.verify_message}); "
                "give ca_file= the broker's certificate (PEM)"
            ) from None
        except ConnectionRefusedError:
            raise errors.BrokerUnreachable(f"cannot reach {where}: nothing listens there") from None
        except socket.gaierror as e:
            raise errors.BrokerUnreachable(
                f"cannot reach {where}: unknown host ({e.strerror})"
            ) from None
        except OSError as e:
            raise errors.BrokerUnreachable(f"cannot reach {where}: {e}") from None

    def _open(self):
        """Opens a new connection (a new generation) and logs in; raises when it cannot."""
        self._probe()
        with self._lock:
            self._generation += 1
            generation = self._generation
        conn = _StompConnection(self.host, self.port, self._heartbeats, self._timeout)
        if self._tls is not None:
            conn.set_ssl(
                for_hosts=[(self.host, self.port)],
                ca_certs=self._ca_file or _system_ca_file(),
                cert_validator=_hostname_validator,
            )
        listener = _Listener(self, generation, conn)
        conn.set_listener("instrument_element", listener)
        try:
            conn.connect(*self._credentials, wait=False)
        except Exception as e:
            raise errors.BrokerUnreachable(
                f"cannot connect to the broker at {self.url}: {e}"
            ) from None
        if not listener.connected.wait(self._timeout) or not conn.is_connected():
            _quietly(conn.disconnect)
            if listener.error:
                raise errors.BrokerRefused(
                    f"the broker at {self.url} refused the connection: {listener.error}"
                )
            raise errors.BrokerUnreachable(
                f"the broker at {self.url} did not accept the connection"
            )
        with self._lock:
            self._conn = conn
            self._listener = listener

    def _connection_lost(self, generation):
        """From a receiving thread: only the loss of the connection in use counts (not of an
        attempt that failed, nor of one being closed)."""
        current = self._listener
        if current is not None and current.generation == generation and not self._closing.is_set():
            self._lost.set()

    def subscribe(self, consumer):
        """Subscribes a subscription's inbox to its destination and waits for the broker's
        receipt; returns the subscription's id."""
        with self._lock:
            sub_id = str(next(self._ids))
            self._subscriptions[sub_id] = consumer
        try:
            self._send_subscribe(sub_id, consumer)
        except Exception:
            self.unsubscribe(sub_id)
            raise
        return sub_id

    def _send_subscribe(self, sub_id, consumer):
        destination, prefetch = consumer.info.stomp_destination, consumer._inbox.capacity
        with self._lock:
            conn, listener = self._conn, self._listener
        receipt = f"subscribe-{sub_id}-{listener.generation}"
        waiting = listener.receipts[receipt] = [threading.Event(), None]
        headers = {
            # "client": acknowledged (cumulatively) once taken, so the broker holds at most
            # `prefetch` messages in flight for this subscription
            "activemq.prefetchSize": str(prefetch),  # ActiveMQ
            "prefetch-count": str(prefetch),  # RabbitMQ
            "receipt": receipt,
        }
        if consumer.max_pending:
            # ActiveMQ: hold at most this many more for it while it is behind, dropping the oldest
            headers["activemq.maximumPendingMessageLimit"] = str(consumer.max_pending)
        conn.subscribe(destination, id=sub_id, ack="client", headers=headers)
        if not waiting[0].wait(self._timeout):
            raise errors.BrokerUnreachable(
                f"the broker at {self.url} did not confirm the subscription to {destination}"
            )
        if waiting[1] is not None:
            raise errors.BrokerRefused(
                f"the broker refused the subscription to {destination}: {waiting[1]}"
            )

    def consumer(self, sub_id):
        return self._subscriptions.get(sub_id)

    def acknowledge(self, sub_id, message_id, generation):
        """Acknowledges a message and all before it, unless its connection is gone."""
        with self._lock:
            conn = self._conn if generation == self._generation else None
        if conn is not None and sub_id in self._subscriptions:
            _quietly(conn.ack, message_id, sub_id)

    def unsubscribe(self, sub_id):
        with self._lock:
            entry = self._subscriptions.pop(sub_id, None)
            conn = self._conn
        if entry is not None and conn is not None:
            _quietly(conn.unsubscribe, sub_id)

    def _supervise(self):
        while True:
            self._lost.wait()
            if self._closing.is_set():
                return
            self._lost.clear()
            with self._lock:
                consumers = list(self._subscriptions.values())
            log.warning("lost the connection to the broker at %s; reconnecting", self.url)
            for c in consumers:
                c._inbox.put_event("connection_lost")
            delay = 0.05
            while not self._closing.is_set():
                try:
                    self._open()
                    break
                except errors.IeError as e:
                    log.debug("reconnecting to %s: %s", self.url, e)
                    self._closing.wait(delay)
                    delay = min(delay * 2, self._max_delay)
            if self._closing.is_set():
                return
            with self._lock:
                subscriptions = list(self._subscriptions.items())
            log.info("reconnected to the broker at %s", self.url)
            # Before subscribing again, so that it comes before the values of the new connection.
            for _, c in subscriptions:
                c._inbox.put_event("connection_restored")
            try:
                for sub_id, consumer in subscriptions:
                    self._send_subscribe(sub_id, consumer)
            except errors.IeError as e:
                log.warning("could not subscribe again after reconnecting: %s", e)
                _quietly(self._conn.disconnect)
                self._lost.set()
                continue
            for _, c in subscriptions:
                c._resync()

    def close(self):
        """Closes the connection; subscriptions end."""
        self._closing.set()
        self._lost.set()
        with self._lock:
            conn = self._conn
        if conn is not None:
            _quietly(conn.disconnect)
        self._supervisor.join(5)


def _system_ca_file():
    paths = ssl_module.get_default_verify_paths()
    return paths.cafile or paths.openssl_cafile


def _hostname_validator(cert, hostname):
    """stomp.py checks the certificate chain only; this checks that it names the host."""
    names = [v for k, v in cert.get("subjectAltName", ()) if k in ("DNS", "IP Address")]
    for name in names:
        if name == hostname or (name.startswith("*.") and hostname.split(".", 1)[-1] == name[2:]):
            return True, None
    return False, f"the certificate names {', '.join(names) or 'no host'}, not {hostname}"


def _quietly(call, *args):
    try:
        call(*args)
    except Exception as e:  # the connection is going or gone anyway
        log.debug("ignored while the connection ends: %s", e)
