"""Reads a recording of a trace kept as the instrument's codes with h5py alone, as
docs/recording.md tells a reader to: the "value" dataset holds the integer codes, and
value * scale_factor + add_offset (in float64) gives the volts. Checks that they equal, bit for
bit, the doubles a subscriber received for the same samples.

Usage: read_codes_recording.py DIR DTYPE EXPECTED_DIR
  DIR           the recording's segment-*.h5 files
  DTYPE         int16 or int8: the codes' type in the segments to compare
  EXPECTED_DIR  <sequence>.f64 files, each the little-endian doubles received for that sample
Exits 0 and prints how many samples matched (at least 3); an AssertionError otherwise.
"""
import glob
import os
import sys

import h5py
import numpy as np


def volts(value):
    """The doubles of a vector dataset: codes scaled as CF says, or the doubles themselves."""
    data = value[:]
    if "scale_factor" not in value.attrs:
        return data
    out = data.astype(np.float64) * value.attrs["scale_factor"] + value.attrs["add_offset"]
    if "_FillValue" in value.attrs:
        out[data == value.attrs["_FillValue"]] = np.nan
    return out


def main():
    directory, dtype, expected_dir = sys.argv[1:4]
    files = sorted(glob.glob(os.path.join(directory, "segment-*.h5")))
    assert files, "no segment files in " + directory
    matched = 0
    segments = 0
    for path in files:
        with h5py.File(path, "r") as f:
            g = f["lab/kscope/waveform"]
            assert g.attrs["type"] in (b"DOUBLE_ARRAY", "DOUBLE_ARRAY"), g.attrs["type"]
            value = g["value"]
            if value.dtype != np.dtype(dtype):
                assert value.dtype in (np.int8, np.int16), (path, value.dtype)
                continue  # a trace read before the format was changed
            segments += 1
            assert value.shape[1] == 2500, value.shape
            for name in ("scale_factor", "add_offset"):
                a = value.attrs[name]
                assert a.dtype == np.float64 and a.shape == (), (name, a.dtype, a.shape)
            assert value.attrs["scale_factor"] > 0
            doubles = volts(value)
            assert doubles.dtype == np.float64
            for row, sequence in zip(doubles, g["sequence"][:]):
                expected_file = os.path.join(expected_dir, "%d.f64" % sequence)
                if not os.path.exists(expected_file):
                    continue  # the subscriber missed it
                expected = np.fromfile(expected_file, dtype="<f8")
                assert np.array_equal(row.view("<u8"), expected.view("<u8")), (
                    "sample %d differs from the doubles published" % sequence
                )
                matched += 1
    assert segments, "no segment holds %s codes" % dtype
    assert matched >= 3, "only %d samples matched" % matched
    print("OK %s: %d samples in %d segments equal the published doubles" % (dtype, matched, segments))


if __name__ == "__main__":
    main()
