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

/** The request as the SOAP stack sees it once the gate has read its body: served from memory. */
final class CollectedBodyRequest extends HttpServletRequestWrapper {
  private final CollectedBody body;
  private ServletInputStream stream;

  CollectedBodyRequest(HttpServletRequest request, CollectedBody body) {
    super(request);
    this.body = body;
  }

  @Override
  public ServletInputStream getInputStream() {
    if (stream == null) {
      stream = new Stream(body.stream());
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
    return body.size() > Integer.MAX_VALUE ? -1 : (int) body.size();
  }

  @Override
  public long getContentLengthLong() {
    return body.size();
  }

  /** A servlet input stream over the collected body: always ready, never blocks. */
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
