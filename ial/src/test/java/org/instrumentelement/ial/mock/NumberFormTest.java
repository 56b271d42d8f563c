package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class NumberFormTest {

  @Test
  void picturesWriteNumbersAsTheManualsShowThem() {
    NumberForm keysight = NumberForm.parse("t", "+9.99999999E+999");
    assertEquals("+4.00000000E-008", keysight.format(4e-8));
    assertEquals("-5.00000000E-004", keysight.format(-5e-4));
    assertEquals("+0.00000000E+000", keysight.format(0));
    NumberForm dmm = NumberForm.parse("t", "+9.99999999E+99");
    assertEquals("+1.23456789E+00", dmm.format(1.234567891));
    assertEquals("+1.00000000E+100", dmm.format(1e100), "an exponent grows past its digits");
    NumberForm rigol = NumberForm.parse("t", "9.999999e-99");
    assertEquals("1.000000e-03", rigol.format(1e-3));
    assertEquals("-2.500000e+00", rigol.format(-2.5));
    assertEquals("+10240", NumberForm.parse("t", "+9").format(10240));
    assertEquals("-3", NumberForm.parse("t", "+9").format(-3));
    assertEquals("7", NumberForm.parse("t", "9").format(7));
    assertEquals("5.0E-4", NumberForm.parse("t", "java").format(5e-4));
    NumberForm tek = NumberForm.parse("t", "9.9999E-9");
    assertEquals("1.2121E-9", tek.format(1.2121e-9));
    assertEquals("-6.0606E-6", tek.format(-6.0606e-6));
    assertEquals("1.0000E+3", tek.format(1000));
    NumberForm rs = NumberForm.parse("t", "9.999E-999");
    assertEquals("-9.477E-008", rs.format(-9.477e-8));
  }

  @Test
  void aFixedPictureWritesDecimalsWithoutAnExponent() {
    NumberForm nr2 = NumberForm.parse("t", "9.999999");
    assertEquals("-0.125000", nr2.format(-0.125));
    assertEquals("-0.123016", nr2.format(-0.1230161));
    assertEquals("0.000000", nr2.format(-1e-9), "no minus sign on a zero");
    assertEquals("1234.500000", nr2.format(1234.5));
    assertEquals("+0.50", NumberForm.parse("t", "+9.99").format(0.5));
    assertEquals("-3.0", NumberForm.parse("t", "+9.9").format(-3));
    StringBuilder out = new StringBuilder();
    nr2.append(out, 2.0000006);
    assertEquals("2.000001", out.toString());
    assertEquals("12345678901.000000", nr2.format(12345678901.0), "too large for the fast path");
  }

  @Test
  void scpiSpecialValuesTakeTheForm() {
    NumberForm f = NumberForm.parse("t", "+9.99999999E+99");
    assertEquals("+9.91000000E+37", f.format(Double.NaN));
    assertEquals("-9.90000000E+37", f.format(Double.NEGATIVE_INFINITY));
  }

  @Test
  void aPictureThatIsNoNumberIsRefusedAtLoad() {
    assertThrows(IllegalArgumentException.class, () -> NumberForm.parse("t", "+9,999"));
    assertThrows(IllegalArgumentException.class, () -> NumberForm.parse("t", "%f"));
  }
}
