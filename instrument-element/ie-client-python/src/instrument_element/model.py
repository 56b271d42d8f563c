"""What the IE answers about itself, as plain Python objects (dataclasses).

Read by element name from the responses (docs/soap-api.md, "Operations"): an element the IE adds
later is ignored, one it leaves out becomes None (or an empty list). Names follow Python
(``last_error`` for ``lastError``).
"""

from dataclasses import dataclass, field

import numpy as np
from typing import Dict, List, Optional

from .soap import q
from .values import parse_timestamp
from .xml_values import value_from_xml


class _Fields:
    """Reads the child elements of one response element by name."""

    __slots__ = ("elem",)

    def __init__(self, elem):
        self.elem = elem

    def text(self, name):
        return self.elem.findtext(q(name))

    def texts(self, name):
        return [e.text or "" for e in self.elem.iterfind(q(name))]

    def float(self, name):
        t = self.text(name)
        return None if t is None else float(t)

    def int(self, name):
        t = self.text(name)
        return None if t is None else int(t)

    def bool(self, name):
        t = self.text(name)
        return None if t is None else t.strip() in ("true", "1")

    def time(self, name):
        return parse_timestamp(self.text(name))

    def value(self, name):
        e = self.elem.find(q(name))
        return None if e is None else value_from_xml(e)

    def all(self, name):
        return list(self.elem.iterfind(q(name)))


@dataclass
class ImSummary:
    """One Instrument Manager in ``ie.ims()``: the tree, parents before children."""

    path: str
    name: str
    parent: Optional[str]
    type: str
    description: Optional[str]
    state: str

    @property
    def depth(self):
        """0 for a top-level IM, 1 for its children..."""
        return self.path.count("/")

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            f.text("path"),
            f.text("name"),
            f.text("parent"),
            f.text("type"),
            f.text("description"),
            f.text("state"),
        )


@dataclass
class ItemInfo:
    """What parameters, attributes and command arguments share: type, units, range, choices."""

    name: str
    type: str
    units: Optional[str] = None
    minimum: Optional[float] = None
    maximum: Optional[float] = None
    choices: List[str] = field(default_factory=list)
    max_length: Optional[int] = None
    description: Optional[str] = None

    @staticmethod
    def _item(f):
        return dict(
            name=f.text("name"),
            type=f.text("type"),
            units=f.text("units"),
            minimum=f.float("minimum"),
            maximum=f.float("maximum"),
            choices=f.texts("choice"),
            max_length=f.int("maxLength"),
            description=f.text("description"),
        )


@dataclass
class ParameterInfo(ItemInfo):
    """A parameter: where it can be set, its current value and where that came from."""

    settable_in: List[str] = field(default_factory=list)
    value: object = None
    source: Optional[str] = None
    set_by: Optional[str] = None
    set_at: object = None

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            **cls._item(f),
            settable_in=f.texts("settableIn"),
            value=f.value("value"),
            source=f.text("source"),
            set_by=f.text("setBy"),
            set_at=f.time("setAt"),
        )


@dataclass
class AttributeInfo(ItemInfo):
    """An attribute: whether it can be written or subscribed to, and in which states."""

    writable: bool = False
    subscribable: bool = False
    readable_in: List[str] = field(default_factory=list)
    writable_in: List[str] = field(default_factory=list)

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            **cls._item(f),
            writable=bool(f.bool("writable")),
            subscribable=bool(f.bool("subscribable")),
            readable_in=f.texts("readableIn"),
            writable_in=f.texts("writableIn"),
        )


@dataclass
class ArgumentInfo(ItemInfo):
    """A command argument."""

    required: bool = False
    default: object = None

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            **cls._item(f), required=bool(f.bool("required")), default=f.value("defaultValue")
        )


