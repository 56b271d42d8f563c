package org.instrumentelement.ie.server;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBElement;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Marshaller;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.namespace.QName;
import org.glassfish.jaxb.runtime.marshaller.NamespacePrefixMapper;
import org.instrumentelement.ie.server.gate.SoapFaultDocument;
import org.instrumentelement.ie.soap.AttributeAnswer;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.FaultInfo;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.GetAttributesResponse;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.Value;

/**
 * Writes the {@link PollingLane}'s answers as CXF writes them: the same envelope around the same
 * body (a vector or a single scalar by {@link AttributeAnswer}, anything else by JAXB with the
 * service's escaping), the same content type, status and fault shape; written into the response
 * buffer and sent from it in one write with its length. A getAttribute answer served again to polls
 * that accept its age (the same value object) is encoded once: its bytes are kept beside it.
 */
final class PollAnswer {
  private static final byte[] HEAD =
      ascii("<soap:Envelope xmlns:soap=\"" + PollRequest.SOAP_11 + "\"><soap:Body>");
  private static final byte[] TAIL = ascii("</soap:Body></soap:Envelope>");
  static final String CONTENT_TYPE = "text/xml;charset=UTF-8";

  /**
   * Answers expected to be at most this long are written straight into the response buffer. The
   * estimate is generous for vectors (the longest text of every double); should an answer with long
   * attributes outgrow the buffer all the same, it leaves in HTTP chunks rather than with a length,
   * which clients read alike.
   */
  static final int STREAMED_MAX = SoapServlet.RESPONSE_BUFFER_BYTES;

  /** Most encoded answers kept (polls of that many values at once); more, and they start again. */
  static final int KEPT_ANSWERS = 256;

  /** Most bytes of encoded answers kept (a few large vectors); more, and they start again. */
  static final long KEPT_BYTES = 16L << 20;

  private static final JAXBContext JAXB = context();

  /** A marshaller per thread: made once (not cheap), used by one answer at a time. */
  private static final ThreadLocal<Marshaller> MARSHALLER =
      ThreadLocal.withInitial(PollAnswer::marshaller);

  /** Encoded answers by the value they carry (compared by identity). */
  private final Map<Value, byte[]> kept = new ConcurrentHashMap<>();

  /** About how many bytes {@link #kept} holds (a bound, not an account: races only clear early). */
  private final AtomicLong keptBytes = new AtomicLong();

  private static JAXBContext context() {
    try {
      return JAXBContext.newInstance(GetAttributeResponse.class, GetAttributesResponse.class);
    } catch (JAXBException e) {
      throw new IllegalStateException("the poll answers cannot be bound", e);
    }
  }

  /**
   * Writes a getAttribute or getAttributes answer.
   *
   * @param again whether the value may be served again (the poll named a maxAge)
   */
  void write(Object answer, boolean again, HttpServletResponse response) throws IOException {
    Value value = answer instanceof GetAttributeResponse r ? r.value : null;
    byte[] bytes = again && value != null ? kept.get(value) : null;
    if (bytes == null) {
      if ((!again || value == null) && expectedSize(answer) <= STREAMED_MAX) {
        stream(answer, response);
        return;
      }
      Envelope envelope = envelope(answer);
      if (!again || value == null || envelope.size() > KEPT_BYTES) {
        send(response, HttpServletResponse.SC_OK, envelope.bytes(), envelope.size());
        return;
      }
      bytes = envelope.toByteArray();
      if (kept.size() >= KEPT_ANSWERS || keptBytes.addAndGet(bytes.length) > KEPT_BYTES) {
        kept.clear();
        keptBytes.set(bytes.length);
      }
      kept.put(value, bytes);
    }
    send(response, HttpServletResponse.SC_OK, bytes, bytes.length);
  }

  /** The bytes kept for an answer that carries {@code value}, or null. */
  byte[] kept(Value value) {
    return kept.get(value);
  }

  /** Sends kept bytes as {@link #write} sends them. */
  void send(byte[] bytes, HttpServletResponse response) throws IOException {
    send(response, HttpServletResponse.SC_OK, bytes, bytes.length);
  }

  /** Writes a fault as CXF writes a fault the service raised. */
  void fault(InstrumentElementFault f, Object request, HttpServletResponse response)
      throws IOException {
    FaultWording w = FaultWording.of(f, true, false, request);
    FaultInfo info = f.getFaultInfo();
    send(
        response,
        HttpServletResponse.SC_INTERNAL_SERVER_ERROR,
        SoapFaultDocument.of(w.code(), w.message(), info.im, info.item)
            .getBytes(StandardCharsets.UTF_8));
  }

