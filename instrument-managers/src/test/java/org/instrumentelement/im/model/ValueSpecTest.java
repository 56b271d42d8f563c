package org.instrumentelement.im.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.instrumentelement.ie.contract.FaultCode;
import org.junit.jupiter.api.Test;

class ValueSpecTest {
  private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

  private static FaultCode refusal(ValueSpec spec, Value v) {
    return assertThrows(ImException.class, () -> spec.validate(v, "x")).code();
  }

  @Test
  void numbersMustBeFiniteAndInRange() throws Exception {
    ValueSpec s = ValueSpec.number("V", -1, 1);
    assertEquals(0.5, s.validate(Value.ofDouble(0.5, T), "x").asDouble());
    assertEquals(ValueType.DOUBLE, s.validate(Value.ofInteger(1, T), "x").type());
    assertEquals(FaultCode.OUT_OF_RANGE, refusal(s, Value.ofDouble(1.0001, T)));
    assertEquals(FaultCode.INVALID_VALUE, refusal(s, Value.ofDouble(Double.NaN, T)));
    assertEquals(
        FaultCode.INVALID_VALUE,
        refusal(ValueSpec.number("V"), Value.ofDouble(Double.POSITIVE_INFINITY, T)));
    assertEquals(FaultCode.WRONG_TYPE, refusal(s, Value.ofString("0.5", T)));
    assertEquals(FaultCode.WRONG_TYPE, refusal(s, null));
  }

  @Test
  void integersAcceptWholeDoublesOnly() throws Exception {
    ValueSpec s = ValueSpec.integer(1, 10);
    assertEquals(ValueType.INTEGER, s.validate(Value.ofDouble(4.0, T), "x").type());
    assertEquals(4, s.validate(Value.ofDouble(4.0, T), "x").asLong());
    assertEquals(FaultCode.WRONG_TYPE, refusal(s, Value.ofDouble(4.5, T)));
    assertEquals(FaultCode.OUT_OF_RANGE, refusal(s, Value.ofInteger(11, T)));
  }

  @Test
  void enumsMatchAnyCaseAndReturnTheCanonicalChoice() throws Exception {
    ValueSpec s = ValueSpec.choice("DC", "AC");
    assertEquals("AC", s.validate(Value.ofString("ac", T), "x").asString());
    assertEquals(ValueType.ENUM, s.validate(Value.ofString("ac", T), "x").type());
    ImException e =
        assertThrows(ImException.class, () -> s.validate(Value.ofEnum("AC;*RST", T), "x"));
    assertEquals(FaultCode.OUT_OF_RANGE, e.code());
    assertTrue(e.getMessage().contains("[DC, AC]"));
  }

  @Test
  void stringsRefuseControlCharactersAndExcessLength() {
    ValueSpec s = ValueSpec.text(8);
    assertEquals(FaultCode.INVALID_VALUE, refusal(s, Value.ofString("a\nb", T)));
    assertEquals(FaultCode.INVALID_VALUE, refusal(s, Value.ofString("a\u0000", T)));
    assertEquals(FaultCode.OUT_OF_RANGE, refusal(s, Value.ofString("123456789", T)));
  }

  @Test
  void vectorsAreCheckedElementByElement() throws Exception {
    ValueSpec s = ValueSpec.vector("V");
    assertEquals(3, s.validate(Value.ofDoubles(new double[] {1, 2, 3}, T), "x").asDoubles().length);
    ImException e =
        assertThrows(
            ImException.class,
            () -> s.validate(Value.ofDoubles(new double[] {1, Double.NaN}, T), "w"));
    assertEquals(FaultCode.INVALID_VALUE, e.code());
    assertTrue(e.getMessage().startsWith("w[1]"), e.getMessage());
  }

  @Test
  void textIsParsedByType() throws Exception {
    assertEquals(1e-3, ValueSpec.number("s").parse(" 1e-3 ", "x").asDouble());
    assertEquals(2500, ValueSpec.integer(1, 5000).parse("2500", "x").asLong());
    assertEquals(true, ValueSpec.bool().parse("TRUE", "x").asBoolean());
    assertArrayEquals(
        new double[] {1, 2.5, -3}, ValueSpec.vector("").parse("1, 2.5 -3", "x").asDoubles());
    ImException e =
        assertThrows(ImException.class, () -> ValueSpec.integer(1, 5000).parse("lots", "length"));
    assertEquals(FaultCode.WRONG_TYPE, e.code());
    assertTrue(
        e.getMessage().contains("length: 'lots' is not an integer in [1, 5000]"), e.getMessage());
  }
}
