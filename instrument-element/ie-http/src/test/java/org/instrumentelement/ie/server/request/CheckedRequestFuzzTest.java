package org.instrumentelement.ie.server.request;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import jakarta.activation.DataHandler;
import jakarta.activation.DataSource;
import jakarta.jws.WebParam;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.attachment.AttachmentUnmarshaller;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.staxutils.StaxUtils;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.types.Namespaces;

/** Fuzzes the checked reader that every SOAP request passes through before CXF binds it. */
class CheckedRequestFuzzTest {
  private static final Map<String, RequestShape> OPERATIONS =
      RequestShape.operations(InstrumentElementPort.class);
  private static final Map<String, Class<?>> TYPES = types();
  private static final JAXBContext JAXB = context();

  /**
   * Invariant: a request of any bytes, read with CXF's parser settings ({@link StaxUtils}) through
   * a {@link CheckedRequestReader} to its end as CXF reads it, either reads to the end or fails
   * with an {@link XMLStreamException} (a {@link RequestRefused} with its fault code, or the
   * parser's own), never another exception; and a request it lets through in full is one that JAXB,
   * with the service's request classes, reads without a single validation event (the reader
   * promises "typed text that is a valid value of its type").
   *
   * <p>MTOM parts: the attachment named {@code part0} exists, any other does not.
   */
  @FuzzTest
  @DictionaryFile(resourcePath = "request.dict")
  void request(byte[] body) throws Exception {
    String operation;
    try {
      operation = readAll(body);
    } catch (XMLStreamException e) {
      return; // refused, or not XML: a fault for the client
    }
    if (operation != null) {
      bindsWithoutEvents(body, operation);
    }
  }

  /** Reads as CXF does (tags to the operation, then every event); the operation's name or null. */
  private static String readAll(byte[] body) throws XMLStreamException {
    XMLStreamReader xml;
    try {
      xml = StaxUtils.createXMLStreamReader(new ByteArrayInputStream(body), "UTF-8");
    } catch (RuntimeException e) {
      // CXF's own reader could not start (say, bytes that are not UTF-8 in its first buffer): its
      // interceptor chain makes that a fault before the checked reader sees an event.
      throw new XMLStreamException("not XML: " + e.getMessage());
    }
    XMLStreamReader r =
        new CheckedRequestReader(xml, OPERATIONS, Namespaces.IE, Set.of("part0")::contains);
    String operation = null;
    int depth = 0;
    while (r.hasNext()) {
      int event = r.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        if (depth == 3 && operation == null && !isHeaderChild(r)) {
          operation = r.getLocalName();
        }
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
    return operation;
  }

  private static boolean isHeaderChild(XMLStreamReader r) {
    return !OPERATIONS.containsKey(r.getLocalName()) || !Namespaces.IE.equals(r.getNamespaceURI());
  }

  private static void bindsWithoutEvents(byte[] body, String operation) throws Exception {
    Class<?> type = TYPES.get(operation);
    if (type == null) {
      return;
    }
    XMLStreamReader xml = StaxUtils.createXMLStreamReader(new ByteArrayInputStream(body), "UTF-8");
    int depth = 0;
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
        if (depth == 3
            && operation.equals(xml.getLocalName())
            && Namespaces.IE.equals(xml.getNamespaceURI())) {
          break;
        }
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
    Unmarshaller u = JAXB.createUnmarshaller();
    StringBuilder events = new StringBuilder();
    u.setEventHandler(
        e -> {
          events.append(e.getMessage()).append("; ");
          return true;
        });
    u.setAttachmentUnmarshaller(new Part0()); // as CXF does for an MTOM request
    u.unmarshal(xml, type);
    if (events.length() > 0) {
      throw new AssertionError("the checked reader let through what JAXB reads with: " + events);
    }
  }

  /** The MTOM attachments of the request: {@code part0}, empty. */
  private static final class Part0 extends AttachmentUnmarshaller {
    @Override
    public boolean isXOPPackage() {
      return true;
    }

    @Override
    public byte[] getAttachmentAsByteArray(String cid) {
      return new byte[0];
    }

    @Override
    public DataHandler getAttachmentAsDataHandler(String cid) {
      return new DataHandler(
          new DataSource() {
            @Override
            public InputStream getInputStream() {
              return new ByteArrayInputStream(new byte[0]);
            }

            @Override
            public OutputStream getOutputStream() {
              throw new UnsupportedOperationException();
            }

            @Override
            public String getContentType() {
              return "application/octet-stream";
            }

            @Override
            public String getName() {
              return cid;
            }
          });
    }
  }

  private static Map<String, Class<?>> types() {
    Map<String, Class<?>> out = new HashMap<>();
    for (Method m : InstrumentElementPort.class.getMethods()) {
      WebParam p = m.getParameters()[0].getAnnotation(WebParam.class);
      out.put(p == null || p.name().isEmpty() ? m.getName() : p.name(), m.getParameterTypes()[0]);
    }
    return out;
  }

  private static JAXBContext context() {
    try {
      return JAXBContext.newInstance(TYPES.values().toArray(new Class<?>[0]));
    } catch (JAXBException e) {
      throw new IllegalStateException(e);
    }
  }
}
