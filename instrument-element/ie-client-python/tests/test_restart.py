"""A subscription survives its IE being stopped and started again on the same ports: it reports
the lost connection, reconnects by itself, sees the new epoch, and resynchronises with get."""

import threading

from conftest import checked, eventually
from ie_process import IeProcess
from instrument_element import InstrumentElement, Vector


class Recorder:
    """Every callback of one subscription, in the order they came."""

    def __init__(self):
        self.events = []
        self.lock = threading.Lock()

    def add(self, kind, *data):
        with self.lock:
            self.events.append((kind,) + data)

    def kinds(self):
        with self.lock:
            return [e[0] for e in self.events]

    def of(self, kind):
        with self.lock:
            return [e[1:] for e in self.events if e[0] == kind]

    def callbacks(self):
        return dict(
            on_gap=lambda e, r: self.add("gap", e, r),
            on_restart=lambda old, new: self.add("restart", old, new),
            on_connection_lost=lambda: self.add("lost"),
            on_connection_restored=lambda: self.add("restored"),
            on_resynchronised=lambda v: self.add("resynchronised", v),
        )


def test_subscription_survives_an_ie_restart_and_resynchronises(tmp_path):
    element = IeProcess(tmp_path, name="restart").start()
    client = None
    try:
        client = checked(InstrumentElement(element.url, "observer", "observer"))
        rec = Recorder()
        sub = client.subscribe(
            "lab/scope", "waveform", lambda v: rec.add("value", v), **rec.callbacks()
        )
        eventually(lambda: len(rec.of("value")) >= 3, message="traces before the restart")
        first_epoch = rec.of("value")[0][0].epoch
        ports = (element.http_port, element.broker_port, element.stomp_port)

        element.restart()
        assert (element.http_port, element.broker_port, element.stomp_port) == ports

        eventually(lambda: rec.of("resynchronised"), timeout=120, message="resynchronised")
        eventually(
            lambda: len([v for (v,) in rec.of("value") if v.epoch != first_epoch]) >= 3,
            message="traces of the new IE",
        )
        kinds = rec.kinds()
        assert kinds.index("lost") < kinds.index("restored") < kinds.index("resynchronised")
        assert kinds.index("restored") < kinds.index("restart")
        ((old, new),) = rec.of("restart")
        assert old == first_epoch and new > old
        ((current,),) = rec.of("resynchronised")
        assert isinstance(current, Vector) and current.shape == (2500,) and current.time is not None
        values = [v for (v,) in rec.of("value")]
        after = [v for v in values if v.epoch == new]
        assert [v.sequence for v in after] == sorted({v.sequence for v in after})
        assert all(v.epoch == first_epoch for v in values[: len(values) - len(after)])
        assert client["lab/scope"].state == "RUNNING"  # the SOAP side reconnects too
        sub.close()
        # Once closed: the count of a gap goes up just before its callback is told.
        assert sub.gaps == len(rec.of("gap"))
    finally:
        if client is not None:
            client.close()
        element.stop()
