package org.instrumentelement.ie.server.gate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CollectedBodyTest {
  /** Fills {@code body} with {@code data} in reads of at most {@code step} bytes. */
  static void fill(CollectedBody body, byte[] data, int step) {
    int at = 0;
    while (at < data.length) {
      byte[] room = body.room();
      int n = Math.min(step, Math.min(room.length - body.offset(), data.length - at));
      System.arraycopy(data, at, room, body.offset(), n);
      body.filled(n);
      at += n;
    }
  }

  static byte[] readAll(InputStream in, int buffer) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buf = new byte[buffer];
    for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
      out.write(buf, 0, n);
    }
    return out.toByteArray();
  }

  @Test
  void whatIsReadInComesOutTheSame() throws Exception {
    byte[] data = new byte[300_000];
    new Random(1).nextBytes(data);
    for (long declared : new long[] {data.length, -1}) {
      for (int step : new int[] {1_000, 8_192, 70_000}) {
        CollectedBody body = new CollectedBody(declared);
        fill(body, data, step);
        assertEquals(data.length, body.size());
        assertArrayEquals(data, readAll(body.stream(), 7_777), declared + "/" + step);
      }
    }
  }

  @Test
  void aDeclaredLengthTakesNoMoreRoomThanNeeded() {
    CollectedBody body = new CollectedBody(500);
    assertEquals(500, body.room().length);
  }

  @Test
  void anEmptyBodyIsAnEmptyStream() throws Exception {
    assertEquals(-1, new CollectedBody(0).stream().read());
    assertEquals(-1, new CollectedBody(-1).stream().read());
  }
}
