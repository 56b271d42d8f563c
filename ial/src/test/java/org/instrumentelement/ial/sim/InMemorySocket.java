package org.instrumentelement.ial.sim;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;

/**
 * A socket whose peer is a byte array: what a server reads is {@code input}, then the end of the
 * stream; what it writes is kept. Lets the fuzz targets run a simulator server's whole loop for a
 * connection ({@code serve}) without a network.
 */
final class InMemorySocket extends Socket {
  private final InputStream in;
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private boolean closed;

  InMemorySocket(byte[] input, int offset, int length) {
    in = new ByteArrayInputStream(input, offset, length);
  }

  @Override
  public InputStream getInputStream() {
    return in;
  }

  @Override
  public OutputStream getOutputStream() {
    return out;
  }

  @Override
  public void setSoTimeout(int timeout) {}

  @Override
  public synchronized void close() {
    closed = true;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }
}
