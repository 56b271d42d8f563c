package org.instrumentelement.ie.monitoring;

/**
 * What readiness is made of, as the part that starts everything knows it. Monitoring asks it rather
 * than inferring readiness from which parts happen to exist, so that it can be built, and tested,
 * without the rest of the Instrument Element.
 */
public interface StatusSource {
  /** Whether every part has started and requests are served in full. */
  boolean serving();

  /** Whether the publisher is connected to the broker, so that subscribers get samples. */
  boolean brokerConnected();

  /** A fixed answer (tests, and a service built without a broker). */
  static StatusSource fixed(boolean serving, boolean brokerConnected) {
    return new StatusSource() {
      @Override
      public boolean serving() {
        return serving;
      }

      @Override
      public boolean brokerConnected() {
        return brokerConnected;
      }
    };
  }
}
