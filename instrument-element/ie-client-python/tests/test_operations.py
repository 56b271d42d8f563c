"""Every operation of the client against a real IE: the mock laboratory plus a DMM."""

import datetime

import numpy as np
import pytest
from lxml import etree

from conftest import WSDL
from instrument_element import Boolean, Double, Integer, Text, Vector, errors


def test_ims_is_the_tree_parents_before_children(connect):
    ims = connect().ims()
    paths = [im.path for im in ims]
    assert paths[0] == "lab"
    assert set(paths) == {
        "lab",
        "lab/array1250",
        "lab/array2500",
        "lab/bigArray",
        "lab/dmm",
        "lab/kscope",
        "lab/scope",
    }
    by_path = {im.path: im for im in ims}
    assert by_path["lab/scope"].parent == "lab" and by_path["lab/scope"].depth == 1
    assert by_path["lab/scope"].type == "oscilloscope"
    for im in ims:
        if im.parent:
            assert paths.index(im.parent) < paths.index(im.path)


def test_describe_gives_parameters_attributes_and_commands(connect):
    d = connect()["lab/scope"].describe()
    assert d.path == "lab/scope" and d.type == "oscilloscope" and d.address == "MOCK::oscilloscope"
    assert d.states == ["UNLINKED", "LINKED", "RUNNING", "ERROR", "AVERAGING"]
    timebase = d.parameters["timebase"]
    assert (timebase.type, timebase.units, timebase.minimum, timebase.maximum) == (
        "DOUBLE",
        "s/div",
        1e-9,
        50.0,
    )
    assert isinstance(timebase.value, Double) and timebase.source in (
        "DEFAULT",
        "CONFIGURATION",
        "OPERATOR",
    )
    assert d.parameters["channel"].choices == ["CH1", "CH2", "CH3", "CH4"]
    waveform = d.attributes["waveform"]
    assert waveform.type == "DOUBLE_ARRAY" and waveform.subscribable and not waveform.writable
    assert d.attributes["triggerLevel"].writable
    measure = d.commands["measure"]
    assert measure.arguments["quantity"].required
    assert "RMS" in measure.arguments["quantity"].choices
    assert connect()["lab"].describe().children == [
        "lab/array1250",
        "lab/array2500",
        "lab/bigArray",
        "lab/dmm",
        "lab/kscope",
        "lab/scope",
    ]


def test_state_of_a_running_scope(connect):
    scope = connect()["lab/scope"]
    assert scope.state == "RUNNING"
    assert scope.last_error is None


def test_get_a_trace_as_numpy_with_its_time_axis(connect):
    scope = connect()["lab/scope"]
    trace = scope.get("waveform")
    assert isinstance(trace, Vector) and isinstance(trace, np.ndarray)
    assert trace.dtype == np.float64 and trace.shape == (2500,)
    assert trace.units == "V" and trace.quality == "GOOD" and trace.type == "DOUBLE_ARRAY"
    assert trace.timestamp.tzinfo == datetime.timezone.utc
    assert (
        abs((datetime.datetime.now(datetime.timezone.utc) - trace.timestamp).total_seconds()) < 60
    )
    increment = float(scope.get("timeIncrement"))
    origin = float(scope.get("timeOrigin"))
    np.testing.assert_allclose(trace.time, origin + np.arange(2500) * increment)
    np.testing.assert_allclose(scope.time_axis(2500), trace.time)
    trace -= trace.mean()  # writable, like any array
    assert abs(trace.mean()) < 1e-9


def test_get_a_vector_without_time_axis(connect):
    v = connect()["lab/array2500"].get("vector")
    assert v.shape == (2500,) and v.time is None and v.name == "vector"


def test_max_age_takes_a_recent_read_instead_of_a_new_one(connect):
    array = connect()["lab/array2500"]
    first = array.get("vector", max_age=60)
    again = array.get("vector", max_age=60)  # the same read, served again
    assert again.timestamp == first.timestamp and again.tobytes() == first.tobytes()
    assert array.get_many(["vector"], max_age=60)["vector"].timestamp == first.timestamp
    fresh = array.get("vector")  # no max_age: always a new read
    assert fresh.timestamp != first.timestamp
    with pytest.raises(errors.Fault) as refused:
        array.get("vector", max_age=-1)
    assert refused.value.code == "OUT_OF_RANGE"


def test_get_scalars_of_every_type_with_metadata(connect):
    ie = connect()
    scope = ie["lab/scope"]
    p2p = scope.get("peakToPeak")
    assert isinstance(p2p, Double) and isinstance(p2p, float) and p2p.units == "V" and p2p > 0
    assert p2p * 2 == float(p2p) * 2
    identity = scope.get("identity")
    assert isinstance(identity, Text) and identity.startswith("InstrumentElement,MockScope")
    assert scope.get("acquisitionState") == "RUN"
    points = scope.get_parameter("points")
    assert isinstance(points, Integer) and points == 2500
    reading = ie["lab/dmm"].get("reading")
    assert isinstance(reading, Double) and reading.quality == "GOOD"


