package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.client.soap.GetState;
import org.junit.jupiter.api.Test;

/**
 * Slow and numerous clients: idle and dribbling connections are closed after the connection
 * timeout, more connections than allowed wait rather than crash anything, and a normal client is
 * served all along.
 */
class ConnectionLimitsIT {

  @Test
  void slowAndNumerousClientsDoNotStopTheServer() throws Exception {
    try (RunningElement running =
        RunningElement.mockLab("--http.maxConnections=20", "--http.connectionTimeout=1s")) {
      URI uri = URI.create(running.url());
      List<Socket> idle = new ArrayList<>();
      try {
        for (int i = 0; i < 40; i++) {
          Socket s = new Socket(uri.getHost(), uri.getPort());
          s.setSoTimeout(30_000);
          idle.add(s);
        }
        // A slow client dribbling a request, one byte at a time.
        Socket slow = new Socket(uri.getHost(), uri.getPort());
        slow.setSoTimeout(30_000);
        idle.add(slow);
        OutputStream out = slow.getOutputStream();
        out.write("POST ".getBytes(StandardCharsets.US_ASCII));
        out.flush();

        // A normal client still gets its answer (once idle connections are dropped, if need be).
        GetState g = new GetState();
        g.setIm("lab/scope");
        assertEquals("RUNNING", running.client().getState(g).getState());

        // Every idle connection was closed by the server, not left to hold a slot forever.
        for (Socket s : idle) {
          assertTrue(closedByServer(s), "a silent connection stayed open");
        }
      } finally {
        for (Socket s : idle) {
          s.close();
        }
      }
      GetState g = new GetState();
      g.setIm("lab/scope");
      assertEquals("RUNNING", running.client().getState(g).getState());
    }
  }

  /** Reads until the server closes the connection (-1 or a reset), within the socket timeout. */
  static boolean closedByServer(Socket s) throws Exception {
    InputStream in = s.getInputStream();
    byte[] buf = new byte[4096];
    try {
      while (in.read(buf) >= 0) {
        // an error response to a half request is fine; keep reading to the close
      }
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (java.io.IOException e) {
      return true; // reset
    }
  }
}
