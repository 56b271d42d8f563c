package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class SvgChartTest {

  @Test
  void rendersWellFormedSvgWithOneLinePerSeriesAndItsBand() throws Exception {
    double[] x = {5, 10, 20, 40};
    String svg =
        new SvgChart("Response <time>", "Clients", "ms")
            .add(new SvgChart.Series("XML & co", x, new double[] {5, 10, 20, 40}, x, x, false))
            .add(SvgChart.Series.line("BINARY", x, new double[] {1, 2, Double.NaN, 8}))
            .render();
    Document d =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    assertEquals("svg", d.getDocumentElement().getNodeName());
    // two series lines + two dotted band lines
    assertEquals(4, d.getElementsByTagName("polyline").getLength());
    assertTrue(svg.contains("Response &lt;time&gt;"));
  }

  @Test
  void picksRoundTickSteps() {
    assertEquals(10, SvgChart.niceStep(40), 1e-9);
    assertEquals(0.5, SvgChart.niceStep(2.2), 1e-9);
    assertEquals(1, SvgChart.niceStep(0), 1e-9);
  }
}
