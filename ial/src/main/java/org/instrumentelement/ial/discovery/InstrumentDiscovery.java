package org.instrumentelement.ial.discovery;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.hislip.HislipSessionProvider;
import org.instrumentelement.ial.socket.SocketSessionProvider;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.vxi11.Vxi11SessionProvider;

/**
 * Finds the instruments on the networks this host is on: listens for a while (portmapper broadcast,
 * mDNS, subnet probes, all at once), then asks each address found {@code *IDN?} and says what fits
 * it. Everything is bounded by {@link DiscoveryLimits}; one run takes at most about twice its
 * timeout.
 *
 * <pre>
 * DiscoveryReport r = InstrumentDiscovery.builder().timeout(Duration.ofSeconds(3)).build().run();
 * </pre>
 */
public final class InstrumentDiscovery {
  /** Where VISA libraries send the portmapper broadcast. */
  public static final int PORTMAPPER_PORT = 111;

  private final List<LinkNetwork> networks;
  private final boolean mdns;
  private final boolean portmapperBroadcast;
  private final int portmapperPort;
  private final List<String> subnets;
  private final List<SubnetProbe.Port> probePorts;
  private final boolean gpib;
  private final Duration timeout;
  private final DiscoveryLimits limits;
  private final List<IdentityCatalog> catalogs;

  private InstrumentDiscovery(Builder b) {
    networks = b.networks;
    mdns = b.mdns;
    portmapperBroadcast = b.portmapperBroadcast;
    portmapperPort = b.portmapperPort;
    subnets = List.copyOf(b.subnets);
    probePorts = b.probePorts;
    gpib = b.gpib;
    timeout = b.timeout;
    limits = b.limits;
    catalogs = b.catalogs;
  }

  /** A discovery of every LAN this host is on, mDNS and broadcast, 3 seconds of listening. */
  public static Builder builder() {
    return new Builder();
  }

  /** How to discover; the defaults are those of {@code instrument-element discover}. */
  public static final class Builder {
    private List<LinkNetwork> networks;
    private boolean mdns = true;
    private boolean portmapperBroadcast = true;
    private int portmapperPort = PORTMAPPER_PORT;
    private final List<String> subnets = new ArrayList<>();
    private List<SubnetProbe.Port> probePorts = SubnetProbe.PORTS;
    private boolean gpib;
    private Duration timeout = Duration.ofSeconds(3);
    private DiscoveryLimits limits = DiscoveryLimits.DEFAULTS;
    private List<IdentityCatalog> catalogs;

    private Builder() {}

    /**
     * The networks to broadcast on and browse, through these addresses of this host ({@code
     * 127.0.0.1} for the loopback alone); default: every IPv4 interface that is up, loopback aside.
     */
    public Builder interfaces(List<String> addresses) throws IOException {
      List<LinkNetwork> list = new ArrayList<>();
      for (String a : addresses) {
        list.add(LinkNetwork.of(InetAddress.getByName(a)));
      }
      networks = list;
      return this;
    }

    /** Browses the LXI service types over mDNS (default true). */
    public Builder mdns(boolean on) {
      mdns = on;
      return this;
    }

    /** Sends the VXI-11 portmapper broadcast (default true). */
    public Builder portmapperBroadcast(boolean on) {
      portmapperBroadcast = on;
      return this;
    }

    /** The port the broadcast goes to: 111, or a simulator's own. */
    public Builder portmapperPort(int port) {
      portmapperPort = port;
      return this;
    }

    /** Adds a subnet whose addresses are probed ({@code 10.0.0.0/24}, or one address). */
    public Builder subnet(String cidr) {
      SubnetProbe.hosts(cidr, DiscoveryLimits.DEFAULTS.maxSubnetHosts()); // checked now
      subnets.add(cidr);
      return this;
    }

    /** The ports a subnet probe tries, instead of 5025, 111 and 4880 (simulators on free ports). */
    public Builder probePorts(int socket, int portmapper, int hislip) {
      probePorts =
          List.of(
              new SubnetProbe.Port(socket, Candidate.Transport.SOCKET),
              new SubnetProbe.Port(portmapper, Candidate.Transport.VXI11),
              new SubnetProbe.Port(hislip, Candidate.Transport.HISLIP));
      return this;
    }

    /** Also tries GPIB addresses 1..30 behind every VXI-11 host ({@code gpib0,N}). */
    public Builder gpib(boolean on) {
      gpib = on;
      return this;
    }

