package org.instrumentelement.ie.server.request;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.wsdl.interceptors.DocLiteralInInterceptor;

/**
 * Reads the rest of the request once its operation is bound, before the service runs: CXF stops
 * reading after the operation element, so a document cut short, a second body or text after the
 * envelope would otherwise be executed as if whole. Reads every MTOM part too (see {@link
 * MtomParts}). What is left is a few end tags, so this costs next to nothing.
 */
public final class RequestEndInterceptor extends AbstractPhaseInterceptor<Message> {

  public RequestEndInterceptor() {
    super(Phase.UNMARSHAL);
    addAfter(DocLiteralInInterceptor.class.getName());
  }

  @Override
  public void handleMessage(Message message) {
    XMLStreamReader reader = message.getContent(XMLStreamReader.class);
    try {
      if (reader != null) {
        while (reader.hasNext()) {
          reader.next();
        }
      }
      new MtomParts(message).readAll();
    } catch (XMLStreamException e) {
      throw new Fault(e);
    }
  }
}
