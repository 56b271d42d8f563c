"""History from Python: the scope's peak-to-peak, sampled at the lab's default period, comes back
as numpy arrays sample by sample (BINARY columns, continuation tokens followed) and as a trend,
and the two agree; an attribute the IE does not archive raises NotArchived."""

import numpy as np
import pytest

from conftest import eventually
from instrument_element import errors
from instrument_element.soap import field


@pytest.fixture
def scope(connect):
    return connect("observer")["lab/scope"]


def archived(scope, n):
    """The raw history of peakToPeak once it holds at least ``n`` samples."""
    return eventually(
        lambda: (lambda h: h if len(h) >= n else None)(scope.history("peakToPeak")),
        message=f"{n} samples of peakToPeak archived",
    )


def test_raw_history_pages_into_numpy_arrays(scope):
    whole = archived(scope, 4)
    start = whole.time[0]
    end = (whole.time[-1] + np.timedelta64(1, "us"))
    first = scope.history("peakToPeak", start=start, end=end)
    paged = scope.history("peakToPeak", start=start, end=end, limit=1)  # one sample a call
    assert len(first) >= 4
    assert np.array_equal(first.time, paged.time)
    assert first.value.tobytes() == paged.value.tobytes()
    assert np.array_equal(np.diff(first.sequence), np.ones(len(first) - 1))  # none lost or twice
    assert np.all(np.diff(first.time) >= np.timedelta64(0, "ns"))
    assert set(first.quality) <= {"GOOD", "WARNING", "ALARM", "UNCERTAIN", "BAD"}
    assert np.all(first.value > 0)


def test_packed_columns_give_the_samples_of_plain_ones(scope):
    whole = archived(scope, 6)
    start = whole.time[0]
    end = whole.time[-1] + np.timedelta64(1, "us")
    for limit in (None, 2):  # one answer, and pages of two samples across continuations
        packed = scope.history("peakToPeak", start=start, end=end, limit=limit)
        plain = scope.history("peakToPeak", start=start, end=end, limit=limit, packed=False)
        assert len(packed) == len(plain) >= 6
        assert packed.time.dtype == np.dtype("datetime64[ns]")
        assert np.array_equal(packed.time, plain.time)
        assert packed.value.tobytes() == plain.value.tobytes()
        assert np.array_equal(packed.sequence, plain.sequence)
        assert np.array_equal(packed.quality, plain.quality)
        assert np.array_equal(packed.provenance, plain.provenance)
        assert packed.sequence.dtype == packed.provenance.dtype == np.int64
        assert packed.gaps == plain.gaps


def test_packed_with_xml_is_refused(scope):
    with pytest.raises(errors.InvalidValue):
        scope._call(
            "getHistory",
            field("attribute", "peakToPeak"),
            field("encoding", "XML"),
            field("packed", True),
        )


def test_trend_agrees_with_the_samples(scope):
    whole = archived(scope, 4)
    start = whole.time[0]
    end = (whole.time[-1] + np.timedelta64(1, "us"))
    samples = scope.history("peakToPeak", start=start, end=end)
    trend = scope.history("peakToPeak", start=start, end=end, points=2)
    assert trend.processed and len(trend) == 2
    assert trend.count.sum() == len(samples)
    assert np.nanmin(trend.min) == samples.value.min()
    assert np.nanmax(trend.max) == samples.value.max()


def test_history_value_is_the_sample_at_or_before_a_time(scope):
    whole = archived(scope, 2)
    at = whole.time[-2]
    value = scope.history_value("peakToPeak", at)
    assert value.sequence == int(whole.sequence[-2])
    assert float(value) == whole.value[-2]


def test_an_attribute_not_archived_raises_not_archived(scope):
    with pytest.raises(errors.NotArchived):
        scope.history("waveform")


def test_a_statistic_of_a_vector_is_asked_for_by_its_name(scope):
    """The lab keeps every statistic of the sampled waveform (docs/history.md, "Statistics of
    vectors"): ``waveform.max`` comes back like an attribute's history, raw and as a trend, and
    is at least ``waveform.mean`` sample by sample (the same vectors, by sequence number)."""
    peaks = eventually(
        lambda: (lambda h: h if len(h) >= 4 else None)(scope.history("waveform.max")),
        message="4 samples of waveform.max archived",
    )
    start = peaks.time[0]
    end = peaks.time[-1] + np.timedelta64(1, "us")
    peaks = scope.history("waveform.max", start=start, end=end)
    means = scope.history("waveform.mean", start=start, end=end)
    common, i, j = np.intersect1d(peaks.sequence, means.sequence, return_indices=True)
    assert len(common) >= 3
    assert np.all(peaks.value[i] >= means.value[j])
    spans = scope.history("waveform.peakToPeak", start=start, end=end)
    assert np.all(spans.value >= 0)
    trend = scope.history("waveform.max", start=start, end=end, points=2)
    assert trend.processed and trend.count.sum() == len(peaks)
    assert np.nanmax(trend.max) == peaks.value.max()
    value = scope.history_value("waveform.max", peaks.time[-1])
    assert float(value) == peaks.value[-1] and value.sequence == int(peaks.sequence[-1])
    with pytest.raises(errors.UnknownAttribute):
        scope.history("waveform.median")
