package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class WsdlTest {
  @Test
  void theCheckedInWsdlIsOnTheClassPathInItsNamespace() throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Element root;
    try (InputStream in = Wsdl.url().openStream()) {
      root = f.newDocumentBuilder().parse(in).getDocumentElement();
    }
    assertEquals("definitions", root.getLocalName());
    assertEquals(Wsdl.NAMESPACE, root.getAttribute("targetNamespace"));
    assertTrue(
        root.getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/", "operation").getLength()
            > 0);
  }
}
