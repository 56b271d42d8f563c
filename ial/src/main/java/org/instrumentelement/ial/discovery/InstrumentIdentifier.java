package org.instrumentelement.ial.discovery;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.transport.TcpipAddress;
import org.instrumentelement.ial.vxi11.Portmapper;

/**
 * Asks every candidate {@code *IDN?} through the IAL's own sessions, a few at once: a raw socket as
 * announced, each VXI-11 device ({@code inst0}, {@code inst1}... and, if asked, {@code
 * gpib0,1..30}) and HiSLIP sub-address ({@code hislip0}...) until one does not answer.
 */
final class InstrumentIdentifier {
  /** The longest identity kept; IEEE 488.2 puts no limit, real ones are under 100 characters. */
  static final int MAX_IDENTITY = 256;

  /** The highest GPIB primary address. */
  private static final int GPIB_ADDRESSES = 30;

  /** One address of an instrument and its answer. */
  record Answer(Candidate candidate, String resource, String identity, String error) {}

  private final ResourceManager sessions;
  private final DiscoveryLimits limits;
  private final boolean gpib;

  InstrumentIdentifier(ResourceManager sessions, DiscoveryLimits limits, boolean gpib) {
    this.sessions = sessions;
    this.limits = limits;
    this.gpib = gpib;
  }

  /** Identifies every candidate before the deadline; those left over are reported unanswered. */
  List<Answer> identify(List<Candidate> candidates, Deadline deadline) {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(limits.identifyConcurrency(), candidates.size())),
            DaemonThreads.named("discovery-identify"));
    List<Future<List<Answer>>> running = new ArrayList<>();
    for (Candidate c : candidates) {
      running.add(pool.submit((Callable<List<Answer>>) () -> identify(c, deadline)));
    }
    pool.shutdown();
    List<Answer> out = new ArrayList<>();
    for (int i = 0; i < running.size(); i++) {
      Candidate c = candidates.get(i);
      try {
        out.addAll(
            running.get(i).get(Math.max(1, deadline.remainingMillis()), TimeUnit.MILLISECONDS));
      } catch (TimeoutException e) {
        out.add(new Answer(c, describe(c), null, "not identified within the time given"));
      } catch (Exception e) {
        out.add(new Answer(c, describe(c), null, String.valueOf(e.getMessage())));
      }
    }
    pool.shutdownNow();
    return out;
  }

  private List<Answer> identify(Candidate c, Deadline deadline) {
    List<Answer> answers = new ArrayList<>();
    String h = c.host();
    switch (c.transport()) {
      case SOCKET -> {
        String r = "TCPIP::" + h + "::" + c.port() + "::SOCKET";
        answers.add(ask(c, r, r, deadline));
      }
      case HISLIP -> {
        String port = c.port() == TcpipAddress.HISLIP_PORT ? "" : "," + c.port();
        for (int n = 0; n < limits.maxDevicesPerHost() && !deadline.expired(); n++) {
          String r = "TCPIP::" + h + "::hislip" + n + port + "::INSTR";
          Answer a = ask(c, r, r, deadline);
          if (a.identity() == null && n > 0) {
            break;
          }
          answers.add(a);
          if (a.identity() == null) {
            break;
          }
        }
      }
      case VXI11 -> answers.addAll(vxi11(c, deadline));
    }
    return answers;
  }

  private List<Answer> vxi11(Candidate c, Deadline deadline) {
    List<Answer> answers = new ArrayList<>();
    int core = c.corePort();
    if (core < 0) {
      try {
        core = Portmapper.vxi11CorePort(c.host(), c.port(), timeout(deadline));
      } catch (InstrumentException e) {
        answers.add(new Answer(c, describe(c), null, e.getMessage()));
        return answers;
      }
    }
    for (int n = 0; n < limits.maxDevicesPerHost() && !deadline.expired(); n++) {
      Answer a = vxi11Device(c, core, "inst" + n, deadline);
      if (a.identity() == null && n > 0) {
        break;
      }
      answers.add(a);
      if (a.identity() == null) {
        break;
      }
    }
    if (gpib) {
      for (int n = 1; n <= GPIB_ADDRESSES && !deadline.expired(); n++) {
        Answer a = vxi11Device(c, core, "gpib0," + n, deadline);
        if (a.identity() != null) {
          answers.add(a); // addresses are sparse: the absent ones are not problems
        }
      }
    }
    return answers;
  }

  private Answer vxi11Device(Candidate c, int core, String device, Deadline deadline) {
    String direct = "TCPIP::" + c.host() + "," + core + "::" + device + "::INSTR";
    String stock = c.port() == 111 ? "TCPIP::" + c.host() + "::" + device + "::INSTR" : direct;
    return ask(c, stock, direct, deadline);
  }

  /** Opens {@code probe}, asks {@code *IDN?}; the answer is filed under {@code resource}. */
  private Answer ask(Candidate c, String resource, String probe, Deadline deadline) {
    Duration timeout = timeout(deadline);
    try (InstrumentSession s = sessions.open(probe, SessionOptions.DEFAULTS.withTimeout(timeout))) {
      String idn = s.query("*IDN?").trim();
      if (idn.isEmpty()) {
        return new Answer(c, resource, null, "answered *IDN? with nothing");
      }
      return new Answer(c, resource, UntrustedText.clean(idn, MAX_IDENTITY), null);
    } catch (InstrumentException | RuntimeException e) {
      return new Answer(c, resource, null, UntrustedText.clean(e.getMessage(), 200));
    }
  }

  private Duration timeout(Deadline deadline) {
    long ms = Math.min(limits.queryTimeout().toMillis(), deadline.remainingMillis());
    return Duration.ofMillis(Math.max(1, ms));
  }

  private static String describe(Candidate c) {
    return c.transport() + " " + c.host() + ":" + c.port();
  }
}
