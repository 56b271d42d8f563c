package org.instrumentelement.ie.server;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import jakarta.xml.bind.Unmarshaller;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Objects;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.staxutils.StaxUtils;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributes;

/** Fuzzes the polling lane's readers of getAttribute and getAttributes bodies. */
class PollRequestFuzzTest {
  private static final JAXBContext JAXB = context();

  private static JAXBContext context() {
    try {
      return JAXBContext.newInstance(GetAttribute.class, GetAttributes.class);
    } catch (JAXBException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Invariant: the lane never answers a body that CXF would answer differently. The lane answers a
   * body only if {@link PollRequest#read} returns a request, and then calls the same service method
   * with that request object that CXF calls after its data binding has read the body; the answers'
   * bytes are the same for the same request ({@code PollingLaneContractIT}). So for any body: (1)
   * whatever {@link PollScanner#scan} takes, {@link PollRequest#parse} takes with the same result;
   * (2) whatever {@link PollRequest#parse} takes, JAXB with the service's own request classes
   * (CXF's data binding, read through CXF's {@link StaxUtils}) reads into the same im, attributes,
   * encoding and maxAge, without a validation event; (3) neither throws.
   *
   * <p>This is a structural invariant rather than a run against two in-process Instrument Elements
   * (one with the lane, one without): that costs two HTTP exchanges and a CXF dispatch per input (a
   * few hundred inputs a second on these cores, against tens of thousands here), and the parts it
   * adds (the service call, the response writer) are the same code on both paths.
   */
  @FuzzTest
  @DictionaryFile(resourcePath = "poll.dict")
  void poll(byte[] body) throws Exception {
    PollRequest fast = PollScanner.scan(body);
    PollRequest parsed = PollRequest.parse(body);
    if (fast != null) {
      if (parsed == null) {
        throw new AssertionError("the scanner took what the parser refuses");
      }
      same(parsed, fast, "scanner");
    }
    if (parsed == null) {
      return; // CXF reads it, with every check and fault it has
    }
    same(parsed, jaxb(body, parsed.operation()), "JAXB");
  }

  private static PollRequest jaxb(byte[] body, String operation) throws Exception {
    XMLStreamReader xml = StaxUtils.createXMLStreamReader(new ByteArrayInputStream(body), "UTF-8");
    xml.nextTag(); // Envelope
    xml.nextTag(); // Body
    xml.nextTag(); // the operation
    Unmarshaller u = JAXB.createUnmarshaller();
    StringBuilder events = new StringBuilder();
    u.setEventHandler(
        e -> {
          events.append(e.getMessage()).append("; ");
          return true;
        });
    Class<?> type = operation.equals("getAttribute") ? GetAttribute.class : GetAttributes.class;
    Object request = u.unmarshal(xml, type).getValue();
    if (events.length() > 0) {
      throw new AssertionError("the lane took a body JAXB reads with events: " + events);
    }
    return new PollRequest(operation, request, false);
  }

  private static void same(PollRequest expected, PollRequest actual, String what) {
    boolean same =
        expected.operation().equals(actual.operation())
            && (!what.equals("scanner") || expected.maxAge() == actual.maxAge());
    if (expected.request() instanceof GetAttribute e
        && actual.request() instanceof GetAttribute a) {
      same &=
          Objects.equals(e.im, a.im)
              && Objects.equals(e.attribute, a.attribute)
              && e.encoding == a.encoding
              && Objects.equals(e.maxAge, a.maxAge);
    } else if (expected.request() instanceof GetAttributes e
        && actual.request() instanceof GetAttributes a) {
      same &=
          Objects.equals(e.im, a.im)
              && Objects.equals(e.attribute, a.attribute == null ? List.of() : a.attribute)
              && e.encoding == a.encoding
              && Objects.equals(e.maxAge, a.maxAge);
    } else {
      same = false;
    }
    if (!same) {
      throw new AssertionError("the lane and " + what + " read the body differently");
    }
  }
}
