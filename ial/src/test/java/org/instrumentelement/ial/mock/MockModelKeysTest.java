package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The model keys the vendor dialects need, on small models of their own: a text chosen by a
 * setting, a reply field in a picture of its own, a command in other units, a block header of fixed
 * width, and what the parser refuses.
 */
class MockModelKeysTest {
  private static final String BASE =
      """
      property.order.type = enum
      property.order.values = RIBinary,SRIbinary
      property.order.default = RIBinary
      property.order.set = DATa:ENCdg
      property.scale.type = double
      property.scale.default = 0.5
      property.scale.min = 0.001
      property.scale.max = 10
      property.scale.get = SCALe?
      derived.orderName.of = order
      derived.orderName.RIBinary = "MSB"
      derived.orderName.SRIbinary = "LSB"
      reply.order.query = ORDer?
      reply.order.text = {orderName};{scale * 12:9.999E-999};{scale:integer}
      action.range.command = RANGe
      action.range.parameters = scale
      action.range.divide = 10
      """;

  private static MockDeviceDescription model(String text) throws IOException {
    Properties p = new Properties();
    p.load(new StringReader(text));
    return MockDeviceDescription.parse("keys", p);
  }

  private static String ask(MockDevice d, String query) {
    byte[] reply = d.handle(query).bytes();
    return new String(reply, 0, reply.length - 1, StandardCharsets.ISO_8859_1);
  }

  @Test
  void aReplyShowsATextByASettingAndANumberInItsOwnPicture() throws Exception {
    MockDevice d = new MockDevice(model(BASE + "answer.blockDigits = 9\n"), "MOCK::keys");
    assertEquals("MSB;6.000E+000;1", ask(d, "ORDer?"));
    d.handle("DATa:ENCdg SRI");
    assertEquals("LSB;6.000E+000;1", ask(d, "ORDer?"));
  }

  @Test
  void aCommandInOtherUnitsIsDividedAndCheckedAgainstTheLimits() throws Exception {
    MockDevice d = new MockDevice(model(BASE), "MOCK::keys");
    d.handle("RANGe 5");
    assertEquals("0.5", ask(d, "SCALe?"));
    d.handle("RANGe 0.001");
    assertTrue(ask(d, "SYSTem:ERRor?").startsWith("-222,"), "0.0001 V/div is below the minimum");
    assertEquals("0.5", ask(d, "SCALe?"));
    d.handle("RANGe MAXimum");
    assertEquals("10.0", ask(d, "SCALe?"), "MAXimum names the setting's own limit");
  }

  @Test
  void whatTheParserRefuses() {
    assertRefused(BASE + "derived.orderName.SRIbinary = 2\n", "either every value is a");
    assertRefused(BASE + "reply.bad.query = BAD?\nreply.bad.text = {orderName * 2}\n", "a text");
    assertRefused(BASE + "action.range.divide = 0\n", "divide '0'");
    assertRefused(BASE + "reply.pic.query = PIC?\nreply.pic.text = {scale:%f}\n", "number form");
    assertRefused(BASE + "answer.blockDigits = 12\n", "answer.blockDigits");
    assertRefused(BASE + "answer.events = keysight\n", "answer.events");
    assertRefused(BASE + "disk.d.save = SAVE\ndisk.d.screen = none\n", "no screen 'none'");
    assertRefused(BASE + "block.b.query = DATA?\nblock.b.form = 9,9\n", "not a number form");
  }

  private static void assertRefused(String text, String because) {
    IOException e = assertThrows(IOException.class, () -> model(text));
    assertTrue(e.getMessage().contains(because), e.getMessage());
  }
}
