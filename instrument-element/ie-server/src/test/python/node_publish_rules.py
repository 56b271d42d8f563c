"""A node account publishes to its own topic and nowhere else, over STOMP (stomp.py) and MQTT
(paho-mqtt): sends to wildcards and composite destinations that cover its topic are refused, and
an observer subscribed to wildcards over the nodes' topics receives none of them.

usage: node_publish_rules.py <host> <stomp-port> <mqtt-port> <node> <node-password> <other-node>
                             <observer> <observer-password> <nodes-topic>
<nodes-topic> is the JMS name of the sensor network's node topics (ie.ie.lab.sensors.nodes); the
node's own topic is <nodes-topic>.<node>. Prints one JSON object; the Java test judges it.
"""
import json
import os
import sys
import threading
import time

import paho.mqtt.client as mqtt
import stomp

(host, stomp_port, mqtt_port, node, node_password, other, observer, observer_password,
 nodes) = sys.argv[1:10]
stomp_port, mqtt_port = int(stomp_port), int(mqtt_port)
mqtt_nodes = nodes.replace(".", "/")
network = nodes.rsplit(".", 1)[0]  # ie.ie.lab.sensors
lab = network.rsplit(".", 1)[0]  # ie.ie.lab
WAIT = 20  # seconds; an upper bound, every wait ends on an event
result = {}


class Seen(stomp.ConnectionListener):
    """What an observer receives: the bodies of the test's own messages, by subscription."""

    def __init__(self):
        self.bodies = {}
        self.marker = threading.Event()

    def on_message(self, frame):
        body = frame.body.decode("utf-8", "replace")
        if "payload-" in body:
            sub = frame.headers.get("subscription")
            self.bodies.setdefault(sub, []).append(body)
        if body == "payload-marker":
            self.marker.set()


watch = stomp.Connection([(host, stomp_port)], auto_decode=False, reconnect_attempts_max=1)
seen = Seen()
watch.set_listener("", seen)
watch.connect(observer, observer_password, wait=True)
for sid, destination in [("nodes-any", "/topic/" + nodes + ".*"),
                         ("nodes-all", "/topic/" + nodes + ".>"),
                         ("lab-all", "/topic/" + lab + ".>")]:
    watch.subscribe(destination=destination, id=sid, ack="auto", headers={"receipt": sid})

mqtt_seen = {}
mqtt_marker = threading.Event()
mqtt_subscribed = threading.Event()
watch_mqtt = mqtt.Client(client_id="", clean_session=True)
watch_mqtt.username_pw_set(observer, observer_password)


def on_mqtt_message(client, userdata, msg):
    body = msg.payload.decode("utf-8", "replace")
    if "payload-" in body:
        mqtt_seen.setdefault(msg.topic, []).append(body)
    if body == "payload-marker":
        mqtt_marker.set()


watch_mqtt.on_message = on_mqtt_message
watch_mqtt.on_subscribe = lambda c, u, mid, qos: mqtt_subscribed.set()
watch_mqtt.connect(host, mqtt_port)
watch_mqtt.loop_start()
watch_mqtt.subscribe([(mqtt_nodes + "/+", 0), (lab.replace(".", "/") + "/#", 0)])
mqtt_subscribed.wait(WAIT)


class Sender(stomp.ConnectionListener):
    def __init__(self):
        self.errors = []
        self.receipts = []
        self.ended = threading.Event()

    def on_error(self, frame):
        self.errors.append(frame.headers.get("message", ""))
        self.ended.set()

    def on_receipt(self, frame):
        self.receipts.append(frame.headers.get("receipt-id"))
        self.ended.set()

    def on_disconnected(self):
        self.ended.set()


def stomp_send(destination, body):
    """One STOMP connection of the node that sends one message with a receipt: what came back."""
    conn = stomp.Connection([(host, stomp_port)], auto_decode=False, reconnect_attempts_max=1)
    sender = Sender()
    conn.set_listener("", sender)
    conn.connect(node, node_password, wait=True)
    conn.send(destination=destination, body=body.encode(), headers={"receipt": "sent"})
    sender.ended.wait(WAIT)
    # A refused send ends the connection after its ERROR frame; give the close a moment to land.
    deadline = time.time() + WAIT
    while sender.errors and conn.is_connected() and time.time() < deadline:
        time.sleep(0.02)
    out = {"error": " ".join(sender.errors), "receipt": "sent" in sender.receipts,
           "closed": not conn.is_connected()}
    try:
        conn.disconnect()
    except Exception:
        pass
    return out


stomp_cases = {
    "stomp_any_node": "/topic/" + nodes + ".*",
    "stomp_all_nodes": "/topic/" + nodes + ".>",
    "stomp_lab": "/topic/" + lab + ".>",
    "stomp_composite": "/topic/" + nodes + "." + node + ",/topic/" + nodes + "." + other,
}
for name, destination in stomp_cases.items():
    result[name] = stomp_send(destination, "payload-" + name)


def mqtt_publish(topic, body):
    """One MQTT connection of the node that publishes at QoS 1: acknowledged, or closed."""
    state = {"published": [], "disconnects": 0}
    # Set by the PUBACK or by the end of the connection, whichever comes first.
    connected, answered = threading.Event(), threading.Event()
    c = mqtt.Client(client_id="", clean_session=True)
    c.username_pw_set(node, node_password)
    c.on_connect = lambda cl, u, f, rc: connected.set()

    def on_publish(cl, u, mid):
        state["published"].append(mid)
        answered.set()

    def on_disconnect(cl, u, rc):
        state["disconnects"] += 1
        answered.set()

    c.on_publish = on_publish
    c.on_disconnect = on_disconnect
    c.connect(host, mqtt_port)
    c.loop_start()
    connected.wait(WAIT)
    try:
        info = c.publish(topic, body.encode(), qos=1)
    except ValueError as e:  # paho refuses wildcards in a topic it publishes to
        c.disconnect()
        c.loop_stop()
        return {"client_refused": str(e)}
    answered.wait(WAIT)
    out = {"acknowledged": info.mid in state["published"], "closed": state["disconnects"] > 0}
    c.disconnect()
    c.loop_stop()
    return out


result["mqtt_composite"] = mqtt_publish(
    mqtt_nodes + "/" + node + "," + mqtt_nodes + "/" + other, "payload-mqtt_composite")
result["mqtt_composite_lab"] = mqtt_publish(
    mqtt_nodes + "/" + node + "," + lab.replace(".", "/"), "payload-mqtt_composite_lab")
result["mqtt_plus"] = mqtt_publish(mqtt_nodes + "/+", "payload-mqtt_plus")

# The node's own topic works on both protocols; the marker ends the observers' wait, and anything
# a refused send had let through would have arrived before it.
result["stomp_own"] = stomp_send("/topic/" + nodes + "." + node, "payload-own")
result["mqtt_own"] = mqtt_publish(mqtt_nodes + "/" + node, "payload-marker")
result["stomp_marker"] = seen.marker.wait(WAIT)
result["mqtt_marker"] = mqtt_marker.wait(WAIT)
result["stomp_seen"] = seen.bodies
result["mqtt_seen"] = mqtt_seen
print(json.dumps(result), flush=True)
os._exit(0)  # the client libraries' threads would keep the interpreter alive
