"""Reads the segment files of an Instrument Element recording with h5py alone (no IE code) and
checks what docs/recording.md promises: shapes, units, sequence numbers without gaps across
segments, timestamps, provenance attributes and the parameter change log.

Usage: read_recording.py DIR RECORDING STARTED_BY [--samples N] [--change IM PARAM USER OLD NEW]
           [--im-type T] [--address A] [--units U] [--vector-length L]
Exits 0 and prints a summary when every check holds; an AssertionError otherwise.
"""
import argparse
import glob
import os
from datetime import datetime, timezone

import h5py
import numpy as np


def text(v):
    return v.decode("utf-8") if isinstance(v, bytes) else str(v)


def check_attribute(g, name, args, started_us, now_us, columns):
    v = g["value"]
    n = v.shape[0]
    assert int(g.attrs["count"]) == n
    for d in ("acquired", "published", "sequence", "provenance", "quality", "heartbeat"):
        assert g[d].shape == (n,), (name, d, g[d].shape, n)
    assert text(v.attrs["units"]) == args.units, (name, v.attrs["units"])
    assert text(g.attrs["units"]) == args.units
    if text(g.attrs["type"]) == "DOUBLE_ARRAY":
        assert v.shape == (n, args.vector_length), v.shape
        assert v.dtype == np.float64
        if args.im_type == "oscilloscope":
            assert float(v.attrs["timeIncrement"]) > 0
            assert "timeOrigin" in v.attrs
    else:
        assert v.shape == (n,), v.shape
    acquired = g["acquired"][:]
    published = g["published"][:]
    assert np.all(np.diff(acquired) >= 0), "acquisition times go back"
    assert np.all(published >= acquired), "published before acquired"
    assert np.all(published - acquired < 60e6)
    assert np.all(acquired >= started_us - 60e6) and np.all(published <= now_us)
    assert all(text(q) == "GOOD" for q in g["quality"][:])
    provenance = g["provenance"][:]
    assert provenance.dtype == np.int64 and np.all(provenance >= 1), provenance[:5]
    columns.setdefault(name, []).append((g["sequence"][:], acquired, provenance))


def main():
    a = argparse.ArgumentParser()
    a.add_argument("dir")
    a.add_argument("recording")
    a.add_argument("started_by")
    a.add_argument("--samples", type=int)
    a.add_argument("--change", nargs=5)
    a.add_argument("--im-type", default="oscilloscope")
    a.add_argument("--address", default="MOCK::oscilloscope")
    a.add_argument("--units", default="V")
    a.add_argument("--vector-length", type=int, default=2500)
    args = a.parse_args()

    files = sorted(glob.glob(os.path.join(args.dir, "segment-*.h5")))
    assert files, "no segment files in " + args.dir
    columns = {}  # attribute -> [(sequence, acquired, provenance)] per segment
    changes = []
    now_us = int(datetime.now(timezone.utc).timestamp() * 1e6)
    for number, path in enumerate(files, start=1):
        with h5py.File(path, "r") as f:
            assert text(f.attrs["format"]) == "ie-recording-1"
            assert text(f.attrs["recording"]) == args.recording, f.attrs["recording"]
            assert int(f.attrs["segment"]) == number, (path, f.attrs["segment"])
            assert text(f.attrs["startedBy"]) == args.started_by
            assert text(f.attrs["ieName"]) == "ie"
            assert text(f.attrs["ieVersion"]) != ""
            started = datetime.fromisoformat(text(f.attrs["startedAt"]).replace("Z", "+00:00"))
            started_us = int(started.timestamp() * 1e6)
            ims = []
            f.visititems(lambda n, o: ims.append(o) if "imPath" in o.attrs else None)
            assert ims, "no IM group in " + path
            for im in ims:
                assert im.name == "/" + text(im.attrs["imPath"]), im.name
                assert text(im.attrs["imType"]) == args.im_type
                assert text(im.attrs["address"]) == args.address
                assert text(im.attrs["identity"]).strip() != "", "no *IDN? identity"
                assert any(k.startswith("parameter.") for k in im.attrs), "no parameter values"
                for name in im:
                    if isinstance(im[name], h5py.Group) and "value" in im[name]:
                        check_attribute(im[name], name, args, started_us, now_us, columns)
            if "parameterChanges" in f:
                c = f["parameterChanges"]
                for i in range(c["time"].shape[0]):
                    changes.append(
                        tuple(text(c[k][i]) for k in ("im", "parameter", "user", "old", "new"))
                    )
    total = 0
    revised = []  # attributes whose samples span more than one provenance revision
    for name, parts in columns.items():
        seq = np.concatenate([p[0] for p in parts])
        acq = np.concatenate([p[1] for p in parts])
        prov = np.concatenate([p[2] for p in parts])
        assert np.all(np.diff(prov) >= 0), name + ": provenance revisions go back"
        if prov[-1] > prov[0]:
            revised.append(name)
        assert np.all(np.diff(seq) == 1), name + ": sequence numbers with gaps " + str(seq)
        assert np.all(np.diff(acq) >= 0), name + ": acquisition times go back across segments"
        total += len(seq)
        print("%s: %d samples in %d segments, sequence %d..%d"
              % (name, len(seq), len(parts), seq[0], seq[-1]))
    if args.samples is not None:
        assert total == args.samples, "%d samples in the files, %d recorded" % (total, args.samples)
    if args.change:
        assert tuple(args.change) in changes, "change %s not in %s" % (args.change, changes)
        assert revised, "a parameter changed, yet every sample has the same provenance revision"
    print("OK %d segments, %d samples, changes %s" % (len(files), total, changes))


if __name__ == "__main__":
    main()
