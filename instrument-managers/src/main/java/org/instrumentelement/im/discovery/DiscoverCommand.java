package org.instrumentelement.im.discovery;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.discovery.DiscoveryReport;
import org.instrumentelement.ial.discovery.FoundInstrument;
import org.instrumentelement.ial.discovery.IdentityMatch;
import org.instrumentelement.ial.discovery.InstrumentDiscovery;
import org.instrumentelement.im.model.DurationText;

/**
 * {@code instrument-element discover}: finds the instruments on this host's networks and prints,
 * for each, its addresses, its {@code *IDN?}, the descriptor and mock model that fit it and the
 * configuration lines that add it. No Instrument Element is needed.
 */
public final class DiscoverCommand {
  private DiscoverCommand() {}

  /** Runs the command; exits 2 on a wrong option. */
  public static void main(String[] args) throws IOException {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  /** The command, printing to {@code out}; returns the exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
    InstrumentDiscovery.Builder b = InstrumentDiscovery.builder();
    boolean json = false;
    List<String> interfaces = new ArrayList<>();
    try {
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--timeout" -> b.timeout(DurationText.positive("--timeout", value(args, ++i, a)));
          case "--subnet" -> b.subnet(value(args, ++i, a));
          case "--interface" -> interfaces.add(value(args, ++i, a));
          case "--portmapper-port" -> b.portmapperPort(Integer.parseInt(value(args, ++i, a)));
          case "--no-mdns" -> b.mdns(false);
          case "--no-broadcast" -> b.portmapperBroadcast(false);
          case "--gpib" -> b.gpib(true);
          case "--json" -> json = true;
          case "--help", "-h" -> {
            usage(out);
            return 0;
          }
          default -> throw new IllegalArgumentException("unknown option " + a);
        }
      }
      if (!interfaces.isEmpty()) {
        b.interfaces(interfaces);
      }
    } catch (IllegalArgumentException | IOException e) {
      err.println("discover: " + e.getMessage());
      usage(err);
      return 2;
    }
    DiscoveryReport report = b.build().run();
    if (json) {
      writeJson(report, out);
    } else {
      out.print(report.toText());
    }
    out.flush();
    return 0;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static void usage(PrintStream out) {
    out.println(
        """
        Usage: instrument-element discover [options]
          --timeout 3s         how long to listen for answers (and at most again to identify)
          --subnet 10.0.0.0/24 also probe these addresses on ports 5025, 111 and 4880 (repeatable)
          --interface ADDRESS  search the network of this address of the host (repeatable;
                               default every IPv4 interface but the loopback; 127.0.0.1 for
                               the loopback, where a local simulator is)
          --portmapper-port P  send the VXI-11 portmapper broadcast to port P (111)
          --no-mdns            no mDNS/DNS-SD browsing (_lxi, _vxi-11, _hislip, _scpi-raw)
          --no-broadcast       no VXI-11 portmapper broadcast
          --gpib               also try GPIB addresses 1..30 behind VXI-11 hosts (gpib0,N)
          --json               print the report as JSON""");
  }

  /** The report as JSON: instruments (with their configuration lines), searched, problems. */
  static void writeJson(DiscoveryReport report, OutputStream out) throws IOException {
    try (JsonGenerator g =
        new JsonFactory()
            .createGenerator(out)
            .configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)
            .useDefaultPrettyPrinter()) {
      g.writeStartObject();
      g.writeNumberField("seconds", report.took().toMillis() / 1000.0);
      g.writeArrayFieldStart("instruments");
      for (FoundInstrument i : report.instruments()) {
        g.writeStartObject();
        g.writeStringField("host", i.host());
        g.writeStringField("identity", i.identity());
        strings(g, "resources", i.resources());
        strings(g, "foundBy", i.foundBy());
        g.writeArrayFieldStart("matches");
        for (IdentityMatch m : i.matches()) {
          g.writeStartObject();
          g.writeStringField("kind", m.kind());
          g.writeStringField("name", m.name());
          g.writeEndObject();
        }
        g.writeEndArray();
        strings(g, "configuration", i.configuration());
        strings(g, "notes", i.notes());
        g.writeEndObject();
      }
      g.writeEndArray();
      strings(g, "searched", report.searched());
      strings(g, "problems", report.problems());
      g.writeEndObject();
    }
    out.write('\n');
  }

  private static void strings(JsonGenerator g, String name, List<String> values)
      throws IOException {
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }
}
