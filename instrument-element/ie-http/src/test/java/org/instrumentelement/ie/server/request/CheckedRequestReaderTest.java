package org.instrumentelement.ie.server.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.Set;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.staxutils.StaxUtils;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.junit.jupiter.api.Test;

/** The reader's checks on documents in memory, read with CXF's own parser settings. */
class CheckedRequestReaderTest {
  static final String ENVELOPE =
      "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\""
          + " xmlns:ie=\"http://instrumentelement.org/ie/1\">";

  static XMLStreamReader reader(String document, Set<String> attachments) {
    return new CheckedRequestReader(
        StaxUtils.createXMLStreamReader(new StringReader(document)),
        RequestShape.operations(InstrumentElementPort.class),
        Namespaces.IE,
        attachments::contains);
  }

  /** Reads the document to its end as CXF would (tags, then every event); returns the events. */
  static int readAll(String document) throws XMLStreamException {
    XMLStreamReader r = reader(document, Set.of("part0"));
    int events = 0;
    r.nextTag();
    while (r.hasNext()) {
      r.next();
      events++;
    }
    return events;
  }

  static RequestRefused refused(String document) {
    return assertThrows(RequestRefused.class, () -> readAll(document));
  }

  static String body(String operation) {
    return ENVELOPE + "<s:Header/><s:Body>" + operation + "</s:Body></s:Envelope>";
  }

  @Test
  void aValidRequestReadsToItsEnd() throws Exception {
    assertTrue(
        readAll(
                body(
                    "<ie:setAttribute><ie:im>lab/scope</ie:im><ie:attribute>triggerLevel"
                        + "</ie:attribute><ie:value type=\"DOUBLE\" quality=\"GOOD\""
                        + " timestamp=\"2026-11-21T10:15:30Z\" length=\"1\">"
                        + "<ie:doubleValue> 0.5 </ie:doubleValue></ie:value></ie:setAttribute>"))
            > 5);
    readAll(
        body(
            "<ie:getAttributes><ie:im>lab/scope</ie:im><ie:attribute>a</ie:attribute>"
                + "<ie:attribute>b</ie:attribute><ie:encoding>BINARY</ie:encoding>"
                + "</ie:getAttributes>"));
    readAll(
        body(
            "<ie:setAttribute><ie:im>x</ie:im><ie:attribute>y</ie:attribute><ie:value><ie:data>"
                + "<xop:Include xmlns:xop=\"http://www.w3.org/2004/08/xop/include\""
                + " href=\"cid:part0\"/></ie:data></ie:value></ie:setAttribute>"));
  }

  @Test
  void typedTextIsAWrongTypeNamingItsField() {
    RequestRefused r =
        refused(
            body(
                "<ie:getAttribute><ie:im>x</ie:im><ie:attribute>y</ie:attribute>"
                    + "<ie:encoding>GZIP</ie:encoding></ie:getAttribute>"));
    assertEquals(FaultCode.WRONG_TYPE, r.code());
    assertEquals("encoding: 'GZIP' is not one of XML, BINARY, CODES", r.getMessage());
    r =
        refused(
            body(
                "<ie:setParameter><ie:im>x</ie:im><ie:parameter>y</ie:parameter>"
                    + "<ie:value quality=\"MEH\"><ie:booleanValue>true</ie:booleanValue>"
                    + "</ie:value></ie:setParameter>"));
    assertEquals(
        "quality: 'MEH' is not one of GOOD, WARNING, ALARM, UNCERTAIN, BAD", r.getMessage());
    r =
        refused(
            body(
                "<ie:setParameter><ie:im>x</ie:im><ie:parameter>y</ie:parameter><ie:value>"
                    + "<ie:doubleValue>1"
                    + "0".repeat(300)
                    + "</ie:doubleValue></ie:value></ie:setParameter>"));
    assertTrue(r.getMessage().contains("is too long for double"), r.getMessage());
  }

