"""A STOMP subscriber (stomp.py) of a replayed vector attribute: checks that every vector it
receives is one of the recorded vectors, bit for bit, as h5py reads them from the recording's
segment files, and that they come in the recorded order (a replay loops).

usage: replay_check.py <host> <stomp-port> <destination> <user> <password> <recording-dir> <count>
Prints the recorded index of every vector received; exits 0 when all match.
"""
import glob
import os
import sys
import threading

import h5py
import stomp

host, port, destination, user, password, directory, count = sys.argv[1:8]
count = int(count)


def vector_group(f):
    found = []
    f.visititems(
        lambda n, o: found.append(n)
        if isinstance(o, h5py.Group) and o.attrs.get("type") in (b"DOUBLE_ARRAY", "DOUBLE_ARRAY")
        else None
    )
    return sorted(found)[0]


def volts(value):
    """A vector dataset's doubles: a trace recorded as codes scaled as CF says, value *
    scale_factor + add_offset in float64 (the _FillValue code as NaN), or the doubles as they are."""
    data = value[:]
    if "scale_factor" not in value.attrs:
        return data
    out = data.astype("<f8") * value.attrs["scale_factor"] + value.attrs["add_offset"]
    if "_FillValue" in value.attrs:
        out[data == value.attrs["_FillValue"]] = float("nan")
    return out


recorded = []
for path in sorted(glob.glob(os.path.join(directory, "segment-*.h5"))):
    with h5py.File(path, "r") as f:
        values = volts(f[vector_group(f)]["value"])
        recorded.extend(row.astype("<f8").tobytes() for row in values)
index = {}  # a trace recorded more than once (a scope repeats itself) has several positions
for i, raw in enumerate(recorded):
    index.setdefault(raw, []).append(i)

received = []
done = threading.Event()


class Listener(stomp.ConnectionListener):
    def on_message(self, frame):
        received.append(bytes(frame.body))
        if len(received) >= count:
            done.set()


conn = stomp.Connection([(host, int(port))], auto_decode=False)
conn.set_listener("", Listener())
conn.connect(user, password, wait=True)
conn.subscribe(destination=destination, id="1", ack="auto")
assert done.wait(120), "only %d of %d vectors received" % (len(received), count)
conn.disconnect()

positions = []
n = len(recorded)
for body in received[:count]:
    assert body in index, "a received vector (%d bytes) is not one of the %d recorded" % (
        len(body), len(recorded))
    if not positions:
        positions.append(index[body][0])
    else:
        # of a repeated trace's positions, the first one after the previous vector's
        positions.append(min(index[body], key=lambda i: (i - positions[-1] - 1) % n))
# Each vector received comes after the one before in the recording, going round at its end.
steps = [(b - a) % n for a, b in zip(positions, positions[1:])]
assert all(0 < s <= n // 2 for s in steps), "not in the recorded order: %s" % positions
assert len(set(positions)) >= min(count, len(recorded)) // 2, "too few distinct: %s" % positions
print("OK %d vectors received, all recorded ones (of %d), at %s" % (count, len(recorded), positions))
