package org.instrumentelement.ie.soap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.VectorEncoding;
import org.instrumentelement.im.model.ImException;
import org.junit.jupiter.api.Test;

class ValueMappingTest {
  @Test
  void vectorItemsAreTheShortestTextThatReadsBackTheSameDouble() throws Exception {
    double[] d = {0.1, -2.5e-300, 1.0 / 3, Double.MAX_VALUE, 0.0, Double.NaN};
    Value x =
        ValueMapping.toXml(
            org.instrumentelement.im.model.Value.ofDoubles(d, Instant.EPOCH),
            "v",
            "",
            VectorEncoding.XML);
    assertEquals(List.of(".1", "-2.5E-300", ".3333333333333333"), x.doubles.subList(0, 3));
    assertEquals(6, x.length);
    double[] back =
        ValueMapping.parseDoubles(List.copyOf(x.doubles), "v"); // a client's list, not the view
    assertArrayEquals(d, back);
  }

  @Test
  void aBinaryVectorIsTheSameDataWhetherItCameAsDoublesOrAsLittleEndianBytes() throws Exception {
    double[] d = {0.1, -2.5e-300, -0.0, Double.MAX_VALUE, Double.NaN, 7};
    Value fromDoubles =
        ValueMapping.toXml(
            org.instrumentelement.im.model.Value.ofDoubles(d, Instant.EPOCH),
            "v",
            "V",
            VectorEncoding.BINARY);
    byte[] bytes = ValueCodec.encodeDoubles(d);
    org.instrumentelement.im.model.Value le =
        org.instrumentelement.im.model.Value.ofLittleEndianDoubles(bytes, Instant.EPOCH);
    Value fromBytes = ValueMapping.toXml(le, "v", "V", VectorEncoding.BINARY);
    assertArrayEquals(fromDoubles.data, fromBytes.data);
    assertEquals(6, fromBytes.length);
    assertEquals(fromDoubles.type, fromBytes.type);
    assertEquals(fromDoubles.quality, fromBytes.quality);
    Value xml = ValueMapping.toXml(le, "v", "V", VectorEncoding.XML);
    assertEquals(
        ValueMapping.toXml(
                org.instrumentelement.im.model.Value.ofDoubles(d, Instant.EPOCH),
                "v",
                "V",
                VectorEncoding.XML)
            .doubles,
        xml.doubles);
  }

  @Test
  void xsDoubleSpellingsAreAccepted() throws Exception {
    assertArrayEquals(
        new double[] {
          Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 12, -0.5
        },
        ValueMapping.parseDoubles(List.of("INF", "+INF", " -INF ", "1.2e1", "-.5"), "v"));
    assertTrue(Double.isNaN(ValueMapping.parseDoubles(List.of("NaN"), "v")[0]));
  }

  @Test
  void anItemThatIsNotAnXsDoubleIsAWrongTypeNamingIt() {
    for (String bad : List.of("abc", "0x1p3", "Infinity", "1.0d", "")) {
      ImException e =
          assertThrows(
              ImException.class,
              () -> ValueMapping.parseDoubles(List.of("1", bad), "setAttribute lab/x.v"),
              bad);
      assertEquals(FaultCode.WRONG_TYPE, e.code());
      assertTrue(e.getMessage().contains("item 1"), e.getMessage());
    }
  }

  @Test
  void theViewOfAServerVectorIsNotCopiedTwice() throws Exception {
    double[] d = {1, 2, 3};
    double[] back = ValueMapping.parseDoubles(new DoubleList(d), "v");
    assertArrayEquals(d, back);
    back[0] = 9;
    assertEquals(1, d[0], "the model's array is not handed out");
  }
}