@dataclass
class CommandInfo:
    """A command: where it is allowed, the state it leads to, its arguments."""

    name: str
    description: Optional[str]
    allowed_in: List[str]
    target_state: Optional[str]
    arguments: Dict[str, ArgumentInfo]
    running_state: Optional[str] = None  # a long-running command's state while it runs

    @property
    def long_running(self):
        """Whether the command answers at once and runs on (see :class:`CommandStatus`)."""
        return self.running_state is not None

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        args = [ArgumentInfo.from_xml(a) for a in f.all("argument")]
        return cls(
            f.text("name"),
            f.text("description"),
            f.texts("allowedIn"),
            f.text("targetState"),
            {a.name: a for a in args},
            f.text("runningState"),
        )


@dataclass
class CommandStatus:
    """A long-running command (docs/long-running-commands.md): ``begin()``, ``command_status()``,
    ``cancel()``. ``intermediate`` holds the newest intermediate results, each value's ``name``
    its index from 1."""

    command_id: str
    im: str
    command: str
    state: str
    progress: float
    text: Optional[str]
    started: object
    ended: object
    elapsed: float
    remaining: Optional[float]
    intermediate_count: int
    intermediate: list
    result: object
    fault_code: Optional[str]
    error: Optional[str]
    cancelled_by: Optional[str]

    @property
    def done(self):
        """Whether the command has ended (SUCCEEDED, FAILED or CANCELLED)."""
        return self.state != "RUNNING"

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            f.text("commandId"),
            f.text("im"),
            f.text("command"),
            f.text("state"),
            f.float("progress") or 0.0,
            f.text("text"),
            f.time("started"),
            f.time("ended"),
            f.float("elapsedSeconds") or 0.0,
            f.float("remainingSeconds"),
            f.int("intermediateCount") or 0,
            [value_from_xml(v) for v in f.all("intermediate")],
            f.value("result"),
            f.text("faultCode"),
            f.text("error"),
            f.text("cancelledBy"),
        )


@dataclass
class ImDescription:
    """``describe()``: everything about one IM, items by name."""

    path: str
    name: str
    parent: Optional[str]
    type: str
    description: Optional[str]
    address: Optional[str]
    state: str
    last_error: Optional[str]
    states: List[str]
    parameters: Dict[str, ParameterInfo]
    attributes: Dict[str, AttributeInfo]
    commands: Dict[str, CommandInfo]
    children: List[str]
    on_link: Optional[str]

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        params = [ParameterInfo.from_xml(p) for p in f.all("parameter")]
        attrs = [AttributeInfo.from_xml(a) for a in f.all("attribute")]
        commands = [CommandInfo.from_xml(c) for c in f.all("command")]
        return cls(
            path=f.text("path"),
            name=f.text("name"),
            parent=f.text("parent"),
            type=f.text("type"),
            description=f.text("description"),
            address=f.text("address"),
            state=f.text("state"),
            last_error=f.text("lastError"),
            states=f.texts("stateName"),
            parameters={p.name: p for p in params},
            attributes={a.name: a for a in attrs},
            commands={c.name: c for c in commands},
            children=f.texts("child"),
            on_link=f.text("onLink"),
        )


@dataclass
class SubscriptionInfo:
    """``getSubscriptionInfo``: the topic, the brokers' addresses, sampling settings and figures."""

    im: str
    attribute: str
    topic: str
    broker_url: Optional[str]
    stomp_url: Optional[str]
    stomp_destination: Optional[str]
    mqtt_url: Optional[str]
    mqtt_topic: Optional[str]
    value_type: Optional[str]
    units: Optional[str]
    sampling_period_millis: int
    deadband: float
    relative_deadband: float
    heartbeat_millis: int
    published: int
    superseded: int
    sample_failures: int
    subscribers: Optional[int]
    discarded: Optional[int]
    sampling_period_micros: Optional[int]

    @property
    def sampling_period(self):
        """The sampling period in seconds (0: off), exact also under a millisecond."""
        if self.sampling_period_micros is not None:
            return self.sampling_period_micros / 1_000_000
        return self.sampling_period_millis / 1000

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            im=f.text("im"),
            attribute=f.text("attribute"),
            topic=f.text("topic"),
            broker_url=f.text("brokerUrl"),
            stomp_url=f.text("stompUrl"),
            stomp_destination=f.text("stompDestination"),
            mqtt_url=f.text("mqttUrl"),
            mqtt_topic=f.text("mqttTopic"),
            value_type=f.text("valueType"),
            units=f.text("units"),
            sampling_period_millis=f.int("samplingPeriodMillis"),
            deadband=f.float("deadband"),
            relative_deadband=f.float("relativeDeadband"),
            heartbeat_millis=f.int("heartbeatMillis"),
            published=f.int("published"),
            superseded=f.int("superseded"),
            sample_failures=f.int("sampleFailures"),
            subscribers=f.int("subscribers"),
            discarded=f.int("discarded"),
            sampling_period_micros=f.int("samplingPeriodMicros"),
        )


