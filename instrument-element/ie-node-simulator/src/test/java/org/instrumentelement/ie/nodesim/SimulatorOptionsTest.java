package org.instrumentelement.ie.nodesim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SimulatorOptionsTest {

  @Test
  void defaultsAndTopicLayout() {
    SimulatorOptions o = SimulatorOptions.parse("--nodes=3", "--im=lab/bench/air", "--first=0");
    assertEquals("ie/ie/lab/bench/air/nodes", o.topicBase());
    assertEquals("n0", o.nodeName(0));
    assertEquals("n2", o.nodeName(2));
    assertEquals(Duration.ZERO, o.restartEvery());
    assertEquals(
        Duration.ofMillis(1500), SimulatorOptions.parse("--restart-pause=1.5s").restartPause());
  }

  @Test
  void wrongOptionsAreNamed() {
    for (String bad :
        new String[] {
          "--nodes=0", "--rate=x", "--format=xml", "--dropout=2", "--what=1", "nodes"
        }) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> SimulatorOptions.parse(bad));
      assertTrue(e.getMessage().contains("--") || e.getMessage().contains("option"), bad);
    }
  }

  @Test
  void encodesEachFormat() {
    assertEquals(
        "{\"v\":1.5,\"seq\":3,\"t\":1000}",
        new String(
            ReadingEncoder.encode("json", 3, 1000, new double[] {1.5}), StandardCharsets.UTF_8));
    assertEquals(
        "{\"v\":[1.0,2.0],\"seq\":0,\"t\":7}",
        new String(
            ReadingEncoder.encode("json", 0, 7, new double[] {1, 2}), StandardCharsets.UTF_8));
    ByteBuffer b =
        ByteBuffer.wrap(ReadingEncoder.encode("le-seq-time-doubles", 9, 8, new double[] {2.5}))
            .order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(24, b.remaining());
    assertEquals(9, b.getLong());
    assertEquals(8, b.getLong());
    assertEquals(2.5, b.getDouble());
    assertEquals(16, ReadingEncoder.encode("le-doubles", 0, 0, new double[] {1, 2}).length);
  }

  @Test
  void helpListsEveryOption() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    NodeSimulator.help(new PrintStream(out, true, StandardCharsets.UTF_8));
    String text = out.toString(StandardCharsets.UTF_8);
    for (String[] o : SimulatorOptions.OPTIONS) {
      assertTrue(text.contains("--" + o[0]), o[0]);
    }
  }
}
