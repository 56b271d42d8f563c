package org.instrumentelement.ie.server.gate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.instrumentelement.ie.contract.FaultCode;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class RefusalTest {
  @Test
  void theFaultIsWellFormedWhateverTheMessage() throws Exception {
    String xml = SoapFaultDocument.of(FaultCode.SERVER_BUSY, "a <b> & \u0001 c");
    Document d =
        DocumentBuilderFactory.newDefaultNSInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    assertEquals(
        "SERVER_BUSY",
        d.getElementsByTagNameNS("http://instrumentelement.org/ie/1", "code")
            .item(0)
            .getTextContent());
    assertEquals("soap:Server", d.getElementsByTagName("faultcode").item(0).getTextContent());
    assertTrue(SoapFaultDocument.of(FaultCode.NOT_AUTHENTICATED, "x").contains("soap:Client"));
  }

  @Test
  void onlySoapContentTypesAreSoap() {
    assertTrue(SoapMediaTypes.isSoap("text/xml"));
    assertTrue(SoapMediaTypes.isSoap("Text/XML; charset=UTF-8"));
    assertTrue(SoapMediaTypes.isSoap("application/soap+xml;charset=utf-8;action=\"x\""));
    assertTrue(SoapMediaTypes.isSoap("multipart/related; type=\"application/xop+xml\""));
    assertFalse(SoapMediaTypes.isSoap(null));
    assertFalse(SoapMediaTypes.isSoap("text/plain"));
    assertFalse(SoapMediaTypes.isSoap("application/x-www-form-urlencoded"));
    assertFalse(SoapMediaTypes.isSoap("multipart/form-data; boundary=x"));
    assertFalse(SoapMediaTypes.isSoap("text/xml2"));
  }

  @Test
  void basicCredentialsAreDecodedOrRefused() {
    assertArrayEquals(
        new String[] {"alice", "pa:ss"}, BasicAuthentication.decode("Basic YWxpY2U6cGE6c3M="));
    assertArrayEquals(
        new String[] {"alice", "pa:ss"}, BasicAuthentication.decode("basic YWxpY2U6cGE6c3M="));
    assertNull(BasicAuthentication.decode("Bearer abc"));
    assertNull(BasicAuthentication.decode("Basic !!!"));
    assertNull(BasicAuthentication.decode("Basic bm9jb2xvbg=="), "no colon");
    assertNull(BasicAuthentication.decode("Basic"));
  }
}
