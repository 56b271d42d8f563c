package org.instrumentelement.ie.measure;

import java.net.URI;

/**
 * Where a starting IE serves, read from the lines it logs: {@code SOAP endpoint: <url>} and {@code
 * Embedded broker: <openwire url> (STOMP ..., MQTT ...)}. With port 0 the log is the only place
 * that says which ports it picked.
 */
final class StartupLog {
  /** The path of the SOAP endpoint below the IE's context. */
  static final String SERVICES_PATH = "/services/";

  private static final String ENDPOINT = "SOAP endpoint: ";
  private static final String BROKER = "Embedded broker: ";

  private URI endpoint;
  private URI broker;

  /** Reads one line of output; true once both the endpoint and the broker are known. */
  boolean accept(String line) {
    int at = line.indexOf(ENDPOINT);
    if (at >= 0) {
      endpoint = URI.create(line.substring(at + ENDPOINT.length()).trim());
    }
    at = line.indexOf(BROKER);
    if (at >= 0) {
      broker = URI.create(line.substring(at + BROKER.length()).trim().split("\\s+")[0]);
    }
    return endpoint != null && broker != null;
  }

  URI endpoint() {
    return endpoint;
  }

  URI broker() {
    return broker;
  }
}
