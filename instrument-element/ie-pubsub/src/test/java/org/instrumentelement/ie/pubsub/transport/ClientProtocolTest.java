package org.instrumentelement.ie.pubsub.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PushbackInputStream;
import org.junit.jupiter.api.Test;

/** The length a frame declares is read ahead and left in the stream for the wire format. */
class ClientProtocolTest {
  static PushbackInputStream stream(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      b[i] = (byte) bytes[i];
    }
    return new PushbackInputStream(new ByteArrayInputStream(b), ClientProtocol.MAX_PEEK);
  }

  static byte[] rest(PushbackInputStream in) throws IOException {
    return in.readAllBytes();
  }

  @Test
  void openWireFramesStartWithTheirLength() throws Exception {
    PushbackInputStream in = stream(0, 0, 0x42, 0x68, 7, 8);
    assertEquals(17_000, ClientProtocol.OPENWIRE.declaredLength(in));
    assertArrayEquals(new byte[] {0, 0, 0x42, 0x68, 7, 8}, rest(in));
    assertEquals(
        0xffffffffL, ClientProtocol.OPENWIRE.declaredLength(stream(0xff, 0xff, 0xff, 0xff)));
  }

  @Test
  void mqttFramesDeclareTheRemainingLengthInOneToFourBytes() throws Exception {
    assertEquals(0, ClientProtocol.MQTT.declaredLength(stream(0xC0, 0x00)));
    assertEquals(127, ClientProtocol.MQTT.declaredLength(stream(0x30, 0x7f)));
    PushbackInputStream in = stream(0x10, 0xE8, 0x84, 0x01, 9); // 17,000
    assertEquals(17_000, ClientProtocol.MQTT.declaredLength(in));
    assertArrayEquals(new byte[] {0x10, (byte) 0xE8, (byte) 0x84, 0x01, 9}, rest(in));
    assertEquals(
        268_435_455, ClientProtocol.MQTT.declaredLength(stream(0x30, 0xff, 0xff, 0xff, 0x7f)));
  }

  @Test
  void stompDeclaresNothingAndNothingIsRead() throws Exception {
    PushbackInputStream in = stream('S', 'E', 'N', 'D');
    assertEquals(-1, ClientProtocol.STOMP.declaredLength(in));
    assertEquals(4, rest(in).length);
  }

  @Test
  void aStreamThatEndsBeforeTheLengthIsAnEndOfFile() {
    assertThrows(EOFException.class, () -> ClientProtocol.OPENWIRE.declaredLength(stream(0, 0)));
    assertThrows(EOFException.class, () -> ClientProtocol.MQTT.declaredLength(stream(0x10)));
  }
}
