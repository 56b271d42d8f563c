package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.scpi.device.ProgramMessageFramer;

/**
 * One instrument on a raw TCP port (5025 on real ones): every newline-terminated program message
 * goes to the device, every reply comes back on the same connection, when the device has it ready.
 */
final class RawSocketServer extends TcpServer {
  private final MockDevice device;
  private final ScheduledExecutorService later;

  RawSocketServer(MockDevice device, ExecutorService threads, ScheduledExecutorService later) {
    super(threads);
    this.device = device;
    this.later = later;
  }

  @Override
  protected void serve(Socket connection) throws IOException {
    InputStream in = connection.getInputStream();
    OutputStream out = connection.getOutputStream();
    ProgramMessageFramer messages = new ProgramMessageFramer(false);
    byte[] buf = new byte[64 * 1024];
    int n;
    while ((n = in.read(buf)) >= 0) {
      for (String message : messages.add(buf, 0, n, false)) {
        if (!device.powered()) {
          return; // a device without power has no TCP stack either
        }
        MockDevice.Reply reply = device.handle(message);
        if (!reply.hasData() || device.hung()) {
          continue;
        }
        if (reply.delay().isZero()) {
          send(out, reply.bytes());
        } else {
          later.schedule(
              () -> sendQuietly(connection, out, reply.bytes()),
              reply.delay().toNanos(),
              TimeUnit.NANOSECONDS);
        }
      }
    }
  }

  private static void send(OutputStream out, byte[] bytes) throws IOException {
    synchronized (out) {
      out.write(bytes);
      out.flush();
    }
  }

  private void sendQuietly(Socket connection, OutputStream out, byte[] bytes) {
    try {
      send(out, bytes);
    } catch (IOException e) {
      drop(connection); // the client went away while the device was busy
    }
  }
}
