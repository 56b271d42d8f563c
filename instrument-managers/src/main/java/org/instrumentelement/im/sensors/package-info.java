/**
 * Sensor networks as instruments: an Instrument Manager whose instrument is a set of small nodes
 * that send it readings as messages. The IM parses, checks and counts the readings and serves them
 * as attributes; how the messages travel (a broker topic per node) is the Instrument Element's
 * business, which hands each one to the IM through {@link
 * org.instrumentelement.im.sensors.NodeInbox}. Nothing here knows JMS or MQTT.
 */
package org.instrumentelement.im.sensors;
