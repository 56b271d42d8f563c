package org.instrumentelement.ie.server;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Exchange;
import org.apache.cxf.message.Message;
import org.apache.cxf.message.MessageContentsList;
import org.apache.cxf.message.MessageUtils;
import org.apache.cxf.service.model.BindingOperationInfo;
import org.apache.cxf.wsdl.interceptors.BareOutInterceptor;
import org.instrumentelement.ie.soap.AttributeAnswer;
import org.instrumentelement.ie.soap.HistoryAnswer;

/**
 * CXF's writer of document/literal answers, with two fast paths: a {@code getAttribute} answer that
 * carries a vector or a single scalar ({@link AttributeAnswer#handles}) is written by {@link
 * AttributeAnswer}, and raw history in BINARY columns ({@link HistoryAnswer#handles}) by {@link
 * HistoryAnswer}, straight to the response stream. It takes the place of the binding's {@link
 * BareOutInterceptor} and takes the fast path only where CXF itself would let JAXB write to the
 * stream (a SOAP binding, UTF-8, no DOM, no buffering) and the answer is not an MTOM package;
 * everything else is CXF's own path, unchanged.
 */
final class AttributeAnswerInterceptor extends BareOutInterceptor {

  /**
   * Puts this interceptor in the place of the BareOutInterceptor in {@code interceptors}.
   *
   * @throws IllegalStateException if there is none (a CXF that builds its chains differently)
   */
  static void install(List<Interceptor<? extends Message>> interceptors) {
    for (int i = 0; i < interceptors.size(); i++) {
      if (interceptors.get(i).getClass() == BareOutInterceptor.class) {
        interceptors.set(i, new AttributeAnswerInterceptor());
        return;
      }
    }
    throw new IllegalStateException("no BareOutInterceptor among " + interceptors);
  }

  @Override
  public void handleMessage(Message message) {
    MessageContentsList parts = MessageContentsList.getContentsList(message);
    boolean attribute = parts != null && parts.size() == 1 && AttributeAnswer.handles(parts.get(0));
    boolean history = parts != null && parts.size() == 1 && HistoryAnswer.handles(parts.get(0));
    if (!attribute && !history) {
      super.handleMessage(message);
      return;
    }
    Exchange exchange = message.getExchange();
    BindingOperationInfo operation = exchange.getBindingOperationInfo();
    OutputStream out = message.getContent(OutputStream.class);
    if (operation == null
        || isRequestor(message)
        || out == null
        || shouldBuffer(message)
        || !writeToOutputStream(message, operation.getBinding(), exchange.getService())
        || MessageUtils.getContextualBoolean(message, DISABLE_OUTPUTSTREAM_OPTIMIZATION, false)
        || MessageUtils.getContextualBoolean(message, Message.MTOM_ENABLED, false)) {
      super.handleMessage(message);
      return;
    }
    try {
      // As CXF does before JAXB writes to the stream: the envelope's open tags go out first.
      XMLStreamWriter xml = message.getContent(XMLStreamWriter.class);
      if (xml != null) {
        xml.writeCharacters("");
        xml.flush();
      }
      if (attribute) {
        AttributeAnswer.write(parts.get(0), out);
      } else {
        HistoryAnswer.write(parts.get(0), out);
      }
    } catch (IOException | XMLStreamException e) {
      throw new Fault(e);
    }
  }
}
