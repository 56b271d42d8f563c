package org.instrumentelement.jmeter.experiment;

import static org.instrumentelement.jmeter.experiment.QuietElement.IM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jorphan.collections.ListedHashTree;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMeter subscriber leaves its topic once its thread's scheduled time is over, although JMeter
 * tears a Java sampler down only when the whole test ends: a warm-up group of subscribers that
 * stayed subscribed would take messages (and, over a shaped link, the link) from the subscribers
 * measured after it.
 */
class SubscriberLeavesIT {
  @TempDir Path dir;

  @Test
  void leavesTheTopicWhenItsThreadsScheduledTimeIsOver() throws Exception {
    try (IeProcess ie = QuietElement.start(dir)) {
      IeSoapClient admin = new IeSoapClient(ie.serviceUrl(), "admin", "admin");
      long before = admin.subscriptionInfo(IM, "vector").subscribers();
      assertTrue(before >= 0, "the embedded broker counts subscribers");
      admin.configureSampling(IM, "vector", 50);

      JmsSubscriberSampler sampler = new JmsSubscriberSampler();
      JavaSamplerContext ctx = QuietElement.context(sampler, ie, Map.of());
      // A thread of a scheduled thread group, as JMeter runs the plans' subscribers.
      JMeterThread thread = new JMeterThread(new ListedHashTree(new LoopController()), null, null);
      JMeterContextService.getContext().setThread(thread);
      try {
        sampler.setupTest(ctx);
        assertEquals(before + 1, admin.subscriptionInfo(IM, "vector").subscribers());
        long end = System.currentTimeMillis() + 2_000;
        thread.setEndTime(end);
        int samples = 0;
        // What JMeter does: no sample once the end time is reached.
        while (System.currentTimeMillis() < end) {
          SampleResult r = sampler.runTest(ctx);
          assertTrue(
              r.isSuccessful() || JmsSubscriberSampler.SEQUENCE_GAP.equals(r.getResponseCode()),
              r.getResponseCode() + " " + r.getResponseMessage());
          samples++;
        }
        assertTrue(samples > 0, "no sample before the thread's end");

        // Its connection is closed without teardownTest, which JMeter calls at the test's end.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        long now = admin.subscriptionInfo(IM, "vector").subscribers();
        while (now != before && System.nanoTime() < deadline) {
          TimeUnit.MILLISECONDS.sleep(100);
          now = admin.subscriptionInfo(IM, "vector").subscribers();
        }
        assertEquals(before, now, "the subscriber is still subscribed after its thread's end");
      } finally {
        sampler.teardownTest(ctx);
        JMeterContextService.getContext().setThread(null);
        admin.configureSampling(IM, "vector", 0);
      }
    }
  }
}
