"""A sensor node that speaks STOMP (stomp.py) instead of MQTT: one reading to its own topic.

usage: sensor_stomp_node.py <host> <stomp-port> <destination> <user> <password> <body>
Prints "sent" once the broker has acknowledged the frame (a receipt).
"""
import sys
import threading

import stomp

host, port, destination, user, password, body = sys.argv[1:7]
receipt = threading.Event()


class Listener(stomp.ConnectionListener):
    def on_receipt(self, frame):
        receipt.set()


conn = stomp.Connection([(host, int(port))], auto_decode=False)
conn.set_listener("", Listener())
conn.connect(user, password, wait=True)
conn.send(destination=destination, body=body, headers={"receipt": "r1"})
if not receipt.wait(20):
    sys.exit("no receipt")
conn.disconnect()
print("sent")
