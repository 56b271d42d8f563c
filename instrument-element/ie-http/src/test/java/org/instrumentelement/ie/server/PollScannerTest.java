package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.junit.jupiter.api.Test;

/**
 * The byte reader of plain polls takes what SOAP toolkits send, and whatever it takes the pull
 * parser takes too, with the same result: checked on the toolkits' shapes and on a hundred thousand
 * bodies made from them by changing, adding and removing bytes.
 */
class PollScannerTest {
  private static final String SOAP = PollRequest.SOAP_11;
  private static final String IE = Namespaces.IE;

  /** Polls as toolkits write them: CXF and JAX-WS, zeep, gSOAP-like, JMeter's plans, by hand. */
  static List<String> shapes() {
    List<String> s = new ArrayList<>();
    s.add(
        "<soap:Envelope xmlns:soap=\""
            + SOAP
            + "\"><soap:Body><getAttribute xmlns=\""
            + IE
            + "\"><im>lab/array2500</im><attribute>identity</attribute></getAttribute>"
            + "</soap:Body></soap:Envelope>");
    s.add(
        "<?xml version='1.0' encoding='utf-8'?>\n<soap-env:Envelope xmlns:soap-env=\""
            + SOAP
            + "\"><soap-env:Body><ns0:getAttribute xmlns:ns0=\""
            + IE
            + "\"><ns0:im>lab/scope</ns0:im><ns0:attribute>trace</ns0:attribute>"
            + "<ns0:encoding>BINARY</ns0:encoding><ns0:maxAge>100</ns0:maxAge>"
            + "</ns0:getAttribute></soap-env:Body></soap-env:Envelope>");
    s.add(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n"
            + "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\""
            + SOAP
            + "\" xmlns:ie=\""
            + IE
            + "\">\r\n <SOAP-ENV:Body>\r\n  <ie:getAttributes>\r\n   <ie:im>lab/dmm</ie:im>\r\n"
            + "   <ie:attribute>voltage</ie:attribute>\r\n   <ie:attribute>current</ie:attribute>\r\n"
            + "   <ie:encoding>XML</ie:encoding>\r\n  </ie:getAttributes>\r\n </SOAP-ENV:Body>\r\n"
            + "</SOAP-ENV:Envelope>\r\n");
    s.add(
        "<S:Envelope xmlns:S='"
            + SOAP
            + "' ><S:Body ><getAttributes xmlns = '"
            + IE
            + "' ><im>a b</im><attribute>x</attribute><maxAge>0</maxAge></getAttributes >"
            + "</S:Body></S:Envelope >");
    s.add(
        "<soap:Envelope xmlns:soap=\""
            + SOAP
            + "\"><soap:Body><ie:getAttribute xmlns:ie=\""
            + IE
            + "\"><ie:im xmlns:ie=\""
            + IE
            + "\">lab/psu</ie:im><attribute xmlns=\""
            + IE
            + "\">output.1</attribute></ie:getAttribute></soap:Body></soap:Envelope>");
    return s;
  }

  @Test
  void toolkitShapesAreReadAsTheParserReadsThem() {
    for (String shape : shapes()) {
      byte[] body = shape.getBytes(StandardCharsets.UTF_8);
      PollRequest fast = PollScanner.scan(body);
      assertNotNull(fast, shape);
      assertSameRequest(PollRequest.parse(body), fast, shape);
    }
    PollRequest zeep = PollScanner.scan(shapes().get(1).getBytes(StandardCharsets.UTF_8));
    GetAttribute g = (GetAttribute) zeep.request();
    assertEquals("lab/scope", g.im);
    assertEquals("trace", g.attribute);
    assertEquals(100L, g.maxAge);
    assertTrue(zeep.maxAge());
    GetAttributes several =
        (GetAttributes)
            PollScanner.scan(shapes().get(2).getBytes(StandardCharsets.UTF_8)).request();
    assertEquals(List.of("voltage", "current"), several.attribute);
  }

