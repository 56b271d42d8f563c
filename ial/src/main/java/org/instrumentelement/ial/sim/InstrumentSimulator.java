package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.discovery.LinkNetwork;
import org.instrumentelement.ial.discovery.LxiServices;
import org.instrumentelement.ial.discovery.MdnsAdvertiser;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockModelReference;
import org.instrumentelement.ial.mock.MockSessionProvider;

/**
 * SCPI instruments on the LAN without hardware: each mock model given becomes one instrument,
 * reachable over a raw socket, VXI-11 (device {@code inst<i>}) and HiSLIP (sub-address {@code
 * hislip<i>}), with a portmapper that answers GETPORT for the VXI-11 server. Stock VISA libraries
 * (pyvisa-py, NI-VISA) find VXI-11 only through a portmapper on port 111: the command line asks for
 * it and falls back to a free port, saying how to reach that, when 111 needs privileges or is
 * taken. Ports given as 0 are chosen free; a restarted simulator listens on the ports it had
 * before.
 *
 * <pre>
 * java -cp ial/target/ial-0.1.0-SNAPSHOT.jar org.instrumentelement.ial.sim.InstrumentSimulator \
 *      --models keysight-scope,dmm --socket-port 5025 --hislip-port 4880
 * </pre>
 */
public final class InstrumentSimulator implements AutoCloseable {
  /** A port setting that turns the server off. */
  public static final int OFF = -1;

  /** Where VISA libraries look for a host's portmapper (RFC 1833). */
  public static final int STANDARD_PORTMAPPER_PORT = 111;

  /** The TCP port of Prologix GPIB-ETHERNET controllers. */
  public static final int STANDARD_PROLOGIX_PORT = 1234;

  /**
   * What the simulator plays: instruments on the LAN, or a LAN/GPIB gateway with the instruments on
   * its GPIB bus at primary addresses 1, 2, ...
   */
  public enum Gateway {
    /** Each instrument on the LAN: raw socket, VXI-11 {@code inst<i>}, HiSLIP {@code hislip<i>}. */
    NONE,
    /** A VXI-11 LAN/GPIB gateway: devices {@code gpib0,1}, {@code gpib0,2}, ... */
    VXI11,
    /** A Prologix-style gateway on a raw TCP port speaking the {@code ++} protocol. */
    PROLOGIX
  }

  private final InetAddress host;
  private final List<String> models;
  private final List<MockDevice> devices = new ArrayList<>();
  private final int[] socketPorts;
  private int vxi11Port;
  private int portmapperPort;
  private int hislipPort;
  private final Gateway gateway;
  private int gatewayPort;
  private final boolean gatewayAnswersForWrongAddress;
  private final int vxi11MaxRecvSize;
  private final long hislipMaxMessage;
  private final boolean portmapperFallback;
  private String portmapperFallbackReason;
  private final List<TcpServer> servers = new ArrayList<>();
  private final boolean mdns;
  private final boolean portmapperBroadcast;
  private String mdnsFailure;
  private String broadcastFailure;
  private final List<AutoCloseable> announcers = new ArrayList<>();
  private ExecutorService threads;
  private ScheduledExecutorService later;
  private boolean running;

  private InstrumentSimulator(Builder b) throws IOException {
    this.host = InetAddress.getByName(b.host);
    this.models = List.copyOf(b.models);
    MockSessionProvider mocks = new MockSessionProvider(b.mockPath);
    for (int i = 0; i < models.size(); i++) {
      try {
        devices.add(mocks.device("MOCK::" + models.get(i) + "::sim" + i));
      } catch (InstrumentException e) {
        throw new IOException(e.getMessage(), e);
      }
    }
    gateway = b.gateway;
    mdns = b.mdns;
    portmapperBroadcast = b.portmapperBroadcast;
    gatewayPort = gateway == Gateway.PROLOGIX ? b.gatewayPort : OFF;
    gatewayAnswersForWrongAddress = b.gatewayAnswersForWrongAddress;
    boolean lan = gateway == Gateway.NONE;
    socketPorts = new int[models.size()];
    for (int i = 0; i < socketPorts.length; i++) {
      socketPorts[i] = !lan ? OFF : b.socketPort <= 0 ? b.socketPort : b.socketPort + i;
    }
    vxi11Port = gateway == Gateway.PROLOGIX ? OFF : b.vxi11Port;
    portmapperPort = b.portmapperPort;
    portmapperFallback = b.portmapperFallback;
    hislipPort = lan ? b.hislipPort : OFF;
    vxi11MaxRecvSize = b.vxi11MaxRecvSize;
    hislipMaxMessage = b.hislipMaxMessage;
  }

