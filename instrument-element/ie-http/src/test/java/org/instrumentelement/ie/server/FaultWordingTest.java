package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamException;
import org.apache.cxf.binding.soap.Soap11;
import org.apache.cxf.binding.soap.SoapFault;
import org.apache.cxf.interceptor.Fault;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.server.request.RequestRefused;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.im.model.ImException;
import org.junit.jupiter.api.Test;

class FaultWordingTest {
  @Test
  void parserMessagesLoseTheirPositionSuffixAndExceptionNames() {
    assertEquals(
        "unexpected close tag </a>; expected </b>",
        FaultWording.parserText(
            "Unexpected close tag </a>; expected </b>.\n at [row,col {unknown-source}]: [1,175]"));
    assertEquals(
        "illegal character entity: expansion character (code 0x1)",
        FaultWording.parserText(
            "[com.ctc.wstx.exc.WstxLazyException] Illegal character entity: expansion character"
                + " (code 0x1)\n at [row,col {unknown-source}]: [1,154]"));
    assertNull(FaultWording.parserText("java.lang.NullPointerException"));
    assertNull(FaultWording.parserText("Received event DTD from com.ctc.wstx"));
  }

  @Test
  void theIesOwnRefusalsKeepTheirWords() {
    FaultWording w =
        FaultWording.of(
            new Fault(new RequestRefused(FaultCode.WRONG_TYPE, "encoding: 'GZIP' is not one of")),
            false,
            false,
            null);
    assertEquals(FaultCode.WRONG_TYPE, w.code());
    assertEquals("encoding: 'GZIP' is not one of", w.message());
    w =
        FaultWording.of(
            new Fault(
                InstrumentElementFault.of(
                    new ImException(FaultCode.OUT_OF_RANGE, "too big"), "lab", "x")),
            true,
            false,
            null);
    assertEquals(new FaultWording(FaultCode.OUT_OF_RANGE, "too big"), w);
  }

  @Test
  void parserFailuresAreMalformedWithTheirPosition() {
    XMLStreamException x =
        new XMLStreamException(
            "Unexpected EOF in prolog\n at [row,col {unknown-source}]: [1,0]",
            new javax.xml.stream.Location() {
              public int getLineNumber() {
                return 3;
              }

              public int getColumnNumber() {
                return 7;
              }

              public int getCharacterOffset() {
                return 0;
              }

              public String getPublicId() {
                return null;
              }

              public String getSystemId() {
                return null;
              }
            });
    FaultWording w = FaultWording.of(new Fault(x), false, false, null);
    assertEquals(FaultCode.MALFORMED_REQUEST, w.code());
    assertTrue(w.message().startsWith("not well-formed XML at line 3, column 7: unexpected EOF"));
  }

  @Test
  void soapVersionsAndBrokenPackagesInPlainWords() {
    SoapFault mismatch =
        new SoapFault("A SOAP 1.2 message is not valid", Soap11.getInstance().getVersionMismatch());
    assertTrue(FaultWording.of(mismatch, false, false, null).message().startsWith("only SOAP 1.1"));
    FaultWording mime =
        FaultWording.of(
            new Fault(new IOException("Couldn't find MIME boundary")), false, true, null);
    assertTrue(mime.message().startsWith("the MTOM package"), mime.message());
  }

  @Test
  void internalErrorsNeverShowTheFailure() {
    FaultWording w =
        FaultWording.of(
            new Fault(new NullPointerException("Cannot invoke \"String.length()\" because x")),
            true,
            false,
            null);
    assertEquals(FaultCode.INTERNAL_ERROR, w.code());
    assertTrue(
        w.message()
            .matches(
                "internal error in the Instrument Element \\(reference [0-9a-f]+ in its log\\)"),
        w.message());
    FaultWording unknown =
        FaultWording.of(
            new Fault(new IllegalStateException("org.apache.cxf thing")), false, false, null);
    assertEquals(FaultCode.MALFORMED_REQUEST, unknown.code());
    assertFalse(unknown.message().contains("cxf"));
    assertEquals(
        new QName("http://schemas.xmlsoap.org/soap/envelope/", "VersionMismatch"),
        Soap11.getInstance().getVersionMismatch());
  }
}
