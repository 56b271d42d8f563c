"""Subscriptions over STOMP: values in order, the iterator form, a slow subscriber's gap, closing."""

import threading

import numpy as np

from conftest import eventually
from instrument_element import Double, Vector


def _collect(ie, im, attribute, **options):
    values = []
    sub = ie.subscribe(im, attribute, values.append, **options)
    return sub, values


def test_values_arrive_in_order_decoded(connect):
    ie = connect()
    sub, values = _collect(ie, "lab/scope", "waveform")
    try:
        eventually(lambda: len(values) >= 5, message="five traces")
    finally:
        sub.close()
    sequences = [v.sequence for v in values]
    assert sequences == sorted(set(sequences))  # each once, in order
    assert sub.received == len(values) and sub.gaps == 0 and sub.dropped == 0
    v = values[-1]
    assert isinstance(v, Vector) and v.shape == (2500,) and v.dtype == np.float64
    assert (v.im, v.attribute, v.units, v.quality, v.type) == (
        "lab/scope",
        "waveform",
        "V",
        "GOOD",
        "DOUBLE_ARRAY",
    )
    assert v.epoch > 0 and v.published >= v.timestamp and v.heartbeat is False


def test_a_scalar_subscription(connect):
    sub, values = _collect(connect(), "lab/scope", "peakToPeak")
    try:
        eventually(lambda: values, message="a peak-to-peak value")
    finally:
        sub.close()
    assert isinstance(values[0], Double) and values[0].units == "V" and values[0] > 0


def test_stream_is_an_iterator_that_unsubscribes_when_the_loop_ends(connect):
    ie = connect()
    readings = []
    stream = ie.stream("lab/dmm", "reading", timeout=60)
    for reading in stream:
        readings.append(reading)
        if len(readings) == 3:
            break
    assert [r.sequence for r in readings] == sorted({r.sequence for r in readings})
    assert all(isinstance(r, Double) for r in readings)
    assert stream.received == 3
    info = lambda: ie["lab/dmm"].subscription_info("reading")  # noqa: E731
    eventually(lambda: info().subscribers == 0, message="the stream's subscription gone")


def test_stream_timeout(connect):
    ie = connect("operator")
    scope = ie["lab/scope"]
    scope.stop()  # a held trace does not change: nothing is published after the last image
    try:
        traces = iter(ie.stream("lab/scope", "waveform", timeout=2))
        assert next(traces).shape == (2500,)  # the broker's last image
        try:
            for _ in traces:
                pass
            raise AssertionError("no TimeoutError")
        except TimeoutError as e:
            assert "lab.scope.waveform" in str(e)
    finally:
        scope.start()


def _publish_burst(admin, count, then=1):
    """Samples the array every 5 ms until `count` more vectors are published, then every `then`
    seconds (0: off); returns its subscription info from before."""
    before = admin.subscription_info("vector")
    admin.configure_sampling("vector", period=0.005)
    try:
        eventually(
            lambda: admin.subscription_info("vector").published >= before.published + count,
            message=f"{count} more vectors published",
        )
    finally:
        admin.configure_sampling("vector", period=then)
    return before


def _settled_newest(admin, latest):
    """The number of the last vector published, once sampling has stopped and a subscriber that
    keeps up (`latest`: the sequences it got) has it: a sample taken while the period changed may
    still come, so it asks again until the count holds."""
    while True:
        newest = admin.subscription_info("vector").published
        eventually(lambda: latest[-1] >= newest, message="every vector at the broker")
        if admin.subscription_info("vector").published == newest:
            return newest


def test_slow_subscriber_sees_the_gap_of_what_the_broker_dropped(connect):
    admin = connect("admin")["lab/array1250"]
    ie = connect()
    release = threading.Event()
    values, gaps = [], []

    def slow(value):
        values.append(value)
        release.wait(120)  # stuck in the first delivery until the broker has dropped plenty

    sub = ie.subscribe(
        "lab/array1250", "vector", slow, buffer=1, on_gap=lambda e, r: gaps.append((e, r))
    )
    try:
        eventually(lambda: values, message="the first delivery")
        before = _publish_burst(admin, 200)
        # The IE counts a vector published before its broker dispatches it, and drops the oldest.
        eventually(
            lambda: admin.subscription_info("vector").discarded > before.discarded,
            message="the broker dropping messages for the stuck one",
        )
        stalled = admin.subscription_info("vector")
        assert len(values) == 1 and len(sub._inbox._items) <= 1, "nothing piled up in the client"
        release.set()
        eventually(lambda: gaps, message="a gap reported")
        eventually(
            lambda: values[-1].sequence >= stalled.published, message="the subscriber caught up"
        )
    finally:
        release.set()
        sub.close()
    expected, received = gaps[0]
    assert expected == values[0].sequence + 1 and received > expected
    assert sub.missed >= 200 - 1 - 10 - 2  # all but the in-flight one and the broker's 10
    assert sub.dropped == 0  # the broker dropped them, not the client
    sequences = [v.sequence for v in values]
    assert sequences == sorted(set(sequences))


def test_a_stalled_subscriber_asking_for_one_held_message_gets_the_newest(connect):
    # The lab's broker holds 10 messages for a slow subscriber; this one asks for 1.
    admin = connect("admin")["lab/array1250"]
    ie = connect()
    release = threading.Event()
    values, gaps, latest = [], [], []

    def stalled(value):
        values.append(value)
        release.wait(120)  # stuck in the first delivery until the broker has dropped plenty

    sub = ie.subscribe(
        "lab/array1250",
        "vector",
        stalled,
        buffer=1,
        max_pending=1,
        on_gap=lambda e, r: gaps.append((e, r)),
    )
    free = ie.subscribe("lab/array1250", "vector", lambda v: latest.append(v.sequence))
    try:
        eventually(lambda: values and latest, message="the first deliveries")
        # Sampling stops after the burst: a vector published after `newest` would take the one
        # held message's place, and the stalled subscriber would never see `newest` itself.
        before = _publish_burst(admin, 200, then=0)
        newest = _settled_newest(admin, latest)
        stalled_info = admin.subscription_info("vector")
        assert stalled_info.discarded - before.discarded >= 200 - 3, "the broker dropped the older"
        release.set()
        eventually(lambda: values[-1].sequence == newest, message="the newest vector")
    finally:
        release.set()
        admin.configure_sampling("vector", period=1)
        sub.close()
        free.close()
    # The one it stalled in, perhaps one more, and the newest: not the 10 held for the others.
    assert len(values) <= 3, [v.sequence for v in values]
    assert gaps and sub.missed >= 200 - 3
    sequences = [v.sequence for v in values]
    assert sequences == sorted(set(sequences))


def test_a_failing_callback_does_not_end_the_subscription(connect):
    calls = []

    def flaky(value):
        calls.append(value)
        if len(calls) == 1:
            raise RuntimeError("a bug in the lab script")

    sub = connect().subscribe("lab/scope", "waveform", flaky)
    try:
        eventually(lambda: len(calls) >= 3, message="values after the failure")
    finally:
        sub.close()


def test_closing_the_client_ends_its_subscriptions(connect):
    ie = connect()
    sub, values = _collect(ie, "lab/scope", "waveform")
    eventually(lambda: values, message="a trace")
    ie.close()
    assert not sub._thread.is_alive()
    observer = connect()
    eventually(
        lambda: observer["lab/scope"].subscription_info("waveform").subscribers == 0,
        message="no subscriber left",
    )
