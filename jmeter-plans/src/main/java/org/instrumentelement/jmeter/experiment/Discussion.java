package org.instrumentelement.jmeter.experiment;

import java.util.Locale;

/**
 * How the figures were measured, and how they compare with the paper's and why they differ: the
 * report's prose, with the figures it quotes computed from the points.
 */
record Discussion(PointTable table) implements ReportSection {
  @Override
  public void appendTo(StringBuilder b) {
    method(b);
    comparison(b);
  }

  private void method(StringBuilder b) {
    b.append("## How it was measured\n\n");
    b.append(
            "- The runner started the IE from its runnable jar as a separate process on free ports")
        .append(" (HTTP and OpenWire), with the sampling of every subscribable attribute switched")
        .append(" off; each JMeter run is a separate JVM (`jmeter-plans/target/jmeter`). Nothing")
        .append(" talks to the IE but its SOAP endpoint and its broker.\n");
    b.append("- Polling (`plans/polling.jmx`): N threads each POST `getAttribute` with no pause; a")
        .append(
            " thread keeps its keep-alive connection for the whole run. T<sub>r</sub> is the mean")
        .append(" elapsed time of the measured samples.\n");
    b.append("- Subscription (`plans/subscription.jmx`): `configureSampling(im, attribute,")
        .append(" samplingPeriodMillis = round(T<sub>r</sub>))` through the SOAP API, then N JMS")
        .append(" subscribers, each on its own connection; the IM publishes every sample because")
        .append(" the mock array changes at every read. Sampling is switched off again after the")
        .append(" point.\n");
    b.append("- Each plan has a warm-up thread group and a measured one (run one after the other);")
        .append(" only the measured samples count. The window of a point runs from its first")
        .append(" measured sample's start to its last one's end.\n");
    b.append("- Traffic: bytes received + sent over the window. For HTTP that is what JMeter")
        .append(" counts (HttpClient's connection metrics: headers and body). For JMS the sampler")
        .append(
            " counts the bytes its socket read and wrote (a `countingtcp://` ActiveMQ transport);")
        .append(" messages prefetched but not yet taken at the end of the window are included, a")
        .append(" difference of a few messages out of thousands.\n\n");
  }

  private void comparison(StringBuilder b) {
    b.append("## Comparison with the paper, and why the ratios differ\n\n");
    for (int length : table.lengths()) {
      double xml = table.meanBytes("XML", length, true);
      double jms = table.meanBytes("JMS", length, true);
      double bin = table.meanBytes("BINARY", length, true);
      b.append(
          String.format(
              Locale.ROOT,
              "- **%,d doubles:** traffic ratio polling XML / JMS %s on average over the client"
                  + " counts (paper: %s). Bytes per vector XML / JMS = %s, BINARY / JMS = %s"
                  + " (paper: XML/SOAP about %s times the JMS structure).%n",
              length,
              Decimal.of(table.meanTrafficRatio(length), 2),
              length == 1250 ? "6.1 to 6.7" : length == 2500 ? "6.5 to 6.9" : "n/a",
              Decimal.of(xml / jms, 2),
              Decimal.of(bin / jms, 2),
              length == 1250 ? "6.7" : length == 2500 ? "5.7" : "n/a"));
    }
    b.append("\nWhy ours differ:\n\n");
    b.append("1. **Smaller XML.** The paper's Axis-based IE answered with an XML structure about 6")
        .append(" times larger than its JMS message. This IE sends a vector as one `xs:list`")
        .append(" element (space-separated doubles at full precision) and the JMS message carries")
        .append(" raw little-endian doubles, so here XML is only ")
        .append(table.sizeRatios("XML"))
        .append(" times JMS on the wire, and the BINARY (base64) encoding ")
        .append(table.sizeRatios("BINARY"))
        .append(" times. The traffic ratio follows the size ratio because both modes deliver about")
        .append(" the same number of vectors per client per second (the IM samples at")
        .append(" 1/T<sub>r</sub>).\n");
    b.append("2. **No network in between.** Client and server talk over loopback; the paper's")
        .append(" traffic was capped near 1 MB/s by its IE (on a 100 Mbit/s link). Here polling")
        .append(" moves tens of MB/s, and the bottleneck is CPU, which JMeter and the IE share.\n");
    b.append("3. **Shared cores.** With both on the same cores, more clients mean more JMeter")
        .append(" threads competing with the IE for the CPU. The paper found T<sub>r</sub> growing")
        .append(
            " about linearly with the clients (R<sub>r</sub>·N<sub>c</sub> = K<sub>1</sub> roughly")
        .append(" constant); here R<sub>r</sub>·N<sub>c</sub> for XML ranges over ")
        .append(table.k1Range())
        .append(" across the client counts. Other builds on the machine add noise (load averages")
        .append(" are in the tables).\n");
    b.append("4. **Much faster sampling.** Our T<sub>r</sub> is milliseconds, not seconds, so the")
        .append(" subscription runs publish tens to hundreds of vectors per second. The IE's")
        .append(" publisher keeps a queue per topic (`broker.publishQueue` samples); only when the")
        .append(
            " broker falls that far behind is the oldest unsent sample superseded, counted, and")
        .append(
            " seen by subscribers as a sequence gap, so that sampling never waits for the broker.")
        .append(" Superseded in this run: ")
        .append(String.format(Locale.ROOT, "%,d", table.sumOverJms(Point::superseded)))
        .append(" after the warm-ups and ")
        .append(String.format(Locale.ROOT, "%,d", table.sumOverJms(Point::supersededInWarmup)))
        .append(" during them, of ")
        .append(String.format(Locale.ROOT, "%,d", table.sumOverJms(Point::published)))
        .append(" published.\n");
    b.append("5. **CPU per vector** is the other half of the paper's argument: polling pays the")
        .append(
            " whole SOAP stack and an instrument read per client and per vector, the subscription")
        .append(
            " one read and one publication per sample plus the broker's fan-out per subscriber.")
        .append(
            " IE CPU per delivered vector, polling XML ÷ JMS, averaged over the client counts: ")
        .append(table.cpuRatios())
        .append(".\n\n");
  }
}
