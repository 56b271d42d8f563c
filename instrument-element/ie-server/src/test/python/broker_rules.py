"""What the embedded broker refuses over STOMP (stomp.py) and MQTT (paho-mqtt): advisories, temporary
destinations, queues, wildcards beyond a user's IMs, forged messages, publishing.

usage: broker_rules.py <host> <stomp-port> <mqtt-port> <user> <password> <admin> <admin-password>
                       <allowed-stomp-destination> <allowed-mqtt-topic>
<user> may observe one IM, whose topic is the allowed one; <admin> administers the whole element.
Prints one JSON object describing what happened; the Java test judges it.
"""
import json
import os
import sys
import threading
import time

import paho.mqtt.client as mqtt
import stomp

(host, stomp_port, mqtt_port, user, password, admin, admin_password,
 allowed_dest, allowed_topic) = sys.argv[1:10]
stomp_port, mqtt_port = int(stomp_port), int(mqtt_port)
result = {}
WAIT = 10  # seconds; an upper bound, every wait ends on an event


class StompListener(stomp.ConnectionListener):
    def __init__(self):
        self.destinations = {}
        self.errors = []
        self.ended = threading.Event()
        self.messages = threading.Event()

    def on_message(self, frame):
        d = frame.headers.get("destination")
        self.destinations[d] = self.destinations.get(d, 0) + 1
        if sum(self.destinations.values()) >= 3:
            self.messages.set()

    def on_error(self, frame):
        self.errors.append(frame.headers.get("message", ""))
        self.ended.set()

    def on_disconnected(self):
        self.ended.set()


def stomp_case(who, pw, subscribe=(), send=None, receipt=True, headers=None):
    """One STOMP connection that subscribes to some destinations or sends to one. Returns what it
    saw: {"error": ERROR frame text or "", "closed": bool, "destinations": {destination: count}}."""
    conn = stomp.Connection([(host, stomp_port)], auto_decode=False, reconnect_attempts_max=1)
    listener = StompListener()
    conn.set_listener("", listener)
    conn.connect(who, pw, wait=True)
    for i, destination in enumerate([subscribe] if isinstance(subscribe, str) else subscribe):
        conn.subscribe(destination=destination, id="s%d" % i, ack="auto", headers=headers or {})
    if send:
        headers = {"receipt": "r"} if receipt else {}
        conn.send(destination=send, body=b"forged-payload-7c1e", headers=headers)
    # A refusal ends in an ERROR frame (and a closed connection); an accepted subscription gets
    # the current values of the topics it covers.
    deadline = time.time() + WAIT
    while time.time() < deadline and not listener.ended.is_set() and not listener.messages.is_set():
        time.sleep(0.02)
    out = {"error": " ".join(listener.errors), "closed": listener.ended.is_set(),
           "destinations": listener.destinations}
    try:
        conn.disconnect()
    except Exception:
        pass
    return out


result["stomp_advisory"] = stomp_case(user, password, subscribe="/topic/ActiveMQ.Advisory.Connection")
result["stomp_advisory_wildcard"] = stomp_case(user, password, subscribe="/topic/ActiveMQ.Advisory.>")
result["stomp_advisory_admin"] = stomp_case(admin, admin_password,
                                            subscribe="/topic/ActiveMQ.Advisory.Connection")
# An administrator's wildcard that covers advisories over STOMP: nothing of them is delivered (STOMP
# cannot render them), and the topic beside it still is.
result["stomp_advisory_admin_wildcard"] = stomp_case(
    admin, admin_password, subscribe=["/topic/ActiveMQ.*.Connection", allowed_dest])
result["stomp_temp_queue"] = stomp_case(user, password, subscribe="/temp-queue/flood")
result["stomp_temp_queue_send"] = stomp_case(user, password, send="/temp-queue/flood", receipt=False)
result["stomp_temp_topic"] = stomp_case(user, password, subscribe="/temp-topic/flood")
result["stomp_queue"] = stomp_case(user, password, subscribe="/queue/anything")
result["stomp_forged_advisory"] = stomp_case(user, password,
                                             send="/topic/ActiveMQ.Advisory.Connection")
