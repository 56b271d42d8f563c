package org.instrumentelement.ial.sim;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.instrumentelement.ial.hislip.HislipFormatException;
import org.instrumentelement.ial.hislip.HislipHeader;
import org.instrumentelement.ial.mock.MockDevice;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Fuzzes the simulator's HiSLIP server with what a client sends on one connection. */
class HislipServerFuzzTest {
  private static ExecutorService threads;
  private static ScheduledExecutorService later;

  @BeforeAll
  static void executors() {
    threads = Executors.newSingleThreadExecutor();
    later = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterAll
  static void stop() {
    threads.shutdownNow();
    later.shutdownNow();
  }

  /**
   * Invariant: for any bytes a client sends on one connection, {@code HislipServer.serve} ends with
   * nothing but an {@link IOException} (the end of the stream, a {@link HislipFormatException}),
   * which {@code TcpServer} takes as the end of the connection; what it sends back is a sequence of
   * well-formed HiSLIP messages; and memory grows with the bytes received, not with a header's
   * payload length.
   *
   * <p>One connection reaches Initialize and the synchronous channel (the asynchronous one needs a
   * second connection naming a live session). The device is the simulator's default oscilloscope,
   * new for each input.
   */
  @FuzzTest
  @DictionaryEntries({"HS", "hislip0", "*IDN?", "*CLS", ":WAV:DATA?", "\\x0A"})
  void connection(byte[] input) throws Exception {
    serve(input);
  }

  private static void serve(byte[] input) throws Exception {
    MockDevice device = InstrumentSimulator.builder().build().device(0);
    HislipServer server =
        new HislipServer(
            Map.of("hislip0", device), threads, later, HislipServer.SERVER_MAX_MESSAGE);
    InMemorySocket socket = new InMemorySocket(input, 0, input.length);
    try {
      server.serve(socket);
    } catch (IOException e) {
      // the connection ends
    }
    byte[] sent = socket.out.toByteArray();
    int at = 0;
    while (at < sent.length) {
      HislipHeader h = HislipHeader.parse(sent, at, Long.MAX_VALUE);
      at += HislipHeader.SIZE + (int) h.payloadLength();
      if (at > sent.length) {
        throw new AssertionError("the server sent a message cut short");
      }
    }
  }
}