  /** A simulator on 127.0.0.1, every server on a free port, serving the mock oscilloscope. */
  public static Builder builder() {
    return new Builder();
  }

  /** How to build a simulator; every port is 0 (free) unless set, {@link #OFF} to disable. */
  public static final class Builder {
    private String host = "127.0.0.1";
    private List<String> models = List.of("oscilloscope");
    private List<Path> mockPath = List.of();
    private int socketPort;
    private int vxi11Port;
    private int portmapperPort;
    private boolean portmapperFallback;
    private int hislipPort;
    private Gateway gateway = Gateway.NONE;
    private int gatewayPort;
    private boolean gatewayAnswersForWrongAddress;
    private boolean mdns;
    private boolean portmapperBroadcast;
    private int vxi11MaxRecvSize = Vxi11Server.MAX_RECV_SIZE;
    private long hislipMaxMessage = HislipServer.SERVER_MAX_MESSAGE;

    private Builder() {}

    /**
     * The maxRecvSize VXI-11 links announce (256 kB): a client splits a longer write into pieces,
     * as tests of blocks that span pieces need.
     */
    public Builder vxi11MaxRecvSize(int bytes) {
      vxi11MaxRecvSize = bytes;
      return this;
    }

    /** The maximum message size HiSLIP announces (256 kB); longer writes go as Data, DataEnd. */
    public Builder hislipMaxMessage(long bytes) {
      hislipMaxMessage = bytes;
      return this;
    }

    /** The interface to listen on. */
    public Builder host(String h) {
      host = h;
      return this;
    }

    /** The mock models served, one instrument each, in order (inst0/hislip0 first). */
    public Builder models(String... m) {
      models = List.of(m);
      return this;
    }

    /** Directories searched for mock models before the built-in ones. */
    public Builder mockPath(List<Path> dirs) {
      mockPath = List.copyOf(dirs);
      return this;
    }

    /** The raw socket port of the first instrument; the next ones follow it (unless 0). */
    public Builder socketPort(int p) {
      socketPort = p;
      return this;
    }

    /** The VXI-11 core channel port, shared by all instruments. */
    public Builder vxi11Port(int p) {
      vxi11Port = p;
      return this;
    }

    /**
     * The port of the simulator's own portmapper (111 needs privileges); start fails without it.
     */
    public Builder portmapperPort(int p) {
      portmapperPort = p;
      portmapperFallback = false;
      return this;
    }

    /**
     * The portmapper on port {@code p} if it can be had, else on a free port ({@link
     * #portmapperFallbackReason()} says why): how the command line asks for port 111.
     */
    public Builder preferredPortmapperPort(int p) {
      portmapperPort = p;
      portmapperFallback = true;
      return this;
    }

    /** The HiSLIP port, shared by all instruments. */
    public Builder hislipPort(int p) {
      hislipPort = p;
      return this;
    }

    /**
     * Plays a LAN/GPIB gateway with the instruments behind it, at GPIB primary addresses 1, 2...
     * ({@link Gateway#NONE} by default). A gateway serves its bus only: no raw socket or HiSLIP per
     * instrument.
     */
    public Builder gateway(Gateway g) {
      gateway = g;
      return this;
    }

    /**
     * Advertises the instruments over mDNS/DNS-SD on the simulator's address, as LXI devices do
     * ({@code _lxi._tcp} with a web identification page, {@code _vxi-11._tcp}, {@code
     * _hislip._tcp}, {@code _scpi-raw._tcp}); off by default, on on the command line.
     */
    public Builder mdns(boolean on) {
      mdns = on;
      return this;
    }

    /**
     * Also answers the portmapper over UDP, on the TCP portmapper's port and its network's
     * broadcast address: VISA's find (GETPORT broadcast); off by default, on on the command line.
     */
    public Builder portmapperBroadcast(boolean on) {
      portmapperBroadcast = on;
      return this;
    }