result["stomp_forged_channel"] = stomp_case(user, password, send="/topic/ActiveMQ.Advisory.Chat")
result["stomp_publish"] = stomp_case(user, password, send=allowed_dest, receipt=False)
result["stomp_everything"] = stomp_case(user, password, subscribe="/topic/>")
result["stomp_all_ie"] = stomp_case(user, password, subscribe="/topic/ie.>")
result["stomp_any_im"] = stomp_case(user, password, subscribe="/topic/ie.ie.*.>")
result["stomp_lab_wildcard"] = stomp_case(user, password, subscribe="/topic/ie.ie.lab.*.*")
result["stomp_allowed"] = stomp_case(user, password, subscribe=allowed_dest)
# ActiveMQ's JSON/XML transformations need XStream, which the Instrument Element does not ship.
result["stomp_transformation"] = stomp_case(user, password, subscribe=allowed_dest,
                                            headers={"transformation": "jms-map-json"})


def mqtt_client(who, pw, clean=True, client_id=""):
    state = {"rc": None, "granted": {}, "topics": {}, "published": [], "disconnects": 0}
    events = {"connected": threading.Event(), "subscribed": threading.Event(),
              "disconnected": threading.Event(), "message": threading.Event()}
    c = mqtt.Client(client_id=client_id, clean_session=clean)
    c.username_pw_set(who, pw)

    def on_connect(cl, u, f, rc):
        state["rc"] = rc
        events["connected"].set()

    def on_subscribe(cl, u, mid, qos):
        state["granted"][mid] = list(qos)
        events["subscribed"].set()

    def on_message(cl, u, msg):
        state["topics"][msg.topic] = state["topics"].get(msg.topic, 0) + 1
        if sum(state["topics"].values()) >= 3:
            events["message"].set()

    def on_publish(cl, u, mid):
        state["published"].append(mid)

    def on_disconnect(cl, u, rc):
        state["disconnects"] += 1
        events["disconnected"].set()

    c.on_connect, c.on_subscribe, c.on_message = on_connect, on_subscribe, on_message
    c.on_publish, c.on_disconnect = on_publish, on_disconnect
    c.connect(host, mqtt_port)
    c.loop_start()
    events["connected"].wait(WAIT)
    return c, state, events


def mqtt_subscribe(c, state, events, topic, qos=0):
    events["subscribed"].clear()
    events["message"].clear()
    state["topics"].clear()
    _, mid = c.subscribe(topic, qos=qos)
    events["subscribed"].wait(WAIT)
    granted = state["granted"].get(mid)
    if granted and granted[0] != 128:
        events["message"].wait(WAIT)
    return {"granted": granted, "topics": dict(state["topics"])}


c, state, events = mqtt_client(user, password)
result["mqtt_rc"] = state["rc"]
for name, topic in [("mqtt_advisory", "ActiveMQ/Advisory/Connection"),
                    ("mqtt_advisory_wildcard", "ActiveMQ/Advisory/#"),
                    ("mqtt_everything", "#"),
                    ("mqtt_all_ie", "ie/#"),
                    ("mqtt_any_im", "ie/ie/+/#"),
                    ("mqtt_lab_wildcard", "ie/ie/lab/+/+")]:
    result[name] = mqtt_subscribe(c, state, events, topic)
c.disconnect()
c.loop_stop()

c, state, events = mqtt_client(admin, admin_password)
result["mqtt_advisory_admin"] = mqtt_subscribe(c, state, events, "ActiveMQ/Advisory/Connection")
c.disconnect()
c.loop_stop()

c, state, events = mqtt_client(user, password, clean=False, client_id="persistent-" + user)
result["mqtt_durable"] = mqtt_subscribe(c, state, events, allowed_topic, qos=1)
c.disconnect()
c.loop_stop()


def mqtt_publish(topic):
    """Publishes at QoS 1: a refused publish must not be acknowledged; the broker closes instead."""
    c, state, events = mqtt_client(user, password)
    info = c.publish(topic, b"forged-payload-7c1e", qos=1)
    events["disconnected"].wait(WAIT)
    acknowledged = info.mid in state["published"]
    c.disconnect()
    c.loop_stop()
    return {"acknowledged": acknowledged, "closed": state["disconnects"] > 0}


result["mqtt_forged_advisory"] = mqtt_publish("ActiveMQ/Advisory/Connection")
result["mqtt_publish"] = mqtt_publish(allowed_topic)

print(json.dumps(result), flush=True)
os._exit(0)  # the client libraries' threads would keep the interpreter alive
