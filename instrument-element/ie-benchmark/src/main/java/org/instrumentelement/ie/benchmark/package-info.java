/**
 * The benchmark command: starts an Instrument Element as a process of its own, loads it through its
 * published interfaces (raw HTTP SOAP requests, JMS subscribers) and measures rates, latencies,
 * bytes on the wire and the IE process's CPU time. Its figures go to a JSON file.
 */
package org.instrumentelement.ie.benchmark;
