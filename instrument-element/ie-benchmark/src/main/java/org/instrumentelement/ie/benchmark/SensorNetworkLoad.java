package org.instrumentelement.ie.benchmark;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.ie.nodesim.NodeSimulator;
import org.instrumentelement.ie.nodesim.SimulatorOptions;

/**
 * A sensor network under load: simulated nodes ({@code --sensor-nodes}, {@code --sensor-rate} each)
 * publish over MQTT to a sensor-network IM whose aggregate vector the IE samples every {@value
 * #SAMPLING_MILLIS} ms, and an OpenWire subscriber receives it. Each node sends its publishing time
 * as its value, so an element that changed in a received vector tells how long after its node's
 * publish it arrived (same clock). Lost messages are those the simulator sent that the IM never
 * took, once the nodes have stopped.
 */
record SensorNetworkLoad(BenchmarkOptions options) implements Measurement {
  static final String IM = "lab/sensors";
  static final String TOPIC = "ie.ie.lab.sensors.values";
  static final int SAMPLING_MILLIS = 20;

  /** The stage's IE: access control off (no accounts for the nodes), the mock lab silent. */
  static List<String> ieOptions(BenchmarkOptions o) {
    int connections = o.sensorNodes() + 100;
    List<String> opts =
        new ArrayList<>(
            List.of(
                "--security.enabled=false",
                "--broker.mqttPort=0",
                "--broker.maxConnections=" + connections,
                "--broker.maxConnectionsPerAddress=" + connections,
                "--im.sensors.type=sensor-network",
                "--im.sensors.parent=lab",
                "--im.sensors.param.staleAfter=5",
                "--im.sensors.attribute.values.period=" + SAMPLING_MILLIS + "ms",
                "--im.sensors.attribute.nodeNames.period=1s",
                "--im.sensors.attribute.min.period=off",
                "--im.sensors.attribute.max.period=off",
                "--im.sensors.attribute.mean.period=off"));
    opts.addAll(MockLaboratory.SAMPLING_OFF);
    return opts;
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    InstrumentElementPort soap = InstrumentElementClient.connect(ie.serviceUrl());
    int nodes = options.sensorNodes();
    String load = Machine.describe().loadAverages();
    Progress.log(
        String.format(
            Locale.ROOT,
            "sensors: %d nodes at %.0f messages/s each over MQTT (load average %s)",
            nodes,
            options.sensorRate(),
            load));
    LatencyHistogram latency = new LatencyHistogram(60_000);
    ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(ie.brokerUrl());
    cf.setWatchTopicAdvisories(false);
    Connection c = cf.createConnection();
    double[][] last = {new double[0]};
    boolean[] recording = {false};
    Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
    s.createConsumer(s.createTopic(TOPIC))
        .setMessageListener(m -> arrived(m, last, recording[0], latency));
    c.start();
    SimulatorOptions sim =
        SimulatorOptions.parse(
            "--broker=tcp://localhost:" + mqttPort(ie.log()),
            "--nodes=" + nodes,
            "--rate=" + options.sensorRate(),
            "--clock-values=true",
            "--noise=0");
    long sent;
    double cpuSeconds;
    long sentInWindow;
    try (NodeSimulator simulator = NodeSimulator.start(sim)) {
      long deadline = System.nanoTime() + 180_000_000_000L;
      while (count(soap, "goodNodes") < nodes) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("not every node was heard from within 3 minutes");
        }
        Thread.sleep(200); // a bounded poll of the IM over SOAP
      }
      Thread.sleep(options.warmup().toMillis());
      long sent0 = simulator.sent();
      double cpu0 = ie.cpu().seconds();
      recording[0] = true;
      Thread.sleep(options.measure().toMillis() * options.reps());
      recording[0] = false;
      cpuSeconds = ie.cpu().seconds() - cpu0;
      sentInWindow = simulator.sent() - sent0;
      simulator.close();
      sent = simulator.sent();
    }
    // The last messages on their way: wait until the IM has taken them all, or has taken none for
    // 3 s (what is missing then is lost), at most a minute.
    long taken = count(soap, "messagesTotal");
    long deadline = System.nanoTime() + 60_000_000_000L;
    long quietSince = System.nanoTime();
    while (taken < sent && System.nanoTime() < deadline) {
      Thread.sleep(200); // a bounded poll of the IM over SOAP
      long now = count(soap, "messagesTotal");
      if (now != taken) {
        quietSince = System.nanoTime();
        taken = now;
      } else if (System.nanoTime() - quietSince > 3_000_000_000L) {
        break;
      }
    }
    c.close();
    long gaps = Math.round(Arrays.stream(vector(soap, "gapCounts")).sum());
    Results.SensorNetwork r =
        new Results.SensorNetwork(
            nodes,
            options.sensorRate(),
            sent,
            taken,
            sent - taken,
            gaps,
            latency.percentileMillis(0.5),
            latency.percentileMillis(0.99),
            latency.count(),
            sentInWindow == 0 ? Double.NaN : cpuSeconds * 1e6 / sentInWindow,
            SAMPLING_MILLIS,
            load);
    results.sensors = r;
    Progress.log(
        String.format(
            Locale.ROOT,
            "sensors: %d sent, %d taken, %d lost, %d sequence gaps; publish to aggregate subscriber"
                + " p50 %.1f ms, p99 %.1f ms (%d values; sampling every %d ms); IE CPU %.1f us per"
                + " node message",
            sent,
            taken,
            sent - taken,
            gaps,
            r.latencyP50Millis(),
            r.latencyP99Millis(),
            r.latencySamples(),
            SAMPLING_MILLIS,
            r.ieCpuMicrosPerNodeMessage()));
  }

  /** Records, for each node whose value changed, how long ago its node published it. */
  private static void arrived(
      Message m, double[][] last, boolean recording, LatencyHistogram latency) {
    try {
      if (!(m instanceof BytesMessage b)) {
        return;
      }
      Instant now = Instant.now();
      long nowMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
      byte[] body = new byte[(int) b.getBodyLength()];
      b.readBytes(body);
      ByteBuffer buffer = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
      double[] values = new double[body.length / 8];
      for (int i = 0; i < values.length; i++) {
        values[i] = buffer.getDouble();
      }
      double[] before = last[0];
      for (int i = 0; i < values.length; i++) {
        boolean changed = i >= before.length || values[i] != before[i];
        if (recording && changed && !Double.isNaN(values[i])) {
          latency.record(nowMicros - Math.round(values[i] * 1000));
        }
      }
      last[0] = values;
    } catch (JMSException e) {
      // not a vector
    }
  }

  private static long count(InstrumentElementPort soap, String attribute) throws Exception {
    GetAttribute g = new GetAttribute();
    g.setIm(IM);
    g.setAttribute(attribute);
    return soap.getAttribute(g).getValue().getIntegerValue();
  }

  private static double[] vector(InstrumentElementPort soap, String attribute) throws Exception {
    GetAttribute g = new GetAttribute();
    g.setIm(IM);
    g.setAttribute(attribute);
    return InstrumentElementClient.vector(soap.getAttribute(g).getValue());
  }

  /** The embedded broker's MQTT port, as the IE logs it at start-up. */
  static int mqttPort(Path log) throws IOException {
    Matcher m =
        Pattern.compile("MQTT mqtt://[^:\\s]+:(\\d+)")
            .matcher(Files.readString(log, StandardCharsets.UTF_8));
    if (!m.find()) {
      throw new IOException("the IE's log names no MQTT port");
    }
    return Integer.parseInt(m.group(1));
  }
}
