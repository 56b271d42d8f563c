package org.instrumentelement.jmeter.soap;

import java.io.IOException;
import org.w3c.dom.Element;

/**
 * The parts of the IE's {@code SubscriptionInfo} the load tests use.
 *
 * @param topic the JMS topic
 * @param brokerUrl the OpenWire URL the IE tells clients to use
 * @param samplingPeriodMillis time between two reads of the attribute; 0 when sampling is off
 * @param published samples handed to the publisher so far (the last sequence number)
 * @param superseded samples replaced by a newer one before the broker took them
 * @param discarded messages the embedded broker dropped for slow subscribers; -1 when unknown
 * @param subscribers the topic's subscribers on the embedded broker now; -1 when unknown
 */
public record SubscriptionInfo(
    String topic,
    String brokerUrl,
    long samplingPeriodMillis,
    long published,
    long superseded,
    long discarded,
    long subscribers) {

  static SubscriptionInfo from(Element response) throws IOException {
    String topic = IeSoapClient.text(response, "topic");
    String broker = IeSoapClient.text(response, "brokerUrl");
    if (topic == null || broker == null) {
      throw new IOException("no topic or broker URL in " + response.getLocalName());
    }
    return new SubscriptionInfo(
        topic,
        broker,
        number(response, "samplingPeriodMillis", 0),
        number(response, "published", 0),
        number(response, "superseded", 0),
        number(response, "discarded", -1),
        number(response, "subscribers", -1));
  }

  private static long number(Element e, String name, long absent) {
    String t = IeSoapClient.text(e, name);
    return t == null || t.isEmpty() ? absent : Long.parseLong(t);
  }
}
