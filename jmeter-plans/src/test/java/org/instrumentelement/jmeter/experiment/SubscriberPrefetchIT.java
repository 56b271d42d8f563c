package org.instrumentelement.jmeter.experiment;

import static org.instrumentelement.jmeter.experiment.QuietElement.IM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.command.ConsumerInfo;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.instrumentelement.jmeter.soap.SubscriptionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The prefetch a JMeter subscriber asks for ({@code prefetch}) is the prefetch the IE's embedded
 * broker gives its subscription, as the broker itself tells in its consumer advisories (which an
 * administrator may read over OpenWire); without one the broker gives the topic's prefetch, {@code
 * broker.maxPendingMessages} (100).
 */
class SubscriberPrefetchIT {
  @TempDir Path dir;

  @Test
  void theBrokerGivesEachSubscriberThePrefetchItAskedFor() throws Exception {
    try (IeProcess ie = QuietElement.start(dir)) {
      SubscriptionInfo info =
          new IeSoapClient(ie.serviceUrl(), "admin", "admin").subscriptionInfo(IM, "vector");
      Map<JmsSubscriberSampler, JavaSamplerContext> samplers = new HashMap<>();
      for (String prefetch : List.of("", "1", "7")) {
        JmsSubscriberSampler s = new JmsSubscriberSampler();
        JavaSamplerContext ctx = QuietElement.context(s, ie, Map.of("prefetch", prefetch));
        samplers.put(s, ctx);
        s.setupTest(ctx);
      }
      ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(info.brokerUrl());
      cf.setWatchTopicAdvisories(false);
      Connection admin = cf.createConnection("admin", "admin");
      try {
        admin.start();
        Session session = admin.createSession(false, Session.AUTO_ACKNOWLEDGE);
        // A new subscriber to a topic's consumer advisories first hears of every consumer it has.
        MessageConsumer advisories =
            session.createConsumer(
                AdvisorySupport.getConsumerAdvisoryTopic(new ActiveMQTopic(info.topic())));
        List<Integer> given = new ArrayList<>();
        while (given.size() < samplers.size()) {
          ActiveMQMessage m = (ActiveMQMessage) advisories.receive(30_000);
          assertNotNull(m, "advisories of " + samplers.size() + " consumers, got " + given);
          if (m.getDataStructure() instanceof ConsumerInfo c) {
            given.add(c.getPrefetchSize());
          }
        }
        given.sort(null);
        assertEquals(List.of(1, 7, 100), given, "the prefetch of each subscription");
      } finally {
        admin.close();
        samplers.forEach(JmsSubscriberSampler::teardownTest);
      }
    }
  }

  @Test
  void aPrefetchThatIsNoPositiveNumberFailsEverySampleAndSaysWhy() {
    JmsSubscriberSampler s = new JmsSubscriberSampler();
    // Refused before anything is asked of the IE, so no IE is needed.
    JavaSamplerContext ctx = SamplerArguments.context(s, Map.of("prefetch", "0"));
    s.setupTest(ctx);
    SampleResult r = s.runTest(ctx);
    assertEquals("NO_SUBSCRIPTION", r.getResponseCode());
    assertTrue(
        r.getResponseMessage().contains("prefetch is a whole number of messages, 1 or more"),
        r.getResponseMessage());
    s.teardownTest(ctx);
  }
}
