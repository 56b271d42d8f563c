package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.nodesim.NodeSimulator;
import org.instrumentelement.ie.nodesim.SimulatorOptions;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sensor network of 100 simulated nodes, each with its own broker account, publishing 10 readings
 * a second over MQTT to {@code lab/sensors}; a STOMP subscriber (stomp.py) receives the aggregate
 * vector; a third-party node (paho-mqtt) sends malformed messages and tries to read and write other
 * nodes' topics.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SensorNetworkIT {
  static final Duration WAIT = Duration.ofSeconds(60);
  static final String PYTHON = "/usr/bin/python3";
  static final String IM = "lab/sensors";
  static final int NODES = 100;

  @TempDir static Path dir;
  static RunningElement running;
  static NodeSimulator simulator;
  static InstrumentManager sensors;

  @BeforeAll
  static void start() throws Exception {
    StringBuilder users = new StringBuilder(user("observer", "grants", "observe:*"));
    for (int i = 1; i <= NODES; i++) {
      users.append(user("n" + i, "node", IM + ":n" + i));
    }
    users.append(user("pnode", "node", IM + ":pnode"));
    users.append(user("snode", "node", IM + ":snode"));
    for (int i = 1; i <= 3; i++) {
      users.append(user("d" + i, "node", IM + ":d" + i));
    }
    Path file = dir.resolve("users.properties");
    Files.writeString(file, users);
    running =
        RunningElement.mockLab(
            "--security.users=" + file,
            "--broker.maxConnectionsPerAddress=300",
            "--im.sensors.type=sensor-network",
            "--im.sensors.parent=lab",
            "--im.sensors.nodes=n1,n2",
            "--im.sensors.param.staleAfter=2",
            "--im.sensors.attribute.values.period=100ms");
    sensors = running.ie.node(IM).im();
    simulator =
        NodeSimulator.start(
            SimulatorOptions.parse(
                "--broker=tcp://localhost:" + port(running.runtime.broker().mqttUrl()),
                "--nodes=" + NODES,
                "--rate=10",
                "--noise=0.1",
                "--user={node}",
                "--password={node}"));
  }

  /** A users file entry; the password is the user's name. */
  static String user(String name, String key, String value) {
    return UsersFile.entry(name, key, value);
  }

  @AfterAll
  static void stop() {
    if (simulator != null) {
      simulator.close();
    }
    running.close();
  }

  @Test
  @Order(1)
  void aStompSubscriberReceivesTheVectorOfAHundredNodes() throws Exception {
    eventually(() -> count("goodNodes") == NODES, "all 100 nodes GOOD");
    assertEquals(NODES, read("nodeNames").asString().split(",").length);
    assertTrue(read("nodeNames").asString().startsWith("n1,n2,"), "declared nodes first");
    assumeTrue(python("stomp"), "stomp.py (python3-stomp) is not installed");
    String topic = running.runtime.subscriptions().get(IM, "values").topic();
    String out =
        runPython(
            "sensor_aggregate_subscriber.py",
            "localhost",
            String.valueOf(port(running.runtime.broker().stompUrl())),
            TopicNames.stompDestination(topic),
            "observer",
            "observer",
            String.valueOf(NODES),
            "45");
    assertTrue(out.contains("\"length\": 100"), out);
    assertTrue(out.contains("\"finite\": 100"), out);
    assertTrue(out.contains("\"quality\": \"GOOD\""), out);
    eventually(
        () -> {
          try {
            return Arrays.stream(read("messageCounts").asDoubles()).allMatch(m -> m >= 20);
          } catch (ImException e) {
            throw new AssertionError(e);
          }
        },
        "20 messages or more from every node");
    assertEquals(0, Arrays.stream(read("gapCounts").asDoubles()).sum(), "no node message was lost");
    assertEquals(0, count("malformedTotal"));
    // The same vector through SOAP, as any attribute.
    GetAttribute g = new GetAttribute();
    g.setIm(IM);
    g.setAttribute("values");
    assertEquals(
        NODES,
        running.client("observer", "observer").getAttribute(g).getValue().getLength().intValue());
  }

  @Test
  @Order(2)
  void aNodeThatStopsTurnsBadAfterTheTimeout() throws Exception {
    eventually(() -> quality("node_n2") == Quality.GOOD, "n2 GOOD");
    simulator.node(1).stop(); // n2
    eventually(() -> quality("node_n2") == Quality.BAD, "n2 BAD after staleAfter");
    // The others go on. A node's quality is judged when it is read (heard from within
    // staleAfter?), and a busy machine may hold up n1's messages too for a while: so wait for n1
    // to be heard from again rather than assert GOOD at one moment.
    double heard = counters("n1")[0];
    eventually(
        () -> counters("n1")[0] > heard && quality("node_n1") == Quality.GOOD,
        "n1 heard from again, and GOOD");
    // One read of the vector judges all its nodes at one moment: n2 NaN, all the others there.
    Value[] values = new Value[1];
    eventually(
        () -> {
          values[0] = value("values");
          return finite(values[0].asDoubles()) == NODES - 1;
        },
        "every node but n2 in the vector");
    assertTrue(Double.isNaN(values[0].asDoubles()[1]), "its place in the vector is NaN");
    assertEquals(Quality.UNCERTAIN, values[0].quality(), "some nodes GOOD, not all");
    eventually(() -> count("goodNodes") == NODES - 1, "99 nodes GOOD");
  }

  @Test
  @Order(3)
  void aThirdPartyNodeIsCountedAndMayNotTouchOtherNodes() throws Exception {
    assumeTrue(python("paho.mqtt"), "paho-mqtt (python3-paho-mqtt) is not installed");
    long malformed = count("malformedTotal");
    String out =
        runPython(
            "sensor_node.py",
            "localhost",
            String.valueOf(port(running.runtime.broker().mqttUrl())),
            "ie/ie/lab/sensors/nodes",
            "pnode",
            "pnode",
            "pnode",
            "n3");
    assertTrue(out.contains("\"connected\": 0"), out);
    assertTrue(out.contains("\"subscribe_qos\": 128"), "reading others' data is refused: " + out);
    assertTrue(out.contains("\"refused_by_close\": true"), "publishing as n3 is refused: " + out);
    eventually(() -> count("malformedTotal") == malformed + 2, "two malformed messages counted");
    Value pnode = sensors.executeCommand("nodeValue", Map.of("node", text("pnode")));
    assertEquals(21.5, pnode.asDoubles()[0]);
    double[] counters =
        sensors.executeCommand("nodeCounters", Map.of("node", text("pnode"))).asDoubles();
    assertEquals(3, counters[0], "messages");
    assertEquals(2, counters[3], "malformed");
    assertTrue(
        Arrays.stream(read("values").asDoubles()).noneMatch(v -> v == -1),
        "the forged reading reached no node");
  }

  @Test
  @Order(4)
  void aForgottenNodeLeavesTheVectors() throws Exception {
    sensors.executeCommand("forgetNode", Map.of("node", text("pnode")));
    assertFalse(Arrays.asList(read("nodeNames").asString().split(",")).contains("pnode"));
    assertEquals(NODES, read("values").asDoubles().length);
  }

  @Test
  @Order(5)
  void aNodeMayPublishOverStompToo() throws Exception {
    assumeTrue(python("stomp"), "stomp.py (python3-stomp) is not installed");
    String out =
        runPython(
            "sensor_stomp_node.py",
            "localhost",
            String.valueOf(port(running.runtime.broker().stompUrl())),
            "/topic/ie.ie.lab.sensors.nodes.snode",
            "snode",
            "snode",
            "{\"v\": 3.5, \"seq\": 0}");
    assertTrue(out.contains("sent"), out);
    eventually(() -> Arrays.asList(names().split(",")).contains("snode"), "snode discovered");
    assertEquals(
        3.5, sensors.executeCommand("nodeValue", Map.of("node", text("snode"))).asDoubles()[0]);
  }

  @Test
  @Order(6)
  void dropOutsAndRestartsOfSimulatedNodesAreCounted() throws Exception {
    try (NodeSimulator flaky =
        NodeSimulator.start(
            SimulatorOptions.parse(
                "--broker=tcp://localhost:" + port(running.runtime.broker().mqttUrl()),
                "--nodes=3",
                "--name=d",
                "--rate=20",
                "--dropout=0.3",
                "--restart-every=1s",
                "--restart-pause=200ms",
                "--user={node}",
                "--password={node}"))) {
      eventually(
          () -> {
            double gaps = 0;
            double restarts = 0;
            for (int i = 1; i <= 3; i++) {
              double[] c = counters("d" + i);
              gaps += c[1];
              restarts += c[4];
            }
            return gaps > 0 && restarts > 0;
          },
          "gaps and restarts counted");
      assertTrue(flaky.nodes().stream().mapToLong(n -> n.skipped()).sum() > 0);
    }
  }

  static String names() {
    try {
      return read("nodeNames").asString();
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }

  static double[] counters(String node) {
    try {
      return sensors.executeCommand("nodeCounters", Map.of("node", text(node))).asDoubles();
    } catch (ImException e) {
      return new double[5]; // not heard from yet
    }
  }

  static Value text(String s) {
    return Value.ofString(s, java.time.Instant.now());
  }

  static Value read(String attribute) throws ImException {
    return sensors.getAttribute(attribute);
  }

  static Value value(String attribute) {
    try {
      return read(attribute);
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }

  static int finite(double[] v) {
    return (int) Arrays.stream(v).filter(Double::isFinite).count();
  }

  static long count(String attribute) {
    try {
      return read(attribute).asLong();
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }

  static Quality quality(String attribute) {
    try {
      return read(attribute).quality();
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }

  static int port(String url) {
    return Integer.parseInt(url.replaceAll(".*:", ""));
  }

  static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + WAIT.toNanos();
    Object lock = new Object();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for " + what);
      }
      synchronized (lock) {
        lock.wait(20); // a bounded poll of a state we cannot be notified of
      }
    }
  }

  static boolean python(String module) throws Exception {
    Process p = new ProcessBuilder(PYTHON, "-c", "import " + module).start();
    return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  /** Runs a script of src/test/python; its output, once it exited 0. */
  static String runPython(String script, String... args) throws Exception {
    Path output = Files.createTempFile(dir, script, ".out");
    List<String> command = new java.util.ArrayList<>(List.of(PYTHON, "src/test/python/" + script));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean done = p.waitFor(90, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(output, StandardCharsets.UTF_8);
    assertEquals(0, done ? p.exitValue() : -1, out.length() > 2000 ? out.substring(0, 2000) : out);
    return out;
  }
}
