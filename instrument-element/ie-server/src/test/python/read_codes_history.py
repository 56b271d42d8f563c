"""Reads the history archive's segments of a trace kept as the instrument's codes with h5py alone,
as docs/history.md ("Files") tells a reader to, and checks that the doubles equal, bit for bit,
those a subscriber received for the same sequence numbers.

Usage: read_codes_history.py SERIES_DIR DTYPE EXPECTED_DIR
  SERIES_DIR    the series' directory (its s-*.h5 segments)
  DTYPE         int16 or int8: the codes' type of the segments to compare
  EXPECTED_DIR  <sequence>.f64 files, each the little-endian doubles received for that sample
Prints how many samples matched; an AssertionError if a compared sample differs.
"""
import glob
import os
import sys

import h5py
import numpy as np


def runs(f, name, rows, counting):
    out = np.empty(rows, dtype=np.int64)
    starts = list(f[name + "RunRow"][:]) + [rows]
    for k, value in enumerate(f[name + "RunValue"][:]):
        a, b = starts[k], starts[k + 1]
        out[a:b] = value + (np.arange(b - a) if counting else 0)
    return out


def main():
    directory, dtype, expected_dir = sys.argv[1:4]
    matched = 0
    for path in sorted(glob.glob(os.path.join(directory, "s-*.h5"))):
        with h5py.File(path, "r") as f:
            v = f["value"]
            if v.dtype != np.dtype(dtype):
                continue  # doubles, or the other format's codes
            assert f.attrs["format"] in (b"ie-history-2", "ie-history-2"), f.attrs["format"]
            rows = int(f.attrs["rows"])
            sequence = runs(f, "sequence", rows, True)
            # As docs/history.md has it:
            codes = v[:].astype(np.float64)
            if "scale_factor" in v.attrs:
                values = codes * v.attrs["scale_factor"] + v.attrs["add_offset"]
            else:
                values = codes * f["scale"][:][:, None] + f["offset"][:][:, None]
            if "_FillValue" in v.attrs:
                values[v[:] == v.attrs["_FillValue"]] = np.nan
            for row in range(rows):
                expected_file = os.path.join(expected_dir, "%d.f64" % sequence[row])
                if not os.path.exists(expected_file):
                    continue
                expected = np.fromfile(expected_file, dtype="<f8")
                got = values[row]
                assert got.shape == expected.shape, (path, row, got.shape)
                same = (got.view(np.int64) == expected.view(np.int64)) | (
                    np.isnan(got) & np.isnan(expected)
                )
                assert same.all(), "%s row %d (sequence %d) differs from the subscriber's" % (
                    path,
                    row,
                    sequence[row],
                )
                matched += 1
    print(matched)


if __name__ == "__main__":
    main()
