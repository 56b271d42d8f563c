package org.instrumentelement.jmeter.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.ie.measure.ProcessCpu;
import org.instrumentelement.ie.measure.link.LinkShape;
import org.instrumentelement.ie.measure.link.ShapedLink;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.instrumentelement.jmeter.soap.SubscriptionInfo;

/**
 * The Instrument Element under test: one the runner starts (without {@code --ie.url}: the mock
 * laboratory on free ports, every sampling off) and stops at the end, or one that runs already,
 * whose sampling periods the runner puts back at the end as it found them. With a shaped link, the
 * plans' clients reach its SOAP port and its broker's OpenWire port only through the link ({@link
 * #clientEndpoint}, {@link #brokerUrl}); the runner's own calls (sampling, counters) go directly.
 */
final class MeasuredIe implements AutoCloseable {
  private final IeProcess own;
  private final IeSoapClient soap;
  private final String brokerUrl;
  private final ProcessCpu cpu;
  private final String description;
  private final ShapedLink link;

  /** Sampling periods found on a given IE before the runner changed them, by IM and attribute. */
  private final Map<Map.Entry<String, String>, Long> originalPeriods = new LinkedHashMap<>();

  private MeasuredIe(
      IeProcess own,
      IeSoapClient soap,
      String brokerUrl,
      ProcessCpu cpu,
      String description,
      ShapedLink link) {
    this.own = own;
    this.soap = soap;
    this.brokerUrl = brokerUrl;
    this.cpu = cpu;
    this.description = description;
    this.link = link;
  }

  /** Starts the IE, or connects to the one {@code --ie.url} names. */
  static MeasuredIe open(Settings settings, PrintStream console) throws IOException {
    return open(settings, console, null);
  }

  /**
   * Starts the IE, or connects to the one {@code --ie.url} names, and puts a link of this shape
   * (null: none) between the plans and it.
   */
  static MeasuredIe open(Settings settings, PrintStream console, LinkShape shape)
      throws IOException {
    MeasuredIe ie = settings.ownIe() ? start(settings, console) : given(settings);
    if (shape != null) {
      ie = ie.through(shape, ShapedLink.Via.of(settings.get("link.via")), settings);
      console.println("Link: " + ie.link.mechanism() + ", " + shape);
    }
    console.println("Instrument Element: " + ie.clientEndpoint());
    return ie;
  }

  /** This IE behind a shaped link in front of its SOAP port and its broker's OpenWire port. */
  private MeasuredIe through(LinkShape shape, ShapedLink.Via via, Settings settings)
      throws IOException {
    String broker = brokerUrl;
    if (broker.isEmpty()) {
      // The plans would ask getSubscriptionInfo, whose URL points past the link: ask it here.
      String im = settings.im(settings.integers("lengths").get(0));
      broker = soap.subscriptionInfo(im, settings.get("attribute")).brokerUrl();
    }
    List<InetSocketAddress> targets = new ArrayList<>();
    for (String url : List.of(soap.endpoint().toString(), broker)) {
      URI u = URI.create(url);
      targets.add(new InetSocketAddress(u.getHost(), u.getPort()));
    }
    ShapedLink l;
    try {
      l = ShapedLink.open(shape, targets, via);
    } catch (IOException e) {
      close();
      throw e;
    }
    return new MeasuredIe(
        own,
        soap,
        l.clientUrl(broker),
        cpu,
        description + "; clients through a " + shape + " link (" + l.mechanism() + ")",
        l);
  }

  private static MeasuredIe start(Settings settings, PrintStream console) throws IOException {
    Files.createDirectories(settings.path("work"));
    console.println("Starting the Instrument Element " + settings.path("ie.jar"));
    IeProcess own =
        IeProcess.launch(settings.path("ie.jar"))
            .javaOptions(settings.words("ie.java.opts"))
            // Only the attribute under test is sampled, and only in the subscription runs; the
            // arrays send codes (WORD) unless --array.format says otherwise.
            .options(options(settings))
            .log(settings.path("work").resolve("instrument-element.log"))
            .start();
    return new MeasuredIe(
        own,
        client(own.serviceUrl(), settings),
        own.brokerUrl(),
        own.cpu(),
        "started by the runner as a separate process (pid "
            + own.pid()
            + ", built-in mock laboratory, embedded broker) at "
            + own.serviceUrl(),
        null);
  }