    /** The TCP port of a Prologix gateway (free by default; 1234 on the command line). */
    public Builder gatewayPort(int p) {
      gatewayPort = p;
      return this;
    }

    /**
     * A faulty Prologix gateway, for tests: it answers {@code ++addr} with another address than the
     * one selected, as one that mixes up its instruments would.
     */
    public Builder gatewayAnswersForWrongAddress(boolean faulty) {
      gatewayAnswersForWrongAddress = faulty;
      return this;
    }

    /** Builds the simulator, not yet listening. */
    public InstrumentSimulator build() throws IOException {
      return new InstrumentSimulator(this);
    }
  }

  /**
   * Opens every server. After {@link #stop()}, starts again on the same ports, with the devices
   * back at their power-on settings, like an instrument switched off and on.
   */
  public synchronized InstrumentSimulator start() throws IOException {
    if (running) {
      return this;
    }
    threads = Executors.newCachedThreadPool(daemon("sim"));
    later = Executors.newSingleThreadScheduledExecutor(daemon("sim-replies"));
    devices.forEach(MockDevice::powerOn);
    running = true;
    try {
      for (int i = 0; i < devices.size(); i++) {
        if (socketPorts[i] != OFF) {
          socketPorts[i] =
              listen(new RawSocketServer(devices.get(i), threads, later), socketPorts[i]);
        }
      }
      if (gatewayPort != OFF) {
        Map<Integer, MockDevice> byAddress = new HashMap<>();
        for (int i = 0; i < devices.size(); i++) {
          byAddress.put(gpibAddress(i), devices.get(i));
        }
        gatewayPort =
            listen(
                new PrologixGatewayServer(byAddress, threads, later, gatewayAnswersForWrongAddress),
                gatewayPort);
      }
      if (vxi11Port != OFF) {
        Map<String, MockDevice> byName = new HashMap<>();
        for (int i = 0; i < devices.size(); i++) {
          byName.put(vxi11Device(i), devices.get(i));
        }
        vxi11Port = listen(new Vxi11Server(byName, threads, later, vxi11MaxRecvSize), vxi11Port);
        if (portmapperPort != OFF) {
          startPortmapper();
        }
      }
      if (hislipPort != OFF) {
        Map<String, MockDevice> byName = new HashMap<>();
        for (int i = 0; i < devices.size(); i++) {
          byName.put("hislip" + i, devices.get(i));
        }
        hislipPort = listen(new HislipServer(byName, threads, later, hislipMaxMessage), hislipPort);
      }
      announce();
    } catch (IOException e) {
      stop();
      throw e;
    }
    return this;
  }

  /**
   * The UDP portmapper and the mDNS announcements: how instruments are found. Neither stops the
   * simulator when it cannot start; {@link #describe} says why.
   */
  private void announce() {
    mdnsFailure = null;
    broadcastFailure = null;
    if (portmapperBroadcast && vxi11Port != OFF && portmapperPort != OFF) {
      UdpPortmapper udp = new UdpPortmapper(() -> vxi11Port, threads);
      try {
        udp.start(host, broadcastAddress(), portmapperPort);
        announcers.add(udp);
      } catch (IOException e) {
        broadcastFailure = "UDP port " + portmapperPort + ": " + e.getMessage();
      }
    }
    if (mdns) {
      try {
        List<MdnsAdvertiser.Service> services = services();
        if (services.isEmpty()) {
          mdnsFailure = "nothing to advertise: a Prologix gateway has no DNS-SD service type";
          return;
        }
        for (InetAddress a : advertisedAddresses()) {
          announcers.add(
              MdnsAdvertiser.start(
                  a, "ie-simulator-" + a.getHostAddress().replace('.', '-'), services));
        }
      } catch (IOException e) {
        mdnsFailure = e.getMessage();
      }
    }
  }

  private InetAddress broadcastAddress() throws IOException {
    return host.isAnyLocalAddress() ? null : LinkNetwork.of(host).broadcast();
  }

  private List<InetAddress> advertisedAddresses() throws IOException {
    if (!host.isAnyLocalAddress()) {
      return List.of(host);
    }
    return LinkNetwork.lan().stream().map(n -> (InetAddress) n.address()).toList();
  }

