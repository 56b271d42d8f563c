"""The packed columns of a raw history answer (``getHistory`` with ``packed``, docs/history.md),
decoded with numpy, without a Python loop over the samples.

- ``packedTimes``: the first time as int64 LE (µs since the epoch), then for each following
  sample the zigzag LEB128 varint of its delta of delta ``(t[i] - t[i-1]) - (t[i-1] - t[i-2])``
  (the delta before the second sample taken as 0); int64 arithmetic, wrapping.
- ``sequenceRuns``: runs of consecutive sequence numbers, each first int64 LE, length uint32 LE.
- ``qualityRuns``: runs of equal quality, each the quality byte, length uint32 LE.
- ``provenanceRuns``: runs of equal provenance revision, each revision int64 LE, length uint32 LE.

Every decoder takes the answer's ``count`` and raises ``ValueError`` for bytes that do not hold
exactly that many samples; it allocates arrays of ``count`` samples (or of the bytes' length) only
once the runs are known to add up to it.
"""

import numpy as np

_INT64_MAX = np.iinfo(np.int64).max
_SEQUENCE_RUN = np.dtype([("first", "<i8"), ("length", "<u4")])
_PROVENANCE_RUN = np.dtype([("revision", "<i8"), ("length", "<u4")])
_QUALITY_RUN = np.dtype([("quality", "u1"), ("length", "<u4")])


def _count(count):
    count = int(count)
    if count < 0:
        raise ValueError(f"a count of {count} samples")
    return count


def unpack_times(data, count):
    """The ``count`` times (int64 µs since the epoch) of ``packedTimes``."""
    count = _count(count)
    b = np.frombuffer(data, dtype=np.uint8)
    if count == 0:
        if len(b):
            raise ValueError(f"{len(b)} bytes of times for no samples")
        return np.empty(0, dtype=np.int64)
    if len(b) < 8:
        raise ValueError(f"packed times of {len(b)} bytes: truncated")
    first = b[:8].view("<i8")[0]
    v = b[8:]
    if len(v) < count - 1:
        raise ValueError(f"packed times of {len(b)} bytes cannot hold {count} samples")
    t = np.empty(count, dtype=np.int64)
    t[0] = first
    if count == 1:
        if len(v):
            raise ValueError(f"{len(v)} bytes after the 1 packed time")
        return t
    last = v < 0x80  # the last byte of each varint has its high bit clear
    if len(v) == count - 1:
        if not last.all():
            raise ValueError(f"packed times truncated: {count - 1} varints in {len(v)} bytes")
        z = v.astype(np.uint64)  # regular sampling: every varint one byte
    else:
        ends = np.flatnonzero(last)
        if len(ends) < count - 1 or (len(ends) == count - 1 and ends[-1] != len(v) - 1):
            raise ValueError(f"packed times truncated: {len(ends)} whole varints of {count - 1}")
        if len(ends) > count - 1:
            raise ValueError(f"bytes after the {count} packed times")
        starts = np.empty(count - 1, dtype=np.int64)
        starts[0] = 0
        starts[1:] = ends[:-1] + 1
        lengths = ends - starts + 1
        if np.max(lengths) > 10:
            raise ValueError("a varint over 64 bits in the packed times")
        # Each byte's place in its varint: its index less its varint's start.
        position = np.arange(len(v), dtype=np.int64) - np.repeat(starts, lengths)
        if np.any((position == 9) & (v > 1)):
            raise ValueError("a varint over 64 bits in the packed times")
        payload = (v & 0x7F).astype(np.uint64) << (7 * position).astype(np.uint64)
        z = np.add.reduceat(payload, starts)  # the 7-bit groups do not overlap: sum is their OR
    dod = (z >> np.uint64(1)).astype(np.int64) ^ -(z & np.uint64(1)).astype(np.int64)
    with np.errstate(over="ignore"):
        deltas = np.cumsum(dod)
        np.cumsum(deltas, out=t[1:])
        t[1:] += first
    return t


def _runs(data, count, dtype, what):
    count = _count(count)
    if len(data) % dtype.itemsize:
        raise ValueError(f"{len(data)} bytes are not whole {what} runs of {dtype.itemsize} bytes")
    runs = np.frombuffer(data, dtype=dtype)
    lengths = runs["length"].astype(np.int64)
    if np.any(lengths == 0):
        raise ValueError(f"a {what} run of no samples")
    total = int(lengths.sum())
    if total != count:
        raise ValueError(f"{what} runs hold {total} samples, not {count}")
    return runs, lengths


def unpack_sequence_runs(data, count):
    """The ``count`` sequence numbers (int64) of ``sequenceRuns``."""
    runs, lengths = _runs(data, count, _SEQUENCE_RUN, "sequence")
    first = runs["first"]
    if np.any(first > _INT64_MAX - (lengths - 1)):
        raise ValueError("a run of sequence numbers past the largest int64")
    starts = np.cumsum(lengths) - lengths
    offsets = np.arange(count, dtype=np.int64) - np.repeat(starts, lengths)
    return np.repeat(first, lengths) + offsets


def unpack_provenance_runs(data, count):
    """The ``count`` provenance revisions (int64) of ``provenanceRuns``."""
    runs, lengths = _runs(data, count, _PROVENANCE_RUN, "provenance")
    return np.repeat(runs["revision"].astype(np.int64), lengths)


def unpack_quality_runs(data, count):
    """The ``count`` quality codes (uint8: 0 GOOD, 1 WARNING, 2 ALARM, 3 UNCERTAIN, 4 BAD) of
    ``qualityRuns``."""
    runs, lengths = _runs(data, count, _QUALITY_RUN, "quality")
    return np.repeat(runs["quality"], lengths)
