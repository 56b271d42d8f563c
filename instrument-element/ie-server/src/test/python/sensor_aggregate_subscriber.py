"""A STOMP subscriber (stomp.py) of a sensor network's aggregate vector, as a lab program would be:
waits for a vector with <nodes> values, none of them NaN (every node heard from within staleAfter).

usage: sensor_aggregate_subscriber.py <host> <stomp-port> <destination> <user> <password> <nodes> <timeout-s>
Prints one JSON line: {"messages": n, "length": len, "finite": k, "quality": "GOOD", "first": [..]}
of the first such vector, or of the last one received before the timeout.
"""
import json
import math
import struct
import sys
import threading

import stomp

host, port, destination, user, password, nodes, timeout = sys.argv[1:8]
nodes = int(nodes)
result = {"messages": 0}
done = threading.Event()


class Listener(stomp.ConnectionListener):
    def on_message(self, frame):
        values = struct.unpack("<%dd" % (len(frame.body) // 8), frame.body)  # little-endian float64
        finite = sum(1 for v in values if not math.isnan(v))
        result.update(
            messages=result["messages"] + 1,
            length=len(values),
            finite=finite,
            quality=frame.headers.get("ieQuality"),
            first=[v for v in values[:3]],
        )
        if len(values) == nodes and finite == nodes:
            done.set()


conn = stomp.Connection([(host, int(port))], auto_decode=False)
conn.set_listener("", Listener())
conn.connect(user, password, wait=True)
conn.subscribe(destination=destination, id="1", ack="auto")
done.wait(float(timeout))
conn.disconnect()
print(json.dumps(result))
