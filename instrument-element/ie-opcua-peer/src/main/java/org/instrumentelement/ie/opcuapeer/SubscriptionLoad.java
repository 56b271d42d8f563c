package org.instrumentelement.ie.opcuapeer;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.milo.opcua.sdk.client.OpcUaClient;
import org.eclipse.milo.opcua.sdk.client.subscriptions.OpcUaMonitoredItem;
import org.eclipse.milo.opcua.sdk.client.subscriptions.OpcUaSubscription;
import org.eclipse.milo.opcua.stack.core.UaException;
import org.eclipse.milo.opcua.stack.core.types.builtin.DataValue;
import org.eclipse.milo.opcua.stack.core.types.builtin.unsigned.UInteger;

/**
 * Sessions subscribed to the vector, each with one Subscription holding one MonitoredItem on it
 * (sampling interval 0: the server reports every update; a queue of {@code queue} values, the
 * oldest discarded), as each IE subscriber has one JMS subscription. Every delivered value's
 * sequence number (element 0) is accounted for; a value delivered for the first time (not a
 * duplicate) is counted and its latency taken: arrival minus the update's time (element 1), the
 * same clock on the same machine.
 */
final class SubscriptionLoad implements Load {
  private final PeerSessions sessions;
  private final List<SequenceAccount> accounts = new ArrayList<>();
  private final AtomicLong delivered = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final LatencyRecorder latency = new LatencyRecorder();
  private volatile String lastError;
  private double revisedPublishingMillis = Double.NaN;
  private long revisedQueue = -1;

  /**
   * Subscribes the sessions.
   *
   * @param publishingMillis the publishing interval each subscription asks for
   * @param queue the MonitoredItem's queue size
   */
  SubscriptionLoad(String endpointUrl, int length, int clients, double publishingMillis, int queue)
      throws UaException {
    this.sessions = new PeerSessions(endpointUrl, clients, length);
    try {
      for (OpcUaClient c : sessions.clients()) {
        SequenceAccount account = new SequenceAccount();
        accounts.add(account);
        OpcUaSubscription s = new OpcUaSubscription(c, publishingMillis);
        s.create();
        OpcUaMonitoredItem item = OpcUaMonitoredItem.newDataItem(sessions.vector());
        item.setSamplingInterval(0.0);
        item.setQueueSize(UInteger.valueOf(queue));
        item.setDiscardOldest(true);
        item.setDataValueListener((i, value) -> deliver(value, account));
        s.addMonitoredItem(item);
        s.synchronizeMonitoredItems();
        revisedPublishingMillis = s.getRevisedPublishingInterval().orElse(Double.NaN);
        revisedQueue = item.getRevisedQueueSize().map(UInteger::longValue).orElse(-1L);
      }
    } catch (UaException | RuntimeException e) {
      sessions.close();
      throw e;
    }
  }

  private void deliver(DataValue value, SequenceAccount account) {
    long now = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    Object v = value.getValue().getValue();
    double sequence;
    double time;
    if (v instanceof Double[] boxed && boxed.length > 1) {
      sequence = boxed[0];
      time = boxed[1];
    } else if (v instanceof double[] plain && plain.length > 1) {
      sequence = plain[0];
      time = plain[1];
    } else {
      errors.incrementAndGet();
      lastError = "not a vector: " + value.getStatusCode();
      return;
    }
    // A value delivered again (a Republish) is counted by the account, not as a new delivery.
    if (account.accept((long) sequence)) {
      delivered.incrementAndGet();
      latency.record(now - (long) time);
    }
  }

  /** The publishing interval and queue size the server granted. */
  @Override
  public String started() {
    return "subscribed publishingMillis=" + revisedPublishingMillis + " queue=" + revisedQueue;
  }

  @Override
  public LoadCounts counts() {
    SequenceAccount.Counts sum = SequenceAccount.NONE;
    for (SequenceAccount a : accounts) {
      sum = sum.plus(a.counts());
    }
    return new LoadCounts(delivered.get(), errors.get(), sum, lastError);
  }

  @Override
  public LatencyRecorder.Percentiles takeLatencies() {
    return latency.takePercentiles();
  }

  @Override
  public void close() {
    sessions.close();
  }
}