  /** Writes the fault of a failure that is the IE's own (a bug), logged under a reference. */
  void internal(RuntimeException e, HttpServletResponse response) throws IOException {
    FaultWording w = FaultWording.of(e, true, false, null);
    send(
        response,
        HttpServletResponse.SC_INTERNAL_SERVER_ERROR,
        SoapFaultDocument.of(w.code(), w.message()).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes an answer that fits the response buffer ({@link SoapServlet#RESPONSE_BUFFER_BYTES})
   * straight into it: the container sends it when the request ends, with its length, as {@link
   * #send} would, without a buffer of its own filled and copied first. Should the writing fail,
   * nothing has left yet and the buffer is emptied.
   */
  private static void stream(Object answer, HttpServletResponse response) throws IOException {
    response.setStatus(HttpServletResponse.SC_OK);
    response.setContentType(CONTENT_TYPE);
    try {
      ServletOutputStream out = response.getOutputStream();
      out.write(HEAD);
      if (AttributeAnswer.handles(answer)) {
        AttributeAnswer.write(answer, out);
      } else {
        // Not flushed by JAXB when it is done: a flush would send the head without the length.
        marshal(answer, new Unflushed(out));
      }
      out.write(TAIL);
    } catch (IOException | RuntimeException e) {
      if (!response.isCommitted()) {
        response.resetBuffer();
      }
      throw e;
    }
  }

  private static Envelope envelope(Object answer) throws IOException {
    Envelope out = new Envelope(expectedSize(answer));
    out.write(HEAD);
    if (AttributeAnswer.handles(answer)) {
      AttributeAnswer.write(answer, out);
    } else {
      marshal(answer, out);
    }
    out.write(TAIL);
    return out;
  }

  /** About the size of an answer, so that its buffer need not grow (and be copied) as it fills. */
  static int expectedSize(Object answer) {
    if (answer instanceof GetAttributeResponse r && r.value != null) {
      if (r.value.data != null) {
        return 1024 + r.value.data.length / 3 * 4;
      }
      if (r.value.doubles instanceof DoubleList d) {
        return 1024 + d.size() * 24;
      }
    }
    return 1024;
  }

  /** Passes writes on, and neither flushes nor closes the stream under it. */
  private static final class Unflushed extends OutputStream {
    private final OutputStream out;

    Unflushed(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }
  }

  /** An answer's bytes, passed on from the buffer they were written to (no copy). */
  private static final class Envelope extends ByteArrayOutputStream {
    Envelope(int size) {
      super(size);
    }

    byte[] bytes() {
      return buf;
    }
  }

  private static void marshal(Object answer, OutputStream out) throws IOException {
    JAXBElement<?> element =
        answer instanceof GetAttributeResponse r
            ? new JAXBElement<>(
                new QName(Namespaces.IE, "getAttributeResponse"), GetAttributeResponse.class, r)
            : new JAXBElement<>(
                new QName(Namespaces.IE, "getAttributesResponse"),
                GetAttributesResponse.class,
                (GetAttributesResponse) answer);
    try {
      MARSHALLER.get().marshal(element, out);
    } catch (JAXBException e) {
      throw new IOException("the answer could not be written", e);
    }
  }

  private static Marshaller marshaller() {
    try {
      Marshaller m = JAXB.createMarshaller();
      m.setProperty(Marshaller.JAXB_FRAGMENT, Boolean.TRUE);
      m.setProperty(Marshaller.JAXB_ENCODING, "UTF-8");
      m.setProperty("org.glassfish.jaxb.characterEscapeHandler", new TextEscaper());
      m.setProperty("org.glassfish.jaxb.namespacePrefixMapper", DefaultNamespace.IE);
      return m;
    } catch (JAXBException e) {
      throw new IllegalStateException("the poll answers cannot be written", e);
    }
  }

  private static void send(HttpServletResponse response, int status, byte[] bytes)
      throws IOException {
    send(response, status, bytes, bytes.length);
  }

  private static void send(HttpServletResponse response, int status, byte[] bytes, int length)
      throws IOException {
    response.setStatus(status);
    response.setContentType(CONTENT_TYPE);
    response.setContentLength(length);
    response.getOutputStream().write(bytes, 0, length);
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The IE's namespace as the default one, as CXF writes answers. */
  private static final class DefaultNamespace extends NamespacePrefixMapper {
    static final DefaultNamespace IE = new DefaultNamespace();

    @Override
    public String getPreferredPrefix(String uri, String suggestion, boolean requirePrefix) {
      return Namespaces.IE.equals(uri) && !requirePrefix ? "" : suggestion;
    }
  }
}
