package org.instrumentelement.ie.server;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.SequenceInputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * A request whose first bytes the {@link PollingLane} has read and not taken: CXF reads them again,
 * then whatever of the body is left, as if nothing had read them.
 */
final class ReplayedBodyRequest extends HttpServletRequestWrapper {
  private final InputStream body;
  private ServletInputStream stream;

  ReplayedBodyRequest(HttpServletRequest request, byte[] read, InputStream rest) {
    super(request);
    this.body = new SequenceInputStream(new ByteArrayInputStream(read), rest);
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
    public boolean isFinished() {
      return finished;
    }

    @Override
    public boolean isReady() {
      return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
      throw new IllegalStateException("the body is read synchronously");
    }
  }
}