@dataclass
class Reservation:
    """A reservation: who holds which IM subtree until when."""

    im: str
    holder: str
    acquired: object
    expires: object

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(f.text("im"), f.text("holder"), f.time("acquired"), f.time("expires"))


@dataclass
class LoginFailure:
    """An address or user name with recent failed passwords (``ie.login_failures()``)."""

    kind: str
    key: str
    failures: int
    last_failure: object
    blocked_until: object
    locked: bool

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            f.text("kind"),
            f.text("key"),
            f.int("failures"),
            f.time("lastFailure"),
            f.time("blockedUntil"),
            bool(f.bool("locked")),
        )


@dataclass
class ImStatus:
    """One IM in ``status()``."""

    path: str
    state: str
    connected: bool
    last_error: Optional[str]


@dataclass
class OperationStatus:
    """One SOAP operation's figures in ``status()``."""

    operation: str
    requests: int
    faults: int
    mean_millis: float
    max_millis: float


@dataclass
class Status:
    """``getStatus``: readiness, resources, every IM and every operation's figures."""

    ready: bool
    broker_connected: bool
    uptime_millis: int
    process_cpu_millis: int
    heap_used_bytes: int
    instrument_managers: List[ImStatus]
    operations: List[OperationStatus]

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        ims = []
        for i in f.all("instrumentManager"):
            g = _Fields(i)
            ims.append(
                ImStatus(g.text("path"), g.text("state"), g.bool("connected"), g.text("lastError"))
            )
        ops = []
        for o in f.all("operation"):
            g = _Fields(o)
            ops.append(
                OperationStatus(
                    g.text("operation"),
                    g.int("requests"),
                    g.int("faults"),
                    g.float("meanMillis"),
                    g.float("maxMillis"),
                )
            )
        return cls(
            f.bool("ready"),
            f.bool("brokerConnected"),
            f.int("uptimeMillis"),
            f.int("processCpuMillis"),
            f.int("heapUsedBytes"),
            ims,
            ops,
        )


@dataclass
class ParameterChange:
    """A parameter that took a value while the IE ran (``Provenance.changes``)."""

    revision: int
    time: object
    user: Optional[str]
    source: str
    parameter: str
    old_value: str
    new_value: str

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            f.int("revision"),
            f.time("time"),
            f.text("user"),
            f.text("source"),
            f.text("parameter"),
            f.text("oldValue"),
            f.text("newValue"),
        )


@dataclass
class Provenance:
    """Where an IM's values came from at one provenance revision (``manager.provenance()``)."""

    element: str
    version: str
    im: str
    type: str
    revision: int
    current_revision: int
    address: Optional[str]
    description: Optional[str]
    identity: Optional[str]
    identity_revision: Optional[int]
    descriptor: Optional[str]
    mock_model: Optional[str]
    parameters: Dict[str, str]
    changes: List[ParameterChange]
    changes_forgotten: int

    @classmethod
    def from_xml(cls, e):
        f = _Fields(e)
        return cls(
            f.text("element"),
            f.text("version"),
            f.text("im"),
            f.text("type"),
            f.int("revision"),
            f.int("currentRevision"),
            f.text("address"),
            f.text("description"),
            f.text("identity"),
            f.int("identityRevision"),
            f.text("descriptor"),
            f.text("mockModel"),
            {p.get("name"): p.text or "" for p in e.iterfind(q("parameter"))},
            [ParameterChange.from_xml(c) for c in e.iterfind(q("change"))],
            f.int("changesForgotten"),
        )


