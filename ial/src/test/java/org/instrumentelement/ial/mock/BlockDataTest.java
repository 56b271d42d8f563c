package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;
import org.junit.jupiter.api.Test;

/**
 * A block is data: whatever bytes it holds, a device takes it whole for the header it follows, and
 * a header that takes none queues one error (IEEE 488.2 7.7.6, SCPI-99 -168). No byte of a block
 * ever runs as a command.
 */
class BlockDataTest {
  private final MockSessionProvider provider = new MockSessionProvider();

  private static byte[] withBlock(String header, byte[] payload) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String len = Integer.toString(payload.length);
    out.writeBytes((header + " #" + len.length() + len).getBytes(StandardCharsets.ISO_8859_1));
    out.writeBytes(payload);
    out.write('\n');
    return out.toByteArray();
  }

  /** Sends {@code wire} as a raw socket would deliver it, one byte at a time. */
  private static void send(MockDevice device, byte[] wire) {
    ProgramMessageFramer framer = new ProgramMessageFramer(false);
    for (int i = 0; i < wire.length; i++) {
      for (String message : framer.add(wire, i, 1, false)) {
        device.handle(message);
      }
    }
  }

  private static List<String> errors(MockDevice device) {
    List<String> out = new ArrayList<>();
    while (true) {
      String e = new String(device.handle(":SYST:ERR?").bytes(), StandardCharsets.ISO_8859_1);
      if (e.matches("\\+?0,.*\\n")) {
        return out;
      }
      out.add(e.strip());
    }
  }

  @Test
  void aBlockHoldingCommandsChangesNothingButTheSettingItWasSentTo() throws Exception {
    MockDevice scope = provider.device("MOCK::keysight-scope::blocks1");
    scope.handle(":TIMebase:SCALe 0.0005;:WAVeform:FORMat WORD");
    long changes = scope.settingsChanged();
    byte[] payload =
        "abc\n;*RST\n:TIM:SCAL 1\n;*CLS;xyzABCDEFGHIJ".getBytes(StandardCharsets.ISO_8859_1);
    send(scope, withBlock(":WAVeform:FORMat", payload));
    assertEquals(List.of("-168,\"Block data not allowed\""), errors(scope));
    assertEquals(changes, scope.settingsChanged(), "no setting changed");
    assertEquals(5e-4, Double.parseDouble(scope.setting("timebase", 1)));
    assertEquals("WORD", scope.setting("format", 1));
  }

  @Test
  void anUnknownHeaderWithEveryByteValueIsOneUndefinedHeader() throws Exception {
    MockDevice scope = provider.device("MOCK::keysight-scope::blocks2");
    byte[] payload = new byte[256];
    for (int i = 0; i < payload.length; i++) {
      payload[i] = (byte) i;
    }
    send(scope, withBlock(":NOSuch:HEADer", payload));
    assertEquals(
        List.of("-113,\"Undefined header\""),
        errors(scope).stream().map(e -> e.replaceFirst(";.*\"", "\"")).toList());
  }
}