  /** The services of every instrument, with the TXT keys of the LXI device specification. */
  private List<MdnsAdvertiser.Service> services() throws IOException {
    List<MdnsAdvertiser.Service> out = new ArrayList<>();
    String hostText = host.getHostAddress();
    if (gateway == Gateway.VXI11 && portmapperPort != OFF) {
      out.add(
          new MdnsAdvertiser.Service(
              LxiServices.VXI11,
              "Instrument simulator VXI-11 GPIB gateway " + hostText,
              portmapperPort,
              Map.of(LxiServices.TXTVERS, "1")));
    }
    if (gateway != Gateway.NONE) {
      return out;
    }
    for (int i = 0; i < devices.size(); i++) {
      String[] f = (device(i).identity() + ",,,").split(",", -1);
      Map<String, String> txt =
          Map.of(
              LxiServices.TXTVERS, "1",
              LxiServices.MANUFACTURER, f[0].trim(),
              LxiServices.MODEL, f[1].trim(),
              LxiServices.SERIAL_NUMBER, f[2].trim(),
              LxiServices.FIRMWARE_VERSION, f[3].trim());
      String instance = f[0].trim() + " " + f[1].trim() + " " + f[2].trim();
      List<String> addresses = new ArrayList<>();
      if (hislipPort != OFF) {
        out.add(new MdnsAdvertiser.Service(LxiServices.HISLIP, instance, hislipPort, txt));
        addresses.add(hislipResource(i));
      }
      if (vxi11Port != OFF && portmapperPort != OFF) {
        out.add(new MdnsAdvertiser.Service(LxiServices.VXI11, instance, portmapperPort, txt));
        addresses.add(vxi11PortmapperResource(i));
      }
      if (socketPorts[i] != OFF) {
        out.add(new MdnsAdvertiser.Service(LxiServices.SCPI_RAW, instance, socketPorts[i], txt));
        addresses.add(socketResource(i));
      }
      LxiIdentificationServer web =
          LxiIdentificationServer.start(host, 0, device(i).identity(), addresses);
      announcers.add(web);
      out.add(new MdnsAdvertiser.Service(LxiServices.LXI, instance, web.port(), txt));
    }
    return out;
  }

  private void startPortmapper() throws IOException {
    try {
      portmapperPort = listen(new PortmapperServer(() -> vxi11Port, threads), portmapperPort);
    } catch (IOException e) {
      if (!portmapperFallback || portmapperPort == 0) {
        throw e;
      }
      portmapperFallbackReason =
          "port "
              + portmapperPort
              + (e.getMessage() != null && e.getMessage().contains("ermission")
                  ? " needs root privileges"
                  : " is taken (" + e.getMessage() + ")");
      portmapperPort = listen(new PortmapperServer(() -> vxi11Port, threads), 0);
    }
  }

  private int listen(TcpServer server, int port) throws IOException {
    server.start(host, port);
    servers.add(server);
    return server.port();
  }

  /** Stops listening and cuts every connection, as if the instruments lost power. */
  public synchronized void stop() {
    if (!running) {
      return;
    }
    running = false;
    for (AutoCloseable a : announcers) {
      try {
        a.close();
      } catch (Exception e) {
        // going away
      }
    }
    announcers.clear();
    devices.forEach(MockDevice::powerOff);
    for (TcpServer s : servers) {
      s.close();
    }
    servers.clear();
    threads.shutdownNow();
    later.shutdownNow();
  }

  @Override
  public void close() {
    stop();
  }

  /** The simulated device behind instrument {@code i} (tests make it hang or inspect it). */
  public MockDevice device(int i) {
    return devices.get(i);
  }

  /** The GPIB primary address of instrument {@code i} behind a gateway: 1, 2, ... */
  public static int gpibAddress(int i) {
    return i + 1;
  }

  /** The VXI-11 device name of instrument {@code i}: {@code inst<i>}, or {@code gpib0,<i+1>}. */
  public String vxi11Device(int i) {
    return gateway == Gateway.VXI11 ? "gpib0," + gpibAddress(i) : "inst" + i;
  }

  /** {@code PROLOGIX::host,port::gpib0,<i+1>::INSTR}: instrument {@code i} behind the gateway. */
  public String prologixResource(int i) {
    return "PROLOGIX::"
        + host.getHostAddress()
        + ","
        + gatewayPort
        + "::gpib0,"
        + gpibAddress(i)
        + "::INSTR";
  }

