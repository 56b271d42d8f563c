package org.instrumentelement.ie.measure;

import java.net.URI;

/**
 * Where a starting IE serves, read from the lines it logs: {@code SOAP endpoint: <url>} and its
 * embedded broker's connectors, {@code Embedded broker: <openwire url> (STOMP ..., MQTT ...)}
 * without a keystore, or with one {@code Embedded broker over TLS: <ssl url> ...} followed by
 * {@code Embedded broker, plain, for this machine only: <openwire url> ...} (or {@code ... no plain
 * connectors}). With port 0 the log is the only place that says which ports it picked.
 */
final class StartupLog {
  /** The path of the SOAP endpoint below the IE's context. */
  static final String SERVICES_PATH = "/services/";

  private static final String ENDPOINT = "SOAP endpoint: ";
  private static final String[] PLAIN = {
    "Embedded broker: ", "Embedded broker, plain, for this machine only: "
  };
  private static final String PLAIN_ELSEWHERE = "Embedded broker, plain, on ";
  private static final String TLS = "Embedded broker over TLS: ";
  private static final String NO_PLAIN = "no plain connectors";

  private URI endpoint;
  private URI broker;
  private URI brokerTls;
  private boolean brokerKnown;

  /** Reads one line of output; true once both the endpoint and the broker are known. */
  boolean accept(String line) {
    int at = line.indexOf(ENDPOINT);
    if (at >= 0) {
      endpoint = URI.create(line.substring(at + ENDPOINT.length()).trim());
    }
    at = line.indexOf(TLS);
    if (at >= 0) {
      brokerTls = firstUrl(line.substring(at + TLS.length()));
    }
    for (String plain : PLAIN) {
      at = line.indexOf(plain);
      if (at >= 0 && !line.contains(NO_PLAIN)) {
        broker = firstUrl(line.substring(at + plain.length()));
        brokerKnown = true;
      }
    }
    at = line.indexOf(PLAIN_ELSEWHERE);
    if (at >= 0) {
      int on = line.indexOf(" on ", line.indexOf("passwords"));
      broker = on < 0 ? null : firstUrl(line.substring(on + " on ".length()));
      brokerKnown = true;
    }
    if (line.contains("Embedded broker") && line.contains(NO_PLAIN)) {
      brokerKnown = true;
    }
    return endpoint != null && brokerKnown;
  }

  private static URI firstUrl(String text) {
    return URI.create(text.trim().split("\\s+")[0]);
  }

  URI endpoint() {
    return endpoint;
  }

  /** The plain OpenWire URL, or null when the IE opened none. */
  URI broker() {
    return broker;
  }

  /** The OpenWire over TLS URL, or null when the IE has no keystore. */
  URI brokerTls() {
    return brokerTls;
  }
}
