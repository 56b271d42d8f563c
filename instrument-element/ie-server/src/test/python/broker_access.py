"""Checks the embedded broker's access rules over STOMP (stomp.py) and MQTT (paho-mqtt).

usage: broker_access.py <host> <stomp-port> <mqtt-port> <user> <password>
                        <allowed-stomp-destination> <forbidden-stomp-destination>
                        <allowed-mqtt-topic> <forbidden-mqtt-topic>
Prints one JSON object describing what happened; the Java test judges it.
"""
import json
import os
import sys
import threading

import paho.mqtt.client as mqtt
import stomp

(host, stomp_port, mqtt_port, user, password,
 allowed_dest, forbidden_dest, allowed_topic, forbidden_topic) = sys.argv[1:10]
stomp_port, mqtt_port = int(stomp_port), int(mqtt_port)
result = {}


def stomp_connect(pw):
    conn = stomp.Connection([(host, stomp_port)], auto_decode=False, reconnect_attempts_max=1)
    try:
        conn.connect(user, pw, wait=True)
        return conn
    except Exception as e:  # ConnectFailedException and friends
        return None


# STOMP: a wrong password is refused.
bad = stomp_connect("not-" + password)
result["stomp_wrong_password"] = "connected" if bad else "refused"


class Listener(stomp.ConnectionListener):
    def __init__(self):
        self.messages = {}
        self.errors = []
        self.got = threading.Event()
        self.failed = threading.Event()

    def on_message(self, frame):
        sub = frame.headers.get("subscription")
        self.messages[sub] = self.messages.get(sub, 0) + 1
        self.got.set()

    def on_error(self, frame):
        self.errors.append(frame.headers.get("message", ""))
        self.failed.set()


conn = stomp_connect(password)
listener = Listener()
if conn:
    conn.set_listener("", listener)
    conn.subscribe(destination=allowed_dest, id="allowed", ack="auto")
    listener.got.wait(20)
    result["stomp_allowed_messages"] = listener.messages.get("allowed", 0)
    conn.subscribe(destination=forbidden_dest, id="forbidden", ack="auto")
    listener.failed.wait(20)
    result["stomp_forbidden_messages"] = listener.messages.get("forbidden", 0)
    result["stomp_forbidden_error"] = " ".join(listener.errors)
else:
    result["stomp_allowed_messages"] = -1

# STOMP: publishing is refused to everyone but the Instrument Element.
pub = stomp_connect(password)
if pub:
    failed = threading.Event()
    errors = []

    class PubListener(stomp.ConnectionListener):
        def on_error(self, frame):
            errors.append(frame.headers.get("message", ""))
            failed.set()

    pub.set_listener("", PubListener())
    pub.send(destination=allowed_dest, body=b"\x00" * 8, headers={"receipt": "r1"})
    failed.wait(20)
    result["stomp_publish_error"] = " ".join(errors)

# MQTT: wrong password, allowed and forbidden subscriptions.
def mqtt_connect(pw):
    outcome = {"rc": None}
    ready = threading.Event()
    client = mqtt.Client()
    client.username_pw_set(user, pw)

    def on_connect(c, u, f, rc):
        outcome["rc"] = rc
        ready.set()

    client.on_connect = on_connect
    try:
        client.connect(host, mqtt_port)
    except Exception:
        return None, "refused"
    client.loop_start()
    ready.wait(20)
    return client, outcome["rc"]


c, rc = mqtt_connect("not-" + password)
result["mqtt_wrong_password_rc"] = rc
if c:
    c.loop_stop()

c, rc = mqtt_connect(password)
result["mqtt_rc"] = rc
granted = {}
subscribed = threading.Event()
received = {}
got_message = threading.Event()


def on_subscribe(client, userdata, mid, qos):
    granted[mid] = list(qos)
    subscribed.set()


def on_message(client, userdata, msg):
    received[msg.topic] = received.get(msg.topic, 0) + 1
    got_message.set()


if c and rc == 0:
    c.on_subscribe = on_subscribe
    c.on_message = on_message
    _, mid_ok = c.subscribe(allowed_topic, qos=0)
    got_message.wait(20)
    subscribed.clear()
    _, mid_bad = c.subscribe(forbidden_topic, qos=0)
    subscribed.wait(20)
    result["mqtt_allowed_messages"] = received.get(allowed_topic, 0)
    result["mqtt_forbidden_granted"] = granted.get(mid_bad)
    result["mqtt_forbidden_messages"] = received.get(forbidden_topic, 0)

print(json.dumps(result), flush=True)
os._exit(0)
