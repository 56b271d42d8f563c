package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulator's data answers, byte for byte, as it sent them before its answers were made cheaper
 * (issue 43): the same settings and the same queries in the same order give the same bytes, so a
 * faster simulator changes no figure a test or a benchmark takes from it. Each digest covers every
 * reply of its script, in order.
 */
class AnswerBytesTest {
  private final MockSessionProvider provider = new MockSessionProvider();

  private String digest(String resource, List<String> script) throws Exception {
    MockDevice device = provider.device(resource);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    for (String message : script) {
      MockDevice.Reply reply = device.handle(message);
      sha.update(message.getBytes(StandardCharsets.US_ASCII));
      if (reply.hasData()) {
        sha.update(reply.bytes());
      }
    }
    assertEquals("0,\"No error\"\n", new String(device.handle("SYST:ERR?").bytes(), "US-ASCII"));
    return HexFormat.of().formatHex(sha.digest());
  }

  @Test
  void theArrayDeviceAnswersAsBeforeInRealAndWordFormats() throws Exception {
    String got =
        digest(
            "MOCK::array::answers",
            List.of(
                "DATA?",
                "DATA?",
                "DATA?",
                "POIN 1250",
                "DATA?",
                "DATA?",
                "FORM WORD",
                "PRE?",
                "DATA?",
                "DATA?",
                "POIN 7",
                "DATA?;PRE?",
                "FORM REAL",
                "DATA?",
                "POIN 2500",
                "DATA?"));
    assertEquals("8e59b68d29d9589f705efdf9ac6d2b0d15906d0247156961ff8af665f5d5dda0", got);
  }

  @Test
  void theOscilloscopeAnswersAsBeforeRunningAndHeld() throws Exception {
    String got =
        digest(
            "MOCK::oscilloscope::answers",
            List.of(
                ":WAV:DATA?",
                ":WAV:DATA?",
                ":WAV:PRE?",
                ":TIM:SCAL 0.001",
                ":CHAN1:SCAL 0.2",
                ":WAV:DATA?",
                ":STOP",
                ":WAV:DATA?",
                ":WAV:DATA?",
                ":WAV:POIN 100",
                ":WAV:DATA?;:WAV:PRE?",
                ":RUN",
                ":WAV:DATA?"));
    assertEquals("59196230cf1764601cd858598ed4c3f12449149a0fccc67245b1442261227403", got);
  }
}
