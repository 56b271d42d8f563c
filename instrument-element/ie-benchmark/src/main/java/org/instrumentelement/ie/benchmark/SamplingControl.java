package org.instrumentelement.ie.benchmark;

import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * The sampling of the vector the subscription measurements use ({@value #IM}, attribute {@value
 * #ATTRIBUTE}), switched through the SOAP API as any client would. The IE runs with access control
 * off in those measurements, so no account is needed.
 */
final class SamplingControl {
  static final String IM = "lab/array2500";
  static final String ATTRIBUTE = "vector";

  /** The topic the IE publishes the vector's samples on (default prefix, IE named "ie"). */
  static final String TOPIC = TopicNames.topic(TopicNames.DEFAULT_PREFIX, "ie", IM, ATTRIBUTE);

  /** The JMS property holding a sample's acquisition time (microseconds since the epoch). */
  static final String ACQUIRED = MessageProperty.ACQUIRED.key();

  private final InstrumentElementPort soap;
  private final String im;

  private SamplingControl(InstrumentElementPort soap, String im) {
    this.soap = soap;
    this.im = im;
  }

  static SamplingControl connect(IeProcess ie) {
    return connect(ie, IM);
  }

  /** The sampling of the {@value #ATTRIBUTE} of another array IM, e.g. {@code lab/array10000}. */
  static SamplingControl connect(IeProcess ie, String im) {
    return new SamplingControl(InstrumentElementClient.connect(ie.serviceUrl()), im);
  }

  /** The topic of the {@value #ATTRIBUTE} of an IM (default prefix, IE named "ie"). */
  static String topic(String im) {
    return TopicNames.topic(TopicNames.DEFAULT_PREFIX, "ie", im, ATTRIBUTE);
  }

  /** The same for an IE serving HTTPS, trusting its certificate through {@code tls}. */
  static SamplingControl connect(IeProcess ie, ClientTls tls) {
    return new SamplingControl(
        InstrumentElementClient.connect(
            ie.serviceUrl(), InstrumentElementClient.Options.DEFAULTS.withTls(tls)),
        IM);
  }

  /** Samples every {@code millis} milliseconds; 0: not at all. */
  void period(long millis) throws Exception {
    periodMicros(millis * 1000);
  }

  /** Samples every {@code micros} microseconds (at least 100); 0: not at all. */
  void periodMicros(long micros) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm(im);
    c.setAttribute(ATTRIBUTE);
    c.setSamplingPeriodMicros(micros);
    soap.configureSampling(c);
  }

  /** The sampler's counters (samples published, superseded before sending). */
  SubscriptionInfo info() throws Exception {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(ATTRIBUTE);
    return soap.getSubscriptionInfo(q).getSubscription();
  }
}
