"""A third-party sensor node written with paho-mqtt (Debian python3-paho-mqtt), the way a lab would
write one: publishes a reading to its own topic, then two malformed messages, tries to read the
other nodes' topics and finally to publish to another node's topic, which the broker must refuse.

usage: sensor_node.py <host> <mqtt-port> <topic-base> <user> <password> <own-node> <other-node>
Prints one JSON line: {"connected": rc, "subscribe_qos": q, "refused_by_close": true|false}.
"""
import json
import sys
import threading

import paho.mqtt.client as mqtt

host, port, base, user, password, own, other = sys.argv[1:8]
out = {}
connected = threading.Event()
subscribed = threading.Event()
closed = threading.Event()


def on_connect(client, userdata, flags, rc):
    out["connected"] = rc
    connected.set()


def on_subscribe(client, userdata, mid, granted_qos):
    out["subscribe_qos"] = granted_qos[0]
    subscribed.set()


def on_disconnect(client, userdata, rc):
    closed.set()


client = mqtt.Client(client_id="paho-" + own, clean_session=True)
client.username_pw_set(user, password)
client.on_connect = on_connect
client.on_subscribe = on_subscribe
client.on_disconnect = on_disconnect
client.reconnect_delay_set(min_delay=60, max_delay=60)  # stay closed once refused
client.connect(host, int(port))
client.loop_start()
connected.wait(20)

own_topic = base + "/" + own
client.publish(own_topic, '{"v": 21.5, "seq": 0}', qos=1).wait_for_publish()
client.publish(own_topic, "twenty-one", qos=1).wait_for_publish()  # malformed
client.publish(own_topic, "[" + "1," * 2500 + "1]", qos=1).wait_for_publish()  # too long
client.subscribe(base + "/+", qos=0)  # reading the others' data: refused
subscribed.wait(20)
client.publish(base + "/" + other, '{"v": -1, "seq": 0}', qos=1)  # not its topic: refused
out["refused_by_close"] = closed.wait(20)
client.loop_stop()
print(json.dumps(out))
