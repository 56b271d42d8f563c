package org.instrumentelement.ie.nodesim;

import java.net.URISyntaxException;
import java.util.Random;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.SSLContext;
import org.fusesource.mqtt.client.Future;
import org.fusesource.mqtt.client.FutureConnection;
import org.fusesource.mqtt.client.MQTT;
import org.fusesource.mqtt.client.Promise;
import org.fusesource.mqtt.client.QoS;

/**
 * One simulated node: its own MQTT connection and account, a sine (or the clock) with noise,
 * messages numbered from 0 after each start, and, if asked, skipped messages and restarts.
 */
public final class VirtualNode {
  private final String name;
  private final String topic;
  private final SimulatorOptions options;
  private final SSLContext tls;
  private final ScheduledExecutorService timer;
  private final Random random;
  private final double phase;
  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final AtomicLong restarts = new AtomicLong();
  private FutureConnection connection; // guarded by this
  private long sequence; // guarded by this
  private boolean paused; // guarded by this
  private boolean stopped; // guarded by this

  VirtualNode(
      String name,
      SimulatorOptions options,
      SSLContext tls,
      ScheduledExecutorService timer,
      long seed) {
    this.name = name;
    this.tls = tls;
    this.topic = options.topicBase() + "/" + name;
    this.options = options;
    this.timer = timer;
    this.random = new Random(seed);
    this.phase = random.nextDouble() * 2 * Math.PI;
  }

  public String name() {
    return name;
  }

  /** The MQTT topic it publishes to. */
  public String topic() {
    return topic;
  }

  /**
   * Connects (the client keeps reconnecting by itself if the broker goes away).
   *
   * @return done once the broker accepted the login
   */
  synchronized Future<Void> connect() {
    MQTT mqtt = new MQTT();
    try {
      mqtt.setHost(options.broker());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("--broker is not an address: " + options.broker(), e);
    }
    if (tls != null) {
      mqtt.setSslContext(tls);
    }
    mqtt.setClientId("node-" + name);
    mqtt.setCleanSession(true);
    mqtt.setKeepAlive((short) 30);
    mqtt.setReconnectDelay(500);
    mqtt.setReconnectDelayMax(5000);
    if (!options.user().isEmpty()) {
      mqtt.setUserName(options.user().replace("{node}", name));
      mqtt.setPassword(options.password().replace("{node}", name));
    }
    connection = mqtt.futureConnection();
    sequence = 0;
    return connection.connect();
  }

  /** Whether its connection is up now. */
  public synchronized boolean connected() {
    return connection != null && connection.isConnected();
  }

  /** One period: publish a reading, skip it (a drop-out), or begin a restart. */
  void tick() {
    FutureConnection c;
    byte[] body;
    synchronized (this) {
      if (stopped || paused || connection == null) {
        return;
      }
      if (!options.restartEvery().isZero()
          && random.nextDouble()
              < 1.0 / (options.rate() * options.restartEvery().toMillis() / 1000.0)) {
        restart();
        return;
      }
      long seq = sequence++;
      if (options.dropout() > 0 && random.nextDouble() < options.dropout()) {
        skipped.incrementAndGet();
        return;
      }
      long now = System.currentTimeMillis();
      body = ReadingEncoder.encode(options.format(), seq, now, values(now));
      c = connection;
    }
    c.publish(topic, body, QoS.AT_MOST_ONCE, false);
    sent.incrementAndGet();
  }

  private double[] values(long now) {
    double[] v = new double[options.valuesPerReading()];
    for (int i = 0; i < v.length; i++) {
      double base =
          i == 0 && options.clockValues()
              ? now
              : 20 + 5 * Math.sin(phase + i + 2 * Math.PI * 0.05 * now / 1000.0);
      v[i] = base + (i == 0 && options.clockValues() ? 0 : options.noise() * random.nextGaussian());
    }
    return v;
  }

  /** Disconnects, stays silent for the restart pause, then starts again from sequence 0. */
  private void restart() {
    restarts.incrementAndGet();
    paused = true;
    connection.disconnect();
    connection = null;
    timer.schedule(
        () -> {
          synchronized (this) {
            paused = false;
            if (!stopped) {
              connect();
            }
          }
        },
        options.restartPause().toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** Publishes one message of its own making (tests: malformed messages, other topics). */
  public void publishRaw(String toTopic, byte[] body) {
    FutureConnection c;
    synchronized (this) {
      c = connection;
    }
    if (c != null) {
      c.publish(toTopic, body, QoS.AT_MOST_ONCE, false);
    }
  }

  /** Stops for good: the node falls silent, as if its battery ran out. */
  public void stop() {
    disconnect();
  }

  /**
   * Stops for good; what it had handed to its connection is still sent before it disconnects.
   *
   * @return done once disconnected
   */
  synchronized Future<Void> disconnect() {
    stopped = true;
    FutureConnection c = connection;
    connection = null;
    if (c != null) {
      return c.disconnect();
    }
    Promise<Void> done = new Promise<>();
    done.onSuccess(null);
    return done;
  }

  /** Messages handed to its connection. */
  public long sent() {
    return sent.get();
  }

  /** Messages skipped on purpose (drop-outs). */
  public long skipped() {
    return skipped.get();
  }

  /** Restarts so far. */
  public long restarts() {
    return restarts.get();
  }
}