  /** The Prologix gateway's TCP port. */
  public int gatewayPort() {
    return gatewayPort;
  }

  /** {@code TCPIP::host::port::SOCKET} of instrument {@code i}. */
  public String socketResource(int i) {
    return "TCPIP::" + host.getHostAddress() + "::" + socketPorts[i] + "::SOCKET";
  }

  /**
   * {@code TCPIP::host,port::inst<i>::INSTR}: VXI-11 without the portmapper, a form only the
   * Instrument Element's IAL understands.
   */
  public String vxi11Resource(int i) {
    return "TCPIP::" + host.getHostAddress() + "," + vxi11Port + "::" + vxi11Device(i) + "::INSTR";
  }

  /**
   * {@code TCPIP::host::inst<i>::INSTR}: VXI-11 through the portmapper, the form every VISA library
   * accepts (they find the portmapper on port 111 only).
   */
  public String vxi11PortmapperResource(int i) {
    return "TCPIP::" + host.getHostAddress() + "::" + vxi11Device(i) + "::INSTR";
  }

  /** {@code TCPIP::host::hislip<i>,port::INSTR}. */
  public String hislipResource(int i) {
    return "TCPIP::" + host.getHostAddress() + "::hislip" + i + "," + hislipPort + "::INSTR";
  }

  /** The port of the simulator's portmapper. */
  public int portmapperPort() {
    return portmapperPort;
  }

  /** The VXI-11 core channel's port. */
  public int vxi11Port() {
    return vxi11Port;
  }

  /**
   * Why the portmapper is not on the preferred port ({@code "port 111 needs root privileges"}), or
   * {@code null} if it is.
   */
  public String portmapperFallbackReason() {
    return portmapperFallbackReason;
  }

