"""The entry point: one Instrument Element, its SOAP endpoint and (once used) its broker."""

import base64
import dataclasses
import threading
import weakref

from . import errors as errors_module
from . import model
from .broker import BrokerConnection
from .manager import InstrumentManager
from .soap import SoapEndpoint, field, plain, q
from .subscription import Stream, Subscription


class InstrumentElement:
    """An Instrument Element, reached at its SOAP endpoint with an HTTP Basic user::

        ie = InstrumentElement("http://localhost:8080/ie/services/InstrumentElement", "observer", "observer")
        scope = ie["lab/scope"]
        trace = scope.get("waveform")          # numpy float64 array with .time, .units, .timestamp

    Nothing is sent until the first call. Subscriptions use the IE's STOMP broker, with the same
    user, over one connection opened at the first ``subscribe`` or ``stream``.

    :param url: the SOAP endpoint the IE prints at start-up; ``http://host:port`` alone gets the
        default path ``/ie/services/InstrumentElement``
    :param ca_file: PEM certificates to trust for HTTPS and broker TLS (the IE's self-signed
        development certificate, say); None: the system's
    :param verify: False turns HTTPS certificate checks off (never on a laboratory network)
    :param timeout: seconds to connect and to wait for each answer
    :param stomp_url: the broker's STOMP URL, when the one the IE gives (``stompUrl`` of
        ``getSubscriptionInfo``) is not reachable from here under that name
    :param ssl: TLS to the broker: None (when the STOMP URL says ``stomp+ssl://``), True, False
    """

    #: The exception classes, so that ``ie.errors.OutOfRange`` works on an instance too.
    errors = errors_module

    def __init__(
        self,
        url,
        user=None,
        password=None,
        *,
        ca_file=None,
        verify=True,
        timeout=30.0,
        stomp_url=None,
        ssl=None,
    ):
        self._soap = SoapEndpoint(
            url, user, password, ca_file=ca_file, verify=verify, timeout=timeout
        )
        self.url = self._soap.url
        self._user, self._password = user, password
        self._ca_file = ca_file
        self._stomp_url = stomp_url
        self._ssl = ssl
        self._broker = None
        self._broker_lock = threading.Lock()
        self._managers = {}
        self._consumers = weakref.WeakSet()  # open subscriptions and streams, closed by close()

    def __repr__(self):
        return f"<InstrumentElement {self.url}>"

    def __getitem__(self, path):
        """The IM at ``path`` (``"lab/scope"``): a proxy, nothing is asked yet. The same proxy
        each time, so that what it learnt (whether vectors have a time axis) is asked once."""
        path = path.strip("/")
        manager = self._managers.get(path)
        if manager is None:
            manager = self._managers.setdefault(path, InstrumentManager(self, path))
        return manager

    def ims(self):
        """The IMs this user may observe, parents before children (:class:`model.ImSummary`)."""
        response = self._soap.call("listInstrumentManagers")
        return [model.ImSummary.from_xml(e) for e in response.iterfind(q("instrumentManager"))]

    def status(self):
        """Readiness, resources, every IM's state and every operation's figures."""
        return model.Status.from_xml(self._soap.call("getStatus").find(q("status")))

    def reservations(self):
        """The reservations this user may observe."""
        response = self._soap.call("listReservations")
        return [model.Reservation.from_xml(e) for e in response.iterfind(q("reservation"))]

    def login_failures(self):
        """Addresses and user names with recent failed passwords (an admin of everything)."""
        response = self._soap.call("listLoginFailures")
        return [model.LoginFailure.from_xml(e) for e in response.iterfind(q("entry"))]

    def clear_login_failures(self, key=None):
        """Forgets the failed passwords of an address or user name, or of all (an admin of
        everything). Returns how many were forgotten."""
        response = self._soap.call("clearLoginFailures", field("key", key))
        return int(response.findtext(q("cleared")))

    def discover_instruments(self, *, timeout=None, subnets=(), networks=(), max_instruments=None,
                             mdns=None, broadcast=None, portmapper_port=None, gpib=None):
        """Finds the instruments on the IE's networks (an admin of everything): a dict with
        ``instrument`` (each with ``host``, ``identity``, ``resource``, ``foundBy``, ``match``,
        ``configuration``, ``note``), ``searched``, ``problem`` and ``tookMillis``.

        :param timeout: seconds to listen for answers (0.5 to 30; the IE's default 3)
        :param networks: addresses of the IE's host whose networks are searched ("127.0.0.1")
        """
        response = self._soap.call(
            "discoverInstruments",
            field("timeoutMillis", None if timeout is None else int(timeout * 1000)),
            *(field("subnet", s) for s in subnets),
            *(field("network", n) for n in networks),
            field("maxInstruments", max_instruments),
            field("mdns", mdns),
            field("broadcast", broadcast),
            field("portmapperPort", portmapper_port),
            field("gpib", gpib),
        )
        return plain(response) or {}

    def add_instrument_manager(self, name, *, type=None, descriptor=None, address=None,
                               description=None, **settings):
        """Adds a top-level IM at run time, built from these ``im.<name>.*`` settings as the
        configuration builds IMs, kept across restarts (an admin of everything). Other settings
        by keyword, dots written as ``__`` (``param__points=1000``). Returns the IM as listed."""
        response = self._soap.call(
            "addInstrumentManager",
            field("name", name),
            field("type", type),
            field("descriptor", descriptor),
            field("address", address),
            field("description", description),
            *(
                field("setting", [field("name", k.replace("__", ".")), field("value", v)])
                for k, v in settings.items()
            ),
        )
        return plain(response.find(q("instrumentManager")))

    def remove_instrument_manager(self, im):
        """Removes an IM added at run time, for good (an admin of everything)."""
        response = self._soap.call("removeInstrumentManager", field("im", im))
        return response.findtext(q("removed")) == "true"

    def alarms(self, im=None):
        """The active alarms the caller may observe, of one IM subtree or of all, as dicts."""
        response = self._soap.call("listAlarms", field("im", im))
        return [plain(a) for a in response]

    def acknowledge_alarm(self, alarm_id):
        """Acknowledges an active alarm in the caller's name; returns the alarm as a dict."""
        response = self._soap.call("acknowledgeAlarm", field("id", alarm_id))
        return plain(response.find(q("alarm")))

    def configure_alarm_limits(self, im, attribute, statistic=None, *, low_alarm=None,
                               low_warning=None, high_warning=None, high_alarm=None,
                               hysteresis=None, delay=None):
        """Sets (or, with no limit given, removes) the alarm limits of an attribute's value or of
        a statistic of a vector (``min``, ``max``, ``mean``, ``rms``, ``peakToPeak``); ``delay`` in
        seconds. Needs admin rights."""
        response = self._soap.call(
            "configureAlarmLimits",
            field("im", im),
            field("attribute", attribute),
            field("statistic", statistic),
            field("lowAlarm", low_alarm),
            field("lowWarning", low_warning),
            field("highWarning", high_warning),
            field("highAlarm", high_alarm),
            field("hysteresis", hysteresis),
            field("delayMillis", None if delay is None else round(delay * 1000)),
        )
        return plain(response)

    def alarm_limits(self, im=None):
        """The alarm limits in effect on the attributes the caller may observe, as dicts."""
        response = self._soap.call("listAlarmLimits", field("im", im))
        return [plain(a) for a in response]

    def start_recording(self, items, *, duration=None, max_samples=None, max_bytes=None,
                        note=None):
        """Starts recording ``items``, a list of ``(im, attribute)`` pairs, into HDF5 files;
        ``duration`` in seconds. Returns the recording as a dict (its id under ``recording``)."""
        response = self._soap.call(
            "startRecording",
            *[field("item", [field("im", im), field("attribute", a)]) for im, a in items],
            field("durationMillis", None if duration is None else round(duration * 1000)),
            field("maxSamples", max_samples),
            field("maxBytes", max_bytes),
            field("note", note),
        )
        return plain(response.find(q("recording")))

    def stop_recording(self, recording):
        """Stops a recording once it has written what it took; returns it as a dict."""
        response = self._soap.call("stopRecording", field("recording", recording))
        return plain(response.find(q("recording")))

    def recordings(self):
        """The recordings the caller may read, as dicts."""
        response = self._soap.call("listRecordings")
        return [plain(r) for r in response]

    def describe_recording(self, recording):
        """One recording in full (its segments and what it recorded), as a dict."""
        response = self._soap.call("describeRecording", field("recording", recording))
        return plain(response.find(q("recording")))

    def delete_recording(self, recording):
        """Deletes a recording that is not running; returns the response as a dict."""
        return plain(self._soap.call("deleteRecording", field("recording", recording)))

    def download_recording(self, recording, segment):
        """The bytes of one segment file of a recording (an HDF5 file, sent inline as base64)."""
        response = self._soap.call(
            "downloadRecording", field("recording", recording), field("segment", segment)
        )
        return base64.b64decode(response.findtext(q("data")) or "")

    def subscriptions(self, im=None):
        """Every subscribable attribute (of one IM and below, if given) with topics and figures."""
        response = self._soap.call("listSubscriptions", field("im", im))
        return [model.SubscriptionInfo.from_xml(e) for e in response.iterfind(q("subscription"))]

    # Subscriptions

    def subscribe(
        self,
        im,
        attribute,
        callback,
        *,
        on_gap=None,
        on_restart=None,
        on_connection_lost=None,
        on_connection_restored=None,
        on_resynchronised=None,
        buffer=100,
        codes=False,
        max_pending=0,
    ):
        """Calls ``callback(value)`` for every new value of a subscribable attribute, in order,
        on a thread of the subscription's own. Returns the :class:`Subscription` (``close()``
        ends it; ``received``, ``gaps``, ``missed``, ``duplicates``, ``dropped`` count).

        :param on_gap: ``on_gap(expected, received)``: the values with sequence numbers from
            ``expected`` to ``received - 1`` were missed (the broker dropped them for this slow
            subscriber, or they were published while the connection was down)
        :param on_restart: ``on_restart(old_epoch, new_epoch)``: the IE restarted
        :param on_connection_lost: ``on_connection_lost()``: reconnecting by itself
        :param on_connection_restored: ``on_connection_restored()``
        :param on_resynchronised: ``on_resynchronised(value)``: after a reconnect, the current
            value read with ``get``
        :param buffer: messages in flight at most (the broker holds, then drops, the rest)
        :param codes: for a trace the instrument sends as 8/16-bit codes, subscribe to its codes
            topic (``<topic>.codes``): the values are the same doubles, bit for bit, from a
            quarter to an eighth of the bytes, and carry the raw ``codes`` with ``scale`` and
            ``offset``; not resynchronised with ``get`` after a reconnect (the broker's last
            message of the topic comes instead)
        :param max_pending: messages the broker may hold for this subscription beyond the
            ``buffer`` while it is behind; 0 (the default) leaves the broker's own limit (the
            topic's last ``broker.pendingTime``). Over a slow link, ``buffer=1, max_pending=1``
            gives each value as fresh as the link allows rather than every value: a subscriber that
            falls behind or stalls gets the newest value when it moves again; the broker drops the
            older ones (the IE counts them as ``discarded``) and they are reported as gaps
            (``on_gap``, ``missed``). It can only lower what the broker holds.
        """
        callbacks = dict(
            on_gap=on_gap,
            on_restart=on_restart,
            on_connection_lost=on_connection_lost,
            on_connection_restored=on_connection_restored,
            on_resynchronised=on_resynchronised,
        )
        info, broker = self._subscription_target(im, attribute, codes)
        resync = None if codes else self._resynchroniser(im, attribute)
        sub = Subscription(broker, info, resync, buffer, callback, callbacks, max_pending)
        sub._start()
        self._consumers.add(sub)
        return sub

    def stream(
        self, im, attribute, *, timeout=None, buffer=100, codes=False, max_pending=0, **callbacks
    ):
        """The values of a subscribable attribute as an iterator: ``for v in ie.stream(...)``.

        Leaving the loop ends the subscription; ``timeout`` (s) raises ``TimeoutError`` when no
        value comes for that long. The callbacks of :meth:`subscribe` (``on_gap``...) may be given
        and run in the loop's thread; ``codes`` and ``max_pending`` as for :meth:`subscribe`.
        """
        unknown = set(callbacks) - {
            "on_gap",
            "on_restart",
            "on_connection_lost",
            "on_connection_restored",
            "on_resynchronised",
        }
        if unknown:
            raise TypeError(f"unknown options: {', '.join(sorted(unknown))}")
        info, broker = self._subscription_target(im, attribute, codes)
        resync = None if codes else self._resynchroniser(im, attribute)
        stream = Stream(broker, info, resync, buffer, timeout, callbacks, max_pending)
        stream._start()
        self._consumers.add(stream)
        return stream

    def _resynchroniser(self, im, attribute):
        manager = self[im]
        return lambda: manager.get(attribute)

    def _subscription_target(self, im, attribute, codes=False):
        info = self[im].subscription_info(attribute)
        if codes:
            # docs/subscriptions.md, "Traces as the instrument's codes": <topic>.codes
            info = dataclasses.replace(
                info,
                topic=info.topic + ".codes",
                stomp_destination=info.stomp_destination and info.stomp_destination + ".codes",
                mqtt_topic=info.mqtt_topic and info.mqtt_topic + "/codes",
            )
        return info, self._broker_for(info)

    def _broker_for(self, info):
        with self._broker_lock:
            if self._broker is None:
                url = self._stomp_url or info.stomp_url
                if not url:
                    raise errors_module.BrokerUnreachable(
                        "the IE gives no STOMP URL for its broker (STOMP off?); give stomp_url="
                    )
                self._broker = BrokerConnection(
                    url, self._user, self._password, ssl=self._ssl, ca_file=self._ca_file
                )
            return self._broker

    def close(self):
        """Ends every subscription and stream and closes the connections."""
        for consumer in list(self._consumers):
            consumer.close()
        with self._broker_lock:
            broker, self._broker = self._broker, None
        if broker is not None:
            broker.close()
        self._soap.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