    /** How long to listen for answers, and again at most to identify the instruments. */
    public Builder timeout(Duration t) {
      if (t.isNegative() || t.isZero()) {
        throw new IllegalArgumentException("timeout must be positive: " + t);
      }
      timeout = t;
      return this;
    }

    public Builder limits(DiscoveryLimits l) {
      limits = l;
      return this;
    }

    /** What identities are matched against; default: every catalog on the class path. */
    public Builder catalogs(List<IdentityCatalog> c) {
      catalogs = List.copyOf(c);
      return this;
    }

    public InstrumentDiscovery build() throws IOException {
      if (networks == null) {
        networks = LinkNetwork.lan();
      }
      if (catalogs == null) {
        List<IdentityCatalog> found = new ArrayList<>();
        ServiceLoader.load(IdentityCatalog.class, InstrumentDiscovery.class.getClassLoader())
            .forEach(found::add);
        // Catalogs that drive instruments (descriptors) before those that simulate them.
        found.sort(Comparator.comparing(c -> c instanceof MockModelCatalog));
        catalogs = found;
      }
      return new InstrumentDiscovery(this);
    }
  }

  /** Runs one discovery. Never throws for what the network does: the report says it. */
  public DiscoveryReport run() {
    long started = System.nanoTime();
    Findings findings = new Findings(limits);
    List<String> searched = new ArrayList<>();
    Deadline listening = Deadline.after(timeout);
    ExecutorService listeners =
        Executors.newCachedThreadPool(DaemonThreads.named("discovery-listen"));
    AtomicInteger replies = new AtomicInteger();
    AtomicInteger services = new AtomicInteger();
    for (LinkNetwork n : networks) {
      if (portmapperBroadcast) {
        searched.add(
            "portmapper broadcast to " + n.broadcast().getHostAddress() + ":" + portmapperPort);
        listeners.execute(
            () -> PortmapperBroadcast.run(n, portmapperPort, listening, limits, replies, findings));
      }
      if (mdns) {
        searched.add(
            "mDNS on "
                + n
                + " ("
                + String.join(", ", LxiServices.TYPES.stream().map(LxiServices::shortName).toList())
                + ")");
        listeners.execute(() -> MdnsBrowser.run(n, listening, limits, services, findings));
      }
    }
    if (!subnets.isEmpty()) {
      List<Inet4Address> addresses = new ArrayList<>();
      for (String s : subnets) {
        addresses.addAll(SubnetProbe.hosts(s, limits.maxSubnetHosts()));
      }
      if (addresses.size() > limits.maxSubnetHosts()) {
        findings.problem(
            "the subnets hold more than "
                + limits.maxSubnetHosts()
                + " addresses: the rest were not probed");
        addresses = addresses.subList(0, limits.maxSubnetHosts());
      }
      List<Inet4Address> probed = addresses;
      searched.add(
          "probe of "
              + String.join(", ", subnets)
              + " on ports "
              + String.join(
                  ", ", probePorts.stream().map(p -> Integer.toString(p.port())).toList()));
      listeners.execute(() -> SubnetProbe.run(probed, probePorts, listening, limits, findings));
    }
    listeners.shutdown();
    try {
      // The listeners stop at the deadline; closing JmDNS may take a moment more.
      if (!listeners.awaitTermination(listening.remainingMillis() + 5_000, TimeUnit.MILLISECONDS)) {
        findings.problem("a listener did not stop in time; its late answers are ignored");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      listeners.shutdownNow();
    }
    List<Candidate> candidates = findings.candidates();
    List<FoundInstrument> instruments;
    try (ResourceManager sessions =
        new ResourceManager()
            .register(new SocketSessionProvider())
            .register(new Vxi11SessionProvider(PORTMAPPER_PORT))
            .register(new HislipSessionProvider())) {
      List<InstrumentIdentifier.Answer> answers =
          new InstrumentIdentifier(sessions, limits, gpib)
              .identify(candidates, Deadline.after(timeout));
      instruments = group(answers, findings);
    }
    return new DiscoveryReport(
        instruments, searched, findings.problems(), Duration.ofNanos(System.nanoTime() - started));
  }

  /** The answers of one host with the same identity are one instrument. */
  private List<FoundInstrument> group(
      List<InstrumentIdentifier.Answer> answers, Findings findings) {
    Map<String, List<InstrumentIdentifier.Answer>> byInstrument = new LinkedHashMap<>();
    Set<String> hostsIdentified = new HashSet<>();
    for (InstrumentIdentifier.Answer a : answers) {
      if (a.identity() != null) {
        hostsIdentified.add(a.candidate().host());
      }
    }
    for (InstrumentIdentifier.Answer a : answers) {
      String host = a.candidate().host();
      if (a.identity() == null && hostsIdentified.contains(host)) {
        findings.problem(a.resource() + ": " + a.error());
        continue;
      }
      String key = host + "\n" + (a.identity() == null ? "" : a.identity());
      byInstrument.computeIfAbsent(key, k -> new ArrayList<>()).add(a);
    }
    List<FoundInstrument> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (List<InstrumentIdentifier.Answer> group : byInstrument.values()) {
      group.sort(Comparator.comparing(a -> a.candidate().transport()));
      String host = group.get(0).candidate().host();
      String identity = group.get(0).identity();
      List<String> resources =
          new ArrayList<>(
              new LinkedHashSet<>(
                  group.stream().map(InstrumentIdentifier.Answer::resource).toList()));
      Set<String> foundBy = new LinkedHashSet<>();
      List<String> notes = new ArrayList<>();
      for (InstrumentIdentifier.Answer a : group) {
        foundBy.addAll(findings.foundBy(a.candidate()));
        if (a.error() != null) {
          notes.add(a.resource() + ": " + a.error());
        }
      }
      dropOtherInstrumentsAnnouncements(foundBy, identity);
      List<IdentityMatch> matches = identity == null ? List.of() : matches(identity);
      out.add(
          new FoundInstrument(
              host,
              identity,
              resources,
              List.copyOf(foundBy),
              matches,
              configuration(identity, resources.get(0), matches, names),
              notes));
    }
    return out;
  }

  /**
   * Instruments sharing a host share its VXI-11 and HiSLIP ports, so each port was announced once
   * per instrument: of the announcements, those naming this instrument's serial number are kept
   * when some do.
   */
  private static void dropOtherInstrumentsAnnouncements(Set<String> foundBy, String identity) {
    String[] f = identity == null ? new String[0] : identity.split(",", 4);
    String serial = f.length > 2 ? f[2].trim() : "";
    if (serial.isEmpty()
        || foundBy.stream().noneMatch(s -> s.startsWith("mDNS") && s.contains(serial))) {
      return;
    }
    foundBy.removeIf(s -> s.startsWith("mDNS") && !s.contains(serial));
  }

  private List<IdentityMatch> matches(String identity) {
    List<IdentityMatch> out = new ArrayList<>();
    for (IdentityCatalog c : catalogs) {
      try {
        out.addAll(c.matches(identity));
      } catch (RuntimeException e) {
        // a catalog that fails matches nothing
      }
    }
    return out;
  }

  /** The configuration lines that add an instrument, with an IM name not used before. */
  static List<String> configuration(
      String identity, String address, List<IdentityMatch> matches, Set<String> names) {
    if (identity == null) {
      return List.of("# no *IDN? answer: nothing to configure");
    }
    IdentityMatch driver =
        matches.stream().filter(m -> !m.settings().isEmpty()).findFirst().orElse(null);
    String name = imName(identity, names);
    List<String> lines = new ArrayList<>();
    if (driver == null) {
      lines.add(
          "# no bundled descriptor declares it fits "
              + IdentityCatalog.makeAndModel(identity)
              + ": write one (docs/scpi-instruments.md), then");
      lines.add("# im." + name + ".type = scpi");
      lines.add("# im." + name + ".descriptor = <your descriptor>");
      lines.add("# im." + name + ".address = " + address);
      return lines;
    }
    driver.settings().forEach((k, v) -> lines.add("im." + name + "." + k + " = " + v));
    lines.add("im." + name + ".address = " + address);
    return lines;
  }

  /** An IM name from the model: {@code dso-x-3024t}, then {@code dso-x-3024t-2}, ... */
  static String imName(String identity, Set<String> taken) {
    String[] f = identity.split(",", 3);
    String base =
        (f.length > 1 ? f[1] : f[0])
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z0-9]+", "-")
            .replaceAll("^-+|-+$", "");
    if (base.length() > 40) {
      base = base.substring(0, 40);
    }
    if (base.isEmpty() || !Character.isLetter(base.charAt(0))) {
      // A model that is a number (34461A) takes the manufacturer's first word before it.
      String maker = f[0].trim().split("[^A-Za-z0-9]+", 2)[0].toLowerCase(Locale.ROOT);
      String prefix =
          maker.isEmpty() || !Character.isLetter(maker.charAt(0)) ? "instrument" : maker;
      base = prefix + (base.isEmpty() ? "" : "-" + base);
    }
    String name = base;
    for (int i = 2; !taken.add(name); i++) {
      name = base + "-" + i;
    }
    return name;
  }
}
