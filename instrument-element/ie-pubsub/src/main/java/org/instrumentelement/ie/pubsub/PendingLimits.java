package org.instrumentelement.ie.pubsub;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.ConnectionContext;
import org.apache.activemq.broker.ProducerBrokerExchange;
import org.apache.activemq.broker.region.Destination;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.broker.region.TopicSubscription;
import org.apache.activemq.broker.region.policy.PendingMessageLimitStrategy;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.command.Message;

/**
 * How many messages of a topic the embedded broker holds for a subscriber that has fallen behind,
 * beyond those pushed to it: the messages the topic got in the last {@code broker.pendingTime}, as
 * many of them as fit in {@code broker.pendingMemory}, and never fewer than {@code
 * broker.maxPendingMessages}. A subscriber may so fall behind by that long, at any rate, before it
 * loses anything: a topic sampled every millisecond is held 5,000 messages deep by default, one
 * sampled every second 100 (the fewest), where one fixed number would be a tenth of a second for
 * the first and minutes for the second.
 *
 * <p>ActiveMQ fixes a subscription's limit when it subscribes, often before the topic's sampling
 * starts or changes. So the limit is followed as messages arrive: this plugin counts each topic's
 * messages and bytes over the last {@code pendingTime} (in ten slices), and sets the limit of the
 * topic's subscriptions when it has grown past theirs (rounded up to a multiple of the fewest, so
 * that it is set at most once per that many messages) or fallen under half of it. A new
 * subscription starts at its topic's limit ({@link #getMaximumPendingMessageLimit}); one to a
 * wildcard gets the largest of any topic and is only ever raised. A subscriber may ask for fewer
 * (the OpenWire destination option {@code consumer.maximumPendingMessageLimit=N}, or the
 * connection-URL option {@code jms.prefetchPolicy.maximumPendingMessageLimit=N}, which ActiveMQ's
 * client puts in the same field of each consumer's {@code ConsumerInfo}): ActiveMQ then starts it
 * at the smaller of the two, and this plugin keeps it there, so that it gets the freshest values
 * and loses the older ones; it never gets more than the topic's. The held messages are shared by
 * every subscriber of the topic: one that stops altogether holds at most the limit (plus what was
 * pushed to it), whoever else is behind, and nobody waits for it.
 */
final class PendingLimits implements BrokerPlugin, PendingMessageLimitStrategy {
  /** Slices of {@code pendingTime} a topic's messages are counted in. */
  static final int SLICES = 10;

  private final int fewest;
  private final long sliceNanos;
  private final long memory;
  private final Map<ActiveMQDestination, TopicWindow> topics = new ConcurrentHashMap<>();

  /**
   * @param fewest the least held for a subscriber, whatever the rate ({@code
   *     broker.maxPendingMessages})
   * @param time how long the held messages last ({@code broker.pendingTime}); zero: only {@code
   *     fewest}
   * @param memory bytes the held messages of one topic may take ({@code broker.pendingMemory})
   */
  PendingLimits(int fewest, Duration time, long memory) {
    this.fewest = Math.max(1, fewest);
    // Slices a little longer than a tenth, so that the window never holds less than the time.
    this.sliceNanos = time.isZero() ? 0 : time.toNanos() / (SLICES - 1) + 1;
    this.memory = memory;
  }

  @Override
  public int getMaximumPendingMessageLimit(TopicSubscription subscription) {
    ActiveMQDestination d = subscription.getActiveMQDestination();
    if (d != null && d.isPattern()) {
      int most = fewest;
      for (TopicWindow w : topics.values()) {
        most = Math.max(most, w.limit);
      }
      return most;
    }
    TopicWindow w = d == null ? null : topics.get(d);
    return w == null ? fewest : w.limit;
  }

  /** The limit now held for the subscribers of {@code topic} (for tests). */
  int limit(ActiveMQDestination topic) {
    TopicWindow w = topics.get(topic);
    return w == null ? fewest : w.limit;
  }

  @Override
  public Broker installPlugin(Broker next) {
    return new BrokerFilter(next) {
      @Override
      public void send(ProducerBrokerExchange exchange, Message message) throws Exception {
        super.send(exchange, message);
        if (sliceNanos > 0) {
          noteSent(exchange.getRegionDestination(), message);
        }
      }

      @Override
      public void removeDestination(
          ConnectionContext context, ActiveMQDestination destination, long timeout)
          throws Exception {
        super.removeDestination(context, destination, timeout);
        topics.remove(destination);
      }
    };
  }

  private void noteSent(Destination destination, Message message) {
    ActiveMQDestination d = message.getDestination();
    if (destination == null
        || d == null
        || !d.isTopic()
        || d.isTemporary()
        || AdvisorySupport.isAdvisoryTopic(d)) {
      return;
    }
    TopicWindow w = topics.get(d);
    if (w == null) {
      w = topics.computeIfAbsent(d, k -> new TopicWindow());
    }
    int set = w.sent(System.nanoTime(), message.getSize());
    if (set > 0) {
      for (Subscription s : destination.getConsumers()) {
        if (s instanceof TopicSubscription t) {
          int limit = ownOrTopic(t, set);
          int held = t.getMaximumPendingMessages();
          if (held != limit && !(t.getActiveMQDestination().isPattern() && held >= limit)) {
            t.setMaximumPendingMessages(limit);
          }
        }
      }
    }
  }

  /**
   * The limit of a subscription when its topic's is {@code topic}: the consumer's own if it asked
   * for fewer ({@code consumer.maximumPendingMessageLimit}), as ActiveMQ takes it when it
   * subscribes, so that a subscriber that wants the freshest values keeps dropping the older ones;
   * never more than the topic's, which bounds the broker's memory.
   */
  private static int ownOrTopic(TopicSubscription t, int topic) {
    int own = t.getConsumerInfo().getMaximumPendingMessageLimit();
    return own > 0 && own < topic ? own : topic;
  }

  /** One topic's messages and bytes over the last {@code pendingTime}, and the limit set. */
  private final class TopicWindow {
    private final int[] counts = new int[SLICES];
    private final long[] bytes = new long[SLICES];
    private long slice = Long.MIN_VALUE; // the slice the newest message fell in
    private int count; // messages in the window
    private long size; // their bytes
    volatile int limit = fewest;

    /**
     * Counts a message sent now.
     *
     * @return the limit to set on the topic's subscriptions, or 0 to leave theirs
     */
    synchronized int sent(long now, int messageBytes) {
      long s = Math.floorDiv(now, sliceNanos);
      if (s != slice) {
        long from = slice == Long.MIN_VALUE || s - slice > SLICES ? s - SLICES : slice;
        for (long i = from + 1; i <= s; i++) {
          int k = (int) Math.floorMod(i, SLICES);
          count -= counts[k];
          size -= bytes[k];
          counts[k] = 0;
          bytes[k] = 0;
        }
        slice = s;
      }
      int k = (int) Math.floorMod(s, SLICES);
      counts[k]++;
      bytes[k] += Math.max(0, messageBytes);
      count++;
      size += Math.max(0, messageBytes);
      long fit = Math.max(fewest, memory / Math.max(1, size / count));
      long wanted = Math.min(Math.max(fewest, count), fit);
      int held = limit;
      if (wanted > held || wanted < held / 2) {
        long rounded = Math.min((wanted + fewest - 1) / fewest * fewest, fit);
        int set = (int) Math.min(Integer.MAX_VALUE, rounded);
        if (set != held) {
          limit = set;
          return set;
        }
      }
      return 0;
    }
  }
}
