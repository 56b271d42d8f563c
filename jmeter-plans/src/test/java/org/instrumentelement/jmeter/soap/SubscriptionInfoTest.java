package org.instrumentelement.jmeter.soap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

class SubscriptionInfoTest {

  @Test
  void readsTheFieldsTheLoadTestsUse() throws Exception {
    String xml =
        "<configureSamplingResponse xmlns=\""
            + IeSoapClient.NS
            + "\"><subscription>"
            + "<im>lab/array2500</im><attribute>vector</attribute>"
            + "<topic>ie.ie.lab.array2500.vector</topic><brokerUrl>tcp://localhost:1234</brokerUrl>"
            + "<samplingPeriodMillis>12</samplingPeriodMillis><published>40</published>"
            + "<superseded>2</superseded><sampleFailures>0</sampleFailures><subscribers>3</subscribers>"
            + "</subscription></configureSamplingResponse>";
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Element e =
        f.newDocumentBuilder()
            .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
            .getDocumentElement();
    SubscriptionInfo info = SubscriptionInfo.from(e);
    assertEquals(
        new SubscriptionInfo(
            "ie.ie.lab.array2500.vector", "tcp://localhost:1234", 12, 40, 2, -1, 3),
        info);
  }
}