  private static List<String> options(Settings settings) {
    List<String> o = new ArrayList<>(MockLaboratory.SAMPLING_OFF);
    o.addAll(MockLaboratory.arrayFormat(settings.get("array.format").trim()));
    return o;
  }

  /**
   * The topic of the JMS codes points of this IM's attribute ({@code --codes.topic}), or null for
   * none: with {@code auto}, its codes topic if a CODES poll answers codes (the IE publishes a
   * trace kept as codes on {@code <topic>.codes}), else none.
   */
  String codesTopic(Settings settings, String im, String attribute) throws IOException {
    String asked = settings.get("codes.topic").trim();
    if (asked.isEmpty() || asked.equals(Settings.NONE)) {
      return null;
    }
    if (!asked.equals(Settings.AUTO)) {
      return asked;
    }
    if (soap.codesType(im, attribute) == null) {
      return null;
    }
    return TopicNames.codes(soap.subscriptionInfo(im, attribute).topic());
  }

  /** Why no JMS codes point runs, for the console and the report. */
  static String noCodes(Settings settings) {
    String asked = settings.get("codes.topic").trim();
    if (asked.isEmpty() || asked.equals(Settings.NONE)) {
      return "--codes.topic=" + Settings.NONE;
    }
    if (settings.ownIe() && settings.get("array.format").trim().equalsIgnoreCase("REAL")) {
      return "--array.format=REAL: the array IMs send doubles only";
    }
    return "the attribute has no codes: a CODES poll answers doubles";
  }

  private static MeasuredIe given(Settings settings) {
    String url = settings.get("ie.url").trim();
    String pid = settings.get("ie.pid").trim();
    ProcessCpu cpu = pid.isEmpty() ? null : new ProcessCpu(Long.parseLong(pid));
    return new MeasuredIe(
        null,
        client(url, settings),
        settings.get("broker.url").trim(),
        cpu,
        "given by --ie.url="
            + url
            + (cpu == null ? " (CPU time not readable: no --ie.pid)" : " (pid " + pid + ")"),
        null);
  }

  private static IeSoapClient client(String url, Settings settings) {
    return new IeSoapClient(url, settings.get("ie.user"), settings.get("ie.password"));
  }

  /** Its SOAP client, signed in with {@code --ie.user}. */
  IeSoapClient soap() {
    return soap;
  }

  /** The SOAP endpoint the plans' clients use: through the link when there is one. */
  String clientEndpoint() {
    String url = soap.endpoint().toString();
    return link == null ? url : link.clientUrl(url);
  }

  /** The link between the plans and the IE, or null. */
  ShapedLink link() {
    return link;
  }

  /**
   * The OpenWire URL for the subscribers (through the link when there is one); empty: the plans ask
   * the IE.
   */
  String brokerUrl() {
    return brokerUrl;
  }

  /** Its CPU time, or null when it cannot be read (a given IE without {@code --ie.pid}). */
  ProcessCpu cpu() {
    return cpu;
  }

  /** Where it runs and how, for the report. */
  String description() {
    return description;
  }

  /**
   * Sets a sampling period (0: off); the first change of an attribute remembers its period, to be
   * put back by {@link #close()} on an IE the runner did not start.
   */
  SubscriptionInfo configureSampling(String im, String attribute, long periodMillis)
      throws IOException {
    Map.Entry<String, String> key = Map.entry(im, attribute);
    if (!originalPeriods.containsKey(key)) {
      originalPeriods.put(key, soap.subscriptionInfo(im, attribute).samplingPeriodMillis());
    }
    return soap.configureSampling(im, attribute, periodMillis);
  }

  /** Stops the IE the runner started, or puts back the sampling periods of a given one. */
  @Override
  public void close() throws IOException {
    if (link != null) {
      link.close();
    }
    if (own != null) {
      own.close();
      return;
    }
    for (Map.Entry<Map.Entry<String, String>, Long> e : originalPeriods.entrySet()) {
      soap.configureSampling(e.getKey().getKey(), e.getKey().getValue(), e.getValue());
    }
  }
}
