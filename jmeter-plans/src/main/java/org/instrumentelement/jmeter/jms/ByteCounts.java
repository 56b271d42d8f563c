package org.instrumentelement.jmeter.jms;

/** The bytes a subscriber's connection has received and sent so far, as they crossed the wire. */
public interface ByteCounts {
  /** Bytes received from the broker so far. */
  long bytesIn();

  /** Bytes sent to the broker so far. */
  long bytesOut();
}
