package org.instrumentelement.jmeter.experiment;

/**
 * One measured point of the experiment.
 *
 * @param encoding XML, BINARY or MTOM for polling; JMS for the subscription mode (JMS-codes for
 *     subscribers to the attribute's integer codes)
 * @param length doubles per vector
 * @param clients JMeter threads (pollers or subscribers)
 * @param samples the measured samples (warm-up left out)
 * @param ieCpuSeconds CPU time of the IE process (with its embedded broker) over the samples'
 *     window; NaN when it cannot be read
 * @param jmeterCpuSeconds CPU time of the JMeter process over the same window
 * @param samplingPeriodMillis JMS only: the period configureSampling set (the rounded Tr)
 * @param targetTrMillis JMS only: the polling response time Tr it was derived from
 * @param published JMS only: samples the IE published during the run
 * @param superseded JMS only: samples the IE's publisher superseded (its queue for the topic was
 *     full) after the warm-up
 * @param supersededInWarmup JMS only: the same during the warm-up (read when the warm-up ends by
 *     the runner's clock, which starts before JMeter's: a few early measured seconds may count
 *     here)
 * @param discarded JMS only: messages the embedded broker dropped for the measured subscribers
 *     (their oldest pending ones), read a second before their end; -1 when the IE does not say
 * @param loadAverage the machine's 1-minute load average at the end of the point
 */
record Point(
    String encoding,
    int length,
    int clients,
    Samples samples,
    double ieCpuSeconds,
    double jmeterCpuSeconds,
    long samplingPeriodMillis,
    double targetTrMillis,
    long published,
    long superseded,
    long supersededInWarmup,
    long discarded,
    double loadAverage) {

  boolean jms() {
    return encoding.startsWith("JMS");
  }

  /** Vectors delivered: polling answers, or messages received by all subscribers together. */
  int vectors() {
    return jms() ? samples.count - samples.errorCodes.getOrDefault("NO_MESSAGE", 0) : okSamples();
  }

  /** Failed samples other than sequence gaps (which the IE may cause by design under load). */
  int hardErrors() {
    return samples.errors - samples.errorCodes.getOrDefault("SEQUENCE_GAP", 0);
  }

  int okSamples() {
    return samples.count - samples.errors;
  }

  /** IE CPU milliseconds per delivered vector; NaN when unknown. */
  double ieCpuMillisPerVector() {
    return vectors() == 0 ? Double.NaN : ieCpuSeconds * 1000 / vectors();
  }

  /** Network traffic in kB/s (1 kB = 1,000 bytes), both directions. */
  double trafficKbPerSecond() {
    return samples.trafficBytesPerSecond() / 1000;
  }

  /** Bytes received per delivered vector. */
  double bytesPerVector() {
    return vectors() == 0 ? Double.NaN : samples.bytes / (double) vectors();
  }

  /** Bytes sent per delivered vector (requests, or the subscriber's acknowledgements). */
  double sentBytesPerVector() {
    return vectors() == 0 ? Double.NaN : samples.sentBytes / (double) vectors();
  }

  /** Vectors per second received by one client. */
  double ratePerClient() {
    return samples.windowSeconds() <= 0 ? 0 : vectors() / samples.windowSeconds() / clients;
  }

  String key() {
    return encoding + " " + length + " x " + clients;
  }

  /** The point's name in file names: {@code <encoding>-<length>x<clients>}. */
  static String name(String encoding, int length, int clients) {
    return encoding + "-" + length + "x" + clients;
  }

  /** This point's name in file names. */
  String name() {
    return name(encoding, length, clients);
  }
}