@dataclass
class HistoryGap:
    """A span with nothing archived: ``start``, ``end`` (None while it lasts) as
    ``datetime64[us]``, and ``reason`` (``IE_DOWN``, ``NOT_LINKED``, ``SAMPLING_OFF``,
    ``ARCHIVE_STOPPED``, ``DATA_LOST``)."""

    start: object
    end: object
    reason: str

    @classmethod
    def from_xml(cls, e):
        end = e.get("to")
        return cls(_datetime64(e.get("from")), None if end is None else _datetime64(end), e.get("reason"))


QUALITIES = ("GOOD", "WARNING", "ALARM", "UNCERTAIN", "BAD")


class History:
    """What ``manager.history()`` answers: numpy arrays (see there), and ``gaps``."""

    def __init__(self, **arrays):
        self.gaps = arrays.pop("gaps")
        self.processed = arrays.pop("processed")
        for name, value in arrays.items():
            setattr(self, name, value)

    def __len__(self):
        return len(self.time)

    def __repr__(self):
        kind = "buckets" if self.processed else "samples"
        return f"<History of {len(self)} {kind}, {len(self.gaps)} gaps>"

    @classmethod
    def from_raw_pages(cls, pages):
        """The samples of raw answers in BINARY columns, plain or packed (docs/history.md)."""
        import base64

        from . import packed

        def b64(page, name):
            return base64.b64decode(page.findtext(q(name)) or "")

        def column(name, dtype, unpack):
            parts = []
            for p in pages:
                if p.find(q("packedTimes")) is not None:
                    parts.append(unpack(p))
                else:
                    parts.append(np.frombuffer(b64(p, name), dtype=dtype))
            return np.concatenate(parts) if parts else np.empty(0, dtype=dtype)

        def count(p):
            return int(p.get("count") or 0)

        micros = column(
            "times", "<i8", lambda p: packed.unpack_times(b64(p, "packedTimes"), count(p))
        )
        qualities = column(
            "qualities", "u1", lambda p: packed.unpack_quality_runs(b64(p, "qualityRuns"), count(p))
        )
        sequences = column(
            "sequences",
            "<i8",
            lambda p: packed.unpack_sequence_runs(b64(p, "sequenceRuns"), count(p)),
        )
        provenances = column(
            "provenances",
            "<i8",
            lambda p: packed.unpack_provenance_runs(b64(p, "provenanceRuns"), count(p)),
        )
        values = column("values", "<f8", lambda p: np.frombuffer(b64(p, "values"), dtype="<f8"))
        gaps = {}
        for p in pages:
            for g in p.iterfind(q("gap")):
                gaps[(g.get("from"), g.get("reason"))] = HistoryGap.from_xml(g)
        names = np.array(QUALITIES)
        return cls(
            processed=False,
            time=(micros * 1000).astype("datetime64[ns]"),
            value=values,
            quality=names[np.minimum(qualities, len(QUALITIES) - 1)],
            sequence=sequences,
            provenance=provenances,
            gaps=list(gaps.values()),
        )

    @classmethod
    def from_buckets(cls, history):
        buckets = list(history.iterfind(q("bucket")))

        def numbers(name):
            return np.array(
                [float(b.get(name)) if b.get(name) is not None else np.nan for b in buckets]
            )

        return cls(
            processed=True,
            time=np.array([_datetime64(b.get("from")) for b in buckets], dtype="datetime64[ns]"),
            end=np.array([_datetime64(b.get("to")) for b in buckets], dtype="datetime64[ns]"),
            count=np.array([int(b.get("count")) for b in buckets], dtype=np.int64),
            min=numbers("min"),
            max=numbers("max"),
            mean=numbers("mean"),
            first=numbers("first"),
            last=numbers("last"),
            worst_quality=np.array([b.get("worstQuality") for b in buckets], dtype=object),
            gap=np.array([b.get("gap") == "true" for b in buckets]),
            gaps=[HistoryGap.from_xml(g) for g in history.iterfind(q("gap"))],
        )


def _datetime64(text):
    """An xs:dateTime in UTC as numpy datetime64[us]."""
    return np.datetime64(text.rstrip("Z"), "us")
