package org.instrumentelement.jmeter.jms;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP socket that counts the bytes it reads and writes: the OpenWire frames exactly as they cross
 * the wire (TCP payload; IP and TCP headers are not included).
 */
final class CountingSocket extends Socket {
  private final AtomicLong received = new AtomicLong();
  private final AtomicLong sent = new AtomicLong();
  private InputStream input;
  private OutputStream output;

  long bytesIn() {
    return received.get();
  }

  long bytesOut() {
    return sent.get();
  }

  @Override
  public synchronized InputStream getInputStream() throws IOException {
    if (input == null) {
      input =
          new FilterInputStream(super.getInputStream()) {
            @Override
            public int read() throws IOException {
              int b = super.read();
              if (b >= 0) {
                received.incrementAndGet();
              }
              return b;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
              int n = super.read(b, off, len);
              if (n > 0) {
                received.addAndGet(n);
              }
              return n;
            }
          };
    }
    return input;
  }

  @Override
  public synchronized OutputStream getOutputStream() throws IOException {
    if (output == null) {
      output =
          new FilterOutputStream(super.getOutputStream()) {
            @Override
            public void write(int b) throws IOException {
              sent.incrementAndGet();
              super.out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
              sent.addAndGet(len);
              super.out.write(b, off, len);
            }
          };
    }
    return output;
  }
}
