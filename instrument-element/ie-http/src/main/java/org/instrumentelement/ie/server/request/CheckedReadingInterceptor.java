package org.instrumentelement.ie.server.request;

import java.util.Map;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.interceptor.StaxInInterceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;

/**
 * Puts a {@link CheckedRequestReader} between the XML parser and everything that reads the request
 * (envelope, headers, the operation's message), as soon as the parser exists.
 */
public final class CheckedReadingInterceptor extends AbstractPhaseInterceptor<Message> {
  private final Map<String, RequestShape> operations;
  private final String namespace;

  /**
   * @param operations the request element of each operation, by local name
   * @param namespace the namespace of the API's elements
   */
  public CheckedReadingInterceptor(Map<String, RequestShape> operations, String namespace) {
    super(Phase.POST_STREAM);
    addAfter(StaxInInterceptor.class.getName());
    this.operations = operations;
    this.namespace = namespace;
  }

  @Override
  public void handleMessage(Message message) {
    XMLStreamReader reader = message.getContent(XMLStreamReader.class);
    if (reader != null && !(reader instanceof CheckedRequestReader)) {
      message.setContent(
          XMLStreamReader.class,
          new CheckedRequestReader(reader, operations, namespace, new MtomParts(message)));
    }
  }
}
