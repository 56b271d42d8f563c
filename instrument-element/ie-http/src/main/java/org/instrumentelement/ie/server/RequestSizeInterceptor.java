package org.instrumentelement.ie.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Refuses requests larger than the configured limit: at once when Content-Length says so, and
 * otherwise (chunked bodies) as soon as the parser has read past the limit.
 */
public final class RequestSizeInterceptor extends AbstractPhaseInterceptor<Message> {
  private final long limit;

  public RequestSizeInterceptor(long limit) {
    super(Phase.RECEIVE);
    this.limit = limit;
  }

  @Override
  public void handleMessage(Message message) {
    Object headers = message.get(Message.PROTOCOL_HEADERS);
    if (headers instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if ("content-length".equalsIgnoreCase(String.valueOf(e.getKey()))
            && e.getValue() instanceof List<?> values
            && !values.isEmpty()) {
          try {
            if (Long.parseLong(String.valueOf(values.get(0)).trim()) > limit) {
              throw new Fault(new RequestTooLargeException(limit));
            }
          } catch (NumberFormatException ignored) {
            // Tomcat rejects a malformed Content-Length before we see it.
          }
        }
      }
    }
    InputStream in = message.getContent(InputStream.class);
    if (in != null) {
      message.setContent(InputStream.class, new Limited(in, limit));
    }
  }

  /** Fails once more than {@code limit} bytes have been read. */
  private static final class Limited extends FilterInputStream {
    private final long limit;
    private long count;

    Limited(InputStream in, long limit) {
      super(in);
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
      int n = super.read(buf, off, len);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws IOException {
      count += n;
      if (count > limit) {
        throw new RequestTooLargeException(limit);
      }
    }
  }
}
