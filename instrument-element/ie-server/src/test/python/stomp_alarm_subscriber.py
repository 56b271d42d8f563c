"""A Python subscriber (stomp.py) to an Instrument Element's alarm topic, as a lab's alarm display
would be: it prints the first message it gets on subscribing, which carries the active alarms.

usage: stomp_alarm_subscriber.py <host> <stomp-port> <destination> <user> <password>
Prints one JSON line: {"sequence": n, "event": "...", "active": ["<id>", ...]}.
"""
import json
import sys
import threading

import stomp

host, port, destination, user, password = sys.argv[1:6]
received = {}
done = threading.Event()


class Listener(stomp.ConnectionListener):
    def on_message(self, frame):
        if not received:
            body = json.loads(frame.body)
            received.update(
                {
                    "sequence": int(frame.headers["ieSequence"]),
                    "event": frame.headers["ieEvent"],
                    "active": [a["id"] for a in body["active"]],
                }
            )
            done.set()


conn = stomp.Connection([(host, int(port))])
conn.set_listener("", Listener())
conn.connect(user, password, wait=True)
conn.subscribe(destination=destination, id="1", ack="auto")
if not done.wait(60):
    sys.exit("no message on " + destination + " within 60 s")
conn.disconnect()
print(json.dumps(received))