def test_get_many_in_one_call_in_the_order_asked(connect):
    values = connect()["lab/scope"].get_many(["peakToPeak", "waveform", "identity"])
    assert list(values) == ["peakToPeak", "waveform", "identity"]
    assert isinstance(values["waveform"], Vector) and values["waveform"].name == "waveform"
    assert values["peakToPeak"].name == "peakToPeak"


def test_set_parameters_typed_by_python_type(connect):
    scope = connect("operator")["lab/scope"]
    try:
        now = scope.set(timebase=2e-3, channel="CH2", voltsPerDiv=1)  # 1: an int for a double
        assert now == {"timebase": 0.002, "channel": "CH2", "voltsPerDiv": 1.0}
        assert isinstance(now["voltsPerDiv"], Double) and now["timebase"].units == "s/div"
        assert scope.get_parameter("channel") == "CH2"
        assert scope.describe().parameters["timebase"].set_by == "operator"
    finally:
        scope.set(timebase=1e-3, channel="CH1", voltsPerDiv=0.5)


def test_set_attribute_and_boolean_values(connect):
    scope = connect("operator")["lab/scope"]
    try:
        written = scope.set_attribute("triggerLevel", 0.25)
        assert written == 0.25 and scope.get("triggerLevel") == 0.25
    finally:
        scope.set_attribute("triggerLevel", 0.0)
    b = Boolean(True, units=None)
    assert b and b == True and repr(b) == "True"  # noqa: E712


def test_run_commands_and_the_lifecycle(connect):
    scope = connect("operator")["lab/scope"]
    rms = scope.run("measure", quantity="RMS")
    assert isinstance(rms, Double) and 0 < rms < 10
    assert scope.stop() == "LINKED"
    try:
        assert scope.state == "LINKED"
        assert scope.run("single") is None
        held = scope.get("waveform")
        assert np.array_equal(held, scope.get("waveform"))  # LINKED: the scope holds its trace
    finally:
        assert scope.start() == "RUNNING"
    dmm = connect("operator")["lab/dmm"]
    assert dmm.unlink() == "UNLINKED"
    assert dmm.link() == "LINKED"
    assert dmm.reset() == "LINKED"


def test_long_running_commands(connect):
    scope = connect("operator")["lab/scope"]
    average = scope.describe().commands["acquireAverage"]
    assert average.long_running and average.running_state == "AVERAGING"
    assert scope.stop() == "LINKED"
    try:
        averaged = scope.run("acquireAverage", count=3)  # waited for, as an ordinary command
        assert isinstance(averaged, Vector) and len(averaged) == 2500
        run = scope.begin("acquireAverage", count=10000)
        assert run.state == "RUNNING" and run.command_id and not run.done
        assert scope.state == "AVERAGING"
        with pytest.raises(errors.NotAllowedInState):
            scope.set(voltsPerDiv=1.0)
        status = scope.command_status(run.command_id)
        assert status.command == "acquireAverage" and status.im == "lab/scope"
        cancelled = scope.cancel(run.command_id)
        assert cancelled.command_id == run.command_id
        end = scope.wait(run.command_id, timeout=30)
        assert end.state == "CANCELLED" and end.cancelled_by == "operator" and end.done
        assert end.fault_code == "CANCELLED" and end.ended is not None
        assert any(s.command_id == run.command_id for s in scope.commands())
        with pytest.raises(errors.UnknownCommandId):
            scope.command_status("no-such-run")
        assert scope.state == "LINKED"
    finally:
        assert scope.start() == "RUNNING"


def test_reservations_as_a_context_manager(connect):
    operator = connect("operator")
    admin = connect("admin")
    scope = operator["lab/scope"]
    with scope.reserved(minutes=1) as r:
        assert r.im == "lab/scope" and r.holder == "operator"
        assert 50 < (r.expires - r.acquired).total_seconds() <= 60
        assert [x.holder for x in connect("observer").reservations()] == ["operator"]
        with pytest.raises(errors.Reserved) as refused:
            admin["lab/scope"].set(timebase=2e-3)
        assert refused.value.code == "RESERVED"
        renewed = scope.renew(seconds=90)
        assert renewed.expires > r.expires
        scope.set(timebase=1e-3)  # the holder may
    assert operator.reservations() == []
    assert scope.release() is False  # nothing left to release
    scope.reserve(minutes=1)
    assert admin["lab/scope"].break_reservation() is True
    assert admin.reservations() == []


def test_reservation_released_when_the_block_fails(connect):
    operator = connect("operator")
    with pytest.raises(ZeroDivisionError):
        with operator["lab/array1250"].reserved(seconds=30):
            1 / 0
    assert operator.reservations() == []


