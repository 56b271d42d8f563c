/**
 * The embedded broker's front door: the OpenWire, STOMP and MQTT connectors clients reach, with the
 * bounds that hold before anyone has logged in (connections in all and per address, frame sizes, a
 * deadline to log in) and the quiet, one-line log of what was refused. Who may do what once logged
 * in is {@code pubsub.security}'s business.
 */
package org.instrumentelement.ie.pubsub.transport;
