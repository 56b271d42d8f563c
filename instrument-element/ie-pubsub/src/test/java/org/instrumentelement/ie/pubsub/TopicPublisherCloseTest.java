package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.ProducerBrokerExchange;
import org.apache.activemq.command.Message;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Closing the publisher while it is in the middle of a send, against a real (in-memory) ActiveMQ
 * broker. Over the VM transport without {@code async}, as the embedded broker is reached, the
 * broker takes a message on the sending thread itself, so a broker plugin that holds the send sees
 * what the publisher's thread goes through meanwhile.
 */
class TopicPublisherCloseTest {
  private static final String TOPIC = "ie.test.lab.array.vector";

  private final String name = "close-" + UUID.randomUUID();
  private final CountDownLatch inSend = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicBoolean interruptedInSend = new AtomicBoolean();
  private BrokerService broker;

  /** Holds the first message to the topic until released, and notes an interrupt meanwhile. */
  private final class HoldingPlugin implements BrokerPlugin {
    @Override
    public org.apache.activemq.broker.Broker installPlugin(org.apache.activemq.broker.Broker next) {
      return new BrokerFilter(next) {
        @Override
        public void send(ProducerBrokerExchange exchange, Message message) throws Exception {
          if (TOPIC.equals(message.getDestination().getPhysicalName()) && inSend.getCount() > 0) {
            inSend.countDown();
            while (true) {
              try {
                release.await(30, TimeUnit.SECONDS);
                break;
              } catch (InterruptedException e) {
                interruptedInSend.set(true);
              }
            }
          }
          super.send(exchange, message);
        }
      };
    }
  }

  @AfterEach
  void stopBroker() throws Exception {
    release.countDown();
    if (broker != null) {
      broker.stop();
    }
  }

  @Test
  void closingDoesNotInterruptASendInProgress() throws Exception {
    broker = InMemoryBroker.start(name, new HoldingPlugin());

    TopicPublisher p =
        new TopicPublisher("vm://" + name + "?create=false&async=false", null, null, null, 7L, 16);
    p.bind(new PublishedTopic(TOPIC, "V", "lab/array", "vector"))
        .accept(
            new Sample(
                "lab/array",
                "vector",
                Value.ofDoubles(new double[] {1, 2}, Instant.now()),
                1,
                false));
    p.start();
    assertTrue(inSend.await(30, TimeUnit.SECONDS), "the publisher began to send");

    Thread closing = new Thread(p::close, "closing");
    closing.start();
    closing.join(500); // close() runs while the send is held
    release.countDown();
    closing.join(30_000);

    assertFalse(closing.isAlive(), "close() returned once the send was done");
    assertFalse(interruptedInSend.get(), "the publisher's thread was interrupted in a send");
    assertEquals(1, p.sent(), "the held message was sent");
  }
}
