package org.instrumentelement.ie.server.gate;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A request whose body someone before the SOAP stack has read (all of it, as the gate collects it,
 * or its first bytes, as the polling lane does): the stack reads it from the stream given here, as
 * if nothing had read it.
 */
public final class ReadBodyRequest extends HttpServletRequestWrapper {
  private final InputStream body;
  private final long length;
  private ServletInputStream stream;

  /**
   * @param body the whole body, to be read once
   * @param length its length in bytes, or -1 to keep the request's own
   */
  public ReadBodyRequest(HttpServletRequest request, InputStream body, long length) {
    super(request);
    this.body = body;
    this.length = length;
  }

  @Override
  public ServletInputStream getInputStream() {
    if (stream == null) {
      stream = new Stream(body);
    }
    return stream;
  }

  @Override
  public BufferedReader getReader() {
    String encoding = getCharacterEncoding();
    Charset charset =
        encoding == null || !Charset.isSupported(encoding)
            ? StandardCharsets.ISO_8859_1
            : Charset.forName(encoding);
    return new BufferedReader(new InputStreamReader(getInputStream(), charset));
  }

  @Override
  public int getContentLength() {
    if (length < 0) {
      return super.getContentLength();
    }
    return length > Integer.MAX_VALUE ? -1 : (int) length;
  }

  @Override
  public long getContentLengthLong() {
    return length < 0 ? super.getContentLengthLong() : length;
  }

  /** A servlet input stream over a body read already: always ready, never blocks. */
  private static final class Stream extends ServletInputStream {
    private final InputStream in;
    private boolean finished;

    Stream(InputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      finished = b < 0;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      finished = n < 0;
      return n;
    }

    @Override
    public int available() throws IOException {
      return in.available();
    }

    @Override
    public boolean isFinished() {
      return finished;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new IllegalStateException("the body has been read already; read it directly");
    }
  }
}
