/**
 * The sensor node simulator: virtual nodes that publish readings to a sensor-network Instrument
 * Manager's topics over MQTT, as small real nodes would, with noise, drop-outs and restarts.
 */
package org.instrumentelement.ie.nodesim;