def test_status_subscriptions_and_sampling(connect):
    ie = connect("admin")
    ie["lab/array2500"].get("vector")
    status = ie.status()
    assert status.ready and status.broker_connected and status.uptime_millis > 0
    assert {s.path for s in status.instrument_managers} >= {"lab/scope", "lab/dmm"}
    assert any(o.operation == "getAttribute" and o.requests > 0 for o in status.operations)
    topics = {(s.im, s.attribute): s for s in ie.subscriptions()}
    assert ("lab/scope", "waveform") in topics and ("lab/dmm", "reading") in topics
    assert [s.attribute for s in ie.subscriptions("lab/array2500")] == ["vector"]
    info = ie["lab/scope"].subscription_info("waveform")
    assert info.topic == "ie.ie.lab.scope.waveform"
    assert info.stomp_destination == "/topic/ie.ie.lab.scope.waveform"
    assert info.value_type == "DOUBLE_ARRAY" and info.units == "V"
    array = ie["lab/array1250"]
    try:
        changed = array.configure_sampling("vector", period=0.5, deadband=0.1, heartbeat=10)
        assert (changed.sampling_period_millis, changed.deadband, changed.heartbeat_millis) == (
            500,
            0.1,
            10000,
        )
        assert changed.sampling_period == 0.5
        fast = array.configure_sampling("vector", period=0.00025)
        assert (fast.sampling_period_micros, fast.sampling_period_millis) == (250, 1)
        assert fast.sampling_period == 0.00025
    finally:
        array.configure_sampling("vector", period=1, deadband=0, heartbeat=0)


def test_every_wsdl_operation_is_reachable_from_the_client(connect):
    """One call of each of the WSDL's operations, each request checked against its schema."""
    sent = set()
    ie = connect("admin")
    call = ie._soap.call
    ie._soap.call = lambda operation, *fields: (sent.add(operation), call(operation, *fields))[1]
    scope, array = ie["lab/scope"], ie["lab/array1250"]
    ie.ims(), ie.status(), ie.reservations(), ie.subscriptions()
    scope.describe(), scope.state, scope.get("peakToPeak"), scope.get_many(["identity"])
    scope.get_parameter("timebase"), scope.set(timebase=1e-3), scope.set_attribute(
        "triggerLevel", 0.0
    )
    scope.run("measure", quantity="MEAN"), scope.subscription_info("waveform")
    array.configure_sampling("vector", period=1)
    array.reserve(seconds=30), array.renew(seconds=30), array.release()
    array.reserve(seconds=30), array.break_reservation()
    ie.login_failures(), ie.clear_login_failures()
    scope.commands(), scope.provenance()
    for ask in (scope.command_status, scope.cancel):
        with pytest.raises(errors.UnknownCommandId):
            ask("no-such-run")
    # The archive's operations: a lab without a data directory keeps no archive (NOT_ARCHIVED).
    for ask in (lambda: scope.history("peakToPeak"), lambda: scope.history_value("peakToPeak", 0)):
        try:
            ask()
        except errors.Fault:
            pass
    found = ie.discover_instruments(timeout=0.5, networks=["127.0.0.1"], mdns=False,
                                    broadcast=False)
    assert int(found["tookMillis"]) >= 0 and "instrument" not in found
    with pytest.raises(errors.InvalidValue):
        ie.add_instrument_manager("not/a-name", type="scope")
    with pytest.raises(errors.UnknownIm):
        ie.remove_instrument_manager("no-such-im")
    assert ie.alarms() == []
    with pytest.raises(errors.UnknownAlarm):
        ie.acknowledge_alarm("lab/scope#peakToPeak")
    ie.configure_alarm_limits("lab/scope", "peakToPeak", high_warning=1e9)
    assert [l["attribute"] for l in ie.alarm_limits("lab/scope")] == ["peakToPeak"]
    ie.configure_alarm_limits("lab/scope", "peakToPeak")
    # The lab runs without a data directory (data.dir=off): recordings are refused there, with a
    # fault; RecordingIT records for real and reads the files with h5py.
    try:
        rec = ie.start_recording([("lab/scope", "peakToPeak")], duration=0.5, note="a test")
        rec = rec["recording"]
    except errors.Fault:
        rec = "no-such-recording"
    assert isinstance(ie.recordings(), list)
    for ask in (ie.stop_recording, ie.describe_recording, ie.delete_recording):
        try:
            ask(rec)
        except errors.Fault:
            pass
    with pytest.raises(errors.Fault):
        ie.download_recording(rec, "segment-000000.h5")
    wsdl = etree.parse(str(WSDL))
    operations = {
        o.get("name")
        for o in wsdl.iterfind(
            ".//{http://schemas.xmlsoap.org/wsdl/}portType/{http://schemas.xmlsoap.org/wsdl/}operation"
        )
    }
    assert sent == operations, operations ^ sent


def test_an_im_is_described_once_however_often_it_is_read(connect):
    ie = connect()
    sent = []
    call = ie._soap.call
    ie._soap.call = lambda operation, *fields: (sent.append(operation), call(operation, *fields))[1]
    for _ in range(3):
        assert ie["lab/scope"].get("waveform").time is not None
    assert sent == ["describeInstrumentManager"] + ["getAttributes"] * 3
