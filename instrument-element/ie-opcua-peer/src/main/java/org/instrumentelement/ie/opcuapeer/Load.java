package org.instrumentelement.ie.opcuapeer;

/**
 * A load the load client keeps running until it is closed: sessions polling or subscribed, counting
 * what they get.
 */
interface Load extends AutoCloseable {
  /** What started, for the answer to the command: {@code polling}, or what the server granted. */
  String started();

  /**
   * What the load counted since it started.
   *
   * @return reads answered well (polling) or values delivered for the first time (subscriptions),
   *     reads or values found wrong, and for subscriptions the account of the values' sequence
   *     numbers
   */
  LoadCounts counts();

  /** The latencies recorded since the last call: read round trips, or update to delivery. */
  LatencyRecorder.Percentiles takeLatencies();

  /** Stops the load and closes its sessions. */
  @Override
  void close();
}
