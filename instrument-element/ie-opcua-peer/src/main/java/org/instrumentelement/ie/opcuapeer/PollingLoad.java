package org.instrumentelement.ie.opcuapeer;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.milo.opcua.sdk.client.OpcUaClient;
import org.eclipse.milo.opcua.stack.core.UaException;
import org.eclipse.milo.opcua.stack.core.types.builtin.DataValue;
import org.eclipse.milo.opcua.stack.core.types.enumerated.TimestampsToReturn;

/**
 * Sessions reading the vector in closed loops, one thread each: {@code Read(Value, maxAge=0)} again
 * as soon as the answer is in, as each IE polling client sends {@code getAttribute} again. Every
 * answer is checked: Good, and an array of the vector's length.
 */
final class PollingLoad implements Load {
  private final PeerSessions sessions;
  private final int length;
  private final List<Thread> threads = new ArrayList<>();
  private final AtomicLong reads = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final LatencyRecorder latency = new LatencyRecorder();
  private volatile String lastError;
  private volatile boolean running = true;

  PollingLoad(String endpointUrl, int length, int clients) throws UaException {
    this.sessions = new PeerSessions(endpointUrl, clients, length);
    this.length = length;
    for (OpcUaClient c : sessions.clients()) {
      Thread t = new Thread(() -> poll(c), "poller-" + threads.size());
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  private void poll(OpcUaClient client) {
    while (running) {
      long t0 = System.nanoTime();
      try {
        DataValue v = client.readValue(0.0, TimestampsToReturn.Neither, sessions.vector());
        Object a = v.getValue().getValue();
        if (!v.getStatusCode().isGood() || a == null || !a.getClass().isArray()) {
          error("not a good vector: " + v.getStatusCode());
        } else if (Array.getLength(a) != length) {
          error("a vector of " + Array.getLength(a) + " values, not " + length);
        } else {
          reads.incrementAndGet();
          latency.record((System.nanoTime() - t0) / 1000);
        }
      } catch (UaException e) {
        if (running) {
          error(e.getMessage());
        }
      }
    }
  }

  private void error(String message) {
    errors.incrementAndGet();
    lastError = message;
  }

  @Override
  public String started() {
    return "polling";
  }

  @Override
  public LoadCounts counts() {
    return new LoadCounts(reads.get(), errors.get(), SequenceAccount.NONE, lastError);
  }

  @Override
  public LatencyRecorder.Percentiles takeLatencies() {
    return latency.takePercentiles();
  }

  @Override
  public void close() {
    running = false;
    for (Thread t : threads) {
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    sessions.close();
  }
}
