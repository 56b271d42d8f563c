package org.instrumentelement.portal.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class FrameWriterTest {
  @Test
  void writesValidJsonWithNullForNonNumbers() throws Exception {
    String json =
        new FrameWriter()
            .string("im", "lab/\"scope\"")
            .number("seq", 42)
            .number("dx", Double.NaN)
            .floats("y", new double[] {1.5, Double.NaN, Double.POSITIVE_INFINITY, 1e300, 2e-7})
            .ints("i", new int[] {0, 7})
            .end();
    JsonNode n = new ObjectMapper().readTree(json);
    assertEquals("lab/\"scope\"", n.get("im").asText());
    assertEquals(42, n.get("seq").asLong());
    assertTrue(n.get("dx").isNull());
    assertEquals(1.5, n.get("y").get(0).asDouble());
    assertTrue(n.get("y").get(1).isNull());
    assertTrue(n.get("y").get(2).isNull());
    assertTrue(n.get("y").get(3).isNull(), "beyond float range");
    assertEquals(2e-7, n.get("y").get(4).asDouble(), 1e-13);
    assertEquals(7, n.get("i").get(1).asInt());
  }
}
