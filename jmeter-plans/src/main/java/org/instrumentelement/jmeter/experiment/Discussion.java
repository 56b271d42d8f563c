package org.instrumentelement.jmeter.experiment;

import java.util.Locale;

/**
 * How the figures were measured, and how they compare with the paper's and why they differ: the
 * report's prose. Every figure it quotes and every conclusion it draws (smaller or larger XML, CPU
 * bound or not, K1 constant or not) is computed from the points, so another run reads otherwise.
 */
record Discussion(PointTable table, int cores) implements ReportSection {
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
        .append(" difference of a few messages out of thousands.\n");
    b.append("- JMS codes (`--codes.topic`): after each JMS point, as many subscribers on the")
        .append(" attribute's codes topic (`<topic>.codes`) at the same sampling period; its")
        .append(" messages carry the instrument's codes with their scale and offset, from which")
        .append(" the subscriber computes the same doubles. Counted like JMS.\n\n");
  }

  /** The paper's XML / JMS size ratio per vector length (section 5), where it measured one. */
  static double paperSizeRatio(int length) {
    return length == 1250 ? 6.7 : length == 2500 ? 5.7 : Double.NaN;
  }

  private void comparison(StringBuilder b) {
    b.append("## Comparison with the paper, and why the ratios differ\n\n");
    for (int length : table.lengths()) {
      double xml = table.meanBytes("XML", length, true);
      double jms = table.meanBytes("JMS", length, true);
      double bin = table.meanBytes("BINARY", length, true);
      double paper = paperSizeRatio(length);
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
              Double.isNaN(paper) ? "n/a" : Decimal.of(paper, 1)));
    }
    b.append("\nWhy ours differ:\n\n");
    xmlSize(b);
    bottleneck(b);
    sharedCores(b);
    sampling(b);
    b.append("5. **CPU per vector** is the other half of the paper's argument: polling pays the")
        .append(
            " whole SOAP stack and an instrument read per client and per vector, the subscription")
        .append(
            " one read and one publication per sample plus the broker's fan-out per subscriber.")
        .append(
            " IE CPU per delivered vector, polling XML ÷ JMS, averaged over the client counts: ")
        .append(table.cpuRatios())
        .append(".\n");
    codes(b);
    b.append('\n');
  }

  /**
   * What the instrument's codes saved against the doubles on JMS, per length where both were
   * measured: the paper's messages carried doubles only.
   */
  private void codes(StringBuilder b) {
    b.append("6. **The instrument's codes.** The paper's JMS messages carried doubles, 8 bytes a")
        .append(" point, where a scope sends 1 or 2.");
    boolean any = false;
    for (int length : table.lengths()) {
      if (!table.has(WanReport.CODES, length) || !table.has("JMS", length)) {
        continue;
      }
      any = true;
      double codes = table.meanBytes(WanReport.CODES, length, true);
      double doubles = table.meanBytes("JMS", length, true);
      b.append(
          String.format(
              Locale.ROOT,
              " At %,d points a JMS codes message took %s of a doubles message's bytes (%,.0f"
                  + " against %,.0f per vector); per client, its subscribers received %s times the"
                  + " vectors per second, and the IE spent %s times the CPU per delivered vector.",
              length,
              Decimal.of(codes / doubles, 2),
              codes,
              doubles,
              Decimal.of(table.meanRatio(WanReport.CODES, "JMS", length, Point::ratePerClient), 2),
              Decimal.of(
                  table.meanRatio(WanReport.CODES, "JMS", length, Point::ieCpuMillisPerVector),
                  2)));
    }
    if (!any) {
      b.append(" No JMS codes point was measured in this run (`--codes.topic=none`, or the IM's")
          .append(" attribute has no codes topic).");
    }
    b.append('\n');
  }

  /** Whether our XML is smaller, relative to JMS, than the paper's, as measured. */
  private void xmlSize(StringBuilder b) {
    int smaller = 0;
    int measured = 0;
    for (int length : table.lengths()) {
      double ratio = table.meanBytes("XML", length, true) / table.meanBytes("JMS", length, true);
      if (Double.isFinite(ratio) && !Double.isNaN(paperSizeRatio(length))) {
        measured++;
        smaller += ratio < paperSizeRatio(length) ? 1 : 0;
      }
    }
    String verdict =
        measured == 0
            ? "**XML size.** No vector length of the paper's was measured in both modes"
            : smaller == measured
                ? "**Smaller XML.** The paper's Axis-based IE answered with an XML structure"
                    + " about 6 times larger than its JMS message; this IE's is smaller"
                : smaller == 0
                    ? "**XML as large as the paper's.** Relative to JMS, this IE's XML is no"
                        + " smaller than the paper's (about 6 times)"
                    : "**XML smaller at some lengths.** Relative to JMS, this IE's XML is"
                        + " smaller than the paper's at "
                        + smaller
                        + " of "
                        + measured
                        + " lengths";
    b.append("1. ")
        .append(verdict)
        .append(
            ". A vector travels as one `xs:list` element (space-separated doubles at full"
                + " precision) in XML and as raw little-endian doubles in the JMS message, so XML")
        .append(" is ")
        .append(table.sizeRatios("XML"))
        .append(" times JMS on the wire, and the BINARY (base64) encoding ")
        .append(table.sizeRatios("BINARY"))
        .append(" times. ");
    double rates = table.pollingToJmsRatePerClient();
    if (Double.isNaN(rates)) {
      b.append("The modes' delivery rates could not be compared.\n");
    } else if (Math.abs(rates - 1) <= 0.2) {
      b.append("The traffic ratio follows the size ratio because both modes delivered about")
          .append(" the same number of vectors per client per second (polling ÷ JMS ")
          .append(Decimal.of(rates, 2))
          .append(" on average; the IM samples at 1/T<sub>r</sub>).\n");
    } else {
      b.append("The traffic ratio does not follow the size ratio alone: polling delivered ")
          .append(Decimal.of(rates, 2))
          .append(" times the vectors per client per second that the subscription did.\n");
    }
  }

  /** What limited the run: the cores, if the processes used most of them; else not the CPU. */
  private void bottleneck(StringBuilder b) {
    double busy = table.busiestPollingCoreShare(cores);
    double peak = table.peakTrafficKbPerSecond();
    b.append("2. **No network in between.** Client and server talk over loopback; the paper's")
        .append(" traffic was capped near 1 MB/s by its IE (on a 100 Mbit/s link). Here polling")
        .append(" moved up to ")
        .append(
            peak >= 1000
                ? Decimal.of(peak / 1000, 1) + " MB/s"
                : String.format(Locale.ROOT, "%,.0f kB/s", peak));
    if (Double.isNaN(busy)) {
      b.append(". The processes' CPU time was not measured, so the bottleneck is not known.\n");
    } else if (busy >= 0.8) {
      b.append(", and the IE and JMeter together kept ")
          .append(Decimal.of(busy * 100, 0))
          .append(" % of the ")
          .append(cores)
          .append(" cores busy at the busiest polling point: the bottleneck is CPU, which JMeter")
          .append(" and the IE share.\n");
    } else {
      b.append(", while the IE and JMeter together kept at most ")
          .append(Decimal.of(busy * 100, 0))
          .append(" % of the ")
          .append(cores)
          .append(" cores busy: the CPU was not the bottleneck; waiting was (response times,")
          .append(" connections, locks).\n");
    }
  }

  /** The paper's K1 = Rr·Nc: roughly constant if its spread is within 25 % of its mean. */
  private void sharedCores(StringBuilder b) {
    double spread = table.k1Spread();
    b.append("3. **Shared cores.** With both on the same cores, more clients mean more JMeter")
        .append(" threads competing with the IE for the CPU. The paper found T<sub>r</sub> growing")
        .append(" about linearly with the clients (R<sub>r</sub>·N<sub>c</sub> = K<sub>1</sub>")
        .append(" roughly constant); here R<sub>r</sub>·N<sub>c</sub> for XML ranges over ")
        .append(table.k1Range())
        .append(" across the client counts");
    if (Double.isNaN(spread)) {
      b.append(".");
    } else if (spread <= 0.25) {
      b.append(", within ")
          .append(Decimal.of(spread * 100, 0))
          .append(" % of its mean: roughly constant, as in the paper.");
    } else {
      b.append(", ")
          .append(Decimal.of(spread * 100, 0))
          .append(" % of its mean: not constant, unlike the paper's.");
    }
    b.append(" Other builds on the machine add noise (load averages are in the tables).\n");
  }

  /** How fast the subscription runs published, from their sampling periods. */
  private void sampling(StringBuilder b) {
    double[] rates = table.jmsSamplingRates();
    b.append("4. **Sampling.** Our T<sub>r</sub> is ");
    if (rates.length == 0) {
      b.append("not known: no subscription point was measured. ");
    } else {
      b.append("milliseconds, not seconds: the subscription runs sampled at ")
          .append(String.format(Locale.ROOT, "%,.0f", rates[0]))
          .append(rates[0] == rates[1] ? "" : String.format(Locale.ROOT, " to %,.0f", rates[1]))
          .append(" vectors per second. ");
    }
    b.append("The IE's")
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
  }
}