  private static ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  /** Runs the simulator until the process is stopped; {@code --help} lists the options. */
  public static void main(String[] args) throws Exception {
    Builder b =
        builder()
            .models("keysight-scope", "dmm")
            .socketPort(5025)
            .hislipPort(4880)
            .preferredPortmapperPort(STANDARD_PORTMAPPER_PORT)
            .mdns(true)
            .portmapperBroadcast(true);
    boolean commands = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String v = i + 1 < args.length ? args[i + 1] : null;
      switch (a) {
        case "--host" -> b.host(v);
        case "--models" -> b.models(v.split(","));
        case "--mock-path" -> b.mockPath(Arrays.stream(v.split(",")).map(Path::of).toList());
        case "--socket-port" -> b.socketPort(Integer.parseInt(v));
        case "--vxi11-port" -> b.vxi11Port(Integer.parseInt(v));
        case "--portmapper-port" -> b.portmapperPort(Integer.parseInt(v));
        case "--hislip-port" -> b.hislipPort(Integer.parseInt(v));
        case "--gateway" -> {
          b.gateway(Gateway.valueOf(v.toUpperCase(java.util.Locale.ROOT)));
          if (b.gatewayPort == 0) {
            b.gatewayPort(STANDARD_PROLOGIX_PORT);
          }
        }
        case "--gateway-port" -> b.gatewayPort(Integer.parseInt(v));
        case "--no-mdns" -> {
          b.mdns(false);
          i--; // takes no value
        }
        case "--no-portmapper-broadcast" -> {
          b.portmapperBroadcast(false);
          i--; // takes no value
        }
        case "--commands" -> {
          commands = true;
          i--; // takes no value
        }
        case "--help", "-h" -> {
          usage(System.out);
          return;
        }
        default -> {
          System.err.println("unknown option " + a);
          usage(System.err);
          System.exit(2);
        }
      }
      i++;
    }
    if (commands) {
      for (String model : b.models) {
        System.out.println(MockModelReference.model(model, b.mockPath));
      }
      return;
    }
    InstrumentSimulator sim = b.build().start();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  sim.stop();
                  stopped.countDown();
                }));
    sim.describe(System.out);
    stopped.await();
  }

  private static void usage(PrintStream out) {
    out.println(
        """
        Usage: InstrumentSimulator [options]
          --models a,b          mock models to serve, one instrument each (default keysight-scope,dmm)
          --mock-path dir,dir   directories searched for <model>.properties before the built-in ones
          --host ADDRESS        interface to listen on (default 127.0.0.1)
          --socket-port P       raw socket port of the first instrument, the next ones follow (5025)
          --vxi11-port P        VXI-11 core channel port (0: a free one)
          --portmapper-port P   the simulator's portmapper (default: 111 if it can be had, where
                                VISA libraries look; else a free one, and how to reach it)
          --hislip-port P       HiSLIP port (4880)
          --gateway vxi11|prologix
                                play a LAN/GPIB gateway with the models behind it at GPIB addresses
                                1, 2, ...: VXI-11 devices gpib0,1 ... or a Prologix-style gateway
          --gateway-port P      the Prologix gateway's TCP port (1234)
          --no-mdns             do not advertise the instruments over mDNS (_lxi._tcp, _vxi-11._tcp,
                                _hislip._tcp, _scpi-raw._tcp on the --host address)
          --no-portmapper-broadcast
                                do not answer the portmapper over UDP (VISA's find broadcast)
          --commands            print the commands each model accepts (a Markdown table), and exit
        A port of -1 turns that server off.""");
  }

  /** Prints where each instrument is served, in forms stock VISA libraries accept. */
  public synchronized void describe(PrintStream out) {
    out.println("Instrument simulator on " + host.getHostAddress() + " (Ctrl-C stops it)");
    boolean portmapper = vxi11Port != OFF && portmapperPort != OFF;
    if (gateway != Gateway.NONE) {
      out.printf(
          "  a %s LAN/GPIB gateway, the instruments at GPIB addresses 1..%d%n",
          gateway == Gateway.VXI11 ? "VXI-11" : "Prologix-style", models.size());
    }
    for (int i = 0; i < models.size(); i++) {
      out.printf("  %-16s %s%n", models.get(i), device(i).identity());
      if (gatewayPort != OFF) {
        out.printf("  %-16s %s%n", "", prologixResource(i));
      }
      if (socketPorts[i] != OFF) {
        out.printf("  %-16s %s%n", "", socketResource(i));
      }
      if (portmapper) {
        out.printf("  %-16s %s%n", "", vxi11PortmapperResource(i));
      } else if (vxi11Port != OFF) {
        out.printf("  %-16s %s (no portmapper: the IE only)%n", "", vxi11Resource(i));
      }
      if (hislipPort != OFF) {
        out.printf("  %-16s %s%n", "", hislipResource(i));
      }
    }
    if (mdns) {
      out.println(
          mdnsFailure == null
              ? "  mDNS: advertised as LXI devices on " + host.getHostAddress()
              : "  mDNS: not advertised (" + mdnsFailure + ")");
    }
    if (portmapperBroadcast && portmapper) {
      out.println(
          broadcastFailure == null
              ? "  VXI-11: the portmapper answers the UDP broadcast of VISA's find too"
              : "  VXI-11: no UDP portmapper (" + broadcastFailure + ")");
    }
    if (portmapper && portmapperPort == STANDARD_PORTMAPPER_PORT) {
      out.printf(
          "  VXI-11: portmapper on port %d, core channel on port %d%n", portmapperPort, vxi11Port);
    } else if (portmapper) {
      out.printf(
          "  VXI-11: the portmapper is on port %d, not %d%s. VISA libraries ask port %d:%n",
          portmapperPort,
          STANDARD_PORTMAPPER_PORT,
          portmapperFallbackReason == null ? "" : " (" + portmapperFallbackReason + ")",
          STANDARD_PORTMAPPER_PORT);
      out.printf(
          "    %s, or tell the client the port:%n",
          portmapperFallbackReason != null && portmapperFallbackReason.contains("taken")
              ? "stop what holds port " + STANDARD_PORTMAPPER_PORT + " (rpcbind?)"
              : "run the simulator as root (sudo) to serve " + STANDARD_PORTMAPPER_PORT);
      out.printf(
          "    pyvisa-py: import pyvisa_py.protocols.rpc as rpc; rpc.PMAP_PORT = %d"
              + " (before opening the resource)%n",
          portmapperPort);
      out.printf(
          "    the Instrument Element: -D%s=%d, or %s without a portmapper%n",
          "org.instrumentelement.ial.vxi11.portmapperPort", portmapperPort, vxi11Resource(0));
    }
    out.flush();
  }
}