  @Test
  void anythingElseIsLeftToTheParser() {
    String plain = shapes().get(0);
    for (String[] change :
        new String[][] {
          {"<im>", "<im a=\"1\">"},
          {"<im>lab/array2500</im>", "<im/>"},
          {"lab/array2500", "lab&amp;array"},
          {"lab/array2500", "lab/\u00e9"},
          {"lab/array2500", "   "},
          {"identity", "id<!-- c -->entity"},
          {"identity", "<![CDATA[identity]]>"},
          {"<soap:Body>", "<soap:Header/><soap:Body>"},
          {"<soap:Body>", "<soap:Body><!-- c -->"},
          {"getAttribute xmlns", "setParameter xmlns"},
          {"</getAttribute>", "<maxAge>-1</maxAge></getAttribute>"},
          {"</getAttribute>", "<encoding>MTOM</encoding></getAttribute>"},
          {"</getAttribute>", "<attribute>again</attribute></getAttribute>"},
          {"xmlns:soap=", "xmlns:soap2="},
          {"</soap:Envelope>", "</soap:Envelope><!-- after -->"},
          {"</soap:Envelope>", "</soap:Envelope>x"},
          {"</soap:Body>", "</soap:body>"},
        }) {
      String body = plain.replace(change[0], change[1]);
      assertTrue(!body.equals(plain), change[0]);
      assertNull(PollScanner.scan(body.getBytes(StandardCharsets.UTF_8)), body);
    }
    assertNull(PollScanner.scan(("\ufeff" + plain).getBytes(StandardCharsets.UTF_8)));
    assertNull(
        PollScanner.scan(
            ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + plain)
                .getBytes(StandardCharsets.UTF_8)));
    assertNull(PollScanner.scan(new byte[0]));
  }

  @Test
  void whatTheScannerTakesFromMutatedBodiesTheParserTakesAlike() {
    SplittableRandom random = new SplittableRandom(23);
    byte[] alphabet =
        " \t\r\n<>/=:\"'?!&;-_.xmlnsieaAbB0129]\u00ff".getBytes(StandardCharsets.ISO_8859_1);
    int taken = 0;
    for (String shape : shapes()) {
      byte[] original = shape.getBytes(StandardCharsets.UTF_8);
      for (int n = 0; n < 20_000; n++) {
        byte[] body = original;
        int changes = 1 + random.nextInt(3);
        for (int c = 0; c < changes; c++) {
          body = mutate(body, random, alphabet);
        }
        PollRequest fast = PollScanner.scan(body);
        if (fast != null) {
          taken++;
          String text = new String(body, StandardCharsets.ISO_8859_1);
          PollRequest parsed = PollRequest.parse(body);
          assertNotNull(parsed, () -> "the scanner took what the parser refuses: " + text);
          assertSameRequest(parsed, fast, text);
        }
      }
    }
    // Many mutations (whitespace, a letter in a name or text) leave a plain poll: some were taken.
    assertTrue(taken > 1_000, "taken " + taken);
  }

  private static byte[] mutate(byte[] body, SplittableRandom random, byte[] alphabet) {
    int at = random.nextInt(body.length + 1);
    byte c = alphabet[random.nextInt(alphabet.length)];
    switch (random.nextInt(3)) {
      case 0 -> { // replace
        if (at == body.length) {
          return body;
        }
        byte[] out = body.clone();
        out[at] = c;
        return out;
      }
      case 1 -> { // insert
        byte[] out = new byte[body.length + 1];
        System.arraycopy(body, 0, out, 0, at);
        out[at] = c;
        System.arraycopy(body, at, out, at + 1, body.length - at);
        return out;
      }
      default -> { // delete
        if (at == body.length) {
          return body;
        }
        byte[] out = new byte[body.length - 1];
        System.arraycopy(body, 0, out, 0, at);
        System.arraycopy(body, at + 1, out, at, body.length - at - 1);
        return out;
      }
    }
  }

  private static void assertSameRequest(PollRequest expected, PollRequest actual, String body) {
    assertNotNull(expected, body);
    assertEquals(expected.operation(), actual.operation(), body);
    assertEquals(expected.maxAge(), actual.maxAge(), body);
    if (expected.request() instanceof GetAttribute e) {
      GetAttribute a = (GetAttribute) actual.request();
      assertEquals(e.im, a.im, body);
      assertEquals(e.attribute, a.attribute, body);
      assertEquals(e.encoding, a.encoding, body);
      assertEquals(e.maxAge, a.maxAge, body);
    } else {
      GetAttributes e = (GetAttributes) expected.request();
      GetAttributes a = (GetAttributes) actual.request();
      assertEquals(e.im, a.im, body);
      assertEquals(e.attribute, a.attribute, body);
      assertEquals(e.encoding, a.encoding, body);
      assertEquals(e.maxAge, a.maxAge, body);
    }
  }
}
