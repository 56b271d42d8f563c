"""Python subscribers (stomp.py and paho-mqtt, standard client libraries) receiving one value of
an Instrument Element topic each, as a Python program in a lab would.

usage: stomp_mqtt_subscriber.py <host> <stomp-port> <stomp-destination> <mqtt-port> <mqtt-topic> <user> <password> [<ca-file>]
With <ca-file> (the IE's certificate or its authority, PEM) both connect over TLS (stomp+ssl://,
mqtt+ssl://) and check the broker's certificate against it.
Prints one JSON line: {"stomp": {...}, "mqtt": {...}} with the decoded doubles.
"""
import json
import os
import struct
import sys
import threading

import paho.mqtt.client as mqtt
import stomp

host, stomp_port, destination, mqtt_port, mqtt_topic, user, password = sys.argv[1:8]
ca_file = sys.argv[8] if len(sys.argv) > 8 else None
received = {}
done = {"stomp": threading.Event(), "mqtt": threading.Event()}


def doubles(payload):
    return list(struct.unpack("<%dd" % (len(payload) // 8), payload))  # little-endian float64


class StompListener(stomp.ConnectionListener):
    def on_message(self, frame):
        if "stomp" not in received:
            received["stomp"] = {
                "sequence": int(frame.headers["ieSequence"]),
                "type": frame.headers["ieType"],
                "units": frame.headers["ieUnits"],
                "doubles": doubles(frame.body),
            }
            done["stomp"].set()


conn = stomp.Connection([(host, int(stomp_port))], auto_decode=False)
if ca_file:
    conn.set_ssl(for_hosts=[(host, int(stomp_port))], ca_certs=ca_file)
conn.set_listener("", StompListener())
conn.connect(user, password, wait=True)
conn.subscribe(destination=destination, id="1", ack="auto")


def on_mqtt_message(client, userdata, message):
    if "mqtt" not in received:
        received["mqtt"] = {"doubles": doubles(message.payload)}
        done["mqtt"].set()


client = mqtt.Client()
client.username_pw_set(user, password)
if ca_file:
    client.tls_set(ca_certs=ca_file)
client.on_message = on_mqtt_message
client.on_connect = lambda c, u, f, rc: c.subscribe(mqtt_topic, qos=0)
client.connect(host, int(mqtt_port))
client.loop_start()

ok = done["stomp"].wait(30) and done["mqtt"].wait(30)
client.loop_stop()
conn.disconnect()
if not ok:
    print(json.dumps({"error": "timed out", "got": list(received)}), flush=True)
    os._exit(1)
print(json.dumps(received), flush=True)
os._exit(0)  # the client libraries' threads would keep the interpreter alive
