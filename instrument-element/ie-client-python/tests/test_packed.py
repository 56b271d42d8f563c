"""The packed history columns' numpy decoders against known bytes (the same as ie-contract's
PackedColumnsTest), round trips of an encoder written here sample by sample, and malformed bytes
refused with ValueError."""

import struct

import numpy as np
import pytest

from instrument_element import packed


def pack_times(t):
    """A plain, per-sample encoder: the reference the vectorized decoder is held to."""
    if not len(t):
        return b""
    out = bytearray(struct.pack("<q", t[0]))
    previous = 0
    for i in range(1, len(t)):
        delta = _wrap(t[i] - t[i - 1])
        dod = _wrap(delta - previous)
        previous = delta
        z = ((dod << 1) ^ (dod >> 63)) & 0xFFFFFFFFFFFFFFFF
        while z >= 0x80:
            out.append((z & 0x7F) | 0x80)
            z >>= 7
        out.append(z)
    return bytes(out)


def _wrap(x):
    x &= 0xFFFFFFFFFFFFFFFF
    return x - (1 << 64) if x >= 1 << 63 else x


def test_times_from_known_bytes():
    # deltas 10, 7, 7: delta of delta 10, -3, 0; zigzag 20, 5, 0.
    data = bytes([1, 0, 0, 0, 0, 0, 0, 0, 20, 5, 0])
    assert packed.unpack_times(data, 4).tolist() == [1, 11, 18, 25]
    assert packed.unpack_times(bytes([0] * 8 + [0x80, 1]), 2).tolist() == [0, 64]
    assert packed.unpack_times(b"", 0).tolist() == []
    assert packed.unpack_times(struct.pack("<q", -5), 1).tolist() == [-5]
    assert pack_times([1, 11, 18, 25]) == data


def test_runs_from_known_bytes():
    seq = bytes([5, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
    assert packed.unpack_sequence_runs(seq, 4).tolist() == [5, 6, 7, 9]
    quality = bytes([0, 2, 0, 0, 0, 4, 1, 0, 0, 0])
    assert packed.unpack_quality_runs(quality, 3).tolist() == [0, 0, 4]
    provenance = bytes([7, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0])
    assert packed.unpack_provenance_runs(provenance, 2).tolist() == [7, 7]
    assert packed.unpack_sequence_runs(b"", 0).tolist() == []


@pytest.mark.parametrize(
    "kind", ["regular", "jittered", "gapped", "decreasing", "random", "extremes"]
)
@pytest.mark.parametrize("n", [1, 2, 3, 1000])
def test_times_round_trip(kind, n):
    rng = np.random.default_rng(n)
    i = np.arange(n, dtype=np.int64)
    t0 = 1_795_000_000_000_000
    t = {
        "regular": t0 + 100_000 * i,
        "jittered": t0 + 50_000 * i + rng.integers(0, 30, n),
        "gapped": t0 + np.cumsum(np.where(rng.integers(0, 50, n) == 0, 3_600_000_000, 100_000)),
        "decreasing": t0 - 1_000 * i * i,
        "random": rng.integers(np.iinfo(np.int64).min, np.iinfo(np.int64).max, n, dtype=np.int64),
        "extremes": np.resize(
            np.array([np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0, -1], dtype=np.int64), n
        ),
    }[kind]
    got = packed.unpack_times(pack_times([int(x) for x in t]), n)
    assert got.dtype == np.int64
    assert np.array_equal(got, t)


def test_malformed_times_are_refused():
    good = pack_times([1, 300, 600])
    for data, count in [
        (good[:-1], 3),  # truncated
        (good, 4),
        (good, 2),  # a byte left over
        (bytes(7), 1),
        (bytes(3), 0),
        (bytes(8) + bytes([0x80]), 2),  # a varint still going on at the end
        (bytes(8) + bytes([0x80] * 10 + [1]), 2),  # eleven bytes: over 64 bits
        (bytes(8) + bytes([0xFF] * 9 + [2]), 2),  # ten bytes, more than 64 bits
        (good, -1),
    ]:
        with pytest.raises(ValueError):
            packed.unpack_times(data, count)
    # Exactly 64 bits, all set: the zigzag of the smallest int64.
    assert len(packed.unpack_times(bytes(8) + bytes([0xFF] * 9 + [1]), 2)) == 2


def test_malformed_runs_are_refused():
    seq = struct.pack("<qI", 1, 3) + struct.pack("<qI", 7, 1)
    huge = struct.pack("<qI", 1, 0xFFFFFFFF)
    for call, data, count in [
        (packed.unpack_sequence_runs, seq, 3),  # more than the count
        (packed.unpack_sequence_runs, seq, 5),  # fewer
        (packed.unpack_sequence_runs, seq + b"\0", 4),  # not whole runs
        (packed.unpack_sequence_runs, huge, 10),  # never allocated
        (packed.unpack_provenance_runs, huge, 10),
        (packed.unpack_quality_runs, bytes([0, 0xFF, 0xFF, 0xFF, 0xFF]), 10),
        (packed.unpack_quality_runs, bytes([0, 0, 0, 0, 0]), 0),  # a run of no samples
        (packed.unpack_quality_runs, b"", 1),
        (packed.unpack_sequence_runs, struct.pack("<qI", 2**63 - 2, 3), 3),  # past the largest
    ]:
        with pytest.raises(ValueError):
            call(data, count)
    assert packed.unpack_sequence_runs(struct.pack("<qI", 2**63 - 2, 2), 2).tolist() == [
        2**63 - 2,
        2**63 - 1,
    ]
