package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client library's ports are independent of the CXF bus that was the JVM's default at the
 * client's first use (an Instrument Element's or a web application's, in the same JVM): its calls
 * do not pass through that bus's interceptors, and they keep working when that bus is shut down, as
 * it is when its owner stops. The client is used in a JVM of its own ({@link FirstUse}), so that
 * its use there is certainly the first.
 */
class ClientBusIT {
  @TempDir Path dir;

  @Test
  void portsStayOffTheDefaultBusOfTheFirstUseAndWorkAfterItIsShutDown() throws Exception {
    try (RunningElement running = RunningElement.mockLab()) {
      Path output = dir.resolve("first-use.txt");
      Process p =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  FirstUse.class.getName(),
                  running.url())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean ended = p.waitFor(2, TimeUnit.MINUTES);
      if (!ended) {
        p.destroyForcibly();
      }
      String out = Files.readString(output, StandardCharsets.UTF_8);
      assertTrue(ended, "the client's JVM ended; it printed:\n" + out);
      assertEquals(0, p.exitValue(), out);
      List<String> lines =
          out.lines().filter(l -> l.startsWith("state ") || l.startsWith("calls ")).toList();
      assertEquals(
          List.of(
              "state before: RUNNING",
              "state after: RUNNING",
              "state after: RUNNING",
              "calls through the default bus's interceptors: 0"),
          lines,
          "ports opened before and after the bus was shut down answer as before, on a bus of"
              + " their own:\n"
              + out);
    }
  }

  /**
   * In a JVM of its own: makes a bus (the JVM's default, as an Instrument Element's servlet makes
   * it) with an interceptor of its own, opens a port and calls the IE at {@code args[0]}, shuts the
   * bus down, and calls again with that port and with one opened after; prints each state the IE
   * answers and how many calls passed the bus's interceptor, and exits with 1 on a failed call.
   */
  public static final class FirstUse {
    public static void main(String[] args) {
      Bus theirs = BusFactory.newInstance().createBus();
      AtomicInteger passed = new AtomicInteger();
      theirs
          .getOutInterceptors()
          .add(
              new AbstractPhaseInterceptor<Message>(Phase.PRE_STREAM) {
                @Override
                public void handleMessage(Message message) {
                  passed.incrementAndGet(); // as a logging or security feature of theirs would
                }
              });
      try {
        InstrumentElementPort before = port(args[0]);
        System.out.println("state before: " + state(before));
        theirs.shutdown(true);
        System.out.println("state after: " + state(before));
        System.out.println("state after: " + state(port(args[0])));
        System.out.println("calls through the default bus's interceptors: " + passed.get());
      } catch (Exception e) {
        e.printStackTrace(System.out);
        System.exit(1);
      }
      System.exit(0);
    }

    private static InstrumentElementPort port(String url) {
      return InstrumentElementClient.connect(url, RunningElement.ADMIN, RunningElement.ADMIN);
    }

    private static String state(InstrumentElementPort port) throws Exception {
      GetState q = new GetState();
      q.setIm("lab/scope");
      return port.getState(q).getState();
    }
  }
}