  @Test
  void theEnvelopeIsSoap11WithOneOperation() {
    assertEquals(
        FaultCode.MALFORMED_REQUEST,
        refused(
                body("<ie:getState/>")
                    .replace(
                        "schemas.xmlsoap.org/soap/envelope/", "www.w3.org/2003/05/soap-envelope"))
            .code());
    assertTrue(refused(body("")).getMessage().contains("body is empty"));
    assertTrue(
        refused(body("<ie:getState/><ie:getState/>")).getMessage().contains("more than one"));
    assertTrue(refused(body("<ie:reboot/>")).getMessage().contains("no operation 'ie:reboot'"));
    assertTrue(refused(ENVELOPE + "<s:Header/></s:Envelope>").getMessage().contains("has no Body"));
  }

  @Test
  void elementsOutsideTheMessageAreRefused() {
    assertTrue(
        refused(body("<ie:getState><ie:im>a</ie:im><ie:im>b</ie:im></ie:getState>"))
            .getMessage()
            .startsWith("im is given twice in getState"));
    assertTrue(
        refused(body("<ie:getState><ie:force/></ie:getState>"))
            .getMessage()
            .contains("(it may hold im)"));
    assertTrue(
        refused(body("<ie:getState>junk<ie:im>a</ie:im></ie:getState>"))
            .getMessage()
            .startsWith("text in getState"));
    assertTrue(
        refused(body("<ie:getState><ie:im>a<b/></ie:im></ie:getState>"))
            .getMessage()
            .contains("inside im, which holds text only"));
  }

  @Test
  void mtomReferencesMustNamePartsOfTheRequest() {
    String ref =
        "<ie:setAttribute><ie:im>x</ie:im><ie:attribute>y</ie:attribute><ie:value><ie:data>"
            + "<xop:Include xmlns:xop=\"http://www.w3.org/2004/08/xop/include\" href=\"HREF\"/>"
            + "</ie:data></ie:value></ie:setAttribute>";
    assertTrue(
        refused(body(ref.replace("HREF", "cid:part9"))).getMessage().contains("names no part"));
    assertTrue(
        refused(body(ref.replace("HREF", "file:///etc/passwd")))
            .getMessage()
            .contains("is not a cid: reference"));
    // Found by fuzzing: a '%' without two hex digits after it made URLDecoder throw.
    for (String bad : new String[] {"cid:part%", "cid:part%0", "cid:%zz"}) {
      assertTrue(
          refused(body(ref.replace("HREF", bad)))
              .getMessage()
              .contains("a % is not followed by two hex digits"),
          bad);
    }
  }

  @Test
  void nothingEscapesTheChecksThroughNextTagOrElementText() throws Exception {
    XMLStreamReader r =
        reader(
            body("<ie:getState><ie:im>lab/scope</ie:im><ie:im>x</ie:im></ie:getState>"), Set.of());
    assertEquals(XMLStreamConstants.START_ELEMENT, r.nextTag()); // Envelope
    r.nextTag(); // Header
    r.nextTag(); // end of Header
    r.nextTag(); // Body
    r.nextTag(); // getState
    r.nextTag(); // im
    assertEquals("lab/scope", r.getElementText());
    RequestRefused twice = assertThrows(RequestRefused.class, r::nextTag);
    assertTrue(twice.getMessage().contains("given twice"), twice.getMessage());
  }

  @Test
  void doctypesAndUndefinedEntitiesAreRefused() {
    assertTrue(
        refused("<!DOCTYPE x [<!ENTITY e \"lab\">]>" + body("<ie:getState/>"))
            .getMessage()
            .startsWith("a DTD"));
    assertTrue(
        refused(body("<ie:getState><ie:im>&e;</ie:im></ie:getState>"))
            .getMessage()
            .startsWith("undefined entity &e;"));
  }

  @Test
  void attributesAreCountedOnEveryElement() {
    StringBuilder many = new StringBuilder();
    for (int i = 0; i <= CheckedRequestReader.MAX_ATTRIBUTES; i++) {
      many.append(" a").append(i).append("=\"x\"");
    }
    RequestRefused r = refused(body("<ie:getState" + many + "/>"));
    assertEquals(FaultCode.REQUEST_TOO_LARGE, r.code());
  }
}
