package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.junit.jupiter.api.Test;

/**
 * Python subscribers over STOMP (stomp.py) and MQTT (paho-mqtt), the Debian packages python3-stomp
 * and python3-paho-mqtt that .ci/run installs, receive the same values as a SOAP client. Skipped
 * where those packages are missing.
 */
class NonJavaSubscriberIT {
  static final String PYTHON = "/usr/bin/python3";

  @Test
  void stompAndMqttSubscribersReceiveTheSameValues() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PYTHON)), "no " + PYTHON);
    Process probe = new ProcessBuilder(PYTHON, "-c", "import stomp, paho.mqtt").start();
    assumeTrue(
        probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
        "stomp.py/paho-mqtt not installed");
    try (RunningElement running =
        RunningElement.mockLab("--im.scope.attribute.waveform.period=10ms")) {
      InstrumentElementPort ie = running.client();
      ExecuteCommand stop = new ExecuteCommand();
      stop.setIm("lab/scope");
      stop.setCommand("stop");
      ie.executeCommand(stop); // the scope now holds one trace, published once
      var sampler = running.runtime.subscriptions().get("lab/scope", "waveform").sampler();
      long reads = sampler.reads();
      Collector.eventually(
          () -> sampler.reads() > reads + 3, java.time.Duration.ofSeconds(30), "sampling");
      GetAttribute g = new GetAttribute();
      g.setIm("lab/scope");
      g.setAttribute("waveform");
      g.setEncoding(VectorEncoding.BINARY);
      double[] held = InstrumentElementClient.vector(ie.getAttribute(g).getValue());

      GetSubscriptionInfo q = new GetSubscriptionInfo();
      q.setIm("lab/scope");
      q.setAttribute("waveform");
      SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
      String stompPort = info.getStompUrl().replaceAll(".*:", "");
      String mqttPort = info.getMqttUrl().replaceAll(".*:", "");
      Path output = Files.createTempFile("python-client", ".out");
      Process p =
          new ProcessBuilder(
                  PYTHON,
                  "src/test/python/stomp_mqtt_subscriber.py",
                  "localhost",
                  stompPort,
                  info.getStompDestination(),
                  mqttPort,
                  info.getMqttTopic(),
                  RunningElement.ADMIN,
                  RunningElement.ADMIN)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean done = p.waitFor(90, TimeUnit.SECONDS);
      String out = Files.readString(output, StandardCharsets.UTF_8);
      if (!done) {
        p.destroyForcibly();
      }
      assertEquals(
          0, done ? p.exitValue() : -1, out.length() > 2000 ? out.substring(0, 2000) : out);
      assertArrayEquals(held, doubles(out, "stomp"), "STOMP subscriber got the held trace");
      assertArrayEquals(held, doubles(out, "mqtt"), "MQTT subscriber got the held trace");
      assertEquals(true, out.contains("\"units\": \"V\""), "STOMP headers carry the properties");
    }
  }

  /** The "doubles" array of one section of the script's JSON line. */
  static double[] doubles(String json, String section) {
    Matcher m =
        Pattern.compile("\"" + section + "\": \\{[^}]*?\"doubles\": \\[([^\\]]*)\\]").matcher(json);
    if (!m.find()) {
      throw new AssertionError("no " + section + " doubles in " + json);
    }
    String[] parts = m.group(1).split(",\\s*");
    double[] d = new double[parts.length];
    for (int i = 0; i < d.length; i++) {
      d[i] = Double.parseDouble(parts[i]);
    }
    return d;
  }
}
