"""One Instrument Manager (IM) of an IE, by path: ``scope = ie["lab/scope"]``.

A proxy: creating it asks nothing; every method is one SOAP call, except that the first ``get``
also asks ``describe`` which vectors have a time axis (``ie[path]`` gives the same proxy each time,
so that happens once).
"""

import contextlib
import time

import numpy as np

from . import errors, model
from .soap import field, q
from .xml_values import value_from_xml, value_to_xml

# Attributes that give a vector's time axis when an IM has them (the oscilloscope and the SCPI
# scope profiles do; the VCR portal uses the same pair).
TIME_INCREMENT = "timeIncrement"
TIME_ORIGIN = "timeOrigin"

_VALUE = q("value")


class InstrumentManager:
    """An IM of an Instrument Element; see :meth:`InstrumentElement.__getitem__`."""

    def __init__(self, element, path):
        self._ie = element
        self._soap = element._soap
        self.path = path
        self._timed = None  # vector attributes with a time axis, once describe() has told

    def __repr__(self):
        return f"<InstrumentManager {self.path} of {self._soap.url}>"

    def _call(self, operation, *fields):
        return self._soap.call(operation, field("im", self.path), *fields)

    # Reading

    def describe(self):
        """Everything about the IM: state, parameters (with current values), attributes,
        commands, children (:class:`model.ImDescription`)."""
        d = model.ImDescription.from_xml(
            self._call("describeInstrumentManager").find(q("description"))
        )
        has_axis = TIME_INCREMENT in d.attributes and TIME_ORIGIN in d.attributes
        self._timed = {
            a.name for a in d.attributes.values() if has_axis and a.type == "DOUBLE_ARRAY"
        }
        return d

    @property
    def state(self):
        """The IM's state now: ``UNLINKED``, ``LINKED``, ``RUNNING`` or ``ERROR``."""
        return self._call("getState").findtext(q("state"))

    @property
    def last_error(self):
        """Why the IM is in ERROR (None in other states)."""
        return self._call("getState").findtext(q("lastError"))

    def get(self, attribute, encoding="BINARY", time_axis=True, max_age=None):
        """Reads an attribute: a :class:`Vector` (numpy float64) for a vector, else a scalar with
        ``timestamp``, ``quality`` and ``units``.

        :param encoding: ``BINARY`` (default: base64 of the raw doubles, 1.35 times their size)
            or ``XML`` (a text list, 2.4 times); both give exactly the same doubles; ``CODES``
            as BINARY, except that a trace the instrument sent as 8/16-bit codes comes as those
            codes (a quarter or an eighth of BINARY's bytes) and gives the same doubles, with
            ``codes``, ``scale`` and ``offset`` on the vector
        :param time_axis: for an IM with ``timeIncrement`` and ``timeOrigin`` (an oscilloscope),
            read them in the same call and set ``vector.time`` (seconds from the trigger)
        :param max_age: seconds: a value the IE read at most this long ago (for another client
            or its sampler) will do, without a new read of the instrument; None (default) or 0:
            read it now
        """
        if time_axis and attribute in self._timed_attributes():
            values = self._get_attributes(
                [attribute, TIME_INCREMENT, TIME_ORIGIN], encoding, max_age
            )
            value = values[attribute]
            if isinstance(value, np.ndarray):
                value.time = float(values[TIME_ORIGIN]) + np.arange(len(value)) * float(
                    values[TIME_INCREMENT]
                )
            return value
        response = self._call(
            "getAttribute",
            field("attribute", attribute),
            field("encoding", encoding),
            field("maxAge", _millis(max_age)),
        )
        value = value_from_xml(response.find(_VALUE))
        value.name = attribute
        return value

    def get_many(self, attributes, encoding="BINARY", max_age=None):
        """Reads several attributes in one call: a dict name -> value, in the order asked
        (``max_age`` as for :meth:`get`)."""
        return self._get_attributes(list(attributes), encoding, max_age)

    def _get_attributes(self, names, encoding, max_age=None):
        response = self._call(
            "getAttributes",
            *(field("attribute", n) for n in names),
            field("encoding", encoding),
            field("maxAge", _millis(max_age)),
        )
        values = {}
        for e in response.iterfind(_VALUE):
            v = value_from_xml(e)
            values[v.name] = v
        return {n: values[n] for n in names}

    def _timed_attributes(self):
        if self._timed is None:
            self.describe()
        return self._timed

    def time_axis(self, length):
        """Sample times (s from the trigger) for a vector of ``length`` samples, from the IM's
        ``timeOrigin`` and ``timeIncrement`` (e.g. for values that arrive by subscription)."""
        v = self.get_many([TIME_ORIGIN, TIME_INCREMENT])
        return float(v[TIME_ORIGIN]) + np.arange(length) * float(v[TIME_INCREMENT])

    def get_parameter(self, parameter):
        """A parameter's current value."""
        value = value_from_xml(
            self._call("getParameter", field("parameter", parameter)).find(_VALUE)
        )
        value.name = parameter
        return value

    # Changing

    def set(self, **parameters):
        """Sets parameters, in the order given: ``scope.set(timebase=1e-3, channel="CH2")``.

        Values are typed by their Python type (float, int, bool, str). Returns a dict of the
        values now in effect (converted to each parameter's type by the IE). Stops at the first
        refusal, raising its fault (``errors.OutOfRange``...); the ones before it are set.
        """
        return {name: self.set_parameter(name, value) for name, value in parameters.items()}

    def set_parameter(self, parameter, value):
        """Sets one parameter; returns the value now in effect."""
        response = self._call("setParameter", field("parameter", parameter), value_to_xml(value))
        return value_from_xml(response.find(_VALUE))

    def set_attribute(self, attribute, value):
        """Writes a writable attribute (``triggerLevel``...); returns the value written."""
        response = self._call("setAttribute", field("attribute", attribute), value_to_xml(value))
        return value_from_xml(response.find(_VALUE))

    def run(self, command, **arguments):
        """Runs a command: ``scope.run("measure", quantity="RMS")``. Returns its result (a value
        with metadata) or None for commands without one; the IM's state afterwards is in
        :attr:`state` (the lifecycle methods :meth:`link`... return it). A long-running command
        (``scope.run("acquireAverage", count=64)``) is waited for: its failure raises its fault,
        a cancel :class:`errors.Cancelled`."""
        state, result, status = self._execute(command, arguments)
        if status is None:
            return result
        status = self.wait(status.command_id)
        if status.state == "SUCCEEDED":
            return status.result
        raise errors.fault_class(status.fault_code)(
            status.fault_code, status.error or status.state, self.path, command, False
        )

    def _execute(self, command, arguments, wait=None):
        response = self._call(
            "executeCommand",
            field("command", command),
            *(value_to_xml(v, "argument", name=k) for k, v in arguments.items()),
            field("waitSeconds", None if wait is None else repr(float(wait))),
        )
        result = response.find(q("result"))
        status = response.find(q("status"))
        return (
            response.findtext(q("state")),
            None if result is None else value_from_xml(result),
            None if status is None else model.CommandStatus.from_xml(status),
        )

    # Long-running commands (docs/long-running-commands.md)

    def begin(self, command, wait=None, **arguments):
        """Starts a long-running command and returns its :class:`model.CommandStatus` at once
        (or once it ended, if within ``wait`` seconds): ``run = scope.begin("acquireAverage",
        count=64)``, then :meth:`command_status`, :meth:`wait`, :meth:`cancel` with
        ``run.command_id``."""
        status = self._execute(command, arguments, wait)[2]
        if status is None:
            raise ValueError(f"{command} on {self.path} is not a long-running command")
        return status

    def command_status(self, command_id):
        """The status of a long-running command now: progress, intermediate results, result."""
        response = self._call("getCommandStatus", field("commandId", command_id))
        return model.CommandStatus.from_xml(response.find(q("status")))

    def cancel(self, command_id):
        """Asks a long-running command to stop at its next step; returns its status."""
        response = self._call("cancelCommand", field("commandId", command_id))
        return model.CommandStatus.from_xml(response.find(q("status")))

    def commands(self):
        """The long-running commands of this IM kept by the IE, newest first (no results)."""
        response = self._call("listCommands")
        return [model.CommandStatus.from_xml(s) for s in response.iterfind(q("status"))]

    def wait(self, command_id, timeout=None, poll=0.2, progress=None):
        """Polls a long-running command until it ends and returns its final status.

        :param timeout: seconds; None waits as long as it takes (:class:`TimeoutError` after it)
        :param progress: called with each status while it runs (e.g. to print ``status.text``)
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            status = self.command_status(command_id)
            if status.state != "RUNNING":
                return status
            if progress is not None:
                progress(status)
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError(f"{status.command} on {self.path} still running: {status.text}")
            time.sleep(poll)

    def link(self):
        """Connects to the instrument; returns the new state."""
        return self._execute("link", {})[0]

    def unlink(self):
        """Releases the instrument; returns the new state."""
        return self._execute("unlink", {})[0]

    def start(self):
        """Begins continuous acquisition; returns the new state."""
        return self._execute("start", {})[0]

    def stop(self):
        """Ends continuous acquisition; returns the new state."""
        return self._execute("stop", {})[0]

    def reset(self):
        """Reconnects and re-applies the parameters; returns the new state."""
        return self._execute("reset", {})[0]

    # Reservations

    def reserve(self, minutes=None, seconds=None):
        """Reserves the IM and everything below it for this user (default 5 min, at most 8 h)."""
        return self._reservation("reserve", minutes, seconds)

    def renew(self, minutes=None, seconds=None):
        """Extends this user's reservation."""
        return self._reservation("renewReservation", minutes, seconds)

    def release(self):
        """Ends this user's reservation; True if there was one."""
        return self._call("releaseReservation").findtext(q("released")) == "true"

    def break_reservation(self):
        """Ends anybody's reservation (admin role); True if there was one."""
        return self._call("breakReservation").findtext(q("broken")) == "true"

    @contextlib.contextmanager
    def reserved(self, minutes=None, seconds=None):
        """``with scope.reserved(minutes=5):`` reserves, and releases when the block ends (also
        on an exception). Yields the :class:`model.Reservation`."""
        reservation = self.reserve(minutes, seconds)
        try:
            yield reservation
        finally:
            self.release()

    def _reservation(self, operation, minutes, seconds):
        millis = None
        if minutes is not None or seconds is not None:
            millis = round(((minutes or 0) * 60 + (seconds or 0)) * 1000)
        response = self._call(operation, field("durationMillis", millis))
        return model.Reservation.from_xml(response.find(q("reservation")))

    def provenance(self, revision=None):
        """Where the IM's values came from at a provenance revision (the ``provenance`` of a value
        read or received; None: the current one): the IE, the IM and its instrument, every
        parameter's value and the changes that led there (:class:`model.Provenance`)."""
        response = self._call("getProvenance", field("revision", revision))
        return model.Provenance.from_xml(response.find(q("provenance")))

    # History (docs/history.md)

    def history(self, attribute, start=None, end=None, points=None, limit=None, packed=True):
        """What an archived attribute did between ``start`` and ``end``.

        ``start`` and ``end`` are ``datetime`` (naive ones are UTC), ``numpy.datetime64`` or
        seconds since the epoch; ``end`` defaults to now and ``start`` to an hour before it.

        With ``points=None`` every sample (raw): a :class:`model.History` whose arrays ``time``
        (``datetime64[ns]``), ``value`` (float64; empty for a vector), ``quality`` (the quality
        names), ``sequence`` and ``provenance`` hold them in time order, the IE's continuation
        tokens followed until the range is done (``limit`` samples per call, default the IE's
        most). With ``points=N`` the range cut into N buckets, one trend point each: ``time``
        (bucket start), ``end``, ``count``, ``min``, ``max``, ``mean``, ``first``, ``last``
        (NaN in an empty bucket), ``worst_quality`` and ``gap`` (a gap covers part of it). Either
        way ``gaps`` lists the spans with nothing archived, and why.

        Raw samples come in packed columns (about 10 bytes a sample instead of 33, decoded with
        numpy: :mod:`instrument_element.packed`); ``packed=False`` asks for the plain BINARY
        columns, as an IE older than packed columns answers.
        """
        fields = [field("attribute", attribute)]
        end_field = None if end is None else _datetime_text(end)
        start_field = None if start is None else _datetime_text(start)
        if points is not None:
            response = self._call(
                "getHistory",
                *fields,
                field("from", start_field),
                field("to", end_field),
                field("buckets", int(points)),
            )
            return model.History.from_buckets(response.find(q("history")))
        parts = []
        token = None
        while True:
            response = self._call(
                "getHistory",
                *fields,
                field("from", None if token else start_field),
                field("to", None if token else end_field),
                field("limit", limit),
                field("continuation", token),
                field("encoding", "BINARY"),
                field("packed", True if packed else None),
            )
            page = response.find(q("history"))
            parts.append(page)
            token = page.findtext(q("continuation"))
            if not token:
                return model.History.from_raw_pages(parts)

    def history_value(self, attribute, time, encoding="BINARY"):
        """The archived value of an attribute at or before ``time`` (a whole vector), with its
        ``timestamp``, ``quality``, ``provenance`` and ``sequence``.

        :param encoding: as for :meth:`get`: ``BINARY`` (default) or ``XML`` give doubles;
            ``CODES`` gives a trace the archive keeps as codes as those codes, with ``codes``,
            ``scale`` and ``offset`` on the vector, and the same doubles
        """
        response = self._call(
            "getHistoryValue",
            field("attribute", attribute),
            field("time", _datetime_text(time)),
            field("encoding", encoding),
        )
        value = value_from_xml(response.find(_VALUE))
        value.name = attribute
        value.sequence = int(response.findtext(q("sequence")))
        return value

    # Subscriptions

    def subscription_info(self, attribute):
        """The topic, broker addresses, sampling settings and figures of a subscribable attribute."""
        response = self._call("getSubscriptionInfo", field("attribute", attribute))
        return model.SubscriptionInfo.from_xml(response.find(q("subscription")))

    def configure_sampling(
        self, attribute, period=None, deadband=None, relative_deadband=None, heartbeat=None
    ):
        """Changes how an attribute is sampled for its subscribers (admin role); None leaves a
        setting unchanged. ``period`` and ``heartbeat`` in seconds (0: off); a period that is not
        whole milliseconds is sent in microseconds (at least 100 µs)."""
        micros = None if period is None else round(period * 1_000_000)
        whole_millis = micros is not None and micros % 1000 == 0
        response = self._call(
            "configureSampling",
            field("attribute", attribute),
            field("samplingPeriodMillis", micros // 1000 if whole_millis else None),
            field("deadband", None if deadband is None else repr(float(deadband))),
            field(
                "relativeDeadband",
                None if relative_deadband is None else repr(float(relative_deadband)),
            ),
            field("heartbeatMillis", None if heartbeat is None else round(heartbeat * 1000)),
            field("samplingPeriodMicros", None if micros is None or whole_millis else micros),
        )
        return model.SubscriptionInfo.from_xml(response.find(q("subscription")))

    def subscribe(self, attribute, callback, **options):
        """Same as ``ie.subscribe(self.path, attribute, callback, ...)``."""
        return self._ie.subscribe(self.path, attribute, callback, **options)

    def stream(self, attribute, **options):
        """Same as ``ie.stream(self.path, attribute, ...)``."""
        return self._ie.stream(self.path, attribute, **options)


def _datetime_text(t):
    """A time as the xs:dateTime the IE takes: UTC, microseconds."""
    import datetime

    if isinstance(t, np.datetime64):
        return str(np.datetime_as_string(t.astype("datetime64[us]"), timezone="UTC"))
    if isinstance(t, (int, float)):
        t = datetime.datetime.fromtimestamp(t, datetime.timezone.utc)
    if t.tzinfo is None:
        t = t.replace(tzinfo=datetime.timezone.utc)
    return t.astimezone(datetime.timezone.utc).isoformat(timespec="microseconds")


def _millis(seconds):
    """A maxAge in seconds as the whole milliseconds the IE takes (None stays None)."""
    return None if seconds is None else int(round(seconds * 1000))
